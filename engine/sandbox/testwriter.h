#pragma once

#include "domain/runsettings.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

class PromptReader;
class SandboxCorpus;

// The sandbox LLM's test author (generate_tests): labelled prompts drawn from the corpus
// domain the topic belongs to, plus templated rewordings, chosen by a generator seeded with
// the topic's text. Categories with a high error rate in the breakdown get more tests.
class TestWriter final
{
public:
    explicit TestWriter(const SandboxCorpus &corpus);

    QJsonObject write(const PromptReader &prompt) const;
    // generate_benchmark: "Benchmark size" prompts of the run's domain, spread evenly over the
    // categories, each in a wording (benchmarkVariant) the test author never produces, so the
    // held-out set and the working suites share no prompt.
    QJsonObject writeBenchmark(const PromptReader &prompt) const;
    static QString benchmarkVariant(const QString &prompt, int which);

    // Positives and negatives per iteration, as §3.3 asks for each intent.
    static int positiveCount(Intent intent) { return intent == Intent::Block ? 20 : 15; }
    static int negativeCount(Intent intent) { return intent == Intent::Block ? 20 : 25; }

    // A rewording of `prompt` that keeps its content words (only polite filler is added).
    static QString variant(const QString &prompt, int which);
    static int variantCount();
    // `total` split over `weights` by largest remainder; every weight > 0 gets at least one
    // when total allows.
    static QList<int> allocate(const QList<double> &weights, int total);

private:
    const SandboxCorpus &m_corpus;
};
