#include "runsettings.h"

#include "jsonin.h"
#include "extratests.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

QString intentName(Intent intent)
{
    return intent == Intent::Allow ? u"allow"_s : u"block"_s;
}

std::optional<Intent> intentFromName(const QString &name)
{
    if (name == "block"_L1)
        return Intent::Block;
    if (name == "allow"_L1)
        return Intent::Allow;
    return std::nullopt;
}

QString guardrailActionFor(Intent intent)
{
    return intent == Intent::Block ? u"allow"_s : u"block"_s;
}

QJsonObject RunSettings::toJson() const
{
    QJsonObject o{{u"topicDescription"_s, topicDescription},
                  {u"intent"_s, intentName(intent)},
                  {u"profileName"_s, profileName},
                  {u"maxIterations"_s, maxIterations},
                  {u"targetCoverage"_s, targetCoverage},
                  {u"maxRegressions"_s, maxRegressions},
                  {u"plateauWindow"_s, plateauWindow},
                  {u"plateauBand"_s, plateauBand},
                  {u"accumulateTests"_s, accumulateTests},
                  {u"createPromptSet"_s, createPromptSet}};
    if (!seedExamples.isEmpty())
        o.insert(u"seedExamples"_s, QJsonArray::fromStringList(seedExamples));
    if (maxAccumulatedTests)
        o.insert(u"maxAccumulatedTests"_s, *maxAccumulatedTests);
    if (!promptSetName.isEmpty())
        o.insert(u"promptSetName"_s, promptSetName);
    if (inPlace)
        o.insert(u"inPlace"_s, true);
    if (!leaveOut.isEmpty())
        o.insert(u"leaveOut"_s, QJsonArray::fromStringList(leaveOut));
    if (scanRate)
        o.insert(u"scanRate"_s, *scanRate);
    if (scanConcurrency)
        o.insert(u"scanConcurrency"_s, *scanConcurrency);
    if (!fixedTests.isEmpty()) {
        QJsonArray tests;
        for (const TestCase &t : fixedTests)
            tests.append(t.toJson());
        o.insert(u"fixedTests"_s, tests);
    }
    if (benchmarkSize > 0)
        o.insert(u"benchmarkSize"_s, benchmarkSize);
    if (!benchmarkTests.isEmpty()) {
        QJsonArray tests;
        for (const TestCase &t : benchmarkTests)
            tests.append(t.toJson());
        o.insert(u"benchmarkTests"_s, tests);
    }
    if (decideOnWorkingSuite)
        o.insert(u"decideOnWorkingSuite"_s, true);
    if (scanRepeats > 1)
        o.insert(u"scanRepeats"_s, scanRepeats);
    if (regressionSample > 0)
        o.insert(u"regressionSample"_s, regressionSample);
    if (maxTokens)
        o.insert(u"maxTokens"_s, *maxTokens);
    if (maxCost)
        o.insert(u"maxCost"_s, *maxCost);
    if (!notesLanguage.isEmpty())
        o.insert(u"notesLanguage"_s, notesLanguage);
    if (responseTests > 0)
        o.insert(u"responseTests"_s, responseTests);
    if (decideOnBothDirections)
        o.insert(u"decideOnDirections"_s, u"both"_s);
    if (!robustnessFamilies.isEmpty()) {
        o.insert(u"robustnessFamilies"_s, QJsonArray::fromStringList(robustnessFamilies));
        o.insert(u"robustnessSample"_s, robustnessSample);
    }
    return o;
}

RunSettings RunSettings::fromJson(const JsonIn &in)
{
    RunSettings s;
    s.topicDescription = in.string("topicDescription"_L1);
    const QString intent = in.stringOr("intent"_L1, u"block"_s);
    if (const auto i = intentFromName(intent))
        s.intent = *i;
    else
        in.error("intent"_L1, u"must be block or allow, not "_s + intent);
    s.seedExamples = in.stringsOr("seedExamples"_L1);
    s.profileName = in.string("profileName"_L1);
    s.maxIterations = int(in.integerOr("maxIterations"_L1, s.maxIterations));
    s.targetCoverage = in.numberOr("targetCoverage"_L1, s.targetCoverage);
    s.maxRegressions = int(in.integerOr("maxRegressions"_L1, s.maxRegressions));
    s.plateauWindow = int(in.integerOr("plateauWindow"_L1, s.plateauWindow));
    s.plateauBand = in.numberOr("plateauBand"_L1, s.plateauBand);
    s.accumulateTests = in.booleanOr("accumulateTests"_L1, false);
    if (const auto cap = in.optInteger("maxAccumulatedTests"_L1))
        s.maxAccumulatedTests = int(*cap);
    s.createPromptSet = in.booleanOr("createPromptSet"_L1, false);
    s.promptSetName = in.stringOr("promptSetName"_L1, {});
    s.inPlace = in.booleanOr("inPlace"_L1, false);
    s.leaveOut = in.stringsOr("leaveOut"_L1);
    s.scanRate = in.optNumber("scanRate"_L1);
    if (const auto c = in.optInteger("scanConcurrency"_L1))
        s.scanConcurrency = int(*c);
    const QJsonArray tests = in.arrayOr("fixedTests"_L1);
    for (qsizetype i = 0; i < tests.size(); ++i)
        s.fixedTests.append(TestCase::fromJson(in.element("fixedTests"_L1, i, tests.at(i))));
    // Absent in files made before these existed: no benchmark, no regression sample.
    s.benchmarkSize = int(in.integerOr("benchmarkSize"_L1, 0));
    const QJsonArray bench = in.arrayOr("benchmarkTests"_L1);
    for (qsizetype i = 0; i < bench.size(); ++i)
        s.benchmarkTests.append(TestCase::fromJson(in.element("benchmarkTests"_L1, i, bench.at(i))));
    s.decideOnWorkingSuite = in.booleanOr("decideOnWorkingSuite"_L1, false);
    s.scanRepeats = int(in.integerOr("scanRepeats"_L1, 1));
    s.regressionSample = int(in.integerOr("regressionSample"_L1, 0));
    s.maxTokens = in.optInteger("maxTokens"_L1); // absent in older files: no budget
    s.maxCost = in.optNumber("maxCost"_L1);
    s.notesLanguage = in.stringOr("notesLanguage"_L1, QString());
    s.responseTests = int(in.integerOr("responseTests"_L1, 0));
    const QString directions = in.stringOr("decideOnDirections"_L1, u"prompt"_s);
    if (directions != "prompt"_L1 && directions != "both"_L1)
        in.error("decideOnDirections"_L1, u"must be prompt or both, not "_s + directions);
    s.decideOnBothDirections = directions == "both"_L1;
    s.robustnessFamilies = in.stringsOr("robustnessFamilies"_L1);
    s.robustnessSample = int(in.integerOr("robustnessSample"_L1, s.robustnessSample));
    if (const QString problem = ExtraTests::problem(s); !problem.isEmpty())
        in.error("responseTests"_L1, problem);
    if (s.responseTests < 0 || s.responseTests > MaxResponseTests)
        in.error("responseTests"_L1, u"must be from 0 to %1"_s.arg(MaxResponseTests));
    if (s.robustnessSample < 2 || s.robustnessSample > MaxRobustnessSample)
        in.error("robustnessSample"_L1, u"must be from 2 to %1"_s.arg(MaxRobustnessSample));
    if (s.benchmarkSize < 0 || s.benchmarkSize > 1000)
        in.error("benchmarkSize"_L1, u"must be from 0 to 1000"_s);
    if (s.scanRepeats < 1 || s.scanRepeats > 10)
        in.error("scanRepeats"_L1, u"must be from 1 to 10"_s);
    if (s.regressionSample < 0)
        in.error("regressionSample"_L1, u"must not be negative"_s);
    return s;
}
