#include "experiment/experimentoutcome.h"
#include "reports/experimentreport.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

// The memory experiment's report in its three forms, from an outcome built by hand: 2 orders of
// 3 topics, a sandbox run, one censored arm (target not reached within the limit) and one trial
// whose memory-on arm has not finished.
class TestExperimentReport : public QObject
{
    Q_OBJECT

    static constexpr int Limit = 10;
    // Run text that must never reach a page raw; "%2" would be eaten by a chained QString::arg.
    static inline const QString HostileTopic = u"Jailbreak <script>&\"%2 attempts"_s;
    static inline const QString LongTopic =
        u"Requests for detailed instructions on synthesising controlled substances at home"_s;

    static ArmOutcome arm(const QString &runId, int toTarget, std::optional<double> coverage = {})
    {
        ArmOutcome a;
        a.runId = runId;
        a.done = true;
        a.reachedTarget = toTarget <= Limit;
        a.iterations = std::min(toTarget, Limit);
        a.iterationsToTarget = toTarget;
        a.llmCalls = 7 * a.iterations;
        a.tokens = 1000 * a.iterations;
        a.scans = 30 * a.iterations;
        if (coverage) {
            a.benchmarkCoverage = coverage;
            a.benchmarkInterval = ProportionStats::wilson(qRound(*coverage * 60), 60);
        }
        return a;
    }

    static TopicTrial trial(int order, int position, const QString &topic, ArmOutcome off, ArmOutcome on)
    {
        TopicTrial t;
        t.order = order;
        t.position = position;
        t.topic = topic;
        t.memoryOff = std::move(off);
        t.memoryOn = std::move(on);
        t.learningsAvailable = position - 1;
        return t;
    }

    // Trials (off, on): O1·P1 (5, 3), O1·P2 (censored, 4), O1·P3 (6, 6), O2·P1 (4, 2),
    // O2·P2 (7, 5), O2·P3 (3, unfinished). Five complete pairs.
    static ExperimentOutcome outcome()
    {
        ExperimentOutcome o;
        o.id = u"exp-abc123"_s;
        o.createdAt = QDateTime(QDate(2024, 5, 6), QTime(7, 8, 9), Qt::UTC);
        o.sandbox = true;
        o.provider = u"sandbox"_s;
        o.model = u"sandbox-llm"_s;
        o.orders = 2;
        o.seed = 42;
        o.targetCoverage = 0.9;
        o.maxIterations = Limit;
        o.topics = {u"Weapons"_s, HostileTopic, LongTopic};
        const ArmOutcome censored = arm(u"r2"_s, Limit + 1, 0.75);
        ArmOutcome running = arm(u"r12"_s, Limit + 1);
        running.done = false;
        o.trials = {trial(1, 1, u"Weapons"_s, arm(u"r1"_s, 5, 0.8333), arm(u"r1b"_s, 3, 0.9)),
                    trial(1, 2, HostileTopic, censored, arm(u"r2b"_s, 4, 0.85)),
                    trial(1, 3, LongTopic, arm(u"r3"_s, 6), arm(u"r3b"_s, 6)),
                    trial(2, 1, LongTopic, arm(u"r4"_s, 4), arm(u"r4b"_s, 2)),
                    trial(2, 2, u"Weapons"_s, arm(u"r5"_s, 7), arm(u"r5b"_s, 5)),
                    trial(2, 3, HostileTopic, arm(u"r6"_s, 3), running)};
        return o;
    }

    // The line of the text table for trial `order`·`position`.
    static QString tableLine(const QString &text, int order, int position)
    {
        const QRegularExpression re(u"^\\s+%1\\s+%2\\s.*$"_s.arg(order).arg(position),
                                    QRegularExpression::MultilineOption);
        return re.match(text).captured(0);
    }

    static void expectFinite(const QJsonValue &v, const QString &path, int *numbers)
    {
        if (v.isObject()) {
            const QJsonObject o = v.toObject();
            for (auto it = o.begin(); it != o.end(); ++it)
                expectFinite(it.value(), path + u'.' + it.key(), numbers);
        } else if (v.isArray()) {
            const QJsonArray a = v.toArray();
            for (qsizetype i = 0; i < a.size(); ++i)
                expectFinite(a.at(i), path + u"[%1]"_s.arg(i), numbers);
        } else if (v.isDouble()) {
            ++*numbers;
            QVERIFY2(std::isfinite(v.toDouble()), qPrintable(path));
        }
    }

    struct Bar
    {
        QString cls;
        int value;
        double height;
    };

    static QList<Bar> bars(const QString &html)
    {
        static const QRegularExpression re(
            uR"re(<rect class="bar ([a-z ]+)" data-value="(\d+)"[^>]* height="([0-9.]+)")re"_s);
        QList<Bar> out;
        for (auto it = re.globalMatch(html); it.hasNext();) {
            const auto m = it.next();
            out.append({m.captured(1), m.captured(2).toInt(), m.captured(3).toDouble()});
        }
        return out;
    }

private slots:
    void textStatesCaveatBeforeTheTable()
    {
        const QString text = ExperimentReport::text(outcome());
        QVERIFY(text.startsWith(u"Memory experiment exp-abc123\n"_s));
        QVERIFY(text.contains(u"sandbox / sandbox-llm"_s));
        QVERIFY(text.contains(u"Target coverage: 90.0%"_s));
        QVERIFY(text.contains(u"Iteration limit: 10"_s));
        // Wrapped to the terminal's width: compare the words, not the line breaks.
        const QString flat = text.simplified();
        const qsizetype caveat = flat.indexOf(ExperimentOutcome::sandboxCaveat().simplified());
        QVERIFY(caveat > 0);
        QVERIFY(caveat < flat.indexOf(u"Order Pos Topic"_s));
        QVERIFY(!ExperimentReport::text([] { auto o = outcome(); o.sandbox = false; return o; }())
                     .simplified()
                     .contains(ExperimentOutcome::sandboxCaveat().simplified()));
    }

    void textStatesTheSummary()
    {
        const ExperimentOutcome o = outcome();
        const ExperimentSummary sum = o.summary();
        QCOMPARE(sum.completePairs, 5);
        const QString text = ExperimentReport::text(o);
        QVERIFY(text.simplified().contains(sum.sentence.simplified()));
        QVERIFY(text.contains(u"Pairs:       5 complete"_s));
        // Differences 7, 2, 0, 2, 2: median 2.
        QVERIFY(text.contains(u"Median iterations saved: 2\n"_s));
        const QString p = sum.test.pTwoSided < 0.001 ? u"< 0.001"_s : QString::number(sum.test.pTwoSided, 'g', 3);
        QVERIFY2(text.contains(u"   p "_s + p + u'\n'), qPrintable(text));
    }

    void textMarksCensoredAndUnfinishedTrials()
    {
        const QString text = ExperimentReport::text(outcome());
        const QString censored = tableLine(text, 1, 2);
        QVERIFY2(censored.contains(u">10"_s), qPrintable(text));
        QVERIFY(!censored.contains(u"11"_s)); // the limit + 1 placeholder is never shown as a count
        QVERIFY(!censored.contains(u"(not finished)"_s));
        QVERIFY(tableLine(text, 2, 3).endsWith(u"(not finished)"_s));
        QVERIFY(!tableLine(text, 1, 1).contains(u"(not finished)"_s));
        QVERIFY(!tableLine(text, 1, 1).contains(u">10"_s));
    }

    void textShowsCoverageWithInterval()
    {
        const QString text = ExperimentReport::text(outcome());
        const QString first = tableLine(text, 1, 1);
        // 50 of 60: 83.3% with Wilson's 95 % interval 72.0–90.7.
        QVERIFY2(first.contains(u"83.3% [72.0–90.7]"_s), qPrintable(first));
        QVERIFY(tableLine(text, 1, 3).contains(u"—"_s)); // no benchmark
    }

    void textAlignsAndElidesTopics()
    {
        const QString text = ExperimentReport::text(outcome());
        const QString longRow = tableLine(text, 1, 3);
        QVERIFY(longRow.contains(LongTopic.left(40) + u"…"_s));
        QVERIFY(!longRow.contains(LongTopic));
        // Every trial's "Saved" column ends at the same place as its header.
        const QStringList lines = text.split(u'\n');
        const QString header = lines.at(lines.indexOf(QRegularExpression(u"^\\s+Order\\s+Pos\\s+Topic.*"_s)));
        const qsizetype savedEnd = header.indexOf(u"Saved"_s) + 5;
        QCOMPARE(tableLine(text, 1, 1).mid(savedEnd - 2, 2), u" 2"_s); // 5 - 3, right-aligned
        QCOMPARE(tableLine(text, 1, 2).mid(savedEnd - 2, 2), u" 7"_s); // censored: 11 - 4
        QCOMPARE(tableLine(text, 1, 3).mid(savedEnd - 2, 2), u" 0"_s);
    }

    void jsonRoundTrips()
    {
        const ExperimentOutcome o = outcome();
        const QByteArray bytes = QJsonDocument(ExperimentReport::json(o)).toJson();
        QJsonParseError error;
        const QJsonObject j = QJsonDocument::fromJson(bytes, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(j[u"experiment"_s].toString(), o.id);
        QCOMPARE(j[u"createdAt"_s].toString(), u"2024-05-06T07:08:09.000Z"_s);
        QCOMPARE(j[u"sandbox"_s].toBool(), true);
        QCOMPARE(j[u"caveat"_s].toString(), ExperimentOutcome::sandboxCaveat());
        QCOMPARE(j[u"provider"_s].toString(), o.provider);
        QCOMPARE(j[u"model"_s].toString(), o.model);
        QCOMPARE(j[u"orders"_s].toInt(), 2);
        QCOMPARE(j[u"seed"_s].toInteger(), 42);
        QCOMPARE(j[u"targetCoverage"_s].toDouble(), 0.9);
        QCOMPARE(j[u"maxIterations"_s].toInt(), Limit);
        QCOMPARE(j[u"topics"_s].toVariant().toStringList(), o.topics);

        const QJsonArray trials = j[u"trials"_s].toArray();
        QCOMPARE(trials.size(), 6);
        const QJsonObject censored = trials.at(1).toObject();
        QCOMPARE(censored[u"order"_s].toInt(), 1);
        QCOMPARE(censored[u"position"_s].toInt(), 2);
        QCOMPARE(censored[u"topic"_s].toString(), HostileTopic);
        QCOMPARE(censored[u"learningsAvailable"_s].toInt(), 1);
        QCOMPARE(censored[u"memoryOff"_s][u"reachedTarget"_s].toBool(), false);
        QCOMPARE(censored[u"memoryOff"_s][u"iterationsToTarget"_s].toInt(), Limit + 1);
        QCOMPARE(censored[u"memoryOn"_s][u"runId"_s].toString(), u"r2b"_s);
        QCOMPARE(censored[u"iterationsSaved"_s].toInt(), 7);
        QVERIFY(!trials.at(5).toObject().contains(u"iterationsSaved"_s)); // unfinished

        const QJsonObject sum = j[u"summary"_s].toObject();
        const ExperimentSummary expected = o.summary();
        QCOMPARE(sum[u"completePairs"_s].toInt(), 5);
        QCOMPARE(sum[u"medianIterationsSaved"_s].toDouble(), 2.0);
        QCOMPARE(sum[u"zeros"_s].toInt(), 1);
        QCOMPARE(sum[u"ranked"_s].toInt(), 4);
        QCOMPARE(sum[u"wPlus"_s].toDouble(), expected.test.wPlus);
        QCOMPARE(sum[u"wMinus"_s].toDouble(), expected.test.wMinus);
        QCOMPARE(sum[u"pTwoSided"_s].toDouble(), expected.test.pTwoSided);
        QCOMPARE(sum[u"test"_s].toString(), u"Wilcoxon signed-rank, exact, two-sided"_s);
        QCOMPARE(sum[u"sentence"_s].toString(), expected.sentence);
    }

    void jsonHasNoCaveatOutsideTheSandbox()
    {
        ExperimentOutcome o = outcome();
        o.sandbox = false;
        const QJsonObject j = ExperimentReport::json(o);
        QCOMPARE(j[u"sandbox"_s].toBool(), false);
        QVERIFY(!j.contains(u"caveat"_s));
    }

    // NaN and infinity are not JSON: a broken figure must not leak into the document.
    void jsonNumbersAreFinite()
    {
        ExperimentOutcome o = outcome();
        o.targetCoverage = std::numeric_limits<double>::quiet_NaN();
        o.trials[0].memoryOff.benchmarkCoverage = std::numeric_limits<double>::infinity();
        int numbers = 0;
        expectFinite(ExperimentReport::json(o), u"$"_s, &numbers);
        QVERIFY(numbers > 50); // the walk did reach the trials
        QVERIFY(ExperimentReport::json(o)[u"targetCoverage"_s].isNull());
        expectFinite(ExperimentReport::json(outcome()), u"$"_s, &numbers);
    }

    void htmlIsSelfContained()
    {
        const QString html = ExperimentReport::html(outcome());
        QVERIFY(html.startsWith(u"<!doctype html>"_s));
        QVERIFY(html.contains(u"<meta charset=\"utf-8\">"_s));
        QVERIFY(html.contains(u"<title>Memory experiment exp-abc123</title>"_s));
        QVERIFY(html.contains(u"<style>"_s));
        QVERIFY(html.contains(u"<svg"_s));
        for (const QString &external : {u"http://"_s, u"https://"_s, u"src="_s, u"<script"_s, u"@import"_s, u"url("_s})
            QVERIFY2(!html.contains(external, Qt::CaseInsensitive), qPrintable(external));
        QVERIFY(html.trimmed().endsWith(u"</html>"_s));
    }

    void htmlShowsCaveatAndSentenceFirst()
    {
        const ExperimentOutcome o = outcome();
        const QString html = ExperimentReport::html(o);
        const qsizetype caveat = html.indexOf(u"<div class=\"caveat\""_s);
        QVERIFY(caveat > 0);
        QVERIFY(html.indexOf(ExperimentOutcome::sandboxCaveat().toHtmlEscaped()) > caveat);
        QVERIFY(caveat < html.indexOf(u"<svg"_s));
        const qsizetype sentence = html.indexOf(u"<p class=\"verdict\">"_s + o.summary().sentence.toHtmlEscaped());
        QVERIFY(sentence > caveat);
        QVERIFY(sentence < html.indexOf(u"<table"_s));
        ExperimentOutcome real = o;
        real.sandbox = false;
        QVERIFY(!ExperimentReport::html(real).contains(u"class=\"caveat\""_s));
    }

    void htmlEscapesRunText()
    {
        const QString html = ExperimentReport::html(outcome());
        QVERIFY(!html.contains(u"<script>"_s));
        QVERIFY(!html.contains(u"&\""_s));
        const QString escaped = HostileTopic.toHtmlEscaped();
        QVERIFY(escaped.contains(u"&lt;script&gt;&amp;&quot;%2"_s));
        QCOMPARE(html.count(u"<td>"_s + escaped + u"</td>"_s), 2); // both orders' table rows
        QCOMPARE(html.count(u"<title>"_s + escaped + u"</title>"_s), 1); // the charted trial's tooltip
    }

    // Bars: two per complete trial (memory off, memory on); unfinished trials are not charted.
    void htmlChartsBothArmsPerCompleteTrial()
    {
        const QString html = ExperimentReport::html(outcome());
        const QList<Bar> all = bars(html);
        QCOMPARE(all.size(), 2 * 5);
        for (qsizetype i = 0; i < all.size(); i += 2) {
            QVERIFY(all[i].cls.startsWith(u"off"_s));
            QVERIFY(all[i + 1].cls.startsWith(u"on"_s));
        }
        QCOMPARE(html.count(u"<g class=\"trial\">"_s), 5);
        for (const QString &label : {u"O1·P1"_s, u"O1·P2"_s, u"O1·P3"_s, u"O2·P1"_s, u"O2·P2"_s})
            QVERIFY2(html.contains(u">"_s + label + u"</text>"_s), qPrintable(label));
        QVERIFY(!html.contains(u">O2·P3</text>"_s));
        QVERIFY(html.contains(u">memory off</text>"_s)); // the legend
        QVERIFY(html.contains(u">memory on</text>"_s));
    }

    void htmlBarHeightsAreProportional()
    {
        const QList<Bar> all = bars(ExperimentReport::html(outcome()));
        QCOMPARE(all.size(), 10);
        // O1·P1: off 5, on 3. O1·P2: off censored (the limit + 1, full height), on 4.
        QCOMPARE(all[0].value, 5);
        QCOMPARE(all[1].value, 3);
        QCOMPARE(all[2].value, Limit + 1);
        QVERIFY(all[2].cls.contains(u"censored"_s));
        QVERIFY(!all[0].cls.contains(u"censored"_s));
        const double unit = all[0].height / 5;
        QVERIFY(unit > 1);
        for (const Bar &b : all)
            QVERIFY2(std::abs(b.height - unit * b.value) < 0.01,
                     qPrintable(u"%1 %2 %3"_s.arg(b.cls).arg(b.value).arg(b.height)));
        QVERIFY(ExperimentReport::html(outcome()).contains(u">&gt;10</text>"_s)); // censored label
    }
};

QTEST_GUILESS_MAIN(TestExperimentReport)
#include "tst_experimentreport.moc"
