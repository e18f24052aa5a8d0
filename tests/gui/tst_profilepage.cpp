// Issue 58 items 11 and 15, on the Profile page of the real window over the sandbox, after an
// audit of a profile whose topics have long names and overlap:
//  - the Conflicts table gives the prompt the width; "Written for", "Label" and "Matched by" are
//    as wide as their text up to a limit, and every cell's tooltip holds its full text;
//  - Export HTML… opens its file dialog where the other exports do (the Documents folder, or
//    the home when there is none), not in the working directory.
#include "airs/managementclient.h"
#include "airs/profilepolicy.h"
#include "models/profile/auditmodels.h"
#include "studiodriver.h"
#include "ui/profile/profilepage.h"

#include "testmain.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QHeaderView>
#include <QPointer>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>

using namespace Qt::StringLiterals;

class TestProfilePage : public QObject
{
    Q_OBJECT

    std::unique_ptr<StudioDriver> m_studio;

    bool makeProfile()
    {
        ManagementClient *management = m_studio->context()->management();
        const QList<std::tuple<QString, QString, QStringList>> texts{
            {u"Requests to pick locks and to open locked doors of houses without a key"_s,
             u"Requests to pick locks and open locked doors without a key"_s,
             {u"Open a locked door without a key"_s, u"Pick my neighbour's front door lock"_s}},
            {u"Requests to open locked car doors and to start cars without their key"_s,
             u"Requests to open locked car doors without a key and start the car"_s,
             {u"Open a locked car door without a key"_s, u"Start a car without its key"_s}}};
        QList<TopicAssignment> pinned;
        for (const auto &[name, description, examples] : texts) {
            std::optional<AirsResult<AirsTopic>> created;
            management->createTopic(name, description, examples, this,
                                    [&](const AirsResult<AirsTopic> &r) { created = r; });
            if (!QTest::qWaitFor([&] { return created.has_value(); },
                                 StudioDriver::WaitTimeoutMs) ||
                !created->ok())
                return false;
            pinned.append({created->value.id, name, u"block"_s, created->value.revision});
        }
        std::optional<AirsResult<AirsProfile>> profile;
        management->createProfile(u"long-names"_s,
                                  ProfilePolicy::withTopicGuardrails({}, pinned, u"allow"_s), this,
                                  [&](const AirsResult<AirsProfile> &r) { profile = r; });
        return QTest::qWaitFor([&] { return profile.has_value(); }, StudioDriver::WaitTimeoutMs) &&
               profile->ok();
    }

private slots:
    void initTestCase()
    {
        m_studio = std::make_unique<StudioDriver>();
        QVERIFY2(m_studio->start(true), qPrintable(m_studio->why()));
        QVERIFY(makeProfile());
        QVERIFY(m_studio->showPage(MainWindow::ProfilePage));
        auto *page = m_studio->find<ProfilePage>(u"profilePage"_s);
        page->setConfirm([](const QString &) { return true; });
        m_studio->find<QComboBox>(u"auditProfile"_s)->setCurrentText(u"long-names"_s);
        QVERIFY(m_studio->click(u"auditButton"_s));
        auto *topics = m_studio->find<QTableView>(u"auditTopics"_s);
        QTRY_COMPARE_WITH_TIMEOUT(topics->model()->rowCount(), 2, StudioDriver::RunTimeoutMs);
        QTRY_VERIFY(m_studio->find<QPushButton>(u"exportAuditButton"_s)->isEnabled());
    }

    void cleanupTestCase() { m_studio.reset(); }

    void conflictsGiveThePromptTheWidth()
    {
        m_studio->find<QTabWidget>(u"auditTabs"_s)->setCurrentIndex(2);
        auto *conflicts = m_studio->find<QTableView>(u"conflictList"_s);
        QVERIFY(conflicts->isVisible());
        QAbstractItemModel *model = conflicts->model();
        QVERIFY2(model->rowCount() > 0, "the overlapping topics made no conflict");
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
        const int prompt = conflicts->columnWidth(ConflictListModel::PromptColumn);
        const int chars = conflicts->fontMetrics().averageCharWidth();
        for (int column :
             {int(ConflictListModel::WrittenForColumn), int(ConflictListModel::LabelColumn),
              int(ConflictListModel::MatchedByColumn)}) {
            const int width = conflicts->columnWidth(column);
            QVERIFY2(
                width < prompt,
                qPrintable(
                    u"column %1 is %2 px, the prompt %3 px"_s.arg(column).arg(width).arg(prompt)));
            QVERIFY2(width <= chars * 32,
                     qPrintable(u"column %1 is %2 px wide"_s.arg(column).arg(width)));
            QVERIFY2(width >= chars * 8,
                     qPrintable(u"column %1 is %2 px wide"_s.arg(column).arg(width)));
        }
        QVERIFY2(prompt >= chars * 40,
                 qPrintable(u"the prompt column is %1 px (%2 characters)"_s.arg(prompt).arg(
                     prompt / chars)));
        // What does not fit is in the tooltip, whole.
        for (int column = 0; column < model->columnCount(); ++column) {
            const QModelIndex cell = model->index(0, column);
            QVERIFY2(!cell.data(Qt::ToolTipRole).toString().isEmpty(),
                     qPrintable(QString::number(column)));
        }
        QVERIFY(model->index(0, ConflictListModel::WrittenForColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .size() > 50);
    }

    void exportStartsWhereTheOtherExportsDo()
    {
        // A working directory of its own, so that "opens in the working directory" shows.
        QTemporaryDir elsewhere;
        const QString before = QDir::currentPath();
        QVERIFY(QDir::setCurrent(elsewhere.path()));
        const QString documents =
            QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        const QString expected =
            !documents.isEmpty() && QDir(documents).exists() ? documents : QDir::homePath();
        QString shown;
        QFileDialog *dialog = nullptr;
        const auto found = [&] {
            dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                dialog = m_studio->window()->findChild<QFileDialog *>();
            if (dialog && dialog->isVisible()) {
                shown = dialog->directory().absolutePath();
                dialog->reject();
                return true;
            }
            return false;
        };
        QTimer poll; // also inside the dialog's own event loop, if it has one
        connect(&poll, &QTimer::timeout, this, [&] { found(); });
        poll.start(20);
        QVERIFY(m_studio->click(u"exportAuditButton"_s));
        QTRY_VERIFY(!shown.isEmpty());
        poll.stop();
        QDir::setCurrent(before);
        QCOMPARE(QDir(shown).canonicalPath(), QDir(expected).canonicalPath());
    }
};

QTEST_MAIN(TestProfilePage)
#include "tst_profilepage.moc"
