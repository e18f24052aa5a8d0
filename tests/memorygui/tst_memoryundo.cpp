// The memory browser's undo stack and what a person sees of confidence and imports: every
// curation step (confirm, reject, invert, approve, edit, add, merge, delete, anti-pattern
// add/edit/remove, import) undoes and redoes byte for byte on disk; reject ×3 shows the
// anti-pattern in its panel at once; the confidence tooltip shows its inputs; an import shows
// what it adds, corroborates and skips before writing, and a bad bundle writes nothing.
#include "memorystore/memorybundle.h"
#include "memorystore/memorycurator.h"
#include "memorystore/memorystore.h"
#include "models/memory/learningtablemodel.h"
#include "testhome.h"
#include "ui/memory/categorydetailswidget.h"
#include "ui/memory/importbundledialog.h"
#include "ui/memory/memorybrowserpanel.h"

#include "testmain.h"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolTip>
#include <QTreeWidget>
#include <QUndoStack>

using namespace Qt::StringLiterals;

namespace {
const QString Weapons = u"block-use-weapons"_s;
const QString ShortId = u"Xk2_pQ9vLm3RtY7wZa1bC"_s;     // improved, seen 3×
const QString ExclusionId = u"Hq7mN2xR5tUv8wYz0AbCd"_s; // degraded, seen 1×
const QString SharpId = u"Jr4sT6uV8wX0yZ2aB4cDe"_s;     // improved, seen 2×
const QString NewCategory = u"block-cryptocurrency-investment-advice"_s;

using Files = QMap<QString, QByteArray>;
} // namespace

class TestMemoryUndo : public QObject
{
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_home;
    QString memoryDir() const { return m_home->path() + u"/memory"_s; }

    // Every memory file with its bytes (not the log, not lock files).
    Files files() const
    {
        Files out;
        const QDir dir(memoryDir());
        for (const QString &name : dir.entryList({u"*.json"_s}, QDir::Files)) {
            QFile f(dir.filePath(name));
            if (f.open(QIODevice::ReadOnly))
                out.insert(name, f.readAll());
        }
        return out;
    }

    std::unique_ptr<MemoryBrowserPanel> makePanel() const
    {
        auto panel = std::make_unique<MemoryBrowserPanel>(memoryDir());
        panel->setInjectorDefaults(3000, 0);
        panel->resize(1024, 700);
        panel->show();
        panel->activateWindow();
        if (!QTest::qWaitForWindowActive(panel.get()))
            qWarning("the panel did not become active");
        return panel;
    }

    template<typename T> static T *child(QWidget *w, const QString &name)
    {
        T *c = w->findChild<T *>(name);
        if (!c)
            qWarning("no widget %s", qPrintable(name));
        return c;
    }

    QStringList antiPatternRows(MemoryBrowserPanel *panel) const
    {
        QStringList rows;
        auto *list = child<QListWidget>(panel, u"antiPatternsView"_s);
        for (int i = 0; i < list->count(); ++i)
            rows.append(list->item(i)->text());
        return rows;
    }

    QString bundleFile() const
    {
        // Into Weapons: one duplicate (corroborates), one new learning, one listed and one new
        // anti-pattern; and a category this home does not have (its file is created).
        MemoryBundle b;
        b.exportedAt = QDateTime::fromString(u"2025-09-01T10:00:00.000Z"_s, Qt::ISODateWithMs);
        const MemoryStore store(memoryDir());
        Learning dup = *store.load(Weapons).memory.learning(ShortId);
        dup.id = u"teamDup000000000000001"_s;
        Learning fresh;
        fresh.id = u"teamNew000000000000001"_s;
        fresh.runId = u"teamRun000000000000001"_s;
        fresh.extractedAt = b.exportedAt;
        fresh.topicCategory = Weapons;
        fresh.topicDescription = u"Block the use of weapons"_s;
        fresh.insight = u"Naming the weapon category in the first sentence helped recall"_s;
        fresh.outcome = u"improved"_s;
        fresh.source = u"teamRun000000000000001 anthropic/claude"_s;
        Learning crypto = fresh;
        crypto.id = u"teamNew000000000000002"_s;
        crypto.topicCategory = NewCategory;
        crypto.insight = u"Investment advice needs examples with ticker symbols"_s;
        b.categories.append(
            {Weapons, {dup, fresh}, {u"Using more than 4 examples"_s, u"Quoting laws verbatim"_s}});
        b.categories.append({NewCategory, {crypto}, {}});
        const QString path = m_home->path() + u"/team.json"_s;
        if (const QString error = b.writeFile(path); !error.isEmpty())
            qWarning("%s", qPrintable(error));
        return path;
    }

    // Accepts (or cancels) the import confirmation as soon as it is open; remembers its text.
    void answerImportDialog(bool accept, QString *summary, int *rows)
    {
        QTimer::singleShot(0, this, [this, accept, summary, rows] {
            auto *dialog = qobject_cast<ImportBundleDialog *>(QApplication::activeModalWidget());
            if (!dialog) // not open yet: try again
                return answerImportDialog(accept, summary, rows);
            *summary = dialog->summary();
            *rows = child<QTreeWidget>(dialog, u"importItems"_s)->topLevelItemCount();
            if (accept)
                child<QPushButton>(dialog, u"importConfirm"_s)->click();
            else
                dialog->reject();
        });
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
              u"original/discussions-violence-weapons.json"_s}) {
            const QString to = memoryDir() + u'/' + f.section(u'/', 1);
            QVERIFY(QFile::copy(data + f, to));
            QFile::setPermissions(to, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        }
    }

    void everyOperationUndoesAndRedoesByteForByte_data()
    {
        QTest::addColumn<QString>("operation");
        for (const char *op :
             {"confirm", "reject", "invert", "approve", "edit insight", "edit tags", "add", "merge",
              "delete", "anti-pattern add", "anti-pattern edit", "anti-pattern remove", "import"})
            QTest::newRow(op) << QString::fromLatin1(op);
    }
    void everyOperationUndoesAndRedoesByteForByte()
    {
        QFETCH(QString, operation);
        if (operation == "approve"_L1) {
            // A learning filed for review (as a run with memoryRequireReview does).
            const MemoryStore store(memoryDir());
            LearningPatch pending;
            pending.status = u"pending"_s;
            QVERIFY(MemoryCurator(store).edit(Weapons, SharpId, pending).ok());
        }
        auto panel = makePanel();
        QVERIFY(panel->selectCategory(Weapons));
        auto *details = panel->findChild<CategoryDetailsWidget *>();
        auto *table = child<QTableView>(panel.get(), u"learningsView"_s);
        const Files before = files(); // the original tool's layout, as copied
        const QString bundle = operation == "import"_L1 ? bundleFile() : QString();

        const auto click = [&](const QString &id, const QString &button, int times = 1) {
            QVERIFY(panel->selectLearning(id));
            for (int i = 0; i < times; ++i)
                QTest::mouseClick(child<QPushButton>(panel.get(), button), Qt::LeftButton);
        };
        const auto cell = [&](const QString &id, int column) {
            const QModelIndex i = table->model()->index(0, column);
            for (int row = 0; row < table->model()->rowCount(); ++row) {
                const QModelIndex c = table->model()->index(row, column);
                if (c.data(LearningTableModel::IdRole).toString() == id)
                    return c;
            }
            return i;
        };
        if (operation == "confirm"_L1) {
            click(ShortId, u"confirmLearning"_s);
        } else if (operation == "reject"_L1) {
            click(ShortId, u"rejectLearning"_s);
        } else if (operation == "invert"_L1) {
            click(ExclusionId, u"rejectLearning"_s, 3);
        } else if (operation == "approve"_L1) {
            click(SharpId, u"approveLearning"_s);
        } else if (operation == "edit insight"_L1) {
            QVERIFY(table->model()->setData(cell(ShortId, LearningTableModel::InsightColumn),
                                            u"One plain sentence wins"_s));
        } else if (operation == "edit tags"_L1) {
            QVERIFY(table->model()->setData(cell(ShortId, LearningTableModel::TagsColumn),
                                            u"brevity, plain"_s));
        } else if (operation == "add"_L1) {
            NewLearning n;
            n.insight = u"Hand-written insight"_s;
            QCOMPARE(panel->addLearning(n), QString());
        } else if (operation == "merge"_L1) {
            QCOMPARE(panel->mergeLearnings(ShortId, SharpId), QString());
        } else if (operation == "delete"_L1) {
            QVERIFY(panel->selectLearning(ExclusionId));
            table->setFocus();
            QTest::keyClick(table, Qt::Key_Delete);
        } else if (operation == "anti-pattern add"_L1) {
            QCOMPARE(details->addAntiPattern(u"Listing every weapon by name"_s), QString());
        } else if (operation == "anti-pattern edit"_L1) {
            auto *list = child<QListWidget>(panel.get(), u"antiPatternsView"_s);
            list->item(0)->setText(u"Exclusions in the description"_s); // edited in place
        } else if (operation == "anti-pattern remove"_L1) {
            QCOMPARE(details->removeAntiPattern(1), QString());
        } else if (operation == "import"_L1) {
            QString summary;
            int rows = 0;
            answerImportDialog(true, &summary, &rows);
            QCOMPARE(panel->importBundle(bundle), QString());
            QCOMPARE(rows, 5);
            QVERIFY(files().contains(NewCategory + u".json"_s));
        }

        const int steps = panel->undoStack()->count();
        QCOMPARE(steps, operation == "invert"_L1 ? 3 : 1);
        const Files after = files();
        QVERIFY(after != before);
        QVERIFY(panel->statusText().size() > 0);

        // Ctrl+Z as a person would, then the stack for the rest.
        panel->activateWindow(); // back from a dialog
        QVERIFY(QTest::qWaitForWindowActive(panel.get()));
        table->setFocus();
        QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
        for (int i = 1; i < steps; ++i)
            panel->undoStack()->undo();
        QCOMPARE(panel->undoStack()->index(), 0);
        QCOMPARE(files(), before); // byte for byte, the original layout included
        for (int i = 0; i < steps; ++i)
            panel->undoStack()->redo();
        QCOMPARE(files(), after);
        while (panel->undoStack()->canUndo())
            panel->undoStack()->undo();
        QCOMPARE(files(), before);
        QCOMPARE(panel->undoStack()->count(), steps); // nothing failed or was dropped
        // Each undo and redo is in the log.
        QFile log(memoryDir() + u"/feedback-log.jsonl"_s);
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QByteArray text = log.readAll();
        QVERIFY(text.contains("\"action\":\"undo\""));
        QVERIFY(text.contains("\"action\":\"redo\""));
    }

    void undoKeepsChangesMadeElsewhere()
    {
        auto panel = makePanel();
        QVERIFY(panel->selectCategory(Weapons));
        QVERIFY(panel->selectLearning(ShortId));
        QCOMPARE(panel->confirmCurrent(), QString());
        // Another process adds a learning to the same file.
        const MemoryStore other(memoryDir());
        NewLearning n;
        n.insight = u"Written by another window"_s;
        const MemoryCurator::Result added = MemoryCurator(other).add(Weapons, n);
        QVERIFY(added.ok());
        panel->undoStack()->undo();
        const CategoryMemory m = MemoryStore(memoryDir()).load(Weapons).memory;
        QVERIFY(m.learning(added.learning->id));        // kept
        QVERIFY(!m.learning(ShortId)->lastConfirmedAt); // the confirmation is gone
        QVERIFY(!m.learning(ShortId)->confidence);
        // Now the other process changes the same learning: the redo refuses and says so.
        LearningPatch p;
        p.strategy = u"changed elsewhere"_s;
        QVERIFY(MemoryCurator(other).edit(Weapons, ShortId, p).ok());
        const QByteArray onDisk = files().value(Weapons + u".json"_s);
        panel->undoStack()->redo();
        QCOMPARE(files().value(Weapons + u".json"_s), onDisk);
        QVERIFY2(panel->statusText().contains(u"changed elsewhere"_s),
                 qPrintable(panel->statusText()));
        QCOMPARE(panel->undoStack()->count(), 0); // the failed command was dropped
    }

    void rejectThreeTimesShowsTheAntiPatternAtOnce()
    {
        auto panel = makePanel();
        QVERIFY(panel->selectCategory(Weapons));
        QVERIFY(panel->selectLearning(ExclusionId));
        const QString insight = u"Adding exclusion clauses to the description raised false "
                                "positives"_s;
        QVERIFY(!antiPatternRows(panel.get()).join(u'\n').contains(insight));
        auto *reject = child<QPushButton>(panel.get(), u"rejectLearning"_s);
        QTest::mouseClick(reject, Qt::LeftButton);
        QTest::mouseClick(reject, Qt::LeftButton);
        QVERIFY(!antiPatternRows(panel.get()).join(u'\n').contains(insight));
        QTest::mouseClick(reject, Qt::LeftButton);
        // At once: no waiting for the file watcher.
        const QStringList rows = antiPatternRows(panel.get());
        QVERIFY2(rows.contains(Learning::PitfallPrefix + insight), qPrintable(rows.join(u" | ")));
        QVERIFY2(panel->statusText().contains(u"anti-pattern"_s), qPrintable(panel->statusText()));
        // Undo brings the learning back and takes the pitfall out of the panel.
        panel->undoStack()->undo();
        QVERIFY(!antiPatternRows(panel.get()).contains(Learning::PitfallPrefix + insight));
        // ... and the message says so, not "now an anti-pattern" any more (issue 40, item 12).
        QVERIFY2(panel->statusText().startsWith(u"Undone: "_s) && !panel->statusText().contains(u"anti-pattern"_s),
                 qPrintable(panel->statusText()));
        QVERIFY(panel->selectLearning(ExclusionId));
    }

    void confidenceTooltipShowsItsInputs()
    {
        const MemoryStore store(memoryDir());
        const QDateTime now = QDateTime::fromString(u"2025-09-09T00:00:00.000Z"_s, Qt::ISODate);
        LearningTableModel model(store);
        model.setCategory(Weapons);
        model.setDecay(90, now);
        QCOMPARE(model.headerData(LearningTableModel::RecalledColumn, Qt::Horizontal).toString(),
                 u"Last used"_s);
        const int row = model.rowOf(ShortId);
        // The original's file: no stored confidence, seen 3×, never used.
        QString tip =
            model.index(row, LearningTableModel::ConfidenceColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"Confidence 0.60 = base 0.60"_s), qPrintable(tip));
        QVERIFY2(tip.contains(u"Base 0.60 = 0.50 + 0.05 × 2 corroborations, at most 0.80"_s),
                 qPrintable(tip));
        QVERIFY(tip.contains(u"Seen 3×"_s));
        QVERIFY(tip.contains(u"Last used: never"_s));
        QVERIFY(tip.contains(u"Half-life: 90 days"_s));
        QCOMPARE(model.index(row, LearningTableModel::SeenColumn).data().toString(), u"3×"_s);

        // Used 90 days ago: one half-life of decay.
        QVERIFY(store.markRecalled({LearningRef{0, Weapons, ShortId}}, now.addDays(-90)).isEmpty());
        model.reload();
        tip =
            model.index(row, LearningTableModel::ConfidenceColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(
            tip.contains(u"Confidence 0.30 = base 0.60 × 0.5^(90.0 days ÷ 90-day half-life)"_s),
            qPrintable(tip));
        QVERIFY(tip.contains(u"Decay clock: "_s));
        QCOMPARE(model.index(row, LearningTableModel::ConfidenceColumn).data().toString(),
                 u"0.30"_s);
        QVERIFY(model.index(row, LearningTableModel::RecalledColumn).data().toString() !=
                u"never"_s);

        // The table in the panel shows the same tooltip.
        auto panel = makePanel();
        QVERIFY(panel->selectCategory(Weapons));
        auto *table = child<QTableView>(panel.get(), u"learningsView"_s);
        QVERIFY(panel->selectLearning(ShortId));
        const QModelIndex shown = table->model()->index(table->currentIndex().row(),
                                                        LearningTableModel::ConfidenceColumn);
        QVERIFY(shown.data(Qt::ToolTipRole).toString().contains(u"Seen 3×"_s));
    }

    void importShowsWhatItDoesFirst()
    {
        auto panel = makePanel();
        QVERIFY(panel->selectCategory(Weapons));
        const QString bundle = bundleFile();
        const Files before = files();
        QString summary;
        int rows = 0;
        answerImportDialog(false, &summary, &rows); // cancel
        QCOMPARE(panel->importBundle(bundle), QString());
        QCOMPARE(files(), before);
        QVERIFY2(summary.contains(u"add 2 learnings and 1 anti-pattern"_s), qPrintable(summary));
        QVERIFY(summary.contains(u"corroborate 1 learning"_s));
        QVERIFY(summary.contains(u"skip 1 item"_s));
        QCOMPARE(rows, 5);
        QCOMPARE(panel->undoStack()->count(), 0);

        answerImportDialog(true, &summary, &rows);
        QCOMPARE(panel->importBundle(bundle), QString());
        QVERIFY2(panel->statusText().contains(u"3 added, 1 corroborated, 1 skipped"_s),
                 qPrintable(panel->statusText()));
        const CategoryMemory m = MemoryStore(memoryDir()).load(Weapons).memory;
        QCOMPARE(m.learning(ShortId)->corroborations, 3);
        QVERIFY(m.learning(u"teamNew000000000000001"_s));
        QVERIFY(m.antiPatterns.contains(u"Quoting laws verbatim"_s));
        QVERIFY(panel->selectCategory(NewCategory));
    }

    void badBundleIsRefusedWithNothingWritten()
    {
        auto panel = makePanel();
        const Files before = files();
        const QString path = m_home->path() + u"/bad.json"_s;
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"format": "daystrom-memory-bundle", "version": 1, "categories": [{"category": 7}]})");
        f.close();
        const QString error = panel->importBundle(path); // no dialog opens
        QVERIFY2(error.contains(u"categories[0].category"_s), qPrintable(error));
        QVERIFY(panel->statusText().contains(u"refused"_s));
        QCOMPARE(files(), before);
        QCOMPARE(panel->undoStack()->count(), 0);
    }

    void exportWritesABundle()
    {
        auto panel = makePanel();
        const QString path = m_home->path() + u"/out.json"_s;
        QCOMPARE(panel->exportBundle(path, {Weapons}), QString());
        const MemoryBundle::Read read = MemoryBundle::readFile(path);
        QVERIFY2(read.ok(), qPrintable(read.error));
        QCOMPARE(read.bundle->categories.size(), 1);
        QCOMPARE(read.bundle->learningCount(), 3);
        QVERIFY(panel->statusText().contains(u"Exported 3 learnings"_s));
    }

    void screenshot()
    {
        // The Memory page at 1024×700 with the import confirmation over it.
        const QString file = qEnvironmentVariable("DAYSTROM_IMPORT_SCREENSHOT");
        if (file.isEmpty())
            QSKIP("DAYSTROM_IMPORT_SCREENSHOT is not set");
        auto panel = makePanel();
        QVERIFY(panel->selectCategory(Weapons));
        QVERIFY(panel->selectLearning(ShortId));
        QVERIFY(QTest::qWaitForWindowExposed(panel.get()));
        const QString bundle = bundleFile();
        bool saved = false;
        QTimer::singleShot(0, this, [&] {
            auto *dialog = qobject_cast<ImportBundleDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            QVERIFY(QTest::qWaitForWindowExposed(dialog));
            QImage page = panel->grab().toImage();
            const QImage top = dialog->grab().toImage();
            QPainter p(&page);
            p.drawImage((page.width() - top.width()) / 2, (page.height() - top.height()) / 2, top);
            p.end();
            saved = page.save(file);
            dialog->reject();
        });
        panel->importBundle(bundle);
        QVERIFY(saved);
    }
};

QTEST_MAIN(TestMemoryUndo)
#include "tst_memoryundo.moc"
