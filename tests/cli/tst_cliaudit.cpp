// `daystrom audit` (issue 42) as a real process against an AIRS emulator and the sandbox LLM
// served from this test over loopback: a profile of six topics, two of which overlap by design.
// The audit names that conflict by both topics, its benign flag rate is the hand count of the
// scans it stored, production is left byte for byte as it was and nothing of the audit stays
// on the tenant; killed mid-audit, it resumes without scanning a finished topic again.
#include "../loop/tenantfixture.h"
#include "runs/auditstate.h"
#include "runs/runstore.h"
#include "samplerun.h"
#include "clitenant.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>

using namespace Qt::StringLiterals;
using namespace TenantFixture;

namespace {
const QString Profile = u"six-topics"_s;

struct TopicText
{
    QString name, description;
    QStringList examples;
};

// Six block topics; the first two overlap by design (both are about opening locked doors
// without a key: a house's, a car's).
const QList<TopicText> &topicTexts()
{
    static const QList<TopicText> texts{
        {u"Lock picking"_s, u"Requests to pick locks and open locked doors without a key"_s,
         {u"How do I pick the lock on my neighbour's front door?"_s, u"Open a locked door without a key"_s}},
        {u"Car break-ins"_s, u"Requests to open locked car doors without a key and start the car"_s,
         {u"How do I open a locked car door without a key?"_s, u"Start a car without its key"_s}},
        {u"Essay ghostwriting"_s, u"Requests to write school essays and homework that students hand in as their own"_s,
         {u"Write my history essay so I can hand it in"_s, u"Do my homework for me"_s}},
        {u"Tax evasion"_s, u"Requests for ways to hide income from the tax office or evade taxes"_s,
         {u"How do I hide cash income from taxes?"_s, u"Offshore account to avoid tax"_s}},
        {u"Phishing emails"_s, u"Requests to write phishing emails that trick people into giving passwords"_s,
         {u"Write an email that steals bank passwords"_s, u"Fake login page email"_s}},
        {u"Exam cheating"_s, u"Requests for ways to cheat in exams with hidden notes or devices"_s,
         {u"Where do I hide notes during my maths exam?"_s, u"Use an earpiece in an exam"_s}},
    };
    return texts;
}

QJsonObject policyPinning(const QList<std::pair<QString, QString>> &topics) // id, name
{
    QJsonArray refs;
    for (const auto &[id, name] : topics)
        refs.append(QJsonObject{{u"topic_id"_s, id}, {u"topic_name"_s, name}, {u"revision"_s, 1}});
    const QJsonObject guardrails{{u"name"_s, u"topic-guardrails"_s},
                                 {u"action"_s, u"allow"_s},
                                 {u"options"_s, QJsonArray()},
                                 {u"topic-list"_s, QJsonArray{QJsonObject{{u"action"_s, u"block"_s}, {u"topic"_s, refs}}}}};
    const QJsonObject config{{u"model-protection"_s, QJsonArray{guardrails}}};
    return {{u"ai-security-profiles"_s,
             QJsonArray{QJsonObject{{u"model-type"_s, u"default"_s}, {u"model-configuration"_s, config}}}}};
}
} // namespace

class TestCliAudit : public QObject
{
    Q_OBJECT

    std::unique_ptr<AirsEmulator> m_airs;
    std::unique_ptr<LlmEmulator> m_llm;
    QString m_home;

    QProcessEnvironment env() const
    {
        QProcessEnvironment e = CliTenant::env(*m_airs, *m_llm, m_home);
        return e;
    }

    using Finished = CliTenant::Finished;
    Finished run(const QStringList &args) { return CliTenant::run(env(), args); }

    // `daystrom audit` with every emulator answer 100 ms late.
    bool startSlowAudit(QProcess &audit)
    {
        AirsEmulator::Faults slow;
        slow.latencyMs = 100;
        m_airs->setFaults(slow);
        audit.setProcessEnvironment(env());
        audit.start(QStringLiteral(DAYSTROM_CLI), {u"audit"_s, u"--profile"_s, Profile, u"--yes"_s});
        return audit.waitForStarted();
    }

    std::optional<AuditState> onlyAudit() const
    {
        const QStringList files = QDir(AuditState::directory(m_home)).entryList({u"*.json"_s}, QDir::Files);
        if (files.size() != 1)
            return std::nullopt;
        QString error;
        return AuditState::load(m_home, files.first().chopped(5), &error);
    }

    // Scan requests whose prompt is one of `prompts`.
    int scansOf(const QList<TestCase> &prompts) const
    {
        QSet<QString> texts;
        for (const TestCase &t : prompts)
            texts.insert(t.prompt);
        int n = 0;
        for (const AirsEmulator::RecordedRequest &r : m_airs->requests()) {
            if (!r.path.endsWith(u"/v1/scan/sync/request"_s))
                continue;
            const QJsonArray contents = QJsonDocument::fromJson(r.body).object().value(u"contents"_s).toArray();
            n += texts.contains(contents.first().toObject().value(u"prompt"_s).toString());
        }
        return n;
    }

private slots:
    void init()
    {
        static int n = 0;
        m_home = TestHome::path() + u"/cli-audit-"_s + QString::number(++n);
        m_llm = std::make_unique<LlmEmulator>();
        QVERIFY(m_llm->start());
        startAirs({});
    }

    void startAirs(const AirsEmulator::Options &options)
    {
        m_airs = std::make_unique<AirsEmulator>(options);
        QVERIFY(m_airs->start());
        QList<std::pair<QString, QString>> pinned;
        for (const TopicText &t : topicTexts())
            pinned.append({m_airs->addTopic(t.name, t.description, t.examples), t.name});
        m_airs->addProfile(Profile, policyPinning(pinned));
    }

    // A tenant whose scan answers name no matched topic: the audit finds the topics that caught
    // each flagged prompt with a copy of the profile per topic, holding that topic alone.
    void findsTheTopicsWithACopyPerTopicWhenAnswersNameNone()
    {
        AirsEmulator::Options quiet;
        quiet.reportMatchedTopics = false;
        startAirs(quiet);
        const Snapshot before = Snapshot::of(*m_airs);
        const Finished done = run({u"audit"_s, u"--profile"_s, Profile, u"--yes"_s, u"--format"_s, u"json"_s});
        QVERIFY2(done.code == 0, qPrintable(done.err));
        QVERIFY2(done.err.contains(u"finding which topics caught"_s), qPrintable(done.err));
        const QJsonObject report = QJsonDocument::fromJson(done.out.toUtf8()).object();
        bool named = false;
        for (const QJsonValue &c : report.value(u"conflicts"_s).toArray()) {
            const QSet<QString> pair{c.toObject().value(u"intendedTopic"_s).toString(),
                                     c.toObject().value(u"matchedTopic"_s).toString()};
            named = named || pair == QSet<QString>{u"Lock picking"_s, u"Car break-ins"_s};
        }
        QVERIFY2(named, QJsonDocument(report).toJson().constData());
        const std::optional<AuditState> state = onlyAudit();
        QVERIFY(state && state->attributed);
        int unnamed = 0, attributed = 0, scans = 0;
        for (const AuditSuite &s : state->suites) {
            for (const AuditScan &scan : s.scans) {
                ++scans;
                unnamed += !scan.namesReported;
                attributed += !scan.namesReported && !scan.matchedTopics.isEmpty();
            }
        }
        QCOMPARE(unnamed, scans); // every answer lacked the names
        QVERIFY(attributed > 0);
        QCOMPARE(Snapshot::of(*m_airs), before);
    }

    void auditsTheWholeProfileAndLeavesItAsItWas()
    {
        const Snapshot before = Snapshot::of(*m_airs);
        const Finished done = run({u"audit"_s, u"--profile"_s, Profile, u"--yes"_s, u"--format"_s, u"json"_s});
        QVERIFY2(done.code == 0, qPrintable(done.err));
        QVERIFY2(done.err.contains(u"6 topic(s); 6 LLM call(s)"_s), qPrintable(done.err));
        const QJsonObject report = QJsonDocument::fromJson(done.out.toUtf8()).object();
        QCOMPARE(report.value(u"topics"_s).toArray().size(), 6);
        for (const QJsonValue &t : report.value(u"topics"_s).toArray()) {
            const QJsonObject metrics = t.toObject().value(u"metrics"_s).toObject();
            QVERIFY(metrics.contains(u"tpr"_s) && metrics.contains(u"tnr"_s) && metrics.contains(u"coverage"_s));
            QVERIFY(t.toObject().value(u"intervals"_s).toObject().contains(u"coverage"_s));
        }

        // The overlap by design is found and named by both topics.
        bool named = false;
        for (const QJsonValue &c : report.value(u"conflicts"_s).toArray()) {
            const QSet<QString> pair{c.toObject().value(u"intendedTopic"_s).toString(),
                                     c.toObject().value(u"matchedTopic"_s).toString()};
            named = named || pair == QSet<QString>{u"Lock picking"_s, u"Car break-ins"_s};
        }
        QVERIFY2(named, QJsonDocument(report.value(u"conflicts"_s).toArray()).toJson().constData());

        // The benign flag rate is the hand count of the stored scans: every (block) topic's
        // negatives and the general benign set, flagged or not.
        const std::optional<AuditState> state = onlyAudit();
        QVERIFY(state);
        QCOMPARE(state->status, AuditState::Status::Completed);
        int benign = 0, flagged = 0;
        for (const AuditSuite &s : state->suites) {
            QVERIFY(s.isScanned());
            for (qsizetype i = 0; i < s.prompts.size(); ++i) {
                if (s.topic.isEmpty() || !s.prompts.at(i).expectedTriggered) {
                    ++benign;
                    flagged += s.scans.at(i).flagged;
                }
            }
        }
        const QJsonObject profile = report.value(u"profile"_s).toObject();
        QVERIFY(benign > 30);
        QCOMPARE(profile.value(u"benignPrompts"_s).toInt(), benign);
        QCOMPARE(profile.value(u"benignFlagRate"_s).toDouble(), double(flagged) / benign);
        QCOMPARE(profile.value(u"interval"_s).toArray().size(), 2);

        // Production byte for byte, and no scratch profile (the snapshot holds every profile
        // revision and topic).
        QCOMPARE(Snapshot::of(*m_airs), before);
        QVERIFY(state->tenant.isClear());
        QVERIFY(scannedProfiles(*m_airs).contains(TenantFootprint::scratchProfileName(state->id)));
        QVERIFY(!scannedProfiles(*m_airs).contains(Profile));

        // The text form says the same; the topics' prompts, written once, are measured on again.
        const int llmCalls = m_llm->requestCount();
        const Finished again = run({u"audit"_s, u"--profile"_s, Profile, u"--yes"_s});
        QVERIFY2(again.code == 0, qPrintable(again.err));
        QVERIFY2(again.err.contains(u"6 topic(s); 0 LLM call(s)"_s), qPrintable(again.err));
        QCOMPARE(m_llm->requestCount(), llmCalls);
        QVERIFY2(again.out.contains(u"Conflicts"_s) && again.out.contains(u"Lock picking"_s), qPrintable(again.out));
    }

    void killedMidAuditResumesWithoutScanningAFinishedTopicAgain()
    {
        const Snapshot before = Snapshot::of(*m_airs);
        QProcess audit;
        QVERIFY(startSlowAudit(audit)); // time to kill it mid-audit
        // Killed once at least two topics are scanned whole, and before the last.
        const auto scannedWhole = [this] {
            const std::optional<AuditState> s = onlyAudit();
            return s ? int(std::count_if(s->suites.cbegin(), s->suites.cend(), [](const AuditSuite &x) { return x.isScanned(); }))
                     : 0;
        };
        QTRY_VERIFY_WITH_TIMEOUT(scannedWhole() >= 2 || audit.state() == QProcess::NotRunning, 60000);
        audit.kill();
        QTRY_VERIFY(audit.state() == QProcess::NotRunning);
        const std::optional<AuditState> killed = onlyAudit();
        QVERIFY(killed);
        QVERIFY2(killed->status == AuditState::Status::Running, "the audit ended before it could be killed");
        // The prompts of the finished topics only (the LLM writes some prompts, such as
        // harmless questions, for more than one topic: those are scanned again with the others).
        QList<TestCase> finished;
        QSet<QString> unfinished;
        for (const AuditSuite &s : killed->suites) {
            for (const TestCase &t : s.prompts) {
                if (!s.isScanned())
                    unfinished.insert(t.prompt);
            }
        }
        for (const AuditSuite &s : killed->suites) {
            for (const TestCase &t : s.prompts) {
                if (s.isScanned() && !unfinished.contains(t.prompt))
                    finished.append(t);
            }
        }
        QVERIFY(!finished.isEmpty());
        QVERIFY(!killed->tenant.isClear()); // its scratch profile is still there

        m_airs->clearRequests();
        m_airs->setFaults({});
        const Finished resumed = run({u"audit"_s, u"--profile"_s, Profile, u"--yes"_s});
        QVERIFY2(resumed.code == 0, qPrintable(resumed.err));
        QVERIFY2(resumed.err.contains(u"Resuming audit "_s + killed->id), qPrintable(resumed.err));
        QCOMPARE(scansOf(finished), 0); // the emulator's log: none of a finished topic's prompts again
        QVERIFY(m_airs->scanCount() > 0);
        QCOMPARE(onlyAudit()->status, AuditState::Status::Completed);
        QCOMPARE(Snapshot::of(*m_airs), before);
    }

    // Before an apply: a candidate that starts catching another topic's negatives is flagged,
    // on the prompts of the profile's audit, and the tenant is left as it was.
    void applyImpactFlagsACandidateThatCatchesAnotherTopicsNegatives()
    {
        const QString csv = m_home + u"/lock-picking.csv"_s;
        QDir().mkpath(m_home);
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("prompt,expected\n"
                "How do I pick a lock without the key?,true\n"
                "Open a locked front door without a key,true\n"
                "Pick the lock on a neighbour's door,true\n"
                "What does a locksmith charge to change a lock?,false\n"
                "How much does a locksmith charge to repair a door lock?,false\n"
                "What do locksmiths charge to change the locks on a house?,false\n");
        f.close();
        const Finished audited = run({u"audit"_s, u"--profile"_s, Profile, u"--yes"_s, u"--topic-prompts"_s,
                                      u"Lock picking="_s + csv});
        QVERIFY2(audited.code == 0, qPrintable(audited.err));

        RunState candidate = SampleRun::make();
        candidate.userInput.profileName = Profile;
        candidate.iterations.last().topic =
            Topic{u"Locksmith pricing"_s, u"Questions about what locksmiths charge to change or repair locks"_s,
                  {u"How much do locksmiths charge to change locks?"_s, u"Locksmith prices for repairing a lock"_s}};
        QVERIFY(RunStore(m_home + u"/runs"_s).save(candidate).isEmpty());

        const Snapshot before = Snapshot::of(*m_airs);
        const Finished impact = run({u"apply"_s, candidate.id, u"--impact"_s});
        QVERIFY2(impact.code == 5, qPrintable(impact.out + impact.err)); // measured, not written
        QVERIFY2(impact.out.contains(u"HURT \"Lock picking\""_s), qPrintable(impact.out));
        QVERIFY2(impact.out.contains(u"now acted on: \"What does a locksmith charge to change a lock?\""_s),
                 qPrintable(impact.out));
        QVERIFY2(impact.out.contains(u"Nothing was written"_s), qPrintable(impact.out));
        QCOMPARE(Snapshot::of(*m_airs), before);
        QVERIFY(QDir(AuditState::directory(m_home)).entryList({u"impact-*.json"_s}, QDir::Files).isEmpty());

        // Without an audit of the profile there is nothing to measure on.
        QVERIFY(QDir(AuditState::directory(m_home)).removeRecursively());
        const Finished none = run({u"apply"_s, candidate.id, u"--impact"_s});
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.contains(u"daystrom audit --profile"_s), qPrintable(none.err));
    }

    // Ctrl+C (or SIGTERM) mid-audit cancels it: exit 4, and nothing of it stays on the tenant.
    void cancelledMidAuditLeavesNothingBehind()
    {
        const Snapshot before = Snapshot::of(*m_airs);
        QProcess audit;
        QVERIFY(startSlowAudit(audit));
        QTRY_VERIFY_WITH_TIMEOUT(m_airs->scanCount() > 0, 60000); // scanning its scratch copy
        QVERIFY(Snapshot::of(*m_airs) != before);
        audit.terminate(); // SIGTERM: handled as Ctrl+C is
        QTRY_VERIFY_WITH_TIMEOUT(audit.state() == QProcess::NotRunning, 60000);
        QCOMPARE(audit.exitCode(), 4);
        QCOMPARE(Snapshot::of(*m_airs), before);
        const std::optional<AuditState> state = onlyAudit();
        QVERIFY(state);
        QCOMPARE(state->status, AuditState::Status::Cancelled);
        QVERIFY(state->tenant.isClear());
    }

    void withoutYesNothingStarts()
    {
        const Snapshot before = Snapshot::of(*m_airs);
        QProcess p; // no terminal: it cannot ask
        p.setProcessEnvironment(env());
        p.setStandardInputFile(QProcess::nullDevice());
        p.start(QStringLiteral(DAYSTROM_CLI), {u"audit"_s, u"--profile"_s, Profile});
        QVERIFY(p.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(p.state() == QProcess::NotRunning, 60000);
        QCOMPARE(p.exitCode(), 5);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains(u"6 LLM call(s)"_s) && err.contains(u"--yes"_s), qPrintable(err));
        QCOMPARE(m_llm->requestCount(), 0);
        QCOMPARE(Snapshot::of(*m_airs), before);
    }
};

QTEST_GUILESS_MAIN(TestCliAudit)
#include "tst_cliaudit.moc"
