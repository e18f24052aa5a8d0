#include "../cli/auditprofiles.h"
#include "airs/managementclient.h"
#include "emulatorthread.h"
#include "tenant/profileaudit.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QEventLoop>
#include <QTemporaryDir>

#include <cmath>
#include <cstdio>

using namespace Qt::StringLiterals;

// A whole-profile audit's wall time against its critical path (issue 55): every scan it made,
// C at a time, each one latency long, plus one propagation wait. Targets: ratio <= 1.2 when
// the scan answers name the matched topics, <= 2.0 when they name none (the audit then scans
// the flagged prompts again against a copy per topic; those copies are made while the suites
// are scanned, so their propagation overlaps the scans instead of following them one by one).
// The emulator serves from a thread of its own, as a real tenant serves from another machine.
class BenchAudit : public QObject
{
    Q_OBJECT
private slots:
    void wholeAudit_data()
    {
        QTest::addColumn<int>("topics");
        QTest::addColumn<bool>("named");
        for (int topics : {4, 20}) {
            for (bool named : {true, false})
                QTest::newRow(qPrintable(u"%1 topics, answers %2"_s.arg(topics).arg(named ? u"name topics"_s : u"name none"_s)))
                    << topics << named;
        }
    }
    void wholeAudit()
    {
        QFETCH(int, topics);
        QFETCH(bool, named);
        constexpr int Concurrency = 5;
        constexpr int LatencyMs = 100;
        constexpr int PropagationMs = 2000;
        AirsEmulator::Options options;
        options.reportMatchedTopics = named;
        EmulatorThread e(Latencies{0, PropagationMs, LatencyMs}, options);
        QVERIFY(e.ok());
        e.withAirs([&](AirsEmulator &airs) { AuditProfiles::seed(airs, u"bench"_s, AuditProfiles::Kind::BlockList, topics); });

        // Each topic's own prompts: its examples and rewordings of them (positives), and
        // everyday questions (negatives).
        ProfileAudit::Options o;
        o.concurrency = Concurrency;
        o.propagationDelayMs = PropagationMs;
        for (int i = 0; i < topics; ++i) {
            const AuditProfiles::TopicText &t = AuditProfiles::bank().at(i);
            QList<TestCase> prompts;
            for (const QString &example : t.examples) {
                for (const QString &form : {u"%1"_s, u"Please tell me: %1"_s, u"%1, step by step"_s})
                    prompts.append(TestCase{form.arg(example), true});
            }
            for (const QString &other : {u"What is the weather in Oslo tomorrow?"_s, u"Recommend a novel for a long flight"_s,
                                         u"How tall is the Eiffel tower?"_s, u"Explain how rainbows form"_s})
                prompts.append(TestCase{other + u" (%1)"_s.arg(i), false});
            o.supplied.insert(t.name, prompts);
        }
        QTemporaryDir home;
        QNetworkAccessManager nam;
        ManagementClient management(&nam, e.airsSettings());
        ProfileAudit audit(&management, nullptr, e.airsSettings(), home.path(), o);
        bool read = false;
        QString readError;
        AuditState start;
        start.id = u"bench"_s;
        start.profileName = u"bench"_s;
        start.createdAt = QDateTime::currentDateTimeUtc();
        audit.read(start, [&](const QString &error) {
            readError = error;
            read = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(read, 30000);
        QVERIFY2(readError.isEmpty(), qPrintable(readError));
        AuditState state;
        QEventLoop loop;
        connect(&audit, &ProfileAudit::finished, &loop, [&](const AuditState &s) {
            state = s;
            loop.quit();
        });
        const int scansBefore = e.scans();
        QElapsedTimer clock;
        clock.start();
        audit.run();
        loop.exec();
        const qint64 wall = clock.elapsed();
        QVERIFY2(state.status == AuditState::Status::Completed, qPrintable(state.error));
        const int scans = e.scans() - scansBefore;
        const double critical = std::ceil(double(scans) / Concurrency) * LatencyMs + PropagationMs;
        const double ratio = wall / critical;
        const double target = named ? 1.2 : 2.0;
        std::printf("BENCH audit %d topics, answers %s: %d scans (C=%d, %d ms each) + one %d ms propagation wait: "
                    "wall %lld ms, critical path %.0f ms, ratio %.2f (target <= %.1f: %s)\n",
                    topics, named ? "name topics" : "name none", scans, Concurrency, LatencyMs, PropagationMs,
                    static_cast<long long>(wall), critical, ratio, target, ratio <= target ? "met" : "NOT met");
        std::fflush(stdout);
    }
};

QTEST_GUILESS_MAIN(BenchAudit)
#include "bench_audit.moc"
