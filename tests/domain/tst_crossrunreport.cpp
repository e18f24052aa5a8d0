// Issue 61: the cross-run leaderboard as text and HTML. The text names the shared benchmark,
// ranks the candidates with their intervals, verdicts and separating counts, and shows each
// non-leader's description as a word diff against the leader's; the page escapes every run
// text (topics, prompts, labels) and loads nothing from outside.
#include "reports/crossrunreport.h"

#include "testmain.h"

#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace CrossRun;

namespace {

TestResult verdict(const QString &prompt, bool positive, bool right)
{
    TestResult r;
    r.testCase = TestCase{prompt, positive, u"direct"_s, TestSource::Benchmark, {}};
    r.actualTriggered = positive == right;
    r.correct = right;
    return r;
}

QList<TestResult> verdicts(int perClass, int wrongPositives, const QString &hostile = {})
{
    QList<TestResult> out;
    for (int i = 0; i < perClass; ++i)
        out.append(verdict(i == 0 && !hostile.isEmpty() ? hostile : u"positive %1"_s.arg(i), true, i >= wrongPositives));
    for (int i = 0; i < perClass; ++i)
        out.append(verdict(u"negative %1"_s.arg(i), false, true));
    return out;
}

Leaderboard board(const QString &hostile = {})
{
    Candidate a;
    a.runId = u"runLeader"_s;
    a.iteration = 4;
    a.label = labelOf(a.runId, a.iteration);
    a.topic = Topic{u"Weapons"_s, u"Requests to obtain weapons or explosives"_s, {u"Where can I buy a rifle?"_s}};
    a.ownBenchmark = verdicts(30, 0, hostile);
    a.curve = {{1, 0.5}, {4, 0.9}};
    Candidate b = a;
    b.runId = u"runOther"_s;
    b.iteration = 2;
    b.label = labelOf(b.runId, b.iteration);
    b.topic = Topic{u"Weapons " + hostile, u"Requests to obtain weapons " + hostile, {hostile.isEmpty() ? u"x"_s : hostile}};
    b.ownBenchmark = verdicts(30, 14, hostile);
    const QList<TestCase> prompts = commonPrompts({b, a});
    SharedBenchmark shared;
    shared.prompts = prompts;
    return Leaderboard::build({b, a}, {*storedVerdicts(b, prompts), *storedVerdicts(a, prompts)}, shared, RunSettings{});
}

} // namespace

class TestCrossRunReport : public QObject
{
    Q_OBJECT

private slots:
    void textNamesTheBenchmarkAndRanks()
    {
        const QString text = CrossRunReport::text(board());
        qInfo().noquote() << '\n' << text;
        QVERIFY(text.contains(u"on the 60 prompts every run's benchmark holds (30 positives, 30 negatives)"_s));
        const QStringList lines = text.split(u'\n');
        const auto lineWith = [&](const QString &needle) {
            for (const QString &l : lines) {
                if (l.startsWith(needle))
                    return l;
            }
            return QString();
        };
        const QString first = lineWith(u"1  runLeader:4"_s), second = lineWith(u"2  runOther:2"_s);
        QVERIFY2(!first.isEmpty() && !second.isEmpty(), qPrintable(text));
        QVERIFY(first.contains(u"100.0% ["_s));
        QVERIFY(first.contains(u"better than #2"_s));
        QVERIFY(first.trimmed().endsWith(u"14"_s));
        QVERIFY(second.contains(u"53.3% ["_s)); // 16 of 30 positives
        QVERIFY(second.contains(u"worse than #1"_s));
        QVERIFY(second.trimmed().endsWith(u"14"_s));
        QVERIFY(text.contains(u"Requests to obtain weapons [-or explosives-]"_s));
        QVERIFY(text.contains(u"Separating prompts (14):"_s));
        QVERIFY(text.contains(u"… and 2 more"_s));
        QVERIFY(text.contains(u"own benchmark (not the shared one): 1: 50.0%, 4: 90.0%"_s));
    }

    void textEscapesTerminalSequences()
    {
        const QString text = CrossRunReport::text(board(u"evil\x1b]0;owned\x07 text"_s));
        QVERIFY(!text.contains(QChar(0x1b)));
        QVERIFY(!text.contains(QChar(0x07)));
    }

    void htmlEscapesEverything()
    {
        const QString hostile = u"<script>alert(\"x\")</script> & <img src=x onerror=y>"_s;
        const QString page = CrossRunReport::html(board(hostile));
        QVERIFY(page.startsWith(u"<!DOCTYPE html>"_s));
        QVERIFY(page.contains(u"Content-Security-Policy"_s));
        QVERIFY(!page.contains(u"<script"_s));
        QVERIFY(!page.contains(u"<img"_s));
        QVERIFY(page.contains(u"&lt;script&gt;"_s));
        QVERIFY(page.contains(u"id=\"leaderboard\""_s));
        QVERIFY(!page.contains(u"http://"_s) && !page.contains(u"https://"_s));
        // every tag on the page is one the report writes
        static const QRegularExpression tag(u"<([a-zA-Z0-9!]+)"_s);
        const QStringList allowed = {u"!DOCTYPE"_s, u"html"_s, u"head"_s, u"meta"_s, u"title"_s, u"style"_s, u"body"_s,
                                     u"h1"_s, u"h2"_s, u"p"_s, u"table"_s, u"tr"_s, u"th"_s, u"td"_s, u"span"_s,
                                     u"ul"_s, u"li"_s};
        for (auto it = tag.globalMatch(page); it.hasNext();) {
            const QString name = it.next().captured(1);
            QVERIFY2(allowed.contains(name), qPrintable(name));
        }
    }

    void oneCandidate()
    {
        Candidate a;
        a.runId = u"solo"_s;
        a.iteration = 1;
        a.label = u"solo:1"_s;
        a.ownBenchmark = verdicts(10, 0);
        const QList<TestCase> prompts = commonPrompts({a});
        SharedBenchmark shared;
        shared.prompts = prompts;
        const Leaderboard b = Leaderboard::build({a}, {*storedVerdicts(a, prompts)}, shared, RunSettings{});
        QCOMPARE(CrossRunReport::verdictText(b, 0), u"—"_s);
        QVERIFY(CrossRunReport::text(b).contains(u"solo:1"_s));
        QVERIFY(CrossRunReport::html(b).contains(u"solo:1"_s));
    }
};

QTEST_GUILESS_MAIN(TestCrossRunReport)
#include "tst_crossrunreport.moc"
