#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

class JsonIn;

// Where a test in a suite came from (behaviour reference §2.3).
// Benchmark: a prompt of the run's held-out benchmark set (ours). Added: a prompt a person added
// to the working suite mid-run (ours).
enum class TestSource { Generated, CarriedFp, CarriedFn, Regression, Benchmark, Added };
QString testSourceName(TestSource source);
std::optional<TestSource> testSourceFromName(const QString &name);

struct TestCase
{
    QString prompt;
    bool expectedTriggered = false; // true = a positive: the guardrail should fire
    QString category;               // a label chosen by the LLM
    TestSource source = TestSource::Generated;
    QString targetTopic; // audits only; empty = absent

    QJsonObject toJson() const;
    static TestCase fromJson(const JsonIn &in);

    friend bool operator==(const TestCase &, const TestCase &) = default;
};
