#include "testcase.h"

#include "jsonin.h"

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
    return t;
}
