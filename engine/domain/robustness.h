#pragma once

#include "efficacymetrics.h"
#include "iterationresult.h"
#include "testcase.h"
#include "testresult.h"

#include <QStringList>

// How much of a topic's coverage survives evasive wording (issue 43): rewrite families applied
// to a sample of the run's benchmark, scanned against each iteration's topic and shown as a
// table beside the decision figures, never in them.
//
// Families: the deterministic ones of PromptRewrites ("typos", "leetspeak", "casing-spacing",
// "base64", "homoglyphs") and the LLM's: "paraphrase", "split" (the request spread over two
// sentences) and "translation-<code>" (ISO 639-1, e.g. "translation-de").
namespace Robustness {

QStringList defaultFamilies(); // every deterministic family, paraphrase, split, translation to de, fr, es
bool isLlmFamily(const QString &family);
QString translationLanguage(const QString &family); // "de" for "translation-de", else empty
// Why a list of families cannot be used (unknown, repeated, a bad language code), or empty.
QString familiesProblem(const QStringList &families);

// The benchmark prompts rewritten: up to `size` of them, half positive where the benchmark
// allows, in benchmark order (indexes into it).
QList<int> sampleOf(const QList<TestCase> &benchmark, int size);
// The deterministic rewrites of those prompts, family by family (a rewrite that changes nothing
// or would be too large for AIRS is left out). Each keeps its prompt's label and category.
QList<TestCase> deterministicRewrites(const QList<TestCase> &benchmark, const QList<int> &sample,
                                      const QStringList &families);
// Scans one iteration costs for the robustness set of these settings (an upper bound: a
// rewrite that changes nothing is not scanned).
int scansPerIteration(const QStringList &families, int sampleSize);

struct Row
{
    QString family; // AsWritten for the sampled prompts as the benchmark has them
    EfficacyMetrics metrics;
    // The as-written row's prompts this family has no rewrite of (notRewrittenReason says
    // why): with metrics.notScanned, why a family's n can be below the as-written row's.
    int notRewritten = 0;
    friend bool operator==(const Row &, const Row &) = default;
};
inline constexpr QLatin1StringView AsWritten("as-written");
// Why a family has no rewrite of a prompt: a deterministic rewrite that changed nothing or was
// too large for AIRS is left out; for an LLM family the LLM wrote none that could be used.
QString notRewrittenReason(const QString &family);
// The table of one iteration: the "as-written" row (the benchmark results of the prompts that
// were rewritten, TestCase::rewriteOf), then one row per family in the order of `families`
// (a family nothing was written for has n = 0), or, with `families` empty, per family in the
// order the results have them. Every row accounts for the as-written row's prompts: n, not
// scanned (metrics.notScanned) and, for a family, not rewritten (Row::notRewritten).
QList<Row> table(const IterationResult &it, const QStringList &families = {});
// The table as plain English lines (CLI, text report): family, TPR, TNR, coverage and n, with
// "—" for a rate without prompts; then, for each row short of the as-written row's prompts, a
// line saying how many were not rewritten (and why) or not scanned.
QStringList tableLines(const QList<Row> &rows);

} // namespace Robustness
