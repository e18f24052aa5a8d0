// The names an impact check gives the plan's topics in its scratch copy (issue 57): never a
// name the apply gives them, so an apply after a killed check cannot take them for its own,
// and always within AIRS's topic limits, so the check measures the plan's topics as written.
#include "domain/tenantfootprint.h"
#include "domain/topiclimits.h"
#include "domain/utf8.h"
#include "tenant/applyimpact.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

class TestApplyImpactNames : public QObject
{
    Q_OBJECT

    const QString m_id = u"V1StGXR8_Z5jdHi6B-myT"_s;

private slots:
    void scratchNameOfAnOrdinaryTopic()
    {
        const Topic topic{u"Tax evasion"_s, u"Requests to evade taxes"_s, {u"Hide income"_s, u"Avoid tax"_s}};
        QCOMPARE(ApplyImpact::scratchTopicName(m_id, 1, topic), TenantFootprint::scratchProfileName(m_id) + u"-1"_s);
        QCOMPARE(ApplyImpact::scratchTopicName(m_id, 2, topic), TenantFootprint::scratchProfileName(m_id) + u"-2"_s);
    }

    // A topic at the combined limit with a short name: the scratch name takes no more bytes
    // than the topic's own, so the copy's topic is as valid as the plan's.
    void scratchNameStaysWithinTheCombinedLimit()
    {
        const QString example(TopicLimits::ExampleBytes, u'e');
        const Topic topic{u"Guns"_s, QString(TopicLimits::DescriptionBytes - 4, u'd'), {example, example, example}};
        QCOMPARE(TopicLimits::combinedBytes(topic), TopicLimits::CombinedBytes);
        QVERIFY(TopicLimits::validate(topic).isEmpty());
        Topic scratch = topic;
        scratch.name = ApplyImpact::scratchTopicName(m_id, 1, topic);
        QVERIFY2(TopicLimits::validate(scratch).isEmpty(), qPrintable(TopicLimits::describe(TopicLimits::validate(scratch))));
        QVERIFY(scratch.name != topic.name);
        QCOMPARE(scratch.name, u"dr-1"_s); // "dr-<n>-<id>" cut to the topic's own 4 bytes
    }
};

QTEST_GUILESS_MAIN(TestApplyImpactNames)
#include "tst_applyimpactnames.moc"
