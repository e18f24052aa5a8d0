// Compare runs on one benchmark (issue 61), over loopback against the AIRS emulator: three runs
// of one subject with different settings, two of which share no benchmark prompt with the
// third. The common set is too small; on the first run's benchmark, the other two are scanned
// once each in scratch copies (the request log), their figures equal a hand count of the
// emulator's verdicts, and nothing is left on the tenant. A cancelled comparison leaves
// nothing either and resumes scanning only what was missing, to the same leaderboard; a killed
// one is found and removed by the clean-up (Leftovers, as `daystrom cleanup`).
#include "../airs/airstesthelpers.h"
#include "crossrunfixture.h"
#include "models/session/crossruncomparison.h"
#include "domain/nanoid.h"
#include "runs/runstore.h"
#include "tenant/leftovers.h"
#include "models/session/tenantcleanup.h"
#include "testhome.h"
#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;

namespace {

using namespace CrossRunFixture;

const CrossRun::Row *rowOf(const CrossRun::Leaderboard &board, const QString &runId)
{
    for (const CrossRun::Row &row : board.rows) {
        if (row.candidate.runId == runId)
            return &row;
    }
    return nullptr;
}

} // namespace

class tst_CrossRunComparison : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;
    std::unique_ptr<AirsEmulator> m_airs;
    std::unique_ptr<ManagementClient> m_client;
    QString m_runsDir;
    QString m_home;
    RunState m_runs[3];
    QByteArray m_profilesBefore, m_topicsBefore;

    CrossRunComparison::Request request() const
    {
        CrossRunComparison::Request r;
        for (const RunState &run : m_runs)
            r.labels.append(run.id);
        r.runsDirectory = m_runsDir;
        return r;
    }
    CrossRunComparison::Plan onFirstRunsBenchmark() const
    {
        CrossRunComparison::Request r = request();
        r.source = CrossRun::Source::Run;
        r.sourceDetail = m_runs[0].id;
        return CrossRunComparison::plan(r);
    }
    std::unique_ptr<CrossRunComparison> comparison(int propagationDelayMs = 0)
    {
        CandidateScan::Options options;
        options.concurrency = 3;
        options.propagationDelayMs = propagationDelayMs;
        return std::make_unique<CrossRunComparison>(m_client.get(), emulatorSettings(*m_airs), m_home, options);
    }
    bool tenantAsBefore() const
    {
        return compact(m_airs->profiles()) == m_profilesBefore && compact(m_airs->topics()) == m_topicsBefore;
    }
    ComparisonState stateOf(const QString &id) const
    {
        QString error;
        const std::optional<ComparisonState> s = ComparisonState::load(m_home, id, &error);
        if (!s)
            qWarning() << error;
        return s.value_or(ComparisonState{});
    }

private slots:
    void init()
    {
        m_airs = std::make_unique<AirsEmulator>(CrossRunFixture::options());
        QVERIFY(m_airs->start());
        m_client = std::make_unique<ManagementClient>(&m_nam, emulatorSettings(*m_airs));
        // Production "lab" without topics: the emulator's imposed verdict (trueMatch) reads the
        // profile's first block topic, which is then the candidate's.
        m_airs->addProfile(u"lab"_s);
        static int n = 0;
        m_runsDir = TestHome::path() + u"/crossrun-runs-"_s + QString::number(++n);
        m_home = TestHome::path() + u"/crossrun-home-"_s + QString::number(n);
        // Same subject, different settings; runs 2 and 3 share no benchmark prompt with run 1.
        m_runs[0] = makeRun(2, benchmark(u"alpha"_s), 5, 0.9);
        m_runs[1] = makeRun(3, benchmark(u"beta"_s), 8, 0.85);
        m_runs[2] = makeRun(5, benchmark(u"beta"_s), 12, 0.95);
        for (const RunState &run : m_runs)
            QCOMPARE(RunStore(m_runsDir).save(run), QString());
        m_profilesBefore = compact(m_airs->profiles());
        m_topicsBefore = compact(m_airs->topics());
        m_airs->clearRequests();
    }

    void cleanup()
    {
        m_client.reset();
        m_airs.reset();
    }

    void tooFewCommonPrompts()
    {
        const CrossRunComparison::Plan plan = CrossRunComparison::plan(request());
        QCOMPARE(plan.commonPrompts, 0);
        QVERIFY2(plan.error.contains(u"share 0 prompts"_s), qPrintable(plan.error));
        QVERIFY2(plan.error.contains(u"union"_s), qPrintable(plan.error));
        QCOMPARE(plan.candidates.size(), 3);

        CrossRunComparison::Request r = request();
        r.source = CrossRun::Source::Run;
        r.sourceDetail = u"NotOneOfThemAtAll_123"_s;
        QVERIFY(!CrossRunComparison::plan(r).error.isEmpty());
        r.labels = {m_runs[0].id};
        QVERIFY(!CrossRunComparison::plan(r).error.isEmpty());
    }

    void otherBenchmarks()
    {
        CrossRunComparison::Request r = request();
        r.source = CrossRun::Source::Union;
        CrossRunComparison::Plan plan = CrossRunComparison::plan(r);
        QVERIFY2(plan.error.isEmpty(), qPrintable(plan.error));
        QCOMPARE(plan.benchmark.prompts.size(), 48); // alpha's 24 and beta's 24, once each
        QCOMPARE(plan.toScan, (QList<int>{0, 1, 2}));
        QCOMPARE(plan.scans(), 144);

        r.source = CrossRun::Source::Run;
        r.sourceDetail = m_runs[1].id; // beta: runs 2 and 3 hold it, run 1 does not
        plan = CrossRunComparison::plan(r);
        QCOMPARE(plan.toScan, QList<int>{0});

        const QString csv = m_home + u"-prompts.csv"_s;
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("prompt,expected\nwhere can I buy a rifle,true\nbanana bread recipe,false\n");
        file.close();
        r.source = CrossRun::Source::Csv;
        r.sourceDetail = csv;
        plan = CrossRunComparison::plan(r);
        QVERIFY2(plan.error.isEmpty(), qPrintable(plan.error));
        QCOMPARE(plan.benchmark.prompts.size(), 2);
        QCOMPARE(plan.toScan.size(), 3);
        r.sourceDetail = m_home + u"-missing.csv"_s;
        QVERIFY(!CrossRunComparison::plan(r).error.isEmpty());
    }

    void cancelAtEachStep_data()
    {
        QTest::addColumn<QString>("step");
        QTest::newRow("before the first step") << QString();
        QTest::newRow("copying production") << u"creating the scratch copy"_s;
        QTest::newRow("creating a topic") << u"creating topic"_s;
        QTest::newRow("assigning") << u"putting"_s;
        QTest::newRow("waiting for propagation") << u"waiting for AIRS"_s;
        QTest::newRow("scanning") << u"scanning "_s;
    }

    void cancelAtEachStep()
    {
        QFETCH(QString, step);
        AirsEmulator::Faults slow;
        slow.managementLatencyMs = 20;
        slow.scanLatencyMs = 20;
        m_airs->setFaults(slow);
        auto cmp = comparison(300);
        QSignalSpy cancelled(cmp.get(), &CrossRunComparison::cancelled);
        QSignalSpy finished(cmp.get(), &CrossRunComparison::finished);
        bool asked = false;
        connect(cmp.get(), &CrossRunComparison::progress, this, [&](const QString &text, int, int) {
            if (!step.isEmpty() && text.startsWith(step) && !asked) {
                asked = true;
                QTimer::singleShot(0, cmp.get(), [&cmp] { cmp->cancel(); });
            }
        });
        const QString id = NanoId::generate();
        cmp->start(id, onFirstRunsBenchmark());
        if (step.isEmpty())
            cmp->cancel();
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 30000);
        QCOMPARE(finished.count(), 0);
        QVERIFY(step.isEmpty() || asked);
        QVERIFY2(tenantAsBefore(), "a scratch object is left after the cancel");
        const ComparisonState state = stateOf(id);
        QCOMPARE(state.status, ComparisonState::Status::Cancelled);
        QVERIFY(state.tenant.isClear());
        QCOMPARE(state.missing(), (QList<int>{1, 2}));
    }

    void scansEachOtherRunOnceAndLeavesNothing()
    {
        const CrossRunComparison::Plan plan = onFirstRunsBenchmark();
        QVERIFY2(plan.error.isEmpty(), qPrintable(plan.error));
        QCOMPARE(plan.benchmark.prompts.size(), 24);
        QCOMPARE(plan.toScan, (QList<int>{1, 2})); // run 1's own verdicts cover its benchmark
        QCOMPARE(plan.scans(), 48);

        // AIRS takes a while to carry a new topic to its scan service: each scan waits for it.
        AirsEmulator::Faults propagation;
        propagation.propagationDelayMs = 150;
        m_airs->setFaults(propagation);
        auto cmp = comparison(250);
        QSignalSpy finished(cmp.get(), &CrossRunComparison::finished);
        const QString id = NanoId::generate();
        cmp->start(id, plan);
        const QString second = NanoId::generate();
        cmp->start(second, plan); // refused: it is working on the first one
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 60000);
        QVERIFY2(finished.at(0).at(1).toString().contains(u"still working"_s), qPrintable(finished.at(0).at(1).toString()));
        QVERIFY(!QFileInfo::exists(ComparisonState::pathOf(m_home, second)));
        QCOMPARE(m_airs->propagationViolationCount(), 0);
        const auto board = finished.at(1).at(0).value<CrossRun::Leaderboard>();
        QCOMPARE(finished.at(1).at(1).toString(), QString());
        QCOMPARE(finished.at(1).at(2).toString(), QString());

        // Scanned once each, on the first run's prompts, in their own scratch copies; never on
        // production, never run 1.
        const QHash<QString, QStringList> scans = scansByProfile(*m_airs);
        QCOMPARE(scans.keys().size(), 2);
        const QStringList expected = promptsOf(plan.benchmark.prompts);
        for (int candidate : {2, 3}) {
            QStringList seen = scans.value(scratchProfile(id, candidate));
            std::sort(seen.begin(), seen.end());
            QCOMPARE(seen, expected);
        }

        // The figures: run 1 from its stored verdicts, runs 2 and 3 from the emulator's, counted by hand.
        QCOMPARE(board.rows.size(), 3);
        const int variants[3] = {2, 3, 5};
        for (int i = 0; i < 3; ++i) {
            const CrossRun::Row *row = rowOf(board, m_runs[i].id);
            QVERIFY(row);
            qInfo() << "candidate" << i + 1 << "coverage" << row->metrics.coverage;
            const EfficacyMetrics hand = handCount(plan.benchmark.prompts, variants[i]);
            QCOMPARE(row->results.size(), 24);
            QCOMPARE(row->metrics.truePositives, hand.truePositives);
            QCOMPARE(row->metrics.falseNegatives, hand.falseNegatives);
            QCOMPARE(row->metrics.trueNegatives, hand.trueNegatives);
            QCOMPARE(row->metrics.falsePositives, hand.falsePositives);
        }
        // Variant 5 misses the fewest positives and flags no negative: it leads.
        QCOMPARE(board.rows.first().candidate.runId, m_runs[2].id);

        QVERIFY2(tenantAsBefore(), "a scratch profile or topic is left on the tenant");
        const ComparisonState state = stateOf(id);
        QCOMPARE(state.status, ComparisonState::Status::Completed);
        QVERIFY(state.tenant.isClear());
        QVERIFY(state.missing().isEmpty());
        QVERIFY(!QFileInfo::exists(ComparisonState::directory(m_home) + u'/' + id + u".lock"_s)
                || ComparisonState::lock(m_home, id));
    }

    void cancelThenResumeScansOnlyWhatWasMissing()
    {
        const CrossRunComparison::Plan plan = onFirstRunsBenchmark();
        QVERIFY2(plan.error.isEmpty(), qPrintable(plan.error));
        AirsEmulator::Faults slow;
        slow.scanLatencyMs = 25; // so that the cancel lands in the middle of the second scan
        m_airs->setFaults(slow);

        auto cmp = comparison();
        QSignalSpy cancelled(cmp.get(), &CrossRunComparison::cancelled);
        QSignalSpy finished(cmp.get(), &CrossRunComparison::finished);
        const QString id = NanoId::generate();
        bool asked = false;
        connect(cmp.get(), &CrossRunComparison::progress, this, [&](const QString &, int done, int) {
            if (done >= 24 + 5 && !asked) { // the first candidate done, the second one scanning
                asked = true;
                QTimer::singleShot(0, cmp.get(), [&cmp] { cmp->cancel(); });
            }
        });
        cmp->start(id, plan);
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 60000);
        QCOMPARE(finished.count(), 0);
        QVERIFY2(tenantAsBefore(), "a scratch profile or topic is left on the tenant after the cancel");
        ComparisonState state = stateOf(id);
        QCOMPARE(state.status, ComparisonState::Status::Cancelled);
        QVERIFY(state.tenant.isClear());
        QCOMPARE(state.missing(), QList<int>{2}); // candidate 2 kept, candidate 3 to scan
        const int scannedBeforeCancel = int(scansByProfile(*m_airs).value(scratchProfile(id, 3)).size());
        QVERIFY2(scannedBeforeCancel > 0 && scannedBeforeCancel < 24, QByteArray::number(scannedBeforeCancel));

        // A new process resumes it: only candidate 3 is scanned, the whole benchmark once.
        m_airs->setFaults({});
        m_airs->clearRequests();
        cmp.reset();
        auto resumed = comparison();
        QSignalSpy resumedDone(resumed.get(), &CrossRunComparison::finished);
        QString error;
        QVERIFY2(resumed->resume(id, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(resumedDone.count(), 1, 60000);
        QCOMPARE(resumedDone.at(0).at(1).toString(), QString());
        const QHash<QString, QStringList> scans = scansByProfile(*m_airs);
        QCOMPARE(scans.keys(), QStringList{scratchProfile(id, 3)});
        QCOMPARE(scans.value(scratchProfile(id, 3)).size(), 24);
        QVERIFY2(tenantAsBefore(), "a scratch profile or topic is left on the tenant after the resume");
        QCOMPARE(stateOf(id).status, ComparisonState::Status::Completed);

        // Resumed = uninterrupted.
        auto whole = comparison();
        QSignalSpy wholeDone(whole.get(), &CrossRunComparison::finished);
        whole->start(NanoId::generate(), plan);
        QTRY_COMPARE_WITH_TIMEOUT(wholeDone.count(), 1, 60000);
        const auto a = resumedDone.at(0).at(0).value<CrossRun::Leaderboard>();
        const auto b = wholeDone.at(0).at(0).value<CrossRun::Leaderboard>();
        QCOMPARE(QJsonDocument(a.toJson()).toJson(), QJsonDocument(b.toJson()).toJson());
        QVERIFY(tenantAsBefore());
    }

    void killedComparisonIsCleanedUpAndResumes()
    {
        const CrossRunComparison::Plan plan = onFirstRunsBenchmark();
        AirsEmulator::Faults slow;
        slow.scanLatencyMs = 25;
        m_airs->setFaults(slow);
        auto cmp = comparison();
        const QString id = NanoId::generate();
        bool killed = false;
        connect(cmp.get(), &CrossRunComparison::progress, this, [&](const QString &, int done, int) {
            if (done >= 3 && !killed) {
                killed = true;
                QTimer::singleShot(0, this, [&cmp] { cmp.reset(); }); // as a kill: no clean-up
            }
        });
        cmp->start(id, plan);
        QTRY_VERIFY_WITH_TIMEOUT(!cmp, 60000);
        m_airs->setFaults({});
        QTRY_COMPARE(m_airs->inflightScans(), 0);
        QVERIFY(!tenantAsBefore()); // the copy and its topics are still there
        QVERIFY(!stateOf(id).tenant.isClear());

        // `daystrom cleanup` finds it (Leftovers::findAll) and removes it.
        const Leftovers::Found found = Leftovers::findAll(m_runsDir, m_home);
        const auto listed = std::find_if(found.runs.cbegin(), found.runs.cend(), [&](const Leftovers::Run &r) {
            return r.kind == Leftovers::Run::Kind::Comparison && r.id == id;
        });
        QVERIFY2(listed != found.runs.cend(), qPrintable(found.notes.join(u"; "_s)));
        QVERIFY2(listed->heading.contains(u"killed?"_s), qPrintable(listed->heading));
        TenantCleanup cleanup(m_client.get(), m_runsDir, m_home);
        QSignalSpy cleaned(&cleanup, &TenantCleanup::finished);
        cleanup.scan();
        cleanup.clean();
        QTRY_COMPARE_WITH_TIMEOUT(cleaned.count(), 1, 30000);
        QVERIFY2(tenantAsBefore(), "cleanup left a scratch object of the killed comparison");
        QVERIFY(stateOf(id).tenant.isClear());

        // And it resumes from where it was.
        auto resumed = comparison();
        QSignalSpy done(resumed.get(), &CrossRunComparison::finished);
        QString error;
        QVERIFY2(resumed->resume(id, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
        QCOMPARE(done.at(0).at(1).toString(), QString());
        QCOMPARE(done.at(0).at(0).value<CrossRun::Leaderboard>().rows.size(), 3);
        QVERIFY(tenantAsBefore());
    }

    void unreadableStateIsAClearError()
    {
        QDir().mkpath(ComparisonState::directory(m_home));
        const QString id = u"brokenComparison_01"_s;
        QFile file(ComparisonState::pathOf(m_home, id));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"version\": 1, \"id\": \"brokenComparison_01\", \"status\": \"sideways\"}");
        file.close();
        auto cmp = comparison();
        QString error;
        QVERIFY(!cmp->resume(id, &error));
        QVERIFY2(error.contains(u"status"_s) && error.contains(u"candidates"_s), qPrintable(error));
        QVERIFY(!cmp->resume(u"../etc/passwd"_s, &error));
        QVERIFY2(error.contains(u"not a comparison id"_s), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(tst_CrossRunComparison)
#include "tst_crossruncomparison.moc"
