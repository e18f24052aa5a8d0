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
    // Issue 43. A response test: the model's answer scanned together with `prompt`, and
    // judged on the response side (response_detected); empty = a prompt test.
    QString response;
    // A rewrite of a benchmark prompt (robustness): its family (PromptRewrites::familyName,
    // "paraphrase", "split", "translation-de"…); empty = written as the LLM or person wrote it.
    QString rewrite;
    int rewriteOf = -1; // a rewrite's prompt: its index in the run's benchmark set

    bool isResponseTest() const { return !response.isEmpty(); }

    QJsonObject toJson() const;
    static TestCase fromJson(const JsonIn &in);

    friend bool operator==(const TestCase &, const TestCase &) = default;
};

// A list of tests as a JSON array, and back (`key` of `in`; absent = empty).
QJsonArray testCasesToJson(const QList<TestCase> &tests);
QList<TestCase> testCasesFromJson(const JsonIn &in, QLatin1StringView key);
