// kill -9 at random moments of real `daystrom generate` / `resume` runs against
// `daystrom sandbox serve` (including the finish phase: learning extraction, prompt-set
// export) and of `daystrom memory` edits on a large memory file, then resume: no file lost
// or unparseable, iterations numbered exactly once, learnings merged once, the prompt set
// filled exactly once, no lock left behind.
#include "homecheck.h"
#include "killer.h"
#include "memoryfixture.h"
#include "runcompare.h"
#include "sandboxserve.h"

#include "testmain.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSet>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

namespace {
const QString Cli = QStringLiteral(DAYSTROM_CLI);
const int MinRunKills = 22;
const int MinMemoryKills = 12;

QStringList generateArgs()
{
    return {u"generate"_s,
            u"--topic"_s,
            u"weapons manufacturing"_s,
            u"--profile"_s,
            u"daystrom-sandbox"_s,
            u"--events"_s,
            u"jsonl"_s,
            u"--max-iterations"_s,
            u"3"_s,
            u"--create-prompt-set"_s,
            u"--prompt-set-name"_s,
            u"reliability-set"_s};
}

// Where a kill is anchored: output that marks a moment of the run. The finish phase is
// weighted up (learning extraction, the memory merge, the prompt-set export).
struct Anchor
{
    QString text;
    int maxDelayMs;
};
const QList<Anchor> GenerateAnchors{
    {{}, 250},
    {u"\"iteration:start\""_s, 40},
    {u"\"test:progress\""_s, 60},
    {u"\"evaluate:complete\""_s, 20},
    {u"\"iteration:complete\""_s, 20},
    {u"analyze_results ok"_s, 30},
    {u"extract_learnings"_s, 10}, // finish phase: learnings extracted, not merged yet
    {u"extract_learnings"_s, 3},
    {u"daystrom.memory:"_s, 5},     // finish phase: merged, prompt set being exported
    {u"\"memory:extracted\""_s, 5}, // finish phase: prompt-set export
    {u"daystrom.memory:"_s, 1},
    {u"\"promptset:created\""_s, 5},
};
const QList<Anchor> ResumeAnchors{
    {{}, 300},
    {u"Resuming run"_s, 40},
    {u"extract_learnings"_s, 5},
    {u"daystrom.memory:"_s, 5},
    {u"Prompt set"_s, 3},
};

struct Reference
{
    int iterations = 0;
    int learnings = 0;
    int promptSetSize = 0;
};

} // namespace

class TestKillResume final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void killRunsAndResume();
    void killMemoryEdits();
    void locksWithoutAPidAreTakenOver();
    void cleanupTestCase();

private:
    QTemporaryDir m_dir;
    QRandomGenerator m_rng;
    Reference m_ref;
    int m_runKills = 0;
    // Where the kills landed, read from the home right after each: before the first
    // checkpoint, mid-loop, in the finish phase (checkpoint.finishReason set, not yet
    // completed), after the run was completed (its clean-up).
    void classifyKill(const QString &home);
    QMap<QString, int> m_killsByPhase;
    int m_resumes = 0;
    int m_completedRuns = 0;
    int m_memoryKills = 0;
    int m_memoryEdits = 0;
};

void TestKillResume::initTestCase()
{
    QVERIFY(m_dir.isValid());
    quint32 seed = QRandomGenerator::global()->generate();
    if (qEnvironmentVariableIsSet("DAYSTROM_RELIABILITY_SEED"))
        seed = qEnvironmentVariable("DAYSTROM_RELIABILITY_SEED").toUInt();
    m_rng.seed(seed);
    qInfo("kill/resume seed %u (set DAYSTROM_RELIABILITY_SEED=%u to repeat)", seed, seed);

    // The uninterrupted reference run.
    const QString home = m_dir.filePath(u"reference"_s);
    QVERIFY(QDir().mkpath(home));
    SandboxServe serve(Cli, home);
    QVERIFY2(serve.isReady(), qPrintable(serve.startError()));
    const KillOutcome ref = runAndMaybeKill(
        Cli, generateArgs(), serve.clientEnv(HomeCheck::childEnv(home)), u"never"_s, 0);
    QVERIFY2(ref.exitCode == 0, qPrintable(ref.err));
    const QStringList ids = HomeCheck::runIds(home);
    QCOMPARE(ids.size(), 1);
    const QJsonObject run = HomeCheck::runFile(home, ids.first());
    m_ref.iterations = int(HomeCheck::iterationNumbers(run).size());
    m_ref.learnings = int(HomeCheck::learnings(home).size());
    bool ok = false;
    m_ref.promptSetSize =
        int(serve
                .promptSetPrompts(
                    run.value(u"checkpoint"_s).toObject().value(u"promptSetId"_s).toString(), &ok)
                .size());
    QVERIFY(ok);
    QVERIFY(m_ref.iterations > 0);
    QVERIFY(m_ref.learnings > 0);
    QCOMPARE(m_ref.promptSetSize, int(bestIterationPrompts(run).size()));
    qInfo("reference run: %d iterations, %d learnings, prompt set of %d prompts", m_ref.iterations,
          m_ref.learnings, m_ref.promptSetSize);
}

void TestKillResume::classifyKill(const QString &home)
{
    const QStringList ids = HomeCheck::runIds(home);
    const QJsonObject run = ids.isEmpty() ? QJsonObject() : HomeCheck::runFile(home, ids.first());
    QString phase = u"before the first checkpoint"_s;
    if (run.value(u"status"_s).toString() == u"completed"_s)
        phase = u"after completion"_s;
    else if (!run.value(u"checkpoint"_s).toObject().value(u"finishReason"_s).toString().isEmpty())
        phase = u"finish phase"_s;
    else if (!run.isEmpty())
        phase = u"mid-loop"_s;
    ++m_killsByPhase[phase];
}

void TestKillResume::killRunsAndResume()
{
    QStringList failures;
    int chain = 0;
    while (m_runKills < MinRunKills && chain < 40) {
        ++chain;
        const QString home = m_dir.filePath(u"chain%1"_s.arg(chain));
        QVERIFY(QDir().mkpath(home));
        SandboxServe serve(Cli, home);
        QVERIFY2(serve.isReady(), qPrintable(serve.startError()));
        const QProcessEnvironment env = serve.clientEnv(HomeCheck::childEnv(home));
        auto fail = [&](const QString &what) {
            failures.append(u"chain %1: %2"_s.arg(chain).arg(what));
        };

        // Start the run, killed at a random moment; a kill before the first checkpoint
        // leaves no run to resume, so start again.
        QString runId;
        for (int attempt = 0; attempt < 4 && runId.isEmpty(); ++attempt) {
            const Anchor a = GenerateAnchors.at(m_rng.bounded(int(GenerateAnchors.size())));
            const KillOutcome o =
                runAndMaybeKill(Cli, generateArgs(), env, a.text, m_rng.bounded(a.maxDelayMs + 1));
            if (o.killed) {
                ++m_runKills;
                classifyKill(home);
            } else if (o.exitCode != 0) {
                fail(u"generate exited %1: %2"_s.arg(o.exitCode)
                         .arg(o.err.trimmed().section(u'\n', -1)));
            }
            const QStringList ids = HomeCheck::runIds(home);
            if (ids.size() > 1)
                fail(u"%1 run files after one run was started"_s.arg(ids.size()));
            if (!ids.isEmpty())
                runId = ids.first();
        }
        if (runId.isEmpty()) {
            fail(u"no run file after 4 starts"_s);
            continue;
        }

        // Resume until it completes, killing some resumes too.
        // A kill can land after the run is completed (while it cleans up): then there is
        // nothing left to resume.
        auto isCompleted = [&] {
            return HomeCheck::runFile(home, runId).value(u"status"_s).toString() == u"completed"_s;
        };
        bool completed = isCompleted();
        bool killedAfterCompletion = completed;
        for (int round = 0; !completed && round < 8; ++round) {
            const bool kill = round < 3 && m_rng.bounded(2) == 0;
            const Anchor a = ResumeAnchors.at(m_rng.bounded(int(ResumeAnchors.size())));
            const KillOutcome o =
                runAndMaybeKill(Cli, {u"resume"_s, runId}, env, kill ? a.text : u"never"_s,
                                m_rng.bounded(a.maxDelayMs + 1));
            ++m_resumes;
            if (o.killed) {
                ++m_runKills;
                classifyKill(home);
                completed = isCompleted();
                killedAfterCompletion = completed;
                continue;
            }
            if (o.exitCode != 0) {
                fail(u"resume exited %1: %2"_s.arg(o.exitCode)
                         .arg(o.err.trimmed().section(u'\n', -1)));
                break;
            }
            completed = true;
        }

        // What the home holds now, after one more command that reads the store.
        if (const KillOutcome list = runAndMaybeKill(Cli, {u"runs"_s}, env, u"never"_s, 0);
            list.exitCode != 0)
            fail(u"daystrom runs exited %1: %2"_s.arg(list.exitCode).arg(list.err.trimmed()));
        const QJsonObject run = HomeCheck::runFile(home, runId);
        if (run.value(u"status"_s).toString() != u"completed"_s)
            fail(u"status %1, expected completed"_s.arg(run.value(u"status"_s).toString()));
        else
            ++m_completedRuns;
        if (const QStringList bad = HomeCheck::unparseableJson(home); !bad.isEmpty())
            fail(u"unparseable: "_s + bad.join(u", "_s));
        if (const QStringList c = HomeCheck::leftovers(home, u"*.corrupt-*"_s); !c.isEmpty())
            fail(u"corrupt copies: "_s + c.join(u", "_s));
        for (const QString &lock : HomeCheck::leftovers(home, u"*.lock"_s)) {
            const bool noRunFile = !QFile::exists(home + u'/' + lock.chopped(5) + u".json"_s);
            fail(u"lock left behind: %1 (%2)"_s.arg(
                lock, noRunFile               ? u"its run was killed before its first checkpoint"_s
                      : killedAfterCompletion ? u"kill -9 after the run was completed"_s
                                              : u"after the run completed"_s));
        }
        QList<int> expected;
        for (int i = 1; i <= m_ref.iterations; ++i)
            expected.append(i);
        if (const QList<int> numbers = HomeCheck::iterationNumbers(run); numbers != expected) {
            QStringList text;
            for (int n : numbers)
                text.append(QString::number(n));
            fail(u"iterations numbered [%1], the reference has 1..%2"_s.arg(
                text.join(u','), QString::number(m_ref.iterations)));
        }
        const QList<QJsonObject> learnings = HomeCheck::learnings(home);
        QSet<QString> insights;
        int corroborated = 0;
        for (const QJsonObject &l : learnings) {
            insights.insert(l.value(u"insight"_s).toString());
            corroborated += l.value(u"corroborations"_s).toInt();
            for (const QJsonValue &m : l.value(u"mergedFrom"_s).toArray())
                corroborated += m.toObject().value(u"runId"_s).toString() == runId ? 1 : 0;
        }
        if (learnings.size() != m_ref.learnings || insights.size() != learnings.size() ||
            corroborated != 0)
            fail(
                u"%1 learnings (%2 distinct, %3 self-corroborations); the reference run merged %4"_s
                    .arg(learnings.size())
                    .arg(insights.size())
                    .arg(corroborated)
                    .arg(m_ref.learnings));
        const QString setId =
            run.value(u"checkpoint"_s).toObject().value(u"promptSetId"_s).toString();
        bool ok = false;
        QStringList inSet = setId.isEmpty() ? QStringList() : serve.promptSetPrompts(setId, &ok);
        inSet.sort();
        if (!ok || inSet != bestIterationPrompts(run))
            fail(u"prompt set '%1' holds %2 prompts (%3 distinct); the best iteration has %4"_s
                     .arg(setId)
                     .arg(inSet.size())
                     .arg(QSet<QString>(inSet.cbegin(), inSet.cend()).size())
                     .arg(bestIterationPrompts(run).size()));
    }
    QStringList phases;
    for (auto it = m_killsByPhase.cbegin(); it != m_killsByPhase.cend(); ++it)
        phases.append(u"%1 %2"_s.arg(it.value()).arg(it.key()));
    qInfo("kill/resume: %d chains, %d run kills (%s), %d resumes, %d runs completed", chain,
          m_runKills, qPrintable(phases.join(u", "_s)), m_resumes, m_completedRuns);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(u"\n"_s)));
    QVERIFY(m_runKills >= MinRunKills);
}

void TestKillResume::killMemoryEdits()
{
    const QString home = m_dir.filePath(u"memoryhome"_s);
    QVERIFY(QDir().mkpath(home + u"/memory"_s));
    QStringList ids;
    const QByteArray big = MemoryFixture::bigMemoryFile(2500, &ids);
    QVERIFY(big.size() > 2'000'000);
    const QString path = home + u"/memory/big-topic.json"_s;
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(big), big.size());
    }
    const QProcessEnvironment env = HomeCheck::childEnv(home);
    // How long one edit of this file takes: kills are spread over that span.
    QElapsedTimer timer;
    timer.start();
    const KillOutcome first =
        runAndMaybeKill(Cli, {u"memory"_s, u"confirm"_s, ids.last()}, env, u"never"_s, 0);
    const int editMs = int(timer.elapsed());
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    QStringList failures;
    int before = int(HomeCheck::learnings(home).size());
    for (int i = 0; m_memoryKills < MinMemoryKills && i < 40; ++i) {
        const bool add = m_rng.bounded(2) == 0;
        const QStringList args =
            add ? QStringList{u"memory"_s,     u"add"_s,
                              u"--category"_s, u"big-topic"_s,
                              u"--insight"_s,  u"Killed edit %1 adds this insight."_s.arg(i)}
                : QStringList{u"memory"_s, u"confirm"_s, ids.at(m_rng.bounded(int(ids.size())))};
        const KillOutcome o =
            runAndMaybeKill(Cli, args, env, {}, m_rng.bounded(qMax(50, editMs * 6 / 5)));
        ++m_memoryEdits;
        if (o.killed)
            ++m_memoryKills;
        else if (o.exitCode != 0)
            failures.append(u"edit %1 (%2) exited %3: %4"_s.arg(i)
                                .arg(args.join(u' '))
                                .arg(o.exitCode)
                                .arg(o.err.trimmed()));
        if (const QStringList bad = HomeCheck::unparseableJson(home); !bad.isEmpty())
            failures.append(u"after edit %1: unparseable %2"_s.arg(i).arg(bad.join(u", "_s)));
        const int after = int(HomeCheck::learnings(home).size());
        // A killed add lands whole or not at all; a finished one lands.
        const int added = add && !o.killed ? 1 : 0;
        if (after < before + added || after > before + (add ? 1 : 0))
            failures.append(
                u"after edit %1: %2 learnings, before %3"_s.arg(i).arg(after).arg(before));
        before = after;
    }
    // One more edit, not killed, must succeed (a lock of a killed edit is stale, not held).
    const KillOutcome last =
        runAndMaybeKill(Cli, {u"memory"_s, u"confirm"_s, ids.first()}, env, u"never"_s, 0);
    if (last.exitCode != 0)
        failures.append(
            u"an edit after the kills exited %1: %2"_s.arg(last.exitCode).arg(last.err.trimmed()));
    if (const QStringList c = HomeCheck::leftovers(home, u"*.corrupt-*"_s); !c.isEmpty())
        failures.append(u"corrupt copies: "_s + c.join(u", "_s));
    if (const QStringList l = HomeCheck::leftovers(home, u"*.lock"_s); !l.isEmpty())
        failures.append(u"locks left behind: "_s + l.join(u", "_s));
    qInfo("memory edits: %d edits on a %.1f MB file (%d ms each), %d killed", m_memoryEdits,
          big.size() / 1e6, editMs, m_memoryKills);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(u"\n"_s)));
    QVERIFY(m_memoryKills >= MinMemoryKills);
}

void TestKillResume::locksWithoutAPidAreTakenOver()
{
    // A kill (or a power cut) between creating a lock file and writing its pid leaves an empty
    // lock file. It names no live process, so it must not block the next edit for ever.
    const QString home = m_dir.filePath(u"ownerless"_s);
    QVERIFY(QDir().mkpath(home + u"/memory"_s));
    const QProcessEnvironment env = HomeCheck::childEnv(home);
    const QStringList add{u"memory"_s,      u"add"_s,        u"--category"_s,
                          u"small-topic"_s, u"--insight"_s, u"An insight written past stale locks."_s};
    for (const QString &name : {u"small-topic.json.lock"_s, u"feedback-log.jsonl.lock"_s}) {
        QFile lock(home + u"/memory/"_s + name);
        QVERIFY(lock.open(QIODevice::WriteOnly));
        QVERIFY(lock.setFileTime(QDateTime::currentDateTime().addSecs(-60),
                                 QFileDevice::FileModificationTime));
    }
    const KillOutcome o = runAndMaybeKill(Cli, add, env, u"never"_s, 0, 30000);
    QVERIFY2(o.exitCode == 0, qPrintable(o.err));
    QCOMPARE(HomeCheck::learnings(home).size(), 1);
    QCOMPARE(HomeCheck::leftovers(home, u"*.lock"_s), QStringList());
}

void TestKillResume::cleanupTestCase()
{
    qInfo("kill -9 total: %d (%d runs, %d memory edits); resumes %d; runs completed %d",
          m_runKills + m_memoryKills, m_runKills, m_memoryKills, m_resumes, m_completedRuns);
}

QTEST_GUILESS_MAIN(TestKillResume)
#include "tst_killresume.moc"
