#include "robustness.h"

#include "format.h"
#include "promptrewrites.h"
#include "testcomposition.h"

#include <QRegularExpression>
#include <QSet>

using namespace Qt::StringLiterals;

namespace {
const QString kTranslation = u"translation-"_s;
const QStringList kLlmFamilies{u"paraphrase"_s, u"split"_s};
const QStringList kDefaultLanguages{u"de"_s, u"fr"_s, u"es"_s};
} // namespace

QStringList Robustness::defaultFamilies()
{
    QStringList out;
    for (PromptRewrites::Family f : PromptRewrites::families())
        out.append(PromptRewrites::name(f));
    out += kLlmFamilies;
    for (const QString &language : kDefaultLanguages)
        out.append(kTranslation + language);
    return out;
}

QString Robustness::translationLanguage(const QString &family)
{
    return family.startsWith(kTranslation) ? family.mid(kTranslation.size()) : QString();
}

bool Robustness::isLlmFamily(const QString &family)
{
    return kLlmFamilies.contains(family) || !translationLanguage(family).isEmpty();
}

QString Robustness::familiesProblem(const QStringList &families)
{
    static const QRegularExpression language(u"^[a-z]{2}$"_s);
    QSet<QString> seen;
    for (const QString &family : families) {
        if (seen.contains(family))
            return u"the rewrite family \"%1\" is named twice"_s.arg(family);
        seen.insert(family);
        if (family.startsWith(kTranslation)) {
            if (!language.match(translationLanguage(family)).hasMatch())
                return u"\"%1\": a translation family is translation-<two-letter ISO 639-1 code>, e.g. translation-de"_s.arg(family);
            if (translationLanguage(family) == "en"_L1)
                return u"\"translation-en\": the prompts are in English already"_s;
            continue;
        }
        if (!PromptRewrites::fromName(family) && !kLlmFamilies.contains(family))
            return u"unknown rewrite family \"%1\"; the families are %2 and translation-<language>"_s.arg(
                family, defaultFamilies().mid(0, PromptRewrites::families().size() + kLlmFamilies.size()).join(u", "_s));
    }
    return {};
}

QList<int> Robustness::sampleOf(const QList<TestCase> &benchmark, int size)
{
    QList<int> positives, negatives;
    for (qsizetype i = 0; i < benchmark.size(); ++i)
        (benchmark.at(i).expectedTriggered ? positives : negatives).append(int(i));
    const auto [takePositives, takeNegatives] = balancedTake(positives.size(), negatives.size(), size);
    positives.resize(takePositives);
    negatives.resize(takeNegatives);
    QList<int> out = positives + negatives;
    std::sort(out.begin(), out.end());
    return out;
}

QList<TestCase> Robustness::deterministicRewrites(const QList<TestCase> &benchmark, const QList<int> &sample,
                                                  const QStringList &families)
{
    QList<TestCase> out;
    for (const QString &family : families) {
        const std::optional<PromptRewrites::Family> f = PromptRewrites::fromName(family);
        if (!f)
            continue;
        for (int index : sample) {
            const TestCase &original = benchmark.at(index);
            if (const std::optional<QString> text = PromptRewrites::apply(*f, original.prompt)) {
                TestCase t = original;
                t.prompt = *text;
                t.rewrite = family;
                t.rewriteOf = index;
                out.append(t);
            }
        }
    }
    return out;
}

int Robustness::scansPerIteration(const QStringList &families, int sampleSize)
{
    return int(families.size()) * sampleSize;
}

QList<Robustness::Row> Robustness::table(const IterationResult &it, const QStringList &families)
{
    QStringList order = families;
    QList<int> originals;
    for (const TestResult &r : it.robustness) {
        if (families.isEmpty() && !order.contains(r.testCase.rewrite))
            order.append(r.testCase.rewrite);
        if (!originals.contains(r.testCase.rewriteOf))
            originals.append(r.testCase.rewriteOf);
    }
    std::sort(originals.begin(), originals.end());
    QList<TestResult> asWritten;
    QList<int> asWrittenIndexes;
    for (int index : std::as_const(originals)) {
        if (it.benchmark && index >= 0 && index < it.benchmark->results.size()) {
            asWritten.append(it.benchmark->results.at(index));
            asWrittenIndexes.append(index);
        }
    }
    QList<Row> rows{{AsWritten, EfficacyMetrics::compute(asWritten), 0}};
    for (const QString &family : std::as_const(order)) {
        QList<TestResult> of;
        QList<int> rewritten;
        for (const TestResult &r : it.robustness) {
            if (r.testCase.rewrite != family)
                continue;
            of.append(r);
            if (!rewritten.contains(r.testCase.rewriteOf))
                rewritten.append(r.testCase.rewriteOf);
        }
        int notRewritten = 0;
        for (int index : std::as_const(asWrittenIndexes))
            notRewritten += !rewritten.contains(index);
        rows.append({family, EfficacyMetrics::compute(of), notRewritten});
    }
    return rows;
}

QString Robustness::notRewrittenReason(const QString &family)
{
    return isLlmFamily(family)
        ? u"the LLM wrote no usable rewrite of them: none, a blank one, the prompt unchanged or one too large for AIRS"_s
        : u"the rewrite changed nothing or was too large for AIRS"_s;
}

QStringList Robustness::tableLines(const QList<Row> &rows)
{
    const auto rate = [](double value, int n) { return n > 0 ? Format::percent(value) : u"—"_s; };
    QStringList out{u"%1  %2  %3  %4  %5"_s.arg(u"family"_s, -16).arg(u"TPR"_s, 7).arg(u"TNR"_s, 7).arg(u"coverage"_s, 8).arg(u"n"_s, 4)};
    for (const Row &r : rows) {
        const EfficacyMetrics &m = r.metrics;
        const int positives = m.truePositives + m.falseNegatives, negatives = m.trueNegatives + m.falsePositives;
        out.append(u"%1  %2  %3  %4  %5"_s.arg(r.family, -16)
                       .arg(rate(m.truePositiveRate, positives), 7)
                       .arg(rate(m.trueNegativeRate, negatives), 7)
                       .arg(rate(m.coverage, positives > 0 && negatives > 0 ? m.total() : 0), 8)
                       .arg(m.total(), 4));
    }
    // Why a row has fewer prompts than the as-written one (issue 56): nothing is hidden.
    if (rows.isEmpty())
        return out;
    const int prompts = rows.first().metrics.total() + rows.first().metrics.notScanned;
    for (const Row &r : rows) {
        QStringList why;
        if (r.notRewritten > 0)
            why.append(u"%1 of the %2 prompts not rewritten (%3)"_s.arg(r.notRewritten).arg(prompts).arg(notRewrittenReason(r.family)));
        if (r.metrics.notScanned > 0)
            why.append(u"%1 of the %2 prompts not scanned (AIRS gave no verdict)"_s.arg(r.metrics.notScanned).arg(prompts));
        if (!why.isEmpty())
            out.append(u"%1: %2"_s.arg(r.family, why.join(u"; "_s)));
    }
    return out;
}
