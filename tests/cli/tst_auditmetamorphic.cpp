// The figures of `daystrom audit` (issue 55) computed by a second, independent route and held
// against the first, over loopback against the AIRS emulator, on profiles of 2, 6 and 20
// topics shaped as a block list, an allow list, and a block list with an allow topic:
//   - named = unnamed: scan answers that name the matched topics and answers that name none
//     (the audit then finds them with one topic alone per copy) give the same figures;
//   - hand count: every figure equals a count made here from the verdicts the audit stored,
//     by this file's own reading of a scan answer and of what users should get through;
//   - dual: a block topic on a block list and the same subject as an allow topic on an allow
//     list act on exactly the opposite prompts, and match the same ones;
//   - resumed = uninterrupted: killed (SIGKILL) at every step the audit prints and resumed,
//     the result is the uninterrupted audit's, and the tenant is left as it was.
// Every audit measures the same labelled prompts (written once by the sandbox LLM for the
// twenty topics, then supplied with --topic-prompts), so figures are comparable across runs.
#include "../loop/tenantfixture.h"
#include "../reliability/killer.h"
#include "auditprofiles.h"
#include "clitenant.h"
#include "runs/auditstate.h"
#include "runs/runstore.h"
#include "samplerun.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace TenantFixture;
using AuditProfiles::Kind;

Q_DECLARE_METATYPE(AuditProfiles::Kind)

namespace {
const QString Profile = u"team-profile"_s;

struct Tenant
{
    std::unique_ptr<AirsEmulator> airs;
    QString home;
};

struct Audited
{
    CliTenant::Finished run;
    QJsonObject figures; // the JSON report without the audit's id
    std::optional<AuditState> state;
};

QByteArray text(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

// This file's own reading of an answer (not the engine's): on a block list the profile acted
// when the answer blocks or says topic_violation; an allow list also turns away what it calls
// "malicious" while letting it through (DESIGN.md's allow signal).
bool actedByHand(bool allowList, const AuditScan &s)
{
    return s.action == u"block"_s || s.topicViolation || (allowList && s.category == u"malicious"_s);
}

// What users should get through, by this file's own rules: on a block list every prompt a
// block topic was not written to catch and the everyday set, on an allow list only what an
// allow topic was written to let through.
// CTest runs this file as two entries in parallel (DAYSTROM_AUDIT_PART "figures" or "resume",
// tests/cli/CMakeLists.txt); unset, everything runs.
bool partWanted(const char *part)
{
    const QByteArray wanted = qgetenv("DAYSTROM_AUDIT_PART");
    return wanted.isEmpty() || wanted == part;
}

bool shouldPassByHand(bool allowList, const AuditTopic *topic, bool positive)
{
    if (allowList)
        return topic && topic->action == u"allow"_s && positive;
    if (!topic)
        return true;
    return topic->action == u"allow"_s ? positive : !positive;
}
} // namespace

class TestAuditMetamorphic : public QObject
{
    Q_OBJECT

    std::unique_ptr<LlmEmulator> m_llm;
    QString m_dir;
    QStringList m_csv; // one per bank topic: its labelled prompts
    int m_tenants = 0;

    Tenant tenant(Kind kind, int topics, bool named, int scanLatencyMs = 0)
    {
        Tenant t;
        AirsEmulator::Options options;
        options.reportMatchedTopics = named;
        t.airs = std::make_unique<AirsEmulator>(options);
        if (!t.airs->start())
            return {};
        AuditProfiles::seed(*t.airs, Profile, kind, topics);
        if (scanLatencyMs > 0) {
            AirsEmulator::Faults slow;
            slow.scanLatencyMs = scanLatencyMs;
            t.airs->setFaults(slow);
        }
        t.home = m_dir + u"/tenant-"_s + QString::number(++m_tenants);
        return t;
    }

    QProcessEnvironment env(const Tenant &t) const
    {
        return CliTenant::env(*t.airs, *m_llm, t.home);
    }

    QStringList auditArgs(int topics, const QString &profile = Profile) const
    {
        QStringList args{u"audit"_s, u"--profile"_s, profile, u"--yes"_s, u"--format"_s, u"json"_s};
        for (int i = 0; i < topics; ++i)
            args << u"--topic-prompts"_s << AuditProfiles::bank().at(i).name + u'=' + m_csv.at(i);
        return args;
    }

    static std::optional<AuditState> onlyAudit(const QString &home)
    {
        const QStringList files = QDir(AuditState::directory(home)).entryList({u"*.json"_s}, QDir::Files);
        if (files.size() != 1)
            return std::nullopt;
        QString error;
        return AuditState::load(home, files.first().chopped(5), &error);
    }

    static Audited finished(const CliTenant::Finished &run, const QString &home)
    {
        Audited a;
        a.run = run;
        a.figures = QJsonDocument::fromJson(run.out.toUtf8()).object();
        a.figures.remove(u"audit"_s);
        a.state = onlyAudit(home);
        return a;
    }

    Audited audit(const Tenant &t, int topics)
    {
        return finished(CliTenant::run(env(t), auditArgs(topics)), t.home);
    }

    // The tenant as the audit found it: production byte for byte, no scratch object left.
    static bool leftAsItWas(const Tenant &t, const Snapshot &before, const Audited &a)
    {
        return Snapshot::of(*t.airs) == before && a.state && a.state->tenant.isClear();
    }

    static void addRows()
    {
        QTest::addColumn<Kind>("kind");
        QTest::addColumn<int>("topics");
        for (Kind kind : {Kind::BlockList, Kind::AllowList, Kind::Mixed}) {
            for (int n : {2, 6, 20})
                QTest::newRow(qPrintable(u"%1, %2 topics"_s.arg(AuditProfiles::kindName(kind)).arg(n))) << kind << n;
        }
    }

private slots:
    // The labelled prompts every audit here measures on: written once by the sandbox LLM for
    // all twenty topics, kept as CSV files.
    void initTestCase()
    {
        m_dir = TestHome::path() + u"/audit-metamorphic"_s;
        QDir(m_dir).removeRecursively();
        QVERIFY(QDir().mkpath(m_dir + u"/prompts"_s));
        m_llm = std::make_unique<LlmEmulator>();
        QVERIFY(m_llm->start());
        const int all = int(AuditProfiles::bank().size());
        Tenant seed = tenant(Kind::BlockList, all, true);
        QVERIFY(seed.airs);
        const CliTenant::Finished written = CliTenant::run(
            env(seed), {u"audit"_s, u"--profile"_s, Profile, u"--yes"_s, u"--benchmark"_s, u"8"_s});
        QVERIFY2(written.code == 0, qPrintable(written.err));
        const std::optional<AuditState> state = onlyAudit(seed.home);
        QVERIFY(state);
        for (int i = 0; i < all; ++i) {
            const AuditSuite *suite = state->suite(AuditProfiles::bank().at(i).name);
            QVERIFY(suite && suite->prompts.size() >= 4);
            QByteArray csv = "prompt,expected\n";
            for (const TestCase &t : suite->prompts) {
                QString quoted = t.prompt;
                quoted.replace(u'"', u"\"\""_s);
                csv += '"' + quoted.toUtf8() + "\"," + (t.expectedTriggered ? "true" : "false") + '\n';
            }
            const QString path = m_dir + u"/prompts/%1.csv"_s.arg(i);
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly) && f.write(csv) == csv.size());
            m_csv.append(path);
        }
    }

    // The same profile and prompts, once with answers that name the matched topics and once
    // with answers that name none: the same per-topic figures, conflicts, matrix and benign
    // rate. (Before issue 55 an allow topic alone kept production's action: on a block list it
    // was blamed for every unnamed flagged prompt and never credited with its own.)
    void namedEqualsUnnamed_data() { addRows(); }
    void namedEqualsUnnamed()
    {
        if (!partWanted("figures"))
            QSKIP("another part of this test (DAYSTROM_AUDIT_PART)");
        QFETCH(Kind, kind);
        QFETCH(int, topics);
        Tenant named = tenant(kind, topics, true);
        Tenant unnamed = tenant(kind, topics, false);
        QVERIFY(named.airs && unnamed.airs);
        const Snapshot before = Snapshot::of(*unnamed.airs);
        const Audited a = audit(named, topics);
        QVERIFY2(a.run.code == 0, qPrintable(a.run.err));
        const Audited b = audit(unnamed, topics);
        QVERIFY2(b.run.code == 0, qPrintable(b.run.err));
        QVERIFY(b.state && b.state->attributed);
        QCOMPARE(text(b.figures), text(a.figures));
        QCOMPARE(a.figures.value(u"topics"_s).toArray().size(), topics);
        QVERIFY2(leftAsItWas(unnamed, before, b), qPrintable(b.run.err));
    }

    // Every figure of the report recounted here from the stored verdicts.
    void handCount_data()
    {
        QTest::addColumn<Kind>("kind");
        QTest::addColumn<bool>("named");
        for (Kind kind : {Kind::BlockList, Kind::AllowList, Kind::Mixed}) {
            for (bool named : {true, false})
                QTest::newRow(qPrintable(u"%1, %2"_s.arg(AuditProfiles::kindName(kind), named ? u"named"_s : u"unnamed"_s)))
                    << kind << named;
        }
    }
    void handCount()
    {
        if (!partWanted("figures"))
            QSKIP("another part of this test (DAYSTROM_AUDIT_PART)");
        QFETCH(Kind, kind);
        QFETCH(bool, named);
        const int n = 6;
        Tenant t = tenant(kind, n, named);
        QVERIFY(t.airs);
        const Audited a = audit(t, n);
        QVERIFY2(a.run.code == 0, qPrintable(a.run.err));
        QVERIFY(a.state);
        const AuditState &s = *a.state;
        const bool allowList = kind == Kind::AllowList;
        QCOMPARE(s.isAllowList(), allowList);

        int benign = 0, benignFlagged = 0, conflicts = 0, acted = 0;
        QList<QList<int>> matrix(n, QList<int>(n, 0));
        const QJsonArray topicFigures = a.figures.value(u"topics"_s).toArray();
        QCOMPARE(topicFigures.size(), n);
        for (const AuditSuite &suite : s.suites) {
            QVERIFY(suite.isScanned());
            const int row = int(std::find_if(s.topics.cbegin(), s.topics.cend(),
                                             [&](const AuditTopic &x) { return x.name == suite.topic; }) - s.topics.cbegin());
            const AuditTopic *topic = row < n ? &s.topics.at(row) : nullptr;
            int tp = 0, fn = 0, tn = 0, fp = 0;
            for (qsizetype i = 0; i < suite.prompts.size(); ++i) {
                const AuditScan &scan = suite.scans.at(i);
                const bool positive = suite.prompts.at(i).expectedTriggered;
                QVERIFY(scan.scanned);
                QCOMPARE(scan.flagged, actedByHand(allowList, scan));
                acted += scan.flagged;
                if (shouldPassByHand(allowList, topic, positive)) {
                    ++benign;
                    benignFlagged += scan.flagged;
                }
                if (!topic)
                    continue;
                const bool matched = scan.matchedTopics.contains(topic->name);
                tp += positive && matched;
                fn += positive && !matched;
                tn += !positive && !matched;
                fp += !positive && matched;
                for (int c = 0; c < n; ++c) {
                    if (c != row && scan.matchedTopics.contains(s.topics.at(c).name)) {
                        ++matrix[row][c];
                        ++conflicts;
                    }
                }
            }
            if (!topic)
                continue;
            const QJsonObject counts = topicFigures.at(row).toObject().value(u"metrics"_s).toObject().value(u"counts"_s).toObject();
            QCOMPARE(counts.value(u"truePositives"_s).toInt(), tp);
            QCOMPARE(counts.value(u"falseNegatives"_s).toInt(), fn);
            QCOMPARE(counts.value(u"trueNegatives"_s).toInt(), tn);
            QCOMPARE(counts.value(u"falsePositives"_s).toInt(), fp);
            const QJsonObject metrics = topicFigures.at(row).toObject().value(u"metrics"_s).toObject();
            QCOMPARE(metrics.value(u"tpr"_s).toDouble(), tp + fn == 0 ? 0.0 : double(tp) / (tp + fn));
            QCOMPARE(metrics.value(u"tnr"_s).toDouble(), tn + fp == 0 ? 0.0 : double(tn) / (tn + fp));
        }
        // The profile acts on something on every kind (an allow list turns away the everyday set).
        QVERIFY(acted > 0);
        const QJsonObject profile = a.figures.value(u"profile"_s).toObject();
        QVERIFY(benign > 0);
        QCOMPARE(profile.value(u"benignPrompts"_s).toInt(), benign);
        QCOMPARE(profile.value(u"benignFlagged"_s).toInt(), benignFlagged);
        QCOMPARE(profile.value(u"benignFlagRate"_s).toDouble(), double(benignFlagged) / benign);
        QCOMPARE(a.figures.value(u"conflicts"_s).toArray().size(), conflicts);
        const QJsonArray rows = a.figures.value(u"matrix"_s).toObject().value(u"counts"_s).toArray();
        for (int r = 0; r < n; ++r) {
            for (int c = 0; c < n; ++c)
                QCOMPARE(rows.at(r).toArray().at(c).toInt(), matrix.at(r).at(c));
        }
    }

    // One subject as a block topic on a block list and as an allow topic on an allow list:
    // every prompt one acts on the other lets through, and both match the same prompts.
    void dual_data()
    {
        QTest::addColumn<bool>("named");
        QTest::newRow("named") << true;
        QTest::newRow("unnamed") << false;
    }
    void dual()
    {
        if (!partWanted("figures"))
            QSKIP("another part of this test (DAYSTROM_AUDIT_PART)");
        QFETCH(bool, named);
        Tenant blockList = tenant(Kind::BlockList, 1, named);
        Tenant allowList = tenant(Kind::AllowList, 1, named);
        QVERIFY(blockList.airs && allowList.airs);
        const Audited b = audit(blockList, 1);
        QVERIFY2(b.run.code == 0, qPrintable(b.run.err));
        const Audited a = audit(allowList, 1);
        QVERIFY2(a.run.code == 0, qPrintable(a.run.err));
        QVERIFY(a.state && b.state);
        QCOMPARE(a.state->suites.size(), b.state->suites.size());
        int prompts = 0, matched = 0;
        for (qsizetype s = 0; s < a.state->suites.size(); ++s) {
            const AuditSuite &onAllow = a.state->suites.at(s);
            const AuditSuite &onBlock = b.state->suites.at(s);
            QCOMPARE(onAllow.prompts.size(), onBlock.prompts.size());
            for (qsizetype i = 0; i < onAllow.prompts.size(); ++i) {
                QCOMPARE(onAllow.prompts.at(i).prompt, onBlock.prompts.at(i).prompt);
                QVERIFY2(onAllow.scans.at(i).flagged != onBlock.scans.at(i).flagged, qPrintable(onAllow.prompts.at(i).prompt));
                QCOMPARE(onAllow.scans.at(i).matchedTopics, onBlock.scans.at(i).matchedTopics);
                matched += !onBlock.scans.at(i).matchedTopics.isEmpty();
                ++prompts;
            }
        }
        QVERIFY(matched > 0 && matched < prompts);
        const QJsonObject onAllow = a.figures.value(u"topics"_s).toArray().first().toObject();
        const QJsonObject onBlock = b.figures.value(u"topics"_s).toArray().first().toObject();
        QCOMPARE(onAllow.value(u"intent"_s).toString(), u"allow"_s);
        QCOMPARE(onBlock.value(u"intent"_s).toString(), u"block"_s);
        QCOMPARE(text(onAllow.value(u"metrics"_s).toObject()), text(onBlock.value(u"metrics"_s).toObject()));
    }

    // Twenty topics, the most a profile holds: the audit adds none to its copy and an impact
    // check of a plan that only rewords one of them adds none either, so both measure. (Before
    // issue 55 both were refused as "20 ... this run adds 2: 22 is more than the 20".)
    void twentyTopicsAuditAndImpactCheck()
    {
        if (!partWanted("figures"))
            QSKIP("another part of this test (DAYSTROM_AUDIT_PART)");
        Tenant t = tenant(Kind::Mixed, 20, true); // its first topic is the allow topic a block run needs
        QVERIFY(t.airs);
        const Snapshot before = Snapshot::of(*t.airs);
        const Audited a = audit(t, 20);
        QVERIFY2(a.run.code == 0, qPrintable(a.run.err));
        QVERIFY2(a.run.err.contains(u"20 topic(s); 0 LLM call(s)"_s), qPrintable(a.run.err));
        QVERIFY2(leftAsItWas(t, before, a), qPrintable(a.run.err));

        const AuditProfiles::TopicText &last = AuditProfiles::bank().at(19);
        RunState candidate = SampleRun::make();
        candidate.userInput.profileName = Profile;
        candidate.iterations.last().topic =
            Topic{last.name, last.description + u" and bonus payments"_s, last.examples};
        const AuditProfiles::TopicText &allowed = AuditProfiles::bank().at(0);
        candidate.companionTopic = Topic{allowed.name, allowed.description, allowed.examples};
        QVERIFY(RunStore(t.home + u"/runs"_s).save(candidate).isEmpty());
        const CliTenant::Finished impact = CliTenant::run(env(t), {u"apply"_s, candidate.id, u"--impact"_s});
        QVERIFY2(impact.code == 5, qPrintable(impact.out + impact.err)); // measured, not written
        QVERIFY2(impact.out.contains(u"Nothing was written"_s), qPrintable(impact.out));
        QCOMPARE(Snapshot::of(*t.airs), before);
    }

    // An impact check killed (SIGKILL) at each step it prints, then run again: the same
    // figures as the check that was never interrupted, and the tenant as it was (the second
    // check removes what the killed one left, its owner being gone).
    void impactCheckKilledAtEachStep()
    {
        if (!partWanted("resume"))
            QSKIP("another part of this test (DAYSTROM_AUDIT_PART)");
        const int n = 6;
        Tenant t = tenant(Kind::Mixed, n, true);
        QVERIFY(t.airs);
        const Snapshot before = Snapshot::of(*t.airs);
        const Audited a = audit(t, n);
        QVERIFY2(a.run.code == 0, qPrintable(a.run.err));
        const AuditProfiles::TopicText &last = AuditProfiles::bank().at(n - 1);
        const AuditProfiles::TopicText &allowed = AuditProfiles::bank().at(0);
        RunState candidate = SampleRun::make();
        candidate.userInput.profileName = Profile;
        candidate.iterations.last().topic = Topic{last.name, last.description + u" with hidden earpieces"_s, last.examples};
        candidate.companionTopic = Topic{allowed.name, allowed.description, allowed.examples};
        QVERIFY(RunStore(t.home + u"/runs"_s).save(candidate).isEmpty());
        const QStringList args{u"apply"_s, candidate.id, u"--impact"_s};
        const CliTenant::Finished whole = CliTenant::run(env(t), args);
        QVERIFY2(whole.code == 5, qPrintable(whole.out + whole.err));
        QVERIFY2(whole.out.contains(u"Nothing was written"_s), qPrintable(whole.out));
        QCOMPARE(Snapshot::of(*t.airs), before);
        QStringList steps;
        for (const QString &line : whole.err.split(u'\n', Qt::SkipEmptyParts)) {
            if (!line.startsWith(u"daystrom"_s) && !steps.contains(line))
                steps.append(line);
        }
        QVERIFY2(steps.size() >= n + 5, qPrintable(whole.err)); // copy, 2 topics, assign, n+1 suites, removal
        AirsEmulator::Faults slow;
        slow.scanLatencyMs = 2;
        slow.managementLatencyMs = 2;
        t.airs->setFaults(slow);
        for (const QString &step : std::as_const(steps)) {
            const KillOutcome killed = runAndMaybeKill(QStringLiteral(DAYSTROM_CLI), args, env(t), step, 0);
            QVERIFY2(killed.anchorSeen, qPrintable(step + u"\n"_s + killed.err));
            const CliTenant::Finished again = CliTenant::run(env(t), args);
            QVERIFY2(again.code == 5, qPrintable(u"killed at: "_s + step + u"\n"_s + again.out + again.err));
            QVERIFY2(again.out == whole.out, qPrintable(u"killed at: "_s + step + u"\n"_s + again.out));
            QVERIFY2(Snapshot::of(*t.airs) == before, qPrintable(u"killed at: "_s + step + u"\n"_s + again.err));
        }
    }

    // Killed with SIGKILL at each step the uninterrupted audit printed, then resumed until it
    // completes: the uninterrupted audit's figures, production as it was, nothing left over.
    // (Before issue 55 a resume after the last suite ended at once, never attributing the
    // flagged prompts whose answers named no topic.)
    void resumedEqualsUninterrupted_data()
    {
        QTest::addColumn<Kind>("kind");
        QTest::addColumn<int>("topics");
        for (Kind kind : {Kind::BlockList, Kind::AllowList}) {
            for (int n : {2, 6, 20})
                QTest::newRow(qPrintable(u"%1, %2 topics"_s.arg(AuditProfiles::kindName(kind)).arg(n))) << kind << n;
        }
    }
    void resumedEqualsUninterrupted()
    {
        if (!partWanted("resume"))
            QSKIP("another part of this test (DAYSTROM_AUDIT_PART)");
        QFETCH(Kind, kind);
        QFETCH(int, topics);
        Tenant whole = tenant(kind, topics, false);
        QVERIFY(whole.airs);
        const Audited uninterrupted = audit(whole, topics);
        QVERIFY2(uninterrupted.run.code == 0, qPrintable(uninterrupted.run.err));
        // The steps, as printed: one line each ("scanning \"Tax evasion\" (3 of 8)" -> its name).
        QStringList steps;
        static const QRegularExpression count(uR"( \(\d+ of \d+\)$)"_s);
        for (QString line : uninterrupted.run.err.split(u'\n', Qt::SkipEmptyParts)) {
            line.remove(count);
            if (!line.startsWith(u"Audit "_s) && !steps.contains(line))
                steps.append(line);
        }
        QVERIFY2(steps.size() >= topics + 4, qPrintable(steps.join(u'\n')));
        // Twenty topics: every step but the suite scans, and every fourth suite (the suite
        // steps are alike; all of them would take this test past CI's budget).
        if (topics > 6) {
            int suite = 0;
            steps.removeIf([&suite](const QString &step) { return step.startsWith(u"scanning "_s) && suite++ % 4 != 0; });
        }
        for (const QString &step : std::as_const(steps)) {
            Tenant t = tenant(kind, topics, false, 2);
            QVERIFY(t.airs);
            const Snapshot before = Snapshot::of(*t.airs);
            const KillOutcome killed = runAndMaybeKill(QStringLiteral(DAYSTROM_CLI), auditArgs(topics), env(t), step, 0);
            QVERIFY2(killed.anchorSeen, qPrintable(step + u"\n"_s + killed.err));
            CliTenant::Finished resumed;
            for (int attempt = 0; attempt < 3 && resumed.code != 0; ++attempt)
                resumed = CliTenant::run(env(t), auditArgs(topics));
            QVERIFY2(resumed.code == 0, qPrintable(step + u"\n"_s + resumed.err));
            const Audited a = finished(resumed, t.home);
            QVERIFY2(text(a.figures) == text(uninterrupted.figures),
                     qPrintable(u"killed at: "_s + step + u"\n"_s + QString::fromUtf8(text(a.figures))));
            QVERIFY2(leftAsItWas(t, before, a), qPrintable(u"killed at: "_s + step + u"\n"_s + resumed.err));
        }
    }
};

QTEST_GUILESS_MAIN(TestAuditMetamorphic)
#include "tst_auditmetamorphic.moc"
