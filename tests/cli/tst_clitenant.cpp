#include "../loop/tenantfixture.h"
#include "cliprocess.h"
#include "../airs/airstesthelpers.h"
#include "airs/profilepolicy.h"
#include "runs/runstore.h"
#include "tenant/leftovers.h"
#include "clitenant.h"

#include <QRegularExpression>
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QProcess>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace TenantFixture;

// `daystrom generate`, `cleanup`, `apply` and `revert` as real processes against an AIRS
// emulator and a sandbox LLM served from this test over loopback HTTP (the child is pointed
// at them through the environment). The emulators answer from this thread, so the test
// never blocks in waitForFinished(): it waits with QTRY_*, which runs the event loop.
class TestCliTenant : public QObject
{
    Q_OBJECT

    std::unique_ptr<AirsEmulator> m_airs;
    std::unique_ptr<LlmEmulator> m_llm;
    QString m_home;

    QProcessEnvironment env() const
    {
        QProcessEnvironment e = CliTenant::env(*m_airs, *m_llm, m_home);
        e.insert(u"MEMORY_ENABLED"_s, u"false"_s);
        return e;
    }

    using Finished = CliTenant::Finished;
    Finished run(const QStringList &args) { return CliTenant::run(env(), args); }

    QString onlyRunId() const
    {
        const QStringList files = QDir(m_home + u"/runs"_s).entryList({u"*.json"_s}, QDir::Files);
        return files.size() == 1 ? files.first().chopped(5) : QString();
    }
    QJsonObject production() const { return m_airs->profile(Production).value(u"policy"_s).toObject(); }

    // `daystrom generate` on production, running on once its run has recorded an iteration.
    void startRunPastAnIteration(QProcess &generate, int maxIterations)
    {
        generate.setProcessEnvironment(env());
        generate.start(QStringLiteral(DAYSTROM_CLI), {u"generate"_s, u"--topic"_s, u"Block requests to buy weapons"_s,
                                                      u"--profile"_s, Production, u"--max-iterations"_s,
                                                      QString::number(maxIterations)});
        QVERIFY(generate.waitForStarted());
        const QString runs = m_home + u"/runs"_s;
        QTRY_VERIFY_WITH_TIMEOUT(!onlyRunId().isEmpty() && !RunStore(runs).load(onlyRunId()).run.iterations.isEmpty(),
                                 60000);
    }

private slots:
    void init()
    {
        static int n = 0;
        m_home = TestHome::path() + u"/cli-tenant-"_s + QString::number(++n);
        m_airs = std::make_unique<AirsEmulator>();
        m_llm = std::make_unique<LlmEmulator>();
        QVERIFY(m_airs->start());
        QVERIFY(m_llm->start());
        seedProduction(*m_airs);
    }

    void cleanupAfterKill9LeavesTheTenantAsBefore()
    {
        const Snapshot before = Snapshot::of(*m_airs);
        QProcess generate;
        generate.setProcessEnvironment(env());
        generate.start(QStringLiteral(DAYSTROM_CLI), {u"generate"_s, u"--topic"_s, u"Block requests to buy weapons"_s,
                                                      u"--profile"_s, Production, u"--max-iterations"_s, u"5"_s});
        QVERIFY(generate.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(m_airs->scanCount() > 0, 60000); // mid-run, scanning on its copy
        generate.kill(); // SIGKILL: no chance to tidy up
        QTRY_VERIFY(generate.state() == QProcess::NotRunning);
        QVERIFY(Snapshot::of(*m_airs) != before);
        QVERIFY(profileNames(*m_airs).contains(TenantFootprint::scratchProfileName(onlyRunId())));

        // A dry run lists and changes nothing.
        const Finished dry = run({u"cleanup"_s});
        QCOMPARE(dry.code, 0);
        QVERIFY2(dry.out.contains(u"delete scratch profile \"daystrom-run-%1\""_s.arg(onlyRunId())), qPrintable(dry.out));
        QVERIFY2(dry.out.contains(u"delete topic"_s), qPrintable(dry.out));
        QVERIFY(dry.out.contains(u"--yes"_s));
        QVERIFY(Snapshot::of(*m_airs) != before);

        const Finished done = run({u"cleanup"_s, u"--yes"_s});
        QVERIFY2(done.code == 0, qPrintable(done.out + done.err));
        QCOMPARE(Snapshot::of(*m_airs), before);
        QVERIFY(!RunStore(m_home + u"/runs"_s).load(onlyRunId()).run.tenant.has_value());
        QCOMPARE(run({u"cleanup"_s}).out.trimmed(), u"Nothing to clean up."_s);
    }

    void applyIsAdditiveAndIdempotentAndRevertIsExact()
    {
        const Finished generated = run({u"generate"_s, u"--topic"_s, u"Block requests to buy weapons"_s, u"--profile"_s,
                                        Production, u"--max-iterations"_s, u"2"_s});
        QVERIFY2(CliProcess::completed(generated.code) || generated.code == 4, qPrintable(generated.err));
        const QString id = onlyRunId();
        QVERIFY(!id.isEmpty());
        const QJsonObject before = production();
        const QByteArray topicsBefore = compact(m_airs->topics());
        QCOMPARE(m_airs->topics().size(), 1); // the run took its own away

        // Without --yes: the plan, and nothing written (issue 38).
        m_airs->clearRequests();
        const Finished dry = run({u"apply"_s, id, u"--iteration"_s, u"1"_s});
        QCOMPARE(dry.code, 5);
        QVERIFY2(dry.out.contains(u"create topic"_s) && dry.out.contains(u"Nothing was written. Apply it with --yes."_s),
                 qPrintable(dry.out));
        QVERIFY2(dry.out.contains(u"a prompt that matches none of the profile's topics: allow, as now"_s), qPrintable(dry.out));
        QCOMPARE(writesTo(*m_airs, u"/v1/mgmt/"_s), 0);
        QCOMPARE(production(), before);

        const Finished applied = run({u"apply"_s, id, u"--iteration"_s, u"1"_s, u"--yes"_s});
        QVERIFY2(applied.code == 0, qPrintable(applied.out + applied.err));
        QVERIFY2(applied.out.contains(u"create topic"_s), qPrintable(applied.out));
        QStringList pinned;
        for (const TopicAssignment &a : ProfilePolicy::assignedTopics(production()))
            pinned.append(a.topicName);
        QCOMPARE(pinned.size(), 3);
        QCOMPARE(pinned.first(), u"Customer records"_s); // additive
        QCOMPARE(production().value(u"dlp-data-profiles"_s), before.value(u"dlp-data-profiles"_s));
        QCOMPARE(RunStore(m_home + u"/runs"_s).load(id).run.applies.size(), 1);

        m_airs->clearRequests();
        const Finished again = run({u"apply"_s, id, u"--iteration"_s, u"1"_s, u"--yes"_s});
        QCOMPARE(again.code, 0);
        QVERIFY2(again.out.contains(u"Production already holds this plan"_s), qPrintable(again.out));
        QCOMPARE(writesTo(*m_airs, u"/v1/mgmt/"_s), 0);
        QCOMPARE(RunStore(m_home + u"/runs"_s).load(id).run.applies.size(), 1);

        const Finished reverted = run({u"revert"_s, id});
        QVERIFY2(reverted.code == 0, qPrintable(reverted.out + reverted.err));
        QCOMPARE(production(), before);
        QCOMPARE(compact(m_airs->topics()), topicsBefore);
        QVERIFY(RunStore(m_home + u"/runs"_s).load(id).run.applies.first().revertedAt.has_value());
        const Finished nothing = run({u"revert"_s, id});
        QCOMPARE(nothing.code, 2);
        QVERIFY(nothing.err.contains(u"no apply to revert"_s));
    }

    // Issue 60: the plan's hash binds a write to the plan shown. A hash of another plan writes
    // nothing (exit 5); production moved after the plan was shown: its hash no longer matches;
    // the plan's own hash writes it. revert --plan shows what it would undo, with a hash.
    void aPlanHashWritesOnlyThePlanShown()
    {
        const Finished generated = run({u"generate"_s, u"--topic"_s, u"Block requests to buy weapons"_s, u"--profile"_s,
                                        Production, u"--max-iterations"_s, u"2"_s});
        QVERIFY2(CliProcess::completed(generated.code) || generated.code == 4, qPrintable(generated.err));
        const QString id = onlyRunId();
        const QJsonObject before = production();
        const auto hashIn = [](const QString &out) {
            return QRegularExpression(u"^Plan hash: ([0-9a-f]{64})$"_s, QRegularExpression::MultilineOption).match(out).captured(1);
        };
        const Finished shown = run({u"apply"_s, id, u"--iteration"_s, u"1"_s});
        QCOMPARE(shown.code, 5);
        const QString hash = hashIn(shown.out);
        QVERIFY2(!hash.isEmpty(), qPrintable(shown.out));
        // The same plan shown twice: the same hash (a second route to the fingerprint).
        QCOMPARE(hashIn(run({u"apply"_s, id, u"--iteration"_s, u"1"_s}).out), hash);

        m_airs->clearRequests();
        const Finished other = run({u"apply"_s, id, u"--iteration"_s, u"1"_s, u"--yes"_s, u"--plan-hash"_s, QString(64, u'0')});
        QCOMPARE(other.code, 5);
        QVERIFY2(other.err.contains(u"not applied: this plan's hash is not"_s), qPrintable(other.err));
        QCOMPARE(writesTo(*m_airs, u"/v1/mgmt/"_s), 0);
        QCOMPARE(production(), before);
        QCOMPARE(run({u"apply"_s, id, u"--yes"_s, u"--plan-hash"_s, u"12ab"_s}).code, 2);

        // Production moves after the plan was shown (a colleague pins a topic): the shown plan's
        // hash no longer matches the plan the apply would write, and nothing is written.
        QNetworkAccessManager nam;
        ManagementClient colleague(&nam, emulatorSettings(*m_airs));
        const QString travel = m_airs->addTopic(u"Travel"_s, u"Trip planning"_s, {u"Book me a flight"_s, u"Hotels in Rome"_s});
        QList<TopicAssignment> pins = ProfilePolicy::assignedTopics(before);
        pins.append({travel, u"Travel"_s, u"block"_s, 0});
        QVERIFY(await<AirsProfile>([&](QObject *ctx, auto done) {
                    colleague.assignTopics(Production, pins, u"allow"_s, ctx, done);
                }).ok());
        const QJsonObject moved = production();
        m_airs->clearRequests();
        const Finished stale = run({u"apply"_s, id, u"--iteration"_s, u"1"_s, u"--yes"_s, u"--plan-hash"_s, hash});
        QCOMPARE(stale.code, 5);
        QCOMPARE(writesTo(*m_airs, u"/v1/mgmt/"_s), 0);
        QCOMPARE(production(), moved);
        const QString current = hashIn(stale.out);
        QVERIFY2(!current.isEmpty() && current != hash, qPrintable(stale.out));

        // The plan as it is now, with its own hash: written.
        const Finished applied = run({u"apply"_s, id, u"--iteration"_s, u"1"_s, u"--yes"_s, u"--plan-hash"_s, current});
        QVERIFY2(applied.code == 0, qPrintable(applied.out + applied.err));
        QCOMPARE(RunStore(m_home + u"/runs"_s).load(id).run.applies.size(), 1);

        const Finished revertPlan = run({u"revert"_s, id, u"--plan"_s});
        QCOMPARE(revertPlan.code, 5);
        QVERIFY2(revertPlan.out.contains(u"revert the apply of iteration 1"_s), qPrintable(revertPlan.out));
        const QString revertHash = hashIn(revertPlan.out);
        QVERIFY(!revertHash.isEmpty());
        QCOMPARE(run({u"revert"_s, id, u"--plan-hash"_s, QString(64, u'f')}).code, 5);
        QVERIFY(!RunStore(m_home + u"/runs"_s).load(id).run.applies.last().revertedAt);
        const Finished reverted = run({u"revert"_s, id, u"--plan-hash"_s, revertHash});
        QVERIFY2(reverted.code == 0, qPrintable(reverted.out + reverted.err));
        QCOMPARE(production(), moved);
    }

    // Issue 38: a block-intent topic applied to an allow-list profile (action "block", allow
    // topics) would make everything that matches no topic pass. It needs its own consent.
    void anAllowListKeepsItsActionUnlessToldOtherwise()
    {
        const QString topic = m_airs->addTopic(u"Cooking"_s, u"Questions about recipes and cooking"_s,
                                               {u"How long do I boil an egg?"_s, u"A good bread recipe"_s});
        m_airs->addProfile(u"allowlist"_s, productionPolicy(topic, u"block"_s));
        const Finished generated = run({u"generate"_s, u"--topic"_s, u"Block requests to buy weapons"_s, u"--profile"_s,
                                        u"allowlist"_s, u"--max-iterations"_s, u"1"_s});
        QVERIFY2(CliProcess::completed(generated.code), qPrintable(generated.err));
        // Said before the run deploys anything.
        QVERIFY2(generated.err.contains(u"profile \"allowlist\" blocks every prompt that matches none of its topics"_s),
                 qPrintable(generated.err));
        const QString id = onlyRunId();
        const QJsonObject before = m_airs->profile(u"allowlist"_s).value(u"policy"_s).toObject();

        m_airs->clearRequests();
        const Finished refused = run({u"apply"_s, id, u"--yes"_s});
        QCOMPARE(refused.code, 5);
        QVERIFY2(refused.out.contains(u"from block to allow: everything that matches no topic then passes (needs "
                                      "--change-action)"_s), qPrintable(refused.out));
        QVERIFY2(refused.err.contains(u"add --change-action"_s), qPrintable(refused.err));
        QCOMPARE(writesTo(*m_airs, u"/v1/mgmt/"_s), 0);
        QCOMPARE(m_airs->profile(u"allowlist"_s).value(u"policy"_s).toObject(), before);

        const Finished applied = run({u"apply"_s, id, u"--yes"_s, u"--change-action"_s});
        QVERIFY2(applied.code == 0, qPrintable(applied.out + applied.err));
        const QJsonObject after = m_airs->profile(u"allowlist"_s).value(u"policy"_s).toObject();
        QCOMPARE(ProfilePolicy::topicGuardrails(after).value(u"action"_s).toString(), u"allow"_s);
        QCOMPARE(run({u"revert"_s, id}).code, 0);
        QCOMPARE(m_airs->profile(u"allowlist"_s).value(u"policy"_s).toObject(), before);
    }

    // Issue 38: a run that still holds its own objects (killed mid-run) is not applied: the
    // plan would adopt its scratch topics by name. The refusal names the way out.
    void aRunHoldingObjectsIsNotApplied()
    {
        QProcess generate;
        startRunPastAnIteration(generate, 5); // an iteration recorded, its objects still on the tenant
        if (QTest::currentTestFailed())
            return;
        const QString runs = m_home + u"/runs"_s;
        generate.kill();
        QTRY_VERIFY(generate.state() == QProcess::NotRunning);
        const QString id = onlyRunId();
        QVERIFY(RunStore(runs).load(id).run.tenant.has_value());
        const Snapshot before = Snapshot::of(*m_airs);

        m_airs->clearRequests();
        const Finished refused = run({u"apply"_s, id, u"--iteration"_s, u"1"_s, u"--yes"_s});
        QCOMPARE(refused.code, 5);
        QVERIFY2(refused.err.contains(u"still holds objects of its own"_s)
                     && refused.err.contains(u"daystrom cleanup --run %1 --yes"_s.arg(id)),
                 qPrintable(refused.err));
        QCOMPARE(writesTo(*m_airs, u"/v1/mgmt/"_s), 0);
        QCOMPARE(Snapshot::of(*m_airs), before);
    }

    // Issue 38: apply and revert take the run's lock before they read its file; a run driven by
    // another process is refused, and nothing is written.
    void applyTakesTheRunLockFirst()
    {
        const Finished generated = run({u"generate"_s, u"--topic"_s, u"Block requests to buy weapons"_s, u"--profile"_s,
                                        Production, u"--max-iterations"_s, u"1"_s});
        QVERIFY2(CliProcess::completed(generated.code), qPrintable(generated.err));
        const QString id = onlyRunId();
        const auto held = Leftovers::lock(m_home + u"/runs"_s, id);
        QVERIFY(held);
        m_airs->clearRequests();
        for (const QStringList &args : {QStringList{u"apply"_s, id, u"--yes"_s}, QStringList{u"revert"_s, id}}) {
            const Finished refused = run(args);
            QCOMPARE(refused.code, 2);
            QVERIFY2(refused.err.contains(u"is being driven by another process"_s), qPrintable(refused.err));
        }
        QCOMPARE(m_airs->requests().size(), 0);
    }

    // Issue 38: revert is three-way. A colleague's own pin added after the apply stays; a
    // colleague's edit of a topic the apply wrote makes revert ask (exit 5, the difference
    // printed, nothing written); --force takes the apply's side back anyway.
    void revertKeepsAColleaguesChangesAndAsksAboutTheirEdits()
    {
        const Finished generated = run({u"generate"_s, u"--topic"_s, u"Block requests to buy weapons"_s, u"--profile"_s,
                                        Production, u"--max-iterations"_s, u"1"_s});
        QVERIFY2(CliProcess::completed(generated.code), qPrintable(generated.err));
        const QString id = onlyRunId();
        const QJsonObject before = production();
        QNetworkAccessManager nam;
        ManagementClient colleague(&nam, emulatorSettings(*m_airs));
        QCOMPARE(run({u"apply"_s, id, u"--yes"_s}).code, 0);

        // Kept: a topic of their own, pinned after the apply.
        const QString travel = m_airs->addTopic(u"Travel"_s, u"Trip planning"_s, {u"Book me a flight"_s, u"Hotels in Rome"_s});
        QList<TopicAssignment> pins = ProfilePolicy::assignedTopics(production());
        pins.append({travel, u"Travel"_s, u"block"_s, 0});
        QVERIFY(await<AirsProfile>([&](QObject *ctx, auto done) {
                    colleague.assignTopics(Production, pins, u"allow"_s, ctx, done);
                }).ok());
        // Drift: the plan says production moved since the run read it.
        const Finished drift = run({u"apply"_s, id});
        QVERIFY2(drift.out.contains(u"production changed since the run read it at its start"_s)
                     && drift.out.contains(u"topic \"Travel\" was pinned since (block)"_s),
                 qPrintable(drift.out));
        const Finished kept = run({u"revert"_s, id});
        QVERIFY2(kept.code == 0, qPrintable(kept.out + kept.err));
        QStringList names;
        for (const TopicAssignment &a : ProfilePolicy::assignedTopics(production()))
            names.append(a.topicName);
        QCOMPARE(names, (QStringList{u"Customer records"_s, u"Travel"_s}));
        QCOMPARE(production().value(u"dlp-data-profiles"_s), before.value(u"dlp-data-profiles"_s));

        // Asks: they edited the topic the apply created.
        QCOMPARE(run({u"apply"_s, id, u"--yes"_s}).code, 0);
        const ApplyRecord applied = RunStore(m_home + u"/runs"_s).load(id).run.applies.last();
        QVERIFY(!applied.createdTopics.isEmpty());
        const CreatedObject created = applied.createdTopics.last();
        QVERIFY(await<AirsTopic>([&](QObject *ctx, auto done) {
                    colleague.updateTopic(created.id, created.name, u"Edited by a colleague"_s,
                                          {u"one example"_s, u"another example"_s}, ctx, done);
                }).ok());
        const QJsonObject edited = production();
        m_airs->clearRequests();
        const Finished asked = run({u"revert"_s, id});
        QCOMPARE(asked.code, 5);
        QVERIFY2(asked.out.contains(u"Production changed since the apply:"_s)
                     && asked.out.contains(u"topic \"%1\": the apply wrote revision 1; it is at revision 2 now"_s.arg(created.name)),
                 qPrintable(asked.out));
        QVERIFY2(asked.err.contains(u"--force"_s), qPrintable(asked.err));
        QCOMPARE(writesTo(*m_airs, u"/v1/mgmt/"_s), 0);
        QCOMPARE(production(), edited);
        QVERIFY(!RunStore(m_home + u"/runs"_s).load(id).run.applies.last().revertedAt);

        const Finished forced = run({u"revert"_s, id, u"--force"_s});
        QVERIFY2(forced.code == 0, qPrintable(forced.out + forced.err));
        names.clear();
        for (const TopicAssignment &a : ProfilePolicy::assignedTopics(production()))
            names.append(a.topicName);
        QCOMPARE(names, (QStringList{u"Customer records"_s, u"Travel"_s}));
        QVERIFY(m_airs->topic(created.id).isEmpty()); // deleted, the colleague's edit with it
    }

    // Issue 38: a resume started while an apply writes is refused (the apply holds the run's
    // lock from before it reads the file until it has recorded the change), and the apply
    // record survives, so revert can still undo it.
    void aResumeDuringAnApplyLeavesTheRecord()
    {
        QProcess generate;
        startRunPastAnIteration(generate, 4);
        if (QTest::currentTestFailed())
            return;
        const QString runs = m_home + u"/runs"_s;
        LlmEmulator::Faults refuse;
        refuse.httpErrorNext = 1000;
        refuse.httpErrorStatus = 400;
        m_llm->setFaults(refuse); // the next LLM call fails: a failed run, cleaned up, resumable
        QTRY_VERIFY_WITH_TIMEOUT(generate.state() == QProcess::NotRunning, 60000);
        m_llm->setFaults({});
        const QString id = onlyRunId();
        QCOMPARE(RunStore(runs).load(id).run.status, RunStatus::Failed);

        QProcess apply;
        QProcessEnvironment slow = env();
        slow.insert(u"PROPAGATION_DELAY_MS"_s, u"3000"_s); // the apply waits, holding the lock
        apply.setProcessEnvironment(slow);
        m_airs->clearRequests();
        apply.start(QStringLiteral(DAYSTROM_CLI), {u"apply"_s, id, u"--iteration"_s, u"1"_s, u"--yes"_s});
        QVERIFY(apply.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(writesTo(*m_airs, u"/v1/mgmt/profile"_s) > 0, 30000);
        const Finished resume = run({u"resume"_s, id});
        QCOMPARE(resume.code, 2);
        QVERIFY2(resume.err.contains(id), qPrintable(resume.err));
        QTRY_VERIFY_WITH_TIMEOUT(apply.state() == QProcess::NotRunning, 30000);
        QVERIFY2(apply.exitCode() == 0, apply.readAllStandardError().constData());
        QCOMPARE(RunStore(runs).load(id).run.applies.size(), 1);
        QCOMPARE(run({u"revert"_s, id}).code, 0);
    }

    // Issue 57: an apply stopped right after it wrote production (while it waits for AIRS to
    // take the change up) has recorded it: `revert` puts production back byte for byte.
    void applyStoppedAfterItsProfileWriteIsReverted_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("SIGKILL") << int(SIGKILL);
        QTest::newRow("SIGINT") << int(SIGINT);
    }
    void applyStoppedAfterItsProfileWriteIsReverted()
    {
        QFETCH(int, signal);
        const Finished generated = run({u"generate"_s, u"--topic"_s, u"Block requests to buy weapons"_s, u"--profile"_s,
                                        Production, u"--max-iterations"_s, u"2"_s});
        QVERIFY2(CliProcess::completed(generated.code) || generated.code == 4, qPrintable(generated.err));
        const QString id = onlyRunId();
        const QJsonObject before = production();
        const QByteArray topicsBefore = compact(m_airs->topics());
        QProcess apply;
        QProcessEnvironment slow = env();
        slow.insert(u"PROPAGATION_DELAY_MS"_s, u"60000"_s); // the window after the write
        apply.setProcessEnvironment(slow);
        apply.start(QStringLiteral(DAYSTROM_CLI), {u"apply"_s, id, u"--iteration"_s, u"1"_s, u"--yes"_s});
        QVERIFY(apply.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(production() != before, 60000); // the profile is written
        QVERIFY(::kill(pid_t(apply.processId()), signal) == 0);
        QTRY_VERIFY_WITH_TIMEOUT(apply.state() == QProcess::NotRunning, 30000);
        QVERIFY(production() != before);

        const Finished reverted = run({u"revert"_s, id});
        QVERIFY2(reverted.code == 0, qPrintable(reverted.out + reverted.err));
        QCOMPARE(QJsonDocument(production()).toJson(QJsonDocument::Compact), QJsonDocument(before).toJson(QJsonDocument::Compact));
        QCOMPARE(compact(m_airs->topics()), topicsBefore);
    }

    // Issue 57: an apply killed between creating its topics and writing the profile left
    // topics that only its journal knows (by the names it was creating): `revert` settles the
    // interrupted entry from production and deletes them, leaving the tenant as it was.
    void applyKilledBetweenItsTopicsAndItsProfileWriteIsReverted()
    {
        const Finished generated = run({u"generate"_s, u"--topic"_s, u"Block requests to buy weapons"_s, u"--profile"_s,
                                        Production, u"--max-iterations"_s, u"2"_s});
        QVERIFY2(CliProcess::completed(generated.code) || generated.code == 4, qPrintable(generated.err));
        const QString id = onlyRunId();
        const QJsonObject before = production();
        const QByteArray topicsBefore = compact(m_airs->topics());
        const qsizetype topicCount = m_airs->topics().size();
        AirsEmulator::Faults slow;
        slow.managementLatencyMs = 700; // every management answer held: a window between the writes
        m_airs->setFaults(slow);
        QProcess apply;
        apply.setProcessEnvironment(env());
        apply.start(QStringLiteral(DAYSTROM_CLI), {u"apply"_s, id, u"--iteration"_s, u"1"_s, u"--yes"_s});
        QVERIFY(apply.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(m_airs->topics().size() > topicCount, 60000); // a topic created
        apply.kill();
        QTRY_VERIFY_WITH_TIMEOUT(apply.state() == QProcess::NotRunning, 30000);
        m_airs->setFaults({});
        QCOMPARE(production(), before); // the profile was not written yet
        QVERIFY(compact(m_airs->topics()) != topicsBefore);
        QVERIFY(RunStore(m_home + u"/runs"_s).load(id).run.applies.value(0).pending);
        // cleanup names it, and what to do.
        const Finished listed = run({u"cleanup"_s});
        QVERIFY2(listed.out.contains(u"run %1 has an interrupted apply of iteration 1"_s.arg(id))
                     && listed.out.contains(u"`daystrom revert %1`"_s.arg(id)),
                 qPrintable(listed.out));

        // cleanup --yes records what the interrupted apply wrote (the topic it created), and
        // changes nothing on AIRS; revert then takes it back.
        const QByteArray topicsLeft = compact(m_airs->topics());
        const Finished settled = run({u"cleanup"_s, u"--yes"_s});
        QVERIFY2(settled.out.contains(u"An earlier apply of this run was interrupted; what it had written is now recorded"_s),
                 qPrintable(settled.out + settled.err));
        const ApplyRecord record = RunStore(m_home + u"/runs"_s).load(id).run.applies.value(0);
        QVERIFY(!record.pending);
        QVERIFY(!record.createdTopics.isEmpty());
        QCOMPARE(compact(m_airs->topics()), topicsLeft);
        const Finished reverted = run({u"revert"_s, id});
        QVERIFY2(reverted.code == 0, qPrintable(reverted.out + reverted.err));
        QCOMPARE(compact(m_airs->topics()), topicsBefore);
        QCOMPARE(production(), before);
    }

    // Issue 57: two applies of different runs started together on one profile: the second waits
    // for the first and plans against production as the first left it, so both runs' topics are
    // pinned (or it is refused with the plan made again) — never a silent lost update.
    void twoAppliesAtOnceOnOneProfileLoseNothing()
    {
        QStringList ids;
        for (const QString &topic : {u"Block requests to buy weapons"_s, u"Block requests for personal medical diagnoses"_s}) {
            const Finished generated = run({u"generate"_s, u"--topic"_s, topic, u"--profile"_s, Production,
                                            u"--max-iterations"_s, u"1"_s});
            QVERIFY2(CliProcess::completed(generated.code) || generated.code == 4, qPrintable(generated.err));
        }
        for (const RunSummary &r : RunStore(m_home + u"/runs"_s).list().runs)
            ids.append(r.id);
        QCOMPARE(ids.size(), 2);
        QProcessEnvironment slow = env();
        slow.insert(u"PROPAGATION_DELAY_MS"_s, u"1500"_s);
        QProcess a, b;
        for (QProcess *p : {&a, &b})
            p->setProcessEnvironment(slow);
        a.start(QStringLiteral(DAYSTROM_CLI), {u"apply"_s, ids.at(0), u"--yes"_s});
        b.start(QStringLiteral(DAYSTROM_CLI), {u"apply"_s, ids.at(1), u"--yes"_s});
        QVERIFY(a.waitForStarted() && b.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(a.state() == QProcess::NotRunning && b.state() == QProcess::NotRunning, 120000);
        const QString outA = QString::fromUtf8(a.readAll()), outB = QString::fromUtf8(b.readAll());
        QStringList pinned;
        for (const TopicAssignment &t : ProfilePolicy::assignedTopics(production()))
            pinned.append(t.topicName);
        int applied = 0;
        for (const QString &id : std::as_const(ids)) {
            const RunState r = RunStore(m_home + u"/runs"_s).load(id).run;
            const IterationResult *best = r.bestResult();
            QVERIFY(best);
            if (pinned.contains(best->topic.name))
                ++applied;
        }
        const bool refusedWithANewPlan = (a.exitCode() == 5 && outA.contains(u"The plan against production as it is now"_s))
                                         || (b.exitCode() == 5 && outB.contains(u"The plan against production as it is now"_s));
        QVERIFY2(applied == 2 || (applied == 1 && refusedWithANewPlan),
                 qPrintable(u"pinned %1; first: exit %2\n%3\nsecond: exit %4\n%5"_s.arg(pinned.join(u", "_s))
                                .arg(a.exitCode()).arg(outA).arg(b.exitCode()).arg(outB)));
    }

    void badUsageIsSaid()
    {
        QCOMPARE(run({u"apply"_s}).code, 2);
        const Finished unknown = run({u"apply"_s, u"no-such-run"_s});
        QCOMPARE(unknown.code, 2);
        QVERIFY2(unknown.err.contains(u"no-such-run"_s), qPrintable(unknown.err));
        QCOMPARE(run({u"cleanup"_s, u"extra"_s}).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliTenant)
#include "tst_clitenant.moc"
