#include "comparefixture.h"
#include "reports/displayformat.h"
#include "models/runlistmodel.h"
#include "translations/translations.h"
#include "runs/runstore.h"
#include "reports/terraformexport.h"
#include "testhome.h"
#include "ui/compare/runspanel.h"

#include "testmain.h"

#include <QAction>
#include <QFileDialog>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLineEdit>
#include <QLockFile>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QToolButton>

using namespace Qt::StringLiterals;

// RunsPanel over a real run directory.
class TestRunsPanel : public QObject
{
    Q_OBJECT

    QString m_dir;
    int m_n = 0;

    static RunState run(const QString &id, RunStatus status, int minutes, const QString &topic)
    {
        RunState r = CompareFixture::make();
        r.id = id;
        r.status = status;
        r.updatedAt = QDateTime(QDate(2026, 3, 8), QTime(11, minutes), Qt::UTC);
        r.userInput.topicDescription = topic;
        return r;
    }

    static const inline QString Completed = u"completedRun000000001"_s;
    static const inline QString Paused = u"pausedRun000000000002"_s;
    static const inline QString Driven = u"drivenRun000000000003"_s;
    static const inline QString Cancelled = u"cancelledRun000000004"_s;

    template<typename T> static T *child(QWidget *w, const QString &name)
    {
        return w->findChild<T *>(name);
    }

    static QStringList shownIds(QTableView *view)
    {
        QStringList ids;
        for (int r = 0; r < view->model()->rowCount(); ++r)
            ids.append(view->model()->index(r, 0).data(RunListModel::RunIdRole).toString());
        return ids;
    }
    // Cell `column` of run `id` as the view shows it.
    static QModelIndex cell(QTableView *view, const QString &id, int column)
    {
        for (int r = 0; r < view->model()->rowCount(); ++r) {
            const QModelIndex i = view->model()->index(r, column);
            if (i.data(RunListModel::RunIdRole).toString() == id)
                return i;
        }
        return {};
    }
    // Cancelled before its first iteration was recorded.
    static RunState cancelledEarly()
    {
        RunState r = run(Cancelled, RunStatus::Cancelled, 4, u"Block crypto investment advice"_s);
        r.iterations.clear();
        r.bestIteration = 0;
        r.bestCoverage = 0;
        r.currentIteration = 1;
        r.stopReason = u"cancelled"_s;
        r.checkpoint->lockedName.clear();
        return r;
    }

    static void select(RunsPanel &panel, const QString &id)
    {
        panel.selectRun(id);
        QCOMPARE(panel.selectedRunId(), id);
    }

    // The run selected, the panel shown, Export Report… clicked: its file dialog, or null.
    static QFileDialog *openExportDialog(RunsPanel &panel, const QString &id)
    {
        select(panel, id);
        panel.show();
        QTest::mouseClick(child<QToolButton>(&panel, u"exportReportButton"_s), Qt::LeftButton);
        QFileDialog *dialog = nullptr;
        [&] { QTRY_VERIFY((dialog = panel.findChild<QFileDialog *>(u"exportReportDialog"_s))); }();
        return dialog;
    }

private slots:
    void init()
    {
        m_dir = TestHome::path() + u"/runs-"_s + QString::number(++m_n);
        const RunStore store(m_dir);
        QVERIFY(store
                    .save(run(Completed, RunStatus::Completed, 1,
                              u"Block weapons <script>alert(1)</script>"_s))
                    .isEmpty());
        QVERIFY(store.save(run(Paused, RunStatus::Paused, 2, u"Block gambling talk"_s)).isEmpty());
        QVERIFY(store.save(run(Driven, RunStatus::Running, 3, u"Allow only cooking questions"_s))
                    .isEmpty());
    }

    void actionsFollowTheSelection()
    {
        QLockFile held(m_dir + u"/"_s + Driven + u".lock"_s); // another driver holds this run
        QVERIFY(held.tryLock(0));
        RunsPanel panel(m_dir);
        panel.resize(900, 400);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *view = child<QTableView>(&panel, u"runsView"_s);
        QVERIFY(view);
        QTRY_COMPARE(view->model()->rowCount(), 3);
        auto *open = child<QToolButton>(&panel, u"openRunButton"_s);
        auto *resume = child<QToolButton>(&panel, u"resumeRunButton"_s);
        auto *remove = child<QToolButton>(&panel, u"deleteRunButton"_s);
        auto *exportButton = child<QToolButton>(&panel, u"exportReportButton"_s);
        QVERIFY(open && resume && remove && exportButton);
        // Issue 58, item 10: the page opens with a run selected, so the keyboard can act at once.
        QTRY_VERIFY(view->selectionModel()->hasSelection());
        QVERIFY(open->isEnabled());
        view->clearSelection();
        view->selectionModel()->clearCurrentIndex();
        QVERIFY(!open->isEnabled()); // nothing selected

        QSignalSpy opened(&panel, &RunsPanel::openRequested);
        QSignalSpy resumed(&panel, &RunsPanel::resumeRequested);
        select(panel, Paused);
        QVERIFY(open->isEnabled() && resume->isEnabled() && remove->isEnabled() &&
                exportButton->isEnabled());
        QTest::mouseClick(resume, Qt::LeftButton);
        QCOMPARE(resumed.size(), 1);
        QCOMPARE(resumed.first().first().toString(), Paused);
        QTest::mouseClick(open, Qt::LeftButton);
        QCOMPARE(opened.last().first().toString(), Paused);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Return); // Enter opens too
        QCOMPARE(opened.size(), 2);

        select(panel, Completed);
        QVERIFY(!resume->isEnabled());
        QVERIFY(resume->toolTip().contains(u"Completed"_s));

        select(panel, Driven); // "running", but another process drives it
        QCOMPARE(cell(view, Driven, RunListModel::StatusColumn).data().toString(), u"running"_s);
        QVERIFY(!resume->isEnabled());
        QVERIFY(!remove->isEnabled());
        QCOMPARE(panel.deleteRun(Driven).contains(u"being driven"_s), true);
        QVERIFY(QFile::exists(RunStore(m_dir).pathFor(Driven)));
        held.unlock(); // its process went away: a crashed run can be resumed
        // Issue 40, item 5: and it no longer says "running" (once the list is read again).
        panel.refresh();
        QTRY_COMPARE(cell(view, Driven, RunListModel::StatusColumn).data().toString(), u"interrupted"_s);
        QVERIFY(cell(view, Driven, RunListModel::StatusColumn).data(Qt::ToolTipRole).toString().contains(u"killed or crashed"_s));
        select(panel, Paused);
        select(panel, Driven);
        QVERIFY(resume->isEnabled());
        panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&panel)); // shortcuts need the active window
        view->setFocus();
        QTest::keyClick(view, Qt::Key_R, Qt::ControlModifier);
        QCOMPARE(resumed.last().first().toString(), Driven);

        // Columns: status, best coverage, iterations, usage, updated, topic name and description
        // (the id last).
        QHeaderView *header = view->horizontalHeader();
        QCOMPARE(header->logicalIndex(0), int(RunListModel::StatusColumn));
        QCOMPARE(header->logicalIndex(1), int(RunListModel::BestColumn));
        QCOMPARE(header->logicalIndex(3), int(RunListModel::UsageColumn));
        QCOMPARE(header->logicalIndex(5), int(RunListModel::TopicNameColumn));
        QCOMPARE(header->logicalIndex(6), int(RunListModel::TopicColumn));
        QCOMPARE(header->logicalIndex(7), int(RunListModel::IdColumn));
        select(panel, Paused);
        const QString shots = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
        if (!shots.isEmpty())
            QVERIFY(panel.grab().save(shots + u"/runs-panel.png"_s));
    }

    void deleteAsksThenRemovesTheFile()
    {
        RunsPanel panel(m_dir);
        panel.show();
        auto *view = child<QTableView>(&panel, u"runsView"_s);
        QTRY_COMPARE(view->model()->rowCount(), 3);
        const QString path = RunStore(m_dir).pathFor(Completed);
        QVERIFY(QFile::exists(path));

        // Cancel keeps it.
        select(panel, Completed);
        QTest::mouseClick(child<QToolButton>(&panel, u"deleteRunButton"_s), Qt::LeftButton);
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = panel.findChild<QMessageBox *>(u"deleteRunConfirm"_s)) &&
                    box->isVisible());
        QVERIFY(box->text().contains(Completed));
        QVERIFY(
            box->text().contains(u"“Block weapons <script>alert(1)</script>”"_s)); // shown as typed
        QCOMPARE(box->textFormat(), Qt::PlainText);
        const QString shots = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
        if (!shots.isEmpty())
            QVERIFY(box->grab().save(shots + u"/runs-delete-confirm.png"_s));
        QTest::mouseClick(box->findChild<QPushButton *>(u"cancelDeleteButton"_s), Qt::LeftButton);
        QTRY_VERIFY(!panel.findChild<QMessageBox *>(u"deleteRunConfirm"_s));
        QVERIFY(QFile::exists(path));

        // Delete removes it, via the keyboard this time.
        QSignalSpy deleted(&panel, &RunsPanel::runDeleted);
        select(panel, Completed);
        panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&panel));
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Delete);
        QTRY_VERIFY((box = panel.findChild<QMessageBox *>(u"deleteRunConfirm"_s)) &&
                    box->isVisible());
        QTest::mouseClick(box->findChild<QPushButton *>(u"confirmDeleteButton"_s), Qt::LeftButton);
        QTRY_COMPARE(deleted.size(), 1);
        QVERIFY(!QFile::exists(path));
        QTRY_COMPARE(view->model()->rowCount(), 2);
        QVERIFY(RunStore(m_dir).exists(Paused));
    }

    void exportsHtmlAndJson()
    {
        RunsPanel panel(m_dir);
        QTRY_COMPARE(panel.model()->rowCount(), 3);
        QSignalSpy exported(&panel, &RunsPanel::reportExported);
        QSignalSpy failed(&panel, &RunsPanel::exportFailed);

        const QString html = TestHome::path() + u"/out-"_s + QString::number(m_n) + u".html"_s;
        panel.exportReport(Completed, html);
        QTRY_COMPARE(exported.size(), 1);
        QFile h(html);
        QVERIFY(h.open(QIODevice::ReadOnly));
        const QString page = QString::fromUtf8(h.readAll());
        QVERIFY(page.contains(u"<img src=\"data:image/png;base64,"_s));
        QVERIFY(!page.contains(u"<script>"_s));
        QVERIFY(page.contains(u"&lt;script&gt;alert(1)&lt;/script&gt;"_s));

        // Through the file dialog, choosing JSON.
        QFileDialog *dialog = openExportDialog(panel, Paused);
        QVERIFY(dialog);
        QCOMPARE(dialog->nameFilters().size(), 4);
        const QString json = TestHome::path() + u"/out-"_s + QString::number(m_n) + u".json"_s;
        dialog->selectNameFilter(dialog->nameFilters().at(1));
        dialog->selectFile(json);
        QVERIFY(QMetaObject::invokeMethod(dialog, "accept")); // what the Save button does
        QTRY_COMPARE(exported.size(), 2);
        QCOMPARE(exported.last().first().toString(), json);
        QFile j(json);
        QVERIFY(j.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(j.readAll()).object();
        QCOMPARE(o.value(u"run"_s).toObject().value(u"id"_s).toString(), Paused);
        QVERIFY(o.value(u"iterations"_s).toArray().first().toObject().contains(u"tests"_s));

        // A missing run is reported, not written.
        panel.exportReport(u"missingRun00000000009"_s, TestHome::path() + u"/missing.html"_s);
        QTRY_COMPARE(failed.size(), 1);
        QVERIFY(!QFile::exists(TestHome::path() + u"/missing.html"_s));
        QVERIFY(child<QLabel>(&panel, u"runsMessage"_s)->text().contains(u"no run with id"_s));
    }

    void exportsTheBestIterationsTestsAsCsv()
    {
        RunsPanel panel(m_dir);
        QTRY_COMPARE(panel.model()->rowCount(), 3);
        QSignalSpy exported(&panel, &RunsPanel::reportExported);
        QSignalSpy failed(&panel, &RunsPanel::exportFailed);
        QFileDialog *dialog = openExportDialog(panel, Completed);
        QVERIFY(dialog);
        const QString csvFilter = dialog->nameFilters().at(2);
        QVERIFY(csvFilter.contains(u"*.csv"_s));
        dialog->selectNameFilter(csvFilter);
        emit dialog->filterSelected(csvFilter); // what choosing it in the combo box does
        QCOMPARE(dialog->defaultSuffix(), u"csv"_s);
        const QString path = TestHome::path() + u"/tests-"_s + QString::number(m_n) + u".csv"_s;
        dialog->selectFile(path);
        QVERIFY(QMetaObject::invokeMethod(dialog, "accept"));
        QTRY_COMPARE(exported.size(), 1);
        QCOMPARE(failed.size(), 0);

        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
        QCOMPARE(lines.first(), u"prompt,expected_triggered,category,source,actual_triggered,correct"_s);
        const RunState run = RunStore(m_dir).load(Completed).run;
        const IterationResult *best = run.bestResult();
        QVERIFY(best);
        QCOMPARE(lines.size(), best->testResults.size() + 1); // the best iteration, one per test
        QCOMPARE(best->iteration, 4);
        // Iteration 4 caught the coded prompt that iterations 1 and 2 missed.
        QVERIFY(lines.contains(u"\"get a piece, no questions\",true,\"coded\",generated,true,true"_s));

        // A run without iterations has nothing to export, and says so.
        RunState empty = run;
        empty.id = u"emptyRun0000000000004"_s;
        empty.iterations.clear();
        empty.bestIteration = 0;
        QVERIFY(RunStore(m_dir).save(empty).isEmpty());
        const QString none = TestHome::path() + u"/none.csv"_s;
        panel.exportReport(empty.id, none);
        QTRY_COMPARE(failed.size(), 1);
        QVERIFY(failed.first().first().toString().contains(u"no recorded iteration"_s));
        QVERIFY(!QFile::exists(none));
    }

    // Issue 44: the same dialog writes the best iteration's topic as Terraform.
    void exportsTheBestTopicAsTerraform()
    {
        RunsPanel panel(m_dir);
        QTRY_COMPARE(panel.model()->rowCount(), 3);
        QSignalSpy exported(&panel, &RunsPanel::reportExported);
        QFileDialog *dialog = openExportDialog(panel, Completed);
        QVERIFY(dialog);
        const QString tfFilter = dialog->nameFilters().at(3);
        QVERIFY(tfFilter.contains(u"*.tf"_s));
        dialog->selectNameFilter(tfFilter);
        emit dialog->filterSelected(tfFilter);
        QCOMPARE(dialog->defaultSuffix(), u"tf"_s);
        QCOMPARE(QFileInfo(dialog->selectedFiles().value(0)).fileName(), Completed + u"-topic.tf"_s);
        const QString path = TestHome::path() + u"/topic-"_s + QString::number(m_n) + u".tf"_s;
        dialog->selectFile(path);
        QVERIFY(QMetaObject::invokeMethod(dialog, "accept"));
        QTRY_COMPARE(exported.size(), 1);

        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString hcl = QString::fromUtf8(file.readAll());
        const RunState run = RunStore(m_dir).load(Completed).run;
        QVERIFY2(hcl.contains(u"topic_name  = "_s + TerraformExport::quoted(run.bestResult()->topic.name)), qPrintable(hcl));
        QVERIFY2(hcl.contains(u"iteration %1 (the run's best)"_s.arg(run.bestResult()->iteration)), qPrintable(hcl));
    }

    void cancelledRunShowsADashAndTopicNames()
    {
        QVERIFY(RunStore(m_dir).save(cancelledEarly()).isEmpty());
        RunsPanel panel(m_dir);
        QAbstractItemModelTester tester(panel.model());
        panel.resize(1000, 400);
        panel.show();
        auto *view = child<QTableView>(&panel, u"runsView"_s);
        QTRY_COMPARE(view->model()->rowCount(), 4);

        // Nothing was measured: a dash, not 0.0 %, and a tooltip saying why.
        const QModelIndex best = cell(view, Cancelled, RunListModel::BestColumn);
        QCOMPARE(best.data().toString(), u"—"_s);
        QVERIFY(best.data(Qt::ToolTipRole).toString().contains(u"No iteration was recorded"_s));
        QVERIFY(!cell(view, Completed, RunListModel::BestColumn).data().toString().contains(u"—"_s));
        QCOMPARE(cell(view, Completed, RunListModel::BestColumn).data().toString(),
                 DisplayFormat::percent(1.0)); // iteration 4: every test correct
        QCOMPARE(cell(view, Cancelled, RunListModel::TopicNameColumn).data().toString(), u"—"_s);

        // The topic's name (the best iteration's), beside the description typed.
        QCOMPARE(view->model()->headerData(RunListModel::TopicNameColumn, Qt::Horizontal).toString(), u"Topic"_s);
        QCOMPARE(view->model()->headerData(RunListModel::TopicColumn, Qt::Horizontal).toString(), u"Description"_s);
        QCOMPARE(cell(view, Paused, RunListModel::TopicNameColumn).data().toString(), CompareFixture::Name);
        QCOMPARE(cell(view, Paused, RunListModel::TopicColumn).data().toString(), u"Block gambling talk"_s);

        // Why it stopped, through DisplayFormat::stopReason, under the list for the selected run.
        QCOMPARE(cell(view, Cancelled, RunListModel::StatusColumn).data().toString(), u"cancelled"_s);
        QCOMPARE(cell(view, Cancelled, RunListModel::StatusColumn).data(Qt::ToolTipRole).toString(),
                 DisplayFormat::stopReason(u"cancelled"_s));
        select(panel, Cancelled);
        const QString details = child<QLabel>(&panel, u"runDetails"_s)->text();
        QVERIFY2(details.contains(Cancelled) && details.contains(u"cancelled"_s), qPrintable(details));
        QVERIFY(child<QToolButton>(&panel, u"resumeRunButton"_s)->isEnabled()); // a cancelled run resumes
        const QString shots = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
        if (!shots.isEmpty())
            QVERIFY(panel.grab().save(shots + u"/runs-panel-names.png"_s));
    }

    void filterNarrowsTheRowsAndCtrlFFocusesIt()
    {
        QVERIFY(RunStore(m_dir).save(cancelledEarly()).isEmpty());
        RunsPanel panel(m_dir);
        panel.resize(1000, 400);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *view = child<QTableView>(&panel, u"runsView"_s);
        auto *filter = child<QLineEdit>(&panel, u"runsFilter"_s);
        QVERIFY(view && filter);
        QTRY_COMPARE(view->model()->rowCount(), 4);

        panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&panel));
        view->setFocus();
        QVERIFY(!filter->hasFocus());
        QTest::keyClick(view, Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(filter->hasFocus());

        QTest::keyClicks(filter, u"gambling"_s); // the description
        QCOMPARE(shownIds(view), QStringList{Paused});
        filter->clear();
        QTest::keyClicks(filter, u"CANCELLED"_s); // the status, any case
        QCOMPARE(shownIds(view), QStringList{Cancelled});
        filter->clear();
        QTest::keyClicks(filter, u"drivenRun"_s); // the id
        QCOMPARE(shownIds(view), QStringList{Driven});
        filter->clear();
        QTest::keyClicks(filter, u"acquisition"_s); // the topic's name: every fixture run but the cancelled one
        QCOMPARE(view->model()->rowCount(), 3);
        QVERIFY(!shownIds(view).contains(Cancelled));
        filter->clear();
        QTest::keyClicks(filter, u"no such run"_s);
        QCOMPARE(view->model()->rowCount(), 0);
        QVERIFY(child<QLabel>(&panel, u"runDetails"_s)->text().contains(u"No run matches"_s));
        QVERIFY(!child<QToolButton>(&panel, u"openRunButton"_s)->isEnabled());

        // Selecting a run the filter hides shows everything again.
        panel.selectRun(Paused);
        QCOMPARE(panel.selectedRunId(), Paused);
        QVERIFY(filter->text().isEmpty());
        QCOMPARE(view->model()->rowCount(), 4);
        QVERIFY(child<QToolButton>(&panel, u"openRunButton"_s)->isEnabled());
    }

    // Last: it leaves the German catalogue and locale installed until it restores them.
    void germanPercentagesAndStatus()
    {
        RunState r = run(u"germanRun000000000005"_s, RunStatus::Completed, 5, u"Blockiere Glücksspiel"_s);
        r.bestCoverage = 0.875;
        r.stopReason = u"reached the maximum of 3 iterations"_s;
        QVERIFY(RunStore(m_dir).save(r).isEmpty());
        const QLocale before;
        QCOMPARE(Translations::install(QLocale(QLocale::German, QLocale::Germany)), u"de"_s);
        RunsPanel panel(m_dir);
        auto *view = child<QTableView>(&panel, u"runsView"_s);
        QTRY_COMPARE(view->model()->rowCount(), 4);
        const QString best = cell(view, r.id, RunListModel::BestColumn).data().toString();
        const QString reason = cell(view, r.id, RunListModel::StatusColumn).data(Qt::ToolTipRole).toString();
        const QString reasonInGerman = DisplayFormat::stopReason(r.stopReason);
        Translations::uninstall();
        QLocale::setDefault(before);
        QVERIFY2(best.startsWith(u"87,5"_s), qPrintable(best)); // the German decimal comma
        QCOMPARE(reason, reasonInGerman);                       // through DisplayFormat::stopReason
        QCOMPARE(best, u"87,5\u00A0%"_s); // a no-break space, as German typesetting has it
    }
};

QTEST_MAIN(TestRunsPanel)
#include "tst_runspanel.moc"
