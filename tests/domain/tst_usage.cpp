#include "config/pricetable.h"
#include "domain/jsonin.h"
#include "domain/runusage.h"
#include "loop/runbudget.h"
#include "reports/usagetext.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

// The pieces of usage and cost (issue 19, item 6): RunUsage's sums and JSON, the price table
// from config.json, the budget check before an LLM call, and how usage reads.
class TestUsage : public QObject
{
    Q_OBJECT

    static RunUsage usage(qint64 in, qint64 out, int calls, int scans, std::optional<double> cost)
    {
        return RunUsage{in, out, calls, scans, cost};
    }

    static QString writeConfig(const QByteArray &json)
    {
        static int n = 0;
        const QString home = TestHome::path() + u"/prices-"_s + QString::number(++n);
        QDir().mkpath(home);
        QFile f(home + u"/config.json"_s);
        if (f.open(QIODevice::WriteOnly))
            f.write(json);
        return home;
    }

private slots:
    void sums()
    {
        RunUsage total;
        total += usage(100, 20, 1, 0, 0.5);
        total += usage(0, 0, 0, 30, std::nullopt); // scans only: the cost stays known
        QCOMPARE(total, usage(100, 20, 1, 30, 0.5));
        total += usage(10, 2, 1, 0, 0.25);
        QCOMPARE(total.estimatedCost.value_or(-1), 0.75);
        total += usage(5, 5, 1, 0, std::nullopt); // a call without a price: unknown from now on
        QVERIFY(!total.estimatedCost);
        total += usage(5, 5, 1, 0, 1.0);
        QVERIFY(!total.estimatedCost);
        QCOMPARE(total.inputTokens, 120);
        QCOMPARE(total.llmCalls, 4);
        QCOMPARE(total.totalTokens(), 152);

        const RunUsage whole = usage(500, 100, 6, 40, 2.0);
        const RunUsage part = usage(300, 60, 4, 40, 1.5);
        QCOMPARE(whole - part, usage(200, 40, 2, 0, 0.5));
        QVERIFY(!(usage(500, 100, 6, 40, std::nullopt) - part).estimatedCost);
    }

    void json()
    {
        const RunUsage u = usage(5000000000LL, 12, 3, 7, 0.0042);
        const QJsonObject o = u.toJson();
        QCOMPARE(o.keys(), (QStringList{u"estimatedCost"_s, u"inputTokens"_s, u"llmCalls"_s,
                                        u"outputTokens"_s, u"scans"_s}));
        QStringList errors;
        QCOMPARE(RunUsage::fromJson(JsonIn(o, {}, &errors)), u);
        QVERIFY(errors.isEmpty());
        const QJsonObject unknown = usage(1, 2, 1, 0, std::nullopt).toJson();
        QVERIFY(unknown.value(u"estimatedCost"_s).isNull()); // present, null: "cost unknown"
        QVERIFY(!RunUsage::fromJson(JsonIn(unknown, {}, &errors)).estimatedCost);
        QVERIFY(RunUsage::fromJson(JsonIn({}, {}, &errors)).isEmpty()); // older files
        RunUsage::fromJson(JsonIn(QJsonObject{{u"scans"_s, u"many"_s}}, u"usage"_s, &errors));
        QCOMPARE(errors.size(), 1);
    }

    void priceTable()
    {
        QString error;
        const PriceTable t = PriceTable::fromJson(
            QJsonDocument::fromJson(
                R"({"claude-sonnet-4-5": {"inputPerMillion": 3, "outputPerMillion": 15},
                                        "free": {"inputPerMillion": 0, "outputPerMillion": 0}})")
                .object(),
            &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(t.has(u"claude-sonnet-4-5"_s));
        QVERIFY(!t.has(u"claude-sonnet"_s)); // exact names only
        QCOMPARE(t.cost(u"claude-sonnet-4-5"_s, LlmUsage{1000000, 200000}).value_or(-1), 3.0 + 3.0);
        QCOMPARE(t.cost(u"free"_s, LlmUsage{1000, 1000}).value_or(-1), 0.0);
        QVERIFY(!t.cost(u"gpt-4o"_s, LlmUsage{1000, 1000})); // never invented
        QVERIFY(PriceTable::fromJson(QJsonValue(), &error).isEmpty());
        QVERIFY(error.isEmpty());
    }

    void badPriceTable_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("not an object")
            << QByteArray(R"([1, 2])") << u"config.json llmPrices must be an object"_s;
        QTest::newRow("entry not an object")
            << QByteArray(R"({"m1": 3})")
            << u"config.json llmPrices: the entry for model \"m1\" is not an object"_s;
        QTest::newRow("missing output") << QByteArray(R"({"m2": {"inputPerMillion": 3}})")
                                        << u"the entry for model \"m2\" has no outputPerMillion"_s;
        QTest::newRow("text")
            << QByteArray(R"({"m3": {"inputPerMillion": "3", "outputPerMillion": 1}})")
            << u"the entry for model \"m3\" whose inputPerMillion is not a number"_s;
        QTest::newRow("negative")
            << QByteArray(R"({"m4": {"inputPerMillion": 1, "outputPerMillion": -1}})")
            << u"the entry for model \"m4\" has outputPerMillion -1 (allowed: 0 to 100000)"_s;
        QTest::newRow("huge") << QByteArray(
                                     R"({"m5": {"inputPerMillion": 1e300, "outputPerMillion": 1}})")
                              << u"the entry for model \"m5\" has inputPerMillion"_s;
    }
    void badPriceTable()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        QString got;
        const QJsonDocument doc = QJsonDocument::fromJson(json);
        const PriceTable t = PriceTable::fromJson(
            doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array()), &got);
        QVERIFY2(got.contains(error), qPrintable(got));
        QVERIFY(!got.contains(u'\n'));
        QVERIFY(t.isEmpty());
    }

    void priceTableFromConfigFile()
    {
        QString error;
        const QString home = writeConfig(
            R"({"llmModel": "x", "llmPrices": {"x": {"inputPerMillion": 2, "outputPerMillion": 8}}})");
        const PriceTable t = PriceTable::fromConfigFile(home, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(t.cost(u"x"_s, LlmUsage{500000, 500000}).value_or(-1), 5.0);
        QVERIFY(
            PriceTable::fromConfigFile(TestHome::path() + u"/no-such-home"_s, &error).isEmpty());
        QVERIFY(error.isEmpty()); // no file: no prices, no error
        PriceTable::fromConfigFile(writeConfig(R"({"llmPrices": {"x": {}}})"), &error);
        QVERIFY2(error.contains(u"the entry for model \"x\" has no inputPerMillion"_s),
                 qPrintable(error));
    }

    void estimate()
    {
        LlmRequest request;
        request.system = QString(400, u'a');
        request.user = QString(399, u'b');
        request.maxTokens = 8192;
        RunBudget::Estimate e = RunBudget::estimate(request, {});
        QCOMPARE(e.inputTokens, 200);   // (400 + 399) / 4, rounded up
        QCOMPARE(e.outputTokens, 8192); // no calls yet: the request's cap
        e = RunBudget::estimate(request, usage(9000, 1001, 4, 0, std::nullopt));
        QCOMPARE(e.outputTokens, 251); // the average output so far, rounded up
        const RunBudget::Estimate unknown =
            RunBudget::estimateUnknownPrompt(usage(9000, 1000, 4, 0, std::nullopt));
        QCOMPARE(unknown.inputTokens, 2250);
        QCOMPARE(unknown.outputTokens, 250);
    }

    void budget()
    {
        RunSettings s;
        PriceTable prices;
        prices.insert(u"m"_s, {1000.0, 1000.0}); // $0.001 a token
        const RunUsage used = usage(12000, 400, 5, 90, 12.4);
        QVERIFY(RunBudget::check(s, used, {2000, 1100}, prices, u"m"_s).isEmpty()); // no budget
        s.maxTokens = 15000;
        QVERIFY(
            RunBudget::check(s, used, {1500, 1100}, prices, u"m"_s).isEmpty()); // exactly 15,000
        QCOMPARE(RunBudget::check(s, used, {2000, 1100}, prices, u"m"_s),
                 u"paused: the token budget would be exceeded by the next LLM call (12,400 of "
                 u"15,000 tokens used; "
                 "the call needs about 3,100); resume with a higher --max-tokens"_s);
        s.maxTokens.reset();
        s.maxCost = 15.0;
        QVERIFY(RunBudget::check(s, used, {2000, 500}, prices, u"m"_s).isEmpty()); // $14.90
        QCOMPARE(RunBudget::check(s, used, {2000, 1100}, prices, u"m"_s),
                 u"paused: the cost budget would be exceeded by the next LLM call ($12.40 of "
                 u"$15.00 spent; the call "
                 "needs about $3.10); resume with a higher --max-cost"_s);
        QVERIFY(RunBudget::check(s, used, {1, 1}, prices, u"other"_s)
                    .contains(u"no price for model other"_s));
        QVERIFY(RunBudget::costNeedsPrice(s, prices, u"m"_s).isEmpty());
        QVERIFY(RunBudget::costNeedsPrice(s, prices, u"other"_s)
                    .startsWith(u"--max-cost needs a price"_s));
        s.maxCost.reset();
        QVERIFY(RunBudget::costNeedsPrice(s, prices, u"other"_s).isEmpty());
    }

    void text()
    {
        QCOMPARE(UsageText::summary(usage(12345, 2345, 14, 300, 0.1234)),
                 u"tokens 12,345 in / 2,345 out · 14 LLM calls · 300 scans · est. $0.12"_s);
        QCOMPARE(UsageText::summary(usage(10, 2, 1, 1, std::nullopt), u"gpt-x"_s),
                 u"tokens 10 in / 2 out · 1 LLM call · 1 scan · cost unknown: no price for model "
                 u"gpt-x in config.json "
                 "llmPrices"_s);
        QCOMPARE(UsageText::summary(usage(10, 2, 1, 1, std::nullopt)),
                 u"tokens 10 in / 2 out · 1 LLM call · 1 scan · cost unknown"_s);
        QCOMPARE(UsageText::money(0.0042), u"$0.0042"_s);
        QCOMPARE(UsageText::money(1234.5), u"$1,234.50"_s);
        QCOMPARE(UsageText::money(0), u"$0.00"_s);
    }
};

QTEST_GUILESS_MAIN(TestUsage)
#include "tst_usage.moc"
