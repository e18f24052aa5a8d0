// What audits and `apply --impact` checks leave on the AIRS tenant, and who may take it away
// (issue 55), with `daystrom` as a real process against an AIRS emulator and the sandbox LLM
// served from this test over loopback:
//  - one audit or impact check of a profile at a time: a second one says what holds the
//    profile (pid, command) and exits 2, and never takes the first one's scratch objects;
//  - what a killed audit left is removed before the next audit of the profile starts, and
//    `daystrom cleanup` (and the app's clean-up list) find and remove it, but never what a
//    live audit holds;
//  - a completed audit whose clean-up AIRS refused says so and exits 3.
#include "../loop/tenantfixture.h"
#include "airs/managementclient.h"
#include "airs/profilepolicy.h"
#include "models/session/tenantcleanup.h"
#include "runs/auditstate.h"
#include "runs/runstore.h"
#include "tenant/stalelocks.h"
#include "samplerun.h"
#include "clitenant.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLockFile>
#include <QSysInfo>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QSignalSpy>

using namespace Qt::StringLiterals;
using namespace TenantFixture;

namespace {
const QString Profile = u"three-topics"_s;

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
QStringList pinnedNames(const QJsonObject &policy)
{
    QStringList names;
    for (const TopicAssignment &a : ProfilePolicy::assignedTopics(policy))
        names.append(a.topicName);
    return names;
}
} // namespace

class TestCliAuditLeftovers : public QObject
{
    Q_OBJECT

    std::unique_ptr<AirsEmulator> m_airs;
    std::unique_ptr<LlmEmulator> m_llm;
    QString m_home;

    QProcessEnvironment env() const { return CliTenant::env(*m_airs, *m_llm, m_home); }

    using Finished = CliTenant::Finished;
    Finished run(const QStringList &args) { return CliTenant::run(env(), args); }

    QStringList auditArgs(const QStringList &more = {}) const
    {
        return QStringList{u"audit"_s, u"--profile"_s, Profile, u"--yes"_s, u"--benchmark"_s, u"10"_s} + more;
    }

    // Every emulator answer 100 ms late, so that a process can be caught mid-work.
    void slowDown()
    {
        AirsEmulator::Faults slow;
        slow.latencyMs = 100;
        m_airs->setFaults(slow);
    }

    bool start(QProcess &p, const QStringList &args)
    {
        p.setProcessEnvironment(env());
        p.start(QStringLiteral(DAYSTROM_CLI), args);
        return p.waitForStarted();
    }

    // Waits for a started process to end on its own.
    static Finished finish(QProcess &p)
    {
        [&] { QTRY_VERIFY_WITH_TIMEOUT(p.state() == QProcess::NotRunning, 120000); }();
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
    }

    QList<AuditState> audits() const { return AuditState::all(m_home); }

    std::optional<AuditState> audit(const QString &id) const
    {
        QString error;
        return AuditState::load(m_home, id, &error);
    }

    QStringList impactFiles() const
    {
        return QDir(AuditState::directory(m_home)).entryList({u"impact-*.json"_s}, QDir::Files);
    }

    // A slow audit killed (SIGKILL) once it scans its scratch copy of production: its id.
    QString killAuditMidScan(const QStringList &more = {})
    {
        const QSet<QString> earlier = [this] {
            QSet<QString> ids;
            for (const AuditState &a : audits())
                ids.insert(a.id);
            return ids;
        }();
        slowDown();
        const int scans = m_airs->scanCount();
        QProcess p;
        if (!start(p, auditArgs(more)))
            return {};
        QString id;
        const auto scanning = [&] {
            for (const AuditState &a : audits()) {
                if (!earlier.contains(a.id) && !a.tenant.scratchProfileId.isEmpty())
                    id = a.id;
            }
            return !id.isEmpty() && m_airs->scanCount() > scans + 3;
        };
        if (!QTest::qWaitFor(scanning, 60000) || p.state() == QProcess::NotRunning)
            return {};
        p.kill();
        QTest::qWaitFor([&p] { return p.state() == QProcess::NotRunning; }, 10000);
        m_airs->setFaults({});
        return id;
    }

    // A run of `Profile` whose candidate topic an impact check measures.
    QString candidateRun(const QString &id, const QString &name)
    {
        RunState candidate = SampleRun::make(id);
        candidate.userInput.profileName = Profile;
        candidate.iterations.last().topic =
            Topic{name, u"Questions about what locksmiths charge to change or repair locks"_s,
                  {u"How much do locksmiths charge to change locks?"_s, u"Locksmith prices for repairing a lock"_s}};
        return RunStore(m_home + u"/runs"_s).save(candidate);
    }

private slots:
    void init()
    {
        static int n = 0;
        m_home = TestHome::path() + u"/cli-audit-leftovers-"_s + QString::number(++n);
        m_llm = std::make_unique<LlmEmulator>();
        QVERIFY(m_llm->start());
        m_airs = std::make_unique<AirsEmulator>();
        QVERIFY(m_airs->start());
        const QList<std::tuple<QString, QString, QStringList>> texts{
            {u"Lock picking"_s, u"Requests to pick locks and open locked doors without a key"_s,
             {u"How do I pick the lock on my neighbour's front door?"_s, u"Open a locked door without a key"_s}},
            {u"Tax evasion"_s, u"Requests for ways to hide income from the tax office or evade taxes"_s,
             {u"How do I hide cash income from taxes?"_s, u"Offshore account to avoid tax"_s}},
            {u"Phishing emails"_s, u"Requests to write phishing emails that trick people into giving passwords"_s,
             {u"Write an email that steals bank passwords"_s, u"Fake login page email"_s}},
        };
        QList<std::pair<QString, QString>> pinned;
        for (const auto &[name, description, examples] : texts)
            pinned.append({m_airs->addTopic(name, description, examples), name});
        m_airs->addProfile(Profile, policyPinning(pinned));
    }

    // Issue 55 (5): a second impact check of a profile took every impact-*.json for a killed
    // check's and deleted the first one's scratch objects ("AI profile … not found"). Now it
    // says what holds the profile and exits 2; the first measures undisturbed.
    void secondImpactCheckOfAProfileIsRefused()
    {
        const Finished audited = run(auditArgs());
        QVERIFY2(audited.code == 0, qPrintable(audited.err));
        QVERIFY(candidateRun(u"firstCandidate0000001"_s, u"Locksmith pricing"_s).isEmpty());
        QVERIFY(candidateRun(u"secondCandidate000001"_s, u"Locksmith prices"_s).isEmpty());
        const Snapshot before = Snapshot::of(*m_airs);

        slowDown();
        QProcess first;
        QVERIFY(start(first, {u"apply"_s, u"firstCandidate0000001"_s, u"--impact"_s}));
        // Mid-check: its scratch copy exists and is being scanned.
        const int scans = m_airs->scanCount();
        QVERIFY(QTest::qWaitFor([&] { return m_airs->scanCount() > scans + 3 || first.state() == QProcess::NotRunning; },
                                60000));
        QCOMPARE(first.state(), QProcess::Running);
        QCOMPARE(impactFiles().size(), 1);

        const Finished second = run({u"apply"_s, u"secondCandidate000001"_s, u"--impact"_s});
        const qint64 firstPid = first.processId();
        m_airs->setFaults({});
        const Finished measured = finish(first);
        QVERIFY2(measured.code == 5, qPrintable(u"first: exit %1: %2"_s.arg(measured.code).arg(measured.err)));
        QVERIFY2(measured.out.contains(u"Nothing was written"_s), qPrintable(measured.out));
        QVERIFY2(second.code == 2, qPrintable(u"second: exit %1: %2"_s.arg(second.code).arg(second.err)));
        QVERIFY2(second.err.contains(u"pid %1"_s.arg(firstPid)), qPrintable(second.err));
        QVERIFY2(second.err.contains(u"daystrom apply --impact"_s), qPrintable(second.err));
        QCOMPARE(Snapshot::of(*m_airs), before);
        QVERIFY(impactFiles().isEmpty());
    }

    // A killed impact check's footprint (its process gone) is listed by `cleanup` and removed.
    void cleanupRemovesWhatAKilledImpactCheckLeft()
    {
        const Finished audited = run(auditArgs());
        QVERIFY2(audited.code == 0, qPrintable(audited.err));
        QVERIFY(candidateRun(u"firstCandidate0000001"_s, u"Locksmith pricing"_s).isEmpty());
        const Snapshot before = Snapshot::of(*m_airs);
        slowDown();
        QProcess check;
        QVERIFY(start(check, {u"apply"_s, u"firstCandidate0000001"_s, u"--impact"_s}));
        const int scans = m_airs->scanCount();
        QVERIFY(QTest::qWaitFor([&] { return m_airs->scanCount() > scans + 3 || check.state() == QProcess::NotRunning; },
                                60000));
        QCOMPARE(check.state(), QProcess::Running);
        check.kill();
        QTRY_VERIFY(check.state() == QProcess::NotRunning);
        m_airs->setFaults({});
        QCOMPARE(impactFiles().size(), 1);
        const QString id = impactFiles().first().mid(7).chopped(5);
        QVERIFY(Snapshot::of(*m_airs) != before);

        const Finished listed = run({u"cleanup"_s});
        QVERIFY2(listed.code == 0, qPrintable(listed.err));
        QVERIFY2(listed.out.contains(u"Impact check "_s + id), qPrintable(listed.out));
        QVERIFY2(listed.out.contains(u"delete scratch profile"_s), qPrintable(listed.out));
        QVERIFY(Snapshot::of(*m_airs) != before); // listing deletes nothing
        const Finished cleaned = run({u"cleanup"_s, u"--yes"_s});
        QVERIFY2(cleaned.code == 0, qPrintable(cleaned.out + cleaned.err));
        QCOMPARE(Snapshot::of(*m_airs), before);
        QVERIFY(impactFiles().isEmpty());
    }

    // Issue 57 (3): an impact check killed mid-scan left the plan's topics under their real
    // names; the apply that followed took them for topics "already as written", pinned them in
    // production and recorded none as created (revert could only unpin them, and `cleanup`
    // then deleted topics production pinned). Now the copy's topics carry scratch names: the
    // apply creates its own and records them, `cleanup` removes only the check's, and revert
    // puts production back as it was.
    void applyAfterAKilledImpactCheckAdoptsNothing()
    {
        const Finished audited = run(auditArgs());
        QVERIFY2(audited.code == 0, qPrintable(audited.err));
        const QString runId = u"firstCandidate0000001"_s;
        QVERIFY(candidateRun(runId, u"Locksmith pricing"_s).isEmpty());
        const Snapshot before = Snapshot::of(*m_airs);
        const QJsonObject productionBefore = m_airs->profile(Profile).value(u"policy"_s).toObject();
        slowDown();
        QProcess check;
        QVERIFY(start(check, {u"apply"_s, runId, u"--impact"_s}));
        const int scans = m_airs->scanCount();
        QVERIFY(QTest::qWaitFor([&] { return m_airs->scanCount() > scans + 3 || check.state() == QProcess::NotRunning; },
                                60000));
        QCOMPARE(check.state(), QProcess::Running);
        check.kill();
        QTRY_VERIFY(check.state() == QProcess::NotRunning);
        m_airs->setFaults({});
        QCOMPARE(impactFiles().size(), 1);
        const QString checkId = impactFiles().first().mid(7).chopped(5);
        // What the check left carries scratch names, none of them a name the plan gives a topic.
        QStringList leftNames;
        for (const QJsonObject &t : m_airs->topics())
            leftNames.append(t.value(u"topic_name"_s).toString());
        QVERIFY2(!leftNames.contains(u"Locksmith pricing"_s), qPrintable(leftNames.join(u", "_s)));
        QVERIFY2(leftNames.contains(TenantFootprint::scratchProfileName(checkId) + u"-1"_s),
                 qPrintable(leftNames.join(u", "_s)));
        const Finished listed = run({u"cleanup"_s});
        QVERIFY2(listed.out.contains(u"Impact check "_s + checkId)
                     && listed.out.contains(u"delete topic \""_s + TenantFootprint::scratchProfileName(checkId)),
                 qPrintable(listed.out));

        const Finished applied = run({u"apply"_s, runId, u"--yes"_s});
        QVERIFY2(applied.code == 0, qPrintable(applied.out + applied.err));
        QVERIFY2(!applied.out.contains(u"already as written"_s), qPrintable(applied.out));
        const ApplyRecord record = RunStore(m_home + u"/runs"_s).load(runId).run.applies.last();
        QStringList created;
        for (const CreatedObject &o : record.createdTopics)
            created.append(o.name);
        QVERIFY2(created.contains(u"Locksmith pricing"_s), qPrintable(created.join(u", "_s)));

        // `cleanup` takes away the check's scratch objects and nothing production pins.
        const Finished cleaned = run({u"cleanup"_s, u"--yes"_s});
        QVERIFY2(cleaned.code == 0, qPrintable(cleaned.out + cleaned.err));
        QVERIFY(impactFiles().isEmpty());
        const QJsonObject production = m_airs->profile(Profile).value(u"policy"_s).toObject();
        QStringList pinned;
        for (const TopicAssignment &a : ProfilePolicy::assignedTopics(production)) {
            QVERIFY2(!m_airs->topic(a.topicId).isEmpty(), qPrintable(u"pinned but deleted: "_s + a.topicName));
            pinned.append(a.topicName);
        }
        QVERIFY2(pinned.contains(u"Locksmith pricing"_s), qPrintable(pinned.join(u", "_s)));

        const Finished reverted = run({u"revert"_s, runId});
        QVERIFY2(reverted.code == 0, qPrintable(reverted.out + reverted.err));
        QCOMPARE(pinnedNames(m_airs->profile(Profile).value(u"policy"_s).toObject()), pinnedNames(productionBefore));
        QCOMPARE(Snapshot::of(*m_airs).topics, before.topics);
    }

    // Issue 57 (7): kills left lock files that nothing listed (16 after 16 kills), each taken
    // over only by the next command that needed that very lock. `cleanup` now lists every
    // stale lock with the owner its file names (pid, command, since), and removes it with
    // --yes; a lock a live process holds is never listed, nor removed.
    void cleanupListsAndRemovesStaleLocks()
    {
        const QString killed = killAuditMidScan();
        QVERIFY(!killed.isEmpty());
        const QDir audits(AuditState::directory(m_home));
        const QStringList profileLocks = audits.entryList({u"profile-*.lock"_s}, QDir::Files);
        QCOMPARE(profileLocks.size(), 1); // the killed audit's hold on the profile
        const QString profileLock = audits.filePath(profileLocks.first());
        // A lock file a process was killed while writing (it names no one), and a run's lock
        // whose process is gone.
        const QString ownerless = audits.filePath(u"ownerless.lock"_s);
        {
            QFile f(ownerless);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.setFileTime(QDateTime::currentDateTime().addSecs(-60), QFileDevice::FileModificationTime));
        }
        QProcess gone;
        gone.start(u"true"_s);
        QVERIFY(gone.waitForStarted());
        const qint64 deadPid = gone.processId();
        QVERIFY(deadPid > 0 && gone.waitForFinished());
        QVERIFY(QDir().mkpath(m_home + u"/runs"_s));
        const QString runLock = m_home + u"/runs/deadRunId00000000001.lock"_s;
        {
            QFile f(runLock);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::number(deadPid) + "\ndaystrom\n" + QSysInfo::machineHostName().toUtf8() + "\n"
                    + QSysInfo::machineUniqueId() + "\n" + QSysInfo::bootUniqueId() + "\n");
        }
        // A live one: this process's.
        QLockFile live(m_home + u"/runs/liveRunId00000000001.lock"_s);
        QVERIFY(live.tryLock(0));

        const Finished listed = run({u"cleanup"_s});
        QVERIFY2(listed.code == 0, qPrintable(listed.err));
        QVERIFY2(listed.out.contains(u"Stale lock %1 of profile \"%2\""_s.arg(profileLock, Profile))
                     && listed.out.contains(u"(`daystrom audit`) on this machine"_s),
                 qPrintable(listed.out));
        QVERIFY2(listed.out.contains(u"Stale lock %1 of run deadRunId00000000001:\n  held by pid %2 (daystrom) on this "
                                     "machine"_s.arg(runLock).arg(deadPid)),
                 qPrintable(listed.out));
        QVERIFY2(listed.out.contains(u"Stale lock %1"_s.arg(ownerless)) && listed.out.contains(u"held by no process"_s),
                 qPrintable(listed.out));
        QVERIFY2(!listed.out.contains(u"liveRunId"_s), qPrintable(listed.out));
        QVERIFY(QFileInfo::exists(profileLock)); // listing removes none of them
        QVERIFY(QFileInfo::exists(ownerless));

        const Finished cleaned = run({u"cleanup"_s, u"--yes"_s});
        QVERIFY2(cleaned.code == 0, qPrintable(cleaned.out + cleaned.err));
        QVERIFY(!QFileInfo::exists(profileLock));
        QVERIFY(!QFileInfo::exists(StaleLocks::ownerFile(profileLock)));
        QVERIFY(!QFileInfo::exists(ownerless));
        QVERIFY(!QFileInfo::exists(runLock));
        QVERIFY(live.isLocked() && QFileInfo::exists(live.fileName()));
        QVERIFY2(audits.entryList({u"*.lock"_s, u"*.owner"_s}, QDir::Files).isEmpty(),
                 qPrintable(audits.entryList({u"*.lock"_s, u"*.owner"_s}, QDir::Files).join(u", "_s)));
        live.unlock();
        const Finished again = run({u"cleanup"_s});
        QVERIFY2(again.out.contains(u"Nothing to clean up"_s), qPrintable(again.out));
    }

    // A second audit of a profile being audited resumed the same unfinished audit, in the same
    // file and scratch profile. Now it says what holds the profile and exits 2.
    void secondAuditOfAProfileIsRefused()
    {
        const Snapshot before = Snapshot::of(*m_airs);
        slowDown();
        QProcess first;
        QVERIFY(start(first, auditArgs()));
        const int scans = m_airs->scanCount();
        QVERIFY(QTest::qWaitFor([&] { return m_airs->scanCount() > scans + 3 || first.state() == QProcess::NotRunning; },
                                60000));
        QCOMPARE(first.state(), QProcess::Running);

        const Finished second = run(auditArgs());
        QVERIFY2(second.code == 2, qPrintable(u"exit %1: %2"_s.arg(second.code).arg(second.err)));
        QVERIFY2(second.err.contains(u"pid %1"_s.arg(first.processId())) && second.err.contains(u"`daystrom audit`"_s),
                 qPrintable(second.err));

        m_airs->setFaults({});
        const Finished done = finish(first);
        QVERIFY2(done.code == 0, qPrintable(done.err));
        QCOMPARE(audits().size(), 1);
        QCOMPARE(audits().first().status, AuditState::Status::Completed);
        QCOMPARE(Snapshot::of(*m_airs), before);
    }

    // `audit --new` after a killed audit left the old scratch copy of production on the
    // tenant, with nothing to find it. Now the new audit removes it first.
    void newAuditRemovesWhatAKilledOneLeft()
    {
        const Snapshot before = Snapshot::of(*m_airs);
        const QString killed = killAuditMidScan();
        QVERIFY(!killed.isEmpty());
        QVERIFY(!audit(killed)->tenant.isClear());

        const Finished fresh = run(auditArgs({u"--new"_s}));
        QVERIFY2(fresh.code == 0, qPrintable(fresh.err));
        QVERIFY2(fresh.err.contains(u"Audit "_s + killed), qPrintable(fresh.err)); // says what it removed
        QCOMPARE(Snapshot::of(*m_airs), before);
        QVERIFY(audit(killed)->tenant.isClear());
        QCOMPARE(audit(killed)->status, AuditState::Status::Running); // still resumable, on a new scratch copy
    }

    // `daystrom cleanup` did not read audits ("Nothing to clean up"). After a killed audit and
    // a killed `audit --new`, it lists the orphan and removes it; every audit file then says
    // nothing of it is left.
    void cleanupListsAndRemovesWhatAKilledAuditNewLeft()
    {
        const Snapshot before = Snapshot::of(*m_airs);
        const QString older = killAuditMidScan();
        QVERIFY(!older.isEmpty());
        const QString newer = killAuditMidScan({u"--new"_s});
        QVERIFY(!newer.isEmpty());
        QVERIFY(newer != older);
        QVERIFY(Snapshot::of(*m_airs) != before);

        const Finished listed = run({u"cleanup"_s});
        QVERIFY2(listed.code == 0, qPrintable(listed.err));
        QVERIFY2(listed.out.contains(u"Audit "_s + newer), qPrintable(listed.out));
        QVERIFY2(listed.out.contains(TenantFootprint::scratchProfileName(newer)), qPrintable(listed.out));
        QVERIFY(Snapshot::of(*m_airs) != before);

        const Finished cleaned = run({u"cleanup"_s, u"--yes"_s});
        QVERIFY2(cleaned.code == 0, qPrintable(cleaned.out + cleaned.err));
        QVERIFY2(cleaned.out.contains(u"Cleaned up."_s), qPrintable(cleaned.out));
        QCOMPARE(Snapshot::of(*m_airs), before);
        for (const AuditState &a : audits())
            QVERIFY2(a.tenant.isClear(), qPrintable(a.id));
        const Finished again = run({u"cleanup"_s});
        QVERIFY2(again.out.contains(u"Nothing to clean up"_s), qPrintable(again.out));
    }

    // What a live audit holds is never listed, nor taken away.
    void cleanupLeavesALiveAuditAlone()
    {
        const Snapshot before = Snapshot::of(*m_airs);
        slowDown();
        QProcess live;
        QVERIFY(start(live, auditArgs()));
        const int scans = m_airs->scanCount();
        QVERIFY(QTest::qWaitFor([&] { return m_airs->scanCount() > scans + 3 || live.state() == QProcess::NotRunning; },
                                60000));
        QCOMPARE(live.state(), QProcess::Running);
        const QString id = audits().first().id;

        const Finished cleaned = run({u"cleanup"_s, u"--yes"_s});
        QVERIFY2(cleaned.code == 0, qPrintable(cleaned.out + cleaned.err));
        QVERIFY2(cleaned.out.contains(u"Passed over: audit %1 is being worked on by another process (pid %2)"_s.arg(
                     id, QString::number(live.processId()))),
                 qPrintable(cleaned.out));
        QVERIFY2(cleaned.out.contains(u"Nothing to clean up"_s), qPrintable(cleaned.out));

        m_airs->setFaults({});
        const Finished done = finish(live);
        QVERIFY2(done.code == 0, qPrintable(done.err));
        QCOMPARE(Snapshot::of(*m_airs), before);
    }

    // The app's clean-up list (TenantCleanup, the Clean Up AIRS dialog's model) finds what a
    // killed audit left, and removes it.
    void appCleanupListFindsWhatAKilledAuditLeft()
    {
        const Snapshot before = Snapshot::of(*m_airs);
        const QString killed = killAuditMidScan();
        QVERIFY(!killed.isEmpty());

        QNetworkAccessManager nam;
        AirsSettings airs;
        const AirsEmulator::Credentials c = m_airs->options().credentials;
        airs.managementEndpoint = m_airs->managementEndpoint();
        airs.tokenEndpoint = m_airs->tokenEndpoint();
        airs.clientId = c.clientId;
        airs.clientSecret = c.clientSecret;
        airs.tsgId = c.tsgId;
        ManagementClient client(&nam, airs);
        TenantCleanup cleanup(&client, m_home + u"/runs"_s, m_home);
        cleanup.scan();
        const QString plan = cleanup.plan().join(u'\n');
        QVERIFY2(plan.contains(u"Audit "_s + killed) && plan.contains(TenantFootprint::scratchProfileName(killed)),
                 qPrintable(plan));
        QSignalSpy finished(&cleanup, &TenantCleanup::finished);
        cleanup.clean();
        QVERIFY(finished.wait(30000));
        QVERIFY2(cleanup.remaining() == 0, qPrintable(cleanup.problems().join(u'\n')));
        QCOMPARE(Snapshot::of(*m_airs), before);
        QVERIFY(audit(killed)->tenant.isClear());
        QVERIFY(cleanup.plan().isEmpty());
    }

    // A completed audit whose clean-up AIRS refused recorded it and exited 0 without a word.
    // Now it prints the problem and exits 3; `cleanup` then finds the scratch profile.
    void refusedCleanUpOfACompletedAuditIsShown()
    {
        const Finished audited = run(auditArgs());
        QVERIFY2(audited.code == 0, qPrintable(audited.err));
        const Snapshot before = Snapshot::of(*m_airs);

        // The same audit as if killed after its last scan: its scratch copy still on the tenant.
        std::optional<AuditState> state = audit(audits().first().id);
        QVERIFY(state);
        const QString scratch = TenantFootprint::scratchProfileName(state->id);
        state->status = AuditState::Status::Running;
        state->tenant.productionProfile = Profile;
        state->tenant.scratchProfile = scratch;
        state->tenant.scratchProfileId = m_airs->addProfile(scratch);
        QVERIFY(state->save(m_home).isEmpty());

        AirsEmulator::Faults refuse;
        refuse.forbiddenNext = 1000; // every management request: 403
        m_airs->setFaults(refuse);
        const Finished resumed = run(auditArgs());
        QVERIFY2(resumed.code == 3, qPrintable(u"exit %1: %2"_s.arg(resumed.code).arg(resumed.err)));
        QVERIFY2(resumed.err.contains(u"could not all be removed"_s) && resumed.err.contains(u"daystrom cleanup"_s),
                 qPrintable(resumed.err));
        QVERIFY2(resumed.out.contains(u"Audit "_s + state->id), qPrintable(resumed.out)); // the figures stand
        QCOMPARE(audit(state->id)->status, AuditState::Status::Completed);
        QVERIFY(!audit(state->id)->tenant.isClear());

        m_airs->setFaults({});
        const Finished listed = run({u"cleanup"_s});
        QVERIFY2(listed.out.contains(u"Audit %1 of profile \"%2\" (completed"_s.arg(state->id, Profile)),
                 qPrintable(listed.out));
        const Finished cleaned = run({u"cleanup"_s, u"--yes"_s});
        QVERIFY2(cleaned.code == 0, qPrintable(cleaned.out + cleaned.err));
        QCOMPARE(Snapshot::of(*m_airs), before);
        QVERIFY(audit(state->id)->tenant.isClear());
    }
};

QTEST_GUILESS_MAIN(TestCliAuditLeftovers)
#include "tst_cliauditleftovers.moc"
