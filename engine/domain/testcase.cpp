#include "testcase.h"

#include "jsonin.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

QString testSourceName(TestSource source)
{
    switch (source) {
    case TestSource::CarriedFp:
        return u"carried-fp"_s;
    case TestSource::CarriedFn:
        return u"carried-fn"_s;
    case TestSource::Regression:
        return u"regression"_s;
    case TestSource::Benchmark:
        return u"benchmark"_s;
    case TestSource::Added:
        return u"added"_s;
    case TestSource::Generated:
        break;
    }
    return u"generated"_s;
}

std::optional<TestSource> testSourceFromName(const QString &name)
{
    for (TestSource s : {TestSource::Generated, TestSource::CarriedFp, TestSource::CarriedFn,
                         TestSource::Regression, TestSource::Benchmark, TestSource::Added}) {
        if (testSourceName(s) == name)
            return s;
    }
    return std::nullopt;
}

QJsonObject TestCase::toJson() const
{
    QJsonObject o{{u"prompt"_s, prompt},
                  {u"expectedTriggered"_s, expectedTriggered},
                  {u"category"_s, category},
                  {u"source"_s, testSourceName(source)}};
    if (!targetTopic.isEmpty())
        o.insert(u"targetTopic"_s, targetTopic);
    if (!response.isEmpty())
        o.insert(u"response"_s, response);
    if (!rewrite.isEmpty()) {
        o.insert(u"rewrite"_s, rewrite);
        o.insert(u"rewriteOf"_s, rewriteOf);
    }
    return o;
}

TestCase TestCase::fromJson(const JsonIn &in)
{
    TestCase t;
    t.prompt = in.string("prompt"_L1);
    t.expectedTriggered = in.boolean("expectedTriggered"_L1);
    t.category = in.stringOr("category"_L1, {});
    const QString source = in.stringOr("source"_L1, u"generated"_s);
    if (const auto s = testSourceFromName(source))
        t.source = *s;
    else
        in.error("source"_L1, u"unknown test source "_s + source);
    t.targetTopic = in.stringOr("targetTopic"_L1, {});
    t.response = in.stringOr("response"_L1, {});
    t.rewrite = in.stringOr("rewrite"_L1, {});
    if (!t.rewrite.isEmpty())
        t.rewriteOf = int(in.integer("rewriteOf"_L1));
    return t;
}

QJsonArray testCasesToJson(const QList<TestCase> &tests)
{
    QJsonArray out;
    for (const TestCase &t : tests)
        out.append(t.toJson());
    return out;
}

QList<TestCase> testCasesFromJson(const JsonIn &in, QLatin1StringView key)
{
    QList<TestCase> out;
    const QJsonArray array = in.arrayOr(key);
    for (qsizetype i = 0; i < array.size(); ++i)
        out.append(TestCase::fromJson(in.element(key, i, array.at(i))));
    return out;
}
