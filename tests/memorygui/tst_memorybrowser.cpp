#include "memorystore/memorycurator.h"
#include "memorystore/memoryinjector.h"
#include "memorystore/memorystore.h"
#include "models/memory/categorylistmodel.h"
#include "models/memory/learningtablemodel.h"
#include "testhome.h"
#include "ui/memory/categorydetailswidget.h"
#include "ui/memory/injectionpreviewwidget.h"
#include "ui/memory/memorybrowserpanel.h"

#include "testmain.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>

using namespace Qt::StringLiterals;

namespace {
const QString Weapons = u"block-use-weapons"_s;
const QString ShortId = u"Xk2_pQ9vLm3RtY7wZa1bC"_s;  // "Short descriptions …", seen 3×
const QString ExclusionId = u"Hq7mN2xR5tUv8wYz0AbCd"_s; // "Adding exclusion clauses …"
const QString SharpId = u"Jr4sT6uV8wX0yZ2aB4cDe"_s;     // "Two sharp examples …", seen 2×
const QString WeaponsTopic = u"Block the use of weapons"_s;
} // namespace

// The memory browser on a fixture memory home (copies of the original tool's files),
// driven offscreen through its named widgets.
class TestMemoryBrowser : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_home;
    QString memoryDir() const { return m_home->path() + u"/memory"_s; }
    QString fileOf(const QString &key) const { return memoryDir() + u'/' + key + u".json"_s; }

    QByteArray bytes(const QString &key) const
    {
        QFile f(fileOf(key));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    QJsonObject learningOnDisk(const QString &key, const QString &id) const
    {
        const QJsonArray list = QJsonDocument::fromJson(bytes(key)).object()[u"learnings"].toArray();
        for (const QJsonValue &v : list) {
            if (v[u"id"].toString() == id)
                return v.toObject();
        }
        return {};
    }

    struct Cli
    {
        int code = -1;
        QString out;
        QString err;
    };
    Cli cli(const QStringList &args) const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"DAYSTROM_HOME"_s, m_home->path());
        e.insert(u"MEMORY_HALF_LIFE_DAYS"_s, u"0"_s);
        QProcess p;
        p.setProcessEnvironment(e);
        p.start(QStringLiteral(DAYSTROM_CLI), args);
        Cli r;
        if (!p.waitForFinished(30000))
            return r;
        r.code = p.exitCode();
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

    std::unique_ptr<MemoryBrowserPanel> makePanel() const
    {
        auto panel = std::make_unique<MemoryBrowserPanel>(memoryDir());
        panel->setInjectorDefaults(3000, 0); // no decay: independent of the clock
        panel->resize(1280, 820);
        panel->show();
        panel->activateWindow(); // shortcuts (Ctrl+Z) need an active window
        if (!QTest::qWaitForWindowActive(panel.get()))
            qWarning("the panel did not become active");
        return panel;
    }
    template<typename T> static T *child(QWidget *panel, const QString &name)
    {
        T *w = panel->findChild<T *>(name);
        if (!w)
            qWarning("no widget %s", qPrintable(name));
        return w;
    }

private slots:
    void init()
    {
        m_home = std::make_unique<QTemporaryDir>();
        QVERIFY(m_home->isValid());
        QVERIFY(QDir().mkpath(memoryDir()));
        const QString data = QStringLiteral(DAYSTROM_TEST_DATA) + u"/memory/"_s;
        for (const QString &f :
             {u"original/allow-medical-questions.json"_s, u"original/block-use-weapons.json"_s,
              u"original/discussions-violence-weapons.json"_s,
              u"injector/block-violence-weapons.json"_s}) {
            const QString to = memoryDir() + u'/' + f.section(u'/', 1);
            QVERIFY(QFile::copy(data + f, to));
            QFile::setPermissions(to, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        }
    }

    void modelsPassTheTester()
    {
        const MemoryStore store(memoryDir());
        CategoryListModel categories(store);
        QAbstractItemModelTester t1(&categories);
        QCOMPARE(categories.rowCount(), 4);
        LearningTableModel learnings(store);
        QAbstractItemModelTester t2(&learnings);
        learnings.setCategory(Weapons);
        QCOMPARE(learnings.rowCount(), 3);
        const QModelIndex seen = learnings.index(learnings.rowOf(ShortId),
                                                 LearningTableModel::SeenColumn);
        QCOMPARE(seen.data().toString(), u"3×"_s);
        QCOMPARE(seen.data(LearningTableModel::SortRole).toInt(), 3);
        learnings.setCategory(u"allow-medical-questions"_s);
        QCOMPARE(learnings.rowCount(), 1);
    }

    // The page was open on an empty memory when the first run wrote its learnings: a category
    // is shown, with its learnings, not an empty table beside an unselected list.
    void firstLearningsAreShownWhenTheyArrive()
    {
        QTemporaryDir empty;
        MemoryBrowserPanel panel(empty.path());
        panel.show();
        auto *table = child<QTableView>(&panel, u"learningsView"_s);
        QCOMPARE(table->model()->rowCount(), 0);
        QVERIFY(panel.currentCategory().isEmpty());
        QVERIFY(QFile::copy(memoryDir() + u'/' + Weapons + u".json"_s,
                            empty.filePath(Weapons + u".json"_s)));
        panel.refresh();
        QCOMPARE(panel.currentCategory(), Weapons);
        QCOMPARE(table->model()->rowCount(), 3);
    }

    void categoriesFilterAndSearch()
    {
        auto panel = makePanel();
        auto *list = child<QListView>(panel.get(), u"memoryCategories"_s);
        auto *search = child<QLineEdit>(panel.get(), u"memorySearch"_s);
        QCOMPARE(list->model()->rowCount(), 4);
        QVERIFY(list->model()->index(0, 0).data().toString().contains(u'('));
        // Issue 40: a category reads as what it is about, in a person's words; its file's key
        // is in the tooltip.
        QStringList shown;
        for (int r = 0; r < list->model()->rowCount(); ++r)
            shown << list->model()->index(r, 0).data().toString();
        QVERIFY2(shown.contains(u"Block the use of weapons (3)"_s), qPrintable(shown.join(u" | "_s)));
        QVERIFY2(!shown.join(u' ').contains(Weapons), qPrintable(shown.join(u" | "_s)));
        const QModelIndex weapons = list->model()->index(shown.indexOf(u"Block the use of weapons (3)"_s), 0);
        QVERIFY(weapons.data(Qt::ToolTipRole).toString().contains(Weapons + u".json"_s));
        QTest::keyClicks(search, u"weapons"_s);
        QCOMPARE(list->model()->rowCount(), 3);
        search->clear();
        // A word that only occurs in a learning of one category finds that category.
        QTest::keyClicks(search, u"loosely related"_s);
        QCOMPARE(list->model()->rowCount(), 1);
        QCOMPARE(panel->currentCategory(), Weapons);
        auto *table = child<QTableView>(panel.get(), u"learningsView"_s);
        QCOMPARE(table->model()->rowCount(), 1);
    }

    void editLearningChangesTheFile()
    {
        auto panel = makePanel();
        QVERIFY(panel->selectCategory(Weapons));
        QVERIFY(panel->selectLearning(ShortId));
        auto *table = child<QTableView>(panel.get(), u"learningsView"_s);
        table->setFocus();
        const QModelIndex cell =
            table->model()->index(table->currentIndex().row(), LearningTableModel::InsightColumn);
        table->setCurrentIndex(cell);
        QTest::keyClick(table, Qt::Key_Return); // Enter edits
        QTRY_VERIFY(qobject_cast<QLineEdit *>(QApplication::focusWidget()));
        QWidget *editor = QApplication::focusWidget();
        QVERIFY(table->viewport()->isAncestorOf(editor));
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(editor, u"One plain sentence wins"_s);
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_COMPARE(learningOnDisk(Weapons, ShortId)[u"insight"].toString(),
                     u"One plain sentence wins"_s);
        // Tags are edited as a comma-separated list.
        const QModelIndex tags =
            table->model()->index(table->currentIndex().row(), LearningTableModel::TagsColumn);
        QVERIFY(table->model()->setData(tags, u"brevity, plain"_s));
        QCOMPARE(learningOnDisk(Weapons, ShortId)[u"tags"].toArray(),
                 QJsonArray({u"brevity"_s, u"plain"_s}));
        QVERIFY(QFile::exists(memoryDir() + u"/feedback-log.jsonl"_s));
    }

    // Issue 40: a learning is read and edited whole, in a form with a multi-line insight, from a
    // visible Edit… button or a double-click; the edit is one step to undo.
    void editWholeLearningInItsForm()
    {
        auto panel = makePanel();
        panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(panel.get()));
        QVERIFY(panel->selectCategory(Weapons));
        QVERIFY(panel->selectLearning(ShortId));
        const QJsonObject before = learningOnDisk(Weapons, ShortId);
        auto *edit = child<QPushButton>(panel.get(), u"editLearning"_s);
        QVERIFY(edit->isVisible() && edit->isEnabled());
        QTest::mouseClick(edit, Qt::LeftButton);
        QDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = panel->findChild<QDialog *>(u"editLearningDialog"_s)) &&
                    dialog->isVisible());
        QVERIFY(QTest::qWaitForWindowActive(dialog));
        auto *insight = dialog->findChild<QPlainTextEdit *>(u"newInsight"_s);
        QCOMPARE(insight->toPlainText(), before[u"insight"].toString());
        QVERIFY(insight->height() >= 4 * insight->fontMetrics().lineSpacing());
        insight->setPlainText(u"Two sentences work.\nThe second explains why."_s);
        auto *tags = dialog->findChild<QLineEdit *>(u"newTags"_s);
        tags->setText(u"brevity, why"_s);
        const int steps = panel->undoStack()->count();
        QTest::keyClick(insight, Qt::Key_Return, Qt::ControlModifier); // the form's default: Save
        QTRY_COMPARE(learningOnDisk(Weapons, ShortId)[u"insight"].toString(),
                     u"Two sentences work.\nThe second explains why."_s);
        QCOMPARE(learningOnDisk(Weapons, ShortId)[u"tags"].toArray(),
                 QJsonArray({u"brevity"_s, u"why"_s}));
        QCOMPARE(panel->undoStack()->count(), steps + 1);
        QTRY_VERIFY(!panel->findChild<QDialog *>(u"editLearningDialog"_s)); // closed, and gone
        panel->undoStack()->undo();
        QCOMPARE(learningOnDisk(Weapons, ShortId)[u"insight"], before[u"insight"]);
        QCOMPARE(learningOnDisk(Weapons, ShortId)[u"tags"], before[u"tags"]);

        // A double-click on the row opens the same form.
        QVERIFY(panel->selectLearning(ShortId));
        auto *table = child<QTableView>(panel.get(), u"learningsView"_s);
        const QRect cell = table->visualRect(table->model()->index(
            table->currentIndex().row(), LearningTableModel::InsightColumn));
        QVERIFY(table->viewport()->rect().contains(cell.topLeft() + QPoint(8, 4)));
        // (As a person's double-click: a click, then the second press that makes it double.)
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.topLeft() + QPoint(8, 4));
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.topLeft() + QPoint(8, 4));
        QTRY_VERIFY((dialog = panel->findChild<QDialog *>(u"editLearningDialog"_s)) &&
                    dialog->isVisible());
        QTest::keyClick(dialog, Qt::Key_Escape);
        QTRY_VERIFY(!panel->findChild<QDialog *>(u"editLearningDialog"_s));
    }

    void deleteThenUndoRestoresByteForByte()
    {
        auto panel = makePanel();
        QVERIFY(panel->selectCategory(Weapons));
        // The fixture is in the original tool's key order; the first write by this app rewrites
        // it in its own (stable) form. From then on a delete + undo must not change a byte.
        QVERIFY(MemoryCurator(panel->store()).confirm(Weapons, ShortId).ok());
        panel->refresh();
        const QByteArray before = bytes(Weapons);
        QVERIFY(before.contains(ExclusionId.toUtf8()));
        QVERIFY(panel->selectLearning(ExclusionId));
        auto *table = child<QTableView>(panel.get(), u"learningsView"_s);
        table->setFocus();
        QTest::keyClick(table, Qt::Key_Delete);
        QTRY_VERIFY(!bytes(Weapons).contains(ExclusionId.toUtf8()));
        QCOMPARE(table->model()->rowCount(), 2);
        QCOMPARE(panel->undoStack()->count(), 1);
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
        QTRY_VERIFY(bytes(Weapons).contains(ExclusionId.toUtf8()));
        QCOMPARE(bytes(Weapons), before);
        QCOMPARE(table->model()->rowCount(), 3);
        // Redo deletes it again (Ctrl+Shift+Z).
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_VERIFY(!bytes(Weapons).contains(ExclusionId.toUtf8()));
        panel->undoStack()->undo();
        QCOMPARE(bytes(Weapons), before);
    }

    void rejectThreeTimesInverts()
    {
        auto panel = makePanel();
        QVERIFY(panel->selectCategory(Weapons));
        QVERIFY(panel->selectLearning(ExclusionId));
        auto *reject = child<QPushButton>(panel.get(), u"rejectLearning"_s);
        QTest::mouseClick(reject, Qt::LeftButton);
        QTest::mouseClick(reject, Qt::LeftButton);
        QCOMPARE(learningOnDisk(Weapons, ExclusionId)[u"type"], QJsonValue());
        QTest::mouseClick(reject, Qt::LeftButton);
        // The inverted learning leaves the learnings for the category's anti-pattern list.
        QVERIFY(learningOnDisk(Weapons, ExclusionId).isEmpty());
        const QJsonArray anti =
            QJsonDocument::fromJson(bytes(Weapons)).object()[u"antiPatterns"].toArray();
        QVERIFY(anti.last().toString().startsWith(Learning::PitfallPrefix));
        QVERIFY2(panel->statusText().contains(u"anti-pattern"_s), qPrintable(panel->statusText()));
        auto *table = child<QTableView>(panel.get(), u"learningsView"_s);
        QCOMPARE(table->model()->rowCount(), 2);
    }

    void approvedPendingLearningAppearsInPreview()
    {
        auto panel = makePanel();
        QVERIFY(panel->selectCategory(Weapons));
        auto *topic = child<QLineEdit>(panel.get(), u"previewTopic"_s);
        auto *text = child<QPlainTextEdit>(panel.get(), u"previewText"_s);
        topic->setText(WeaponsTopic);
        panel->preview()->setBudget(InjectorOptions::MaxChars);
        // A run with memoryRequireReview files a pending learning, outside the window.
        const MemoryStore other(memoryDir());
        const MemoryCurator curator(other);
        NewLearning n;
        n.insight = u"Name the weapon types the topic covers"_s;
        const MemoryCurator::Result added = curator.add(Weapons, n);
        QVERIFY(added.ok());
        LearningPatch pending;
        pending.status = u"pending"_s;
        QVERIFY(curator.edit(Weapons, added.learning->id, pending).ok());
        // The watcher picks the file change up.
        QTRY_VERIFY(panel->selectLearning(added.learning->id));
        auto *table = child<QTableView>(panel.get(), u"learningsView"_s);
        QCOMPARE(table->model()
                     ->index(table->currentIndex().row(), LearningTableModel::StatusColumn)
                     .data()
                     .toString(),
                 u"pending"_s);
        QVERIFY(!text->toPlainText().contains(n.insight));
        auto *approve = child<QPushButton>(panel.get(), u"approveLearning"_s);
        QVERIFY(approve->isEnabled());
        QTest::mouseClick(approve, Qt::LeftButton);
        QTRY_VERIFY(text->toPlainText().contains(n.insight));
        QVERIFY(!approve->isEnabled());
    }

    void previewEqualsCli_data()
    {
        QTest::addColumn<int>("budget");
        QTest::newRow("500") << 500;
        QTest::newRow("1200") << 1200;
        QTest::newRow("10000") << 10000;
    }
    void previewEqualsCli()
    {
        QFETCH(int, budget);
        auto panel = makePanel();
        auto *topic = child<QLineEdit>(panel.get(), u"previewTopic"_s);
        auto *slider = child<QSlider>(panel.get(), u"previewBudget"_s);
        auto *text = child<QPlainTextEdit>(panel.get(), u"previewText"_s);
        auto *length = child<QLabel>(panel.get(), u"previewLength"_s);
        auto *matched = child<QLabel>(panel.get(), u"previewMatched"_s);
        QTest::keyClicks(topic, WeaponsTopic);
        slider->setValue(budget);
        const Cli r = cli({u"memory"_s, u"preview"_s, u"--topic"_s, WeaponsTopic, u"--budget"_s,
                           QString::number(budget)});
        QCOMPARE(r.code, 0);
        QVERIFY(!r.out.isEmpty());
        QCOMPARE(panel->preview()->text(), r.out);
        QCOMPARE(text->toPlainText(), r.out);
        InjectorOptions o;
        o.maxChars = budget;
        o.halfLifeDays = 0;
        const MemoryStore store(memoryDir());
        QCOMPARE(MemoryInjector::build(store.relevant(WeaponsTopic), o).text, r.out);
        QVERIFY(length->text().startsWith(QString::number(r.out.size()) + u' '));
        const Injection &inj = panel->preview()->injection();
        QVERIFY(!inj.matchedCategories.isEmpty());
        for (const QString &c : inj.matchedCategories)
            QVERIFY(matched->text().contains(c));
        // Why each matched, as `memory preview` says it: its own category or the shared words.
        for (const QString &reason : MemoryInjector::matchReasons(inj))
            QVERIFY2(matched->text().contains(reason), qPrintable(matched->text() + u" lacks "_s + reason));
        QVERIFY(matched->text().contains(u"(its own category)"_s) || matched->text().contains(u"(shares: "_s));
        if (budget == 500)
            QVERIFY(!inj.compactIds.isEmpty() || !inj.omittedIds.isEmpty());
    }

    void cliChangesArePickedUp()
    {
        auto panel = makePanel();
        QVERIFY(panel->selectCategory(Weapons));
        auto *table = child<QTableView>(panel.get(), u"learningsView"_s);
        QCOMPARE(table->model()->rowCount(), 3);
        const Cli r = cli({u"memory"_s, u"delete"_s, ExclusionId});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QTRY_COMPARE(table->model()->rowCount(), 2);
    }

    void addMergeAndAntiPatterns()
    {
        auto panel = makePanel();
        QVERIFY(panel->selectCategory(Weapons));
        NewLearning n;
        n.insight = u"Hand-written insight"_s;
        QCOMPARE(panel->addLearning(n), QString());
        const QJsonArray list =
            QJsonDocument::fromJson(bytes(Weapons)).object()[u"learnings"].toArray();
        QCOMPARE(list.size(), 4);
        QCOMPARE(list.last()[u"source"].toString(), u"person"_s);
        // Merge: seen 3× (corroborations 2) absorbs seen 2×: seen 5×. Opposite outcomes are
        // refused.
        QVERIFY(!panel->mergeLearnings(ShortId, ExclusionId).isEmpty());
        QCOMPARE(panel->mergeLearnings(ShortId, SharpId), QString());
        QCOMPARE(learningOnDisk(Weapons, ShortId)[u"corroborations"].toInt(), 4);
        QVERIFY(learningOnDisk(Weapons, SharpId).isEmpty());

        auto *anti = child<QListWidget>(panel.get(), u"antiPatternsView"_s);
        auto *details = panel->findChild<CategoryDetailsWidget *>();
        QVERIFY(details);
        const auto antiOnDisk = [this] {
            return QJsonDocument::fromJson(bytes(Weapons)).object()[u"antiPatterns"].toArray();
        };
        const qsizetype before = antiOnDisk().size();
        QCOMPARE(anti->count(), before);
        QCOMPARE(details->addAntiPattern(u"Listing every weapon by name"_s), QString());
        QCOMPARE(antiOnDisk().size(), before + 1);
        QTRY_COMPARE(anti->count(), before + 1);
        // Editing the item in place writes the file.
        anti->item(anti->count() - 1)->setText(u"Listing weapons by brand"_s);
        QCOMPARE(antiOnDisk().last().toString(), u"Listing weapons by brand"_s);
        QCOMPARE(details->removeAntiPattern(anti->count() - 1), QString());
        QCOMPARE(antiOnDisk().size(), before);

        QSignalSpy seed(panel.get(), &MemoryBrowserPanel::seedRequested);
        QTest::mouseClick(child<QPushButton>(panel.get(), u"useAsSeed"_s), Qt::LeftButton);
        QCOMPARE(seed.size(), 1);
        QCOMPARE(seed.first().at(0).toString(), u"Requests to use, build or acquire weapons."_s);
        QVERIFY(!seed.first().at(1).toStringList().isEmpty());
    }

    void screenshots()
    {
        const QString dir = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
        if (dir.isEmpty())
            QSKIP("DAYSTROM_SCREENSHOTS is not set");
        QDir().mkpath(dir);
        auto panel = makePanel();
        QVERIFY(panel->selectCategory(Weapons));
        QVERIFY(QTest::qWaitForWindowExposed(panel.get()));
        QVERIFY(panel->grab().save(dir + u"/memory-browser.png"_s));
        panel->preview()->setTopic(WeaponsTopic);
        panel->preview()->setBudget(1200);
        panel->showPreview();
        QVERIFY(panel->grab().save(dir + u"/memory-preview.png"_s));
    }
};

QTEST_MAIN(TestMemoryBrowser)
#include "tst_memorybrowser.moc"
