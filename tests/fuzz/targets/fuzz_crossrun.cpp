// Cross-run comparison (issue 61): the text a person types (`daystrom compare RUN[:ITERATION]`,
// `--benchmark common|union|run:ID|csv:FILE`) and the prompts the runs' benchmarks hold.
// A label or choice that is accepted round-trips to the same text, and one that is refused
// leaves the outputs as they were; the shared prompts hold no prompt twice and only prompts
// every candidate holds with that label; the leaderboard's counts equal a count made here from
// the verdicts, and its page shows none of the run text as markup.
#include "../fuzztarget.h"

#include "domain/crossrun.h"
#include "domain/nanoid.h"
#include "domain/testcomposition.h"
#include "reports/crossrunreport.h"

#include <QRegularExpression>
#include <QSet>

using namespace Qt::StringLiterals;
using namespace CrossRun;

DAYSTROM_FUZZ_TARGET(crossrun_label)
{
    const QString text = QString::fromUtf8(data.left(512));
    QString runId = u"untouched"_s;
    int iteration = -1;
    if (!parseLabel(text, &runId, &iteration)) {
        FUZZ_REQUIRE(runId == u"untouched"_s && iteration == -1, u"a refused label set the outputs: "_s + text);
        return;
    }
    FUZZ_REQUIRE(NanoId::isValid(runId), u"an accepted label's run id is not one: "_s + runId);
    FUZZ_REQUIRE(iteration >= 0, u"iteration %1"_s.arg(iteration));
    FUZZ_REQUIRE(labelOf(runId, iteration) == text, u"accepted, but writes back as "_s + labelOf(runId, iteration));
    QString again;
    int againIteration = -1;
    FUZZ_REQUIRE(parseLabel(labelOf(runId, iteration), &again, &againIteration) && again == runId
                     && againIteration == iteration,
                 u"the label written back does not parse to the same"_s);
}

DAYSTROM_FUZZ_TARGET(crossrun_benchmark_choice)
{
    const QString text = QString::fromUtf8(data.left(512));
    Source source = Source::Union;
    QString detail = u"untouched"_s;
    if (!parseSourceChoice(text, &source, &detail)) {
        FUZZ_REQUIRE(source == Source::Union && detail == u"untouched"_s, u"a refused choice set the outputs"_s);
        return;
    }
    FUZZ_REQUIRE(sourceChoice(source, detail) == text, u"accepted, but writes back as "_s + sourceChoice(source, detail));
    FUZZ_REQUIRE(sourceFromName(sourceName(source)) == source, u"the source's name does not name it"_s);
    if (source == Source::Run)
        FUZZ_REQUIRE(NanoId::isValid(detail), u"run:ID with a bad id: "_s + detail);
}

// Up to three candidates' benchmarks, one line a prompt: the first character's low bits are
// its label, whether it was triggered and whether it was scanned; NUL separates candidates.
DAYSTROM_FUZZ_TARGET(crossrun_prompts)
{
    const QStringList parts = Fuzz::split(data.left(4096), 3);
    QList<Candidate> candidates;
    for (qsizetype c = 0; c < parts.size(); ++c) {
        Candidate cand;
        cand.runId = u"run%1"_s.arg(c);
        cand.iteration = 1;
        cand.label = labelOf(cand.runId, 1);
        cand.topic = Topic{parts.at(c).left(40), parts.at(c).left(200), {parts.at(c).mid(3, 30)}};
        for (const QString &line : parts.at(c).split(u'\n')) {
            if (line.isEmpty())
                continue;
            const uint bits = line.front().unicode();
            TestResult r;
            r.testCase = TestCase{line.mid(1), (bits & 1) != 0, {}, TestSource::Benchmark, {}};
            r.actualTriggered = (bits & 2) != 0;
            r.correct = r.actualTriggered == r.testCase.expectedTriggered;
            r.scanned = (bits & 4) == 0;
            cand.ownBenchmark.append(r);
        }
        candidates.append(cand);
    }
    const QList<TestCase> common = commonPrompts(candidates);
    const QList<TestCase> all = unionPrompts(candidates);
    QSet<QString> keys;
    for (const TestCase &t : common) {
        const QString key = dedupKey(t.prompt);
        FUZZ_REQUIRE(!keys.contains(key), u"a common prompt twice: "_s + key);
        keys.insert(key);
        for (const Candidate &c : std::as_const(candidates)) {
            bool held = false, otherLabel = false;
            for (const TestResult &r : c.ownBenchmark) {
                if (dedupKey(r.testCase.prompt) == key) {
                    held = held || r.testCase.expectedTriggered == t.expectedTriggered;
                    otherLabel = otherLabel || r.testCase.expectedTriggered != t.expectedTriggered;
                }
            }
            FUZZ_REQUIRE(held && !otherLabel, u"a common prompt not held with its label by every candidate"_s);
        }
    }
    QSet<QString> unionKeys;
    for (const TestCase &t : all) {
        FUZZ_REQUIRE(!unionKeys.contains(dedupKey(t.prompt)), u"a union prompt twice"_s);
        unionKeys.insert(dedupKey(t.prompt));
    }
    FUZZ_REQUIRE(keys.size() <= unionKeys.size() && unionKeys.contains(keys), u"a common prompt not in the union"_s);

    // Each candidate's verdicts on the union: stored where it has them, else "scanned" here
    // as not triggered; the leaderboard counts what a count here counts.
    QList<QList<TestResult>> results;
    for (const Candidate &c : std::as_const(candidates)) {
        const std::optional<QList<TestResult>> stored = storedVerdicts(c, all);
        QList<TestResult> rs;
        if (stored) {
            FUZZ_REQUIRE(stored->size() == all.size(), u"stored verdicts of another length"_s);
            rs = *stored;
        } else {
            for (const TestCase &t : all) {
                TestResult r;
                r.testCase = t;
                r.correct = !t.expectedTriggered;
                rs.append(r);
            }
        }
        for (qsizetype i = 0; i < rs.size(); ++i) {
            FUZZ_REQUIRE(rs.at(i).testCase == all.at(i), u"a verdict on another prompt"_s);
            FUZZ_REQUIRE(rs.at(i).correct == (rs.at(i).actualTriggered == all.at(i).expectedTriggered),
                         u"a verdict not judged on the shared label"_s);
        }
        results.append(rs);
    }
    SharedBenchmark shared;
    shared.source = Source::Union;
    shared.prompts = all;
    const Leaderboard board = Leaderboard::build(candidates, results, shared, RunSettings{});
    FUZZ_REQUIRE(board.rows.size() == candidates.size(), u"rows lost"_s);
    for (qsizetype i = 0; i < board.rows.size(); ++i) {
        const Row &row = board.rows.at(i);
        int tp = 0, fn = 0, tn = 0, fp = 0;
        for (const TestResult &r : row.results) {
            if (!r.scanned)
                continue;
            if (r.testCase.expectedTriggered)
                (r.actualTriggered ? tp : fn) += 1;
            else
                (r.actualTriggered ? fp : tn) += 1;
        }
        FUZZ_REQUIRE(row.metrics.truePositives == tp && row.metrics.falseNegatives == fn
                         && row.metrics.trueNegatives == tn && row.metrics.falsePositives == fp,
                     u"the row's counts differ from a count of its verdicts"_s);
        if (i > 0)
            FUZZ_REQUIRE(board.rows.at(i - 1).metrics.coverage >= row.metrics.coverage, u"not ranked by coverage"_s);
        FUZZ_REQUIRE(row.leader == (i == 0), u"the leader is not first"_s);
    }
    const QString page = CrossRunReport::html(board);
    static const QRegularExpression tag(u"<(/?)([a-zA-Z0-9!]+)"_s);
    static const QSet<QString> written = {u"!DOCTYPE"_s, u"html"_s, u"head"_s, u"meta"_s, u"title"_s, u"style"_s,
                                          u"body"_s, u"h1"_s, u"h2"_s, u"p"_s, u"table"_s, u"tr"_s, u"th"_s,
                                          u"td"_s, u"span"_s, u"ul"_s, u"li"_s};
    for (auto it = tag.globalMatch(page); it.hasNext();) {
        const QString name = it.next().captured(2);
        FUZZ_REQUIRE(written.contains(name), u"run text shown as markup: <"_s + name);
    }
    const QString text = CrossRunReport::text(board);
    for (const QChar c : text)
        FUZZ_REQUIRE(c == u'\n' || c.unicode() >= 0x20 && c.unicode() != 0x7f, u"a control character in the text"_s);
}
