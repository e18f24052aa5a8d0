#include "pairedcomparison.h"

#include "proportionstats.h"

#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace {
struct Outcome
{
    bool correct = false;
    bool positive = false; // expected to trigger
};

// Each prompt's outcome in one iteration (the first result for a prompt listed twice), and
// the keys of prompts left out as unstable.
QHash<QString, Outcome> outcomes(const IterationResult &it, bool benchmark, QSet<QString> *unstable)
{
    QHash<QString, Outcome> correct;
    const QList<TestResult> &results = benchmark ? it.benchmark->results : it.testResults;
    for (qsizetype i = 0; i < results.size(); ++i) {
        const QString k = PairedComparison::key(results.at(i).testCase.prompt);
        if (benchmark && it.benchmark->unstableIndexes.contains(int(i))) {
            unstable->insert(k);
            continue;
        }
        if (!correct.contains(k))
            correct.insert(k, {results.at(i).correct, results.at(i).testCase.expectedTriggered});
    }
    return correct;
}

QString formatP(double p)
{
    if (p < 0.001)
        return u"p < 0.001"_s;
    return u"p = "_s + QString::number(p, 'f', 3);
}
} // namespace

PairedComparison PairedComparison::of(const IterationResult &a, const IterationResult &b, double alpha)
{
    PairedComparison c;
    c.iterationA = a.iteration;
    c.iterationB = b.iteration;
    c.onBenchmark = a.benchmark && b.benchmark;
    QSet<QString> unstable;
    QHash<QString, Outcome> inA = outcomes(a, c.onBenchmark, &unstable), inB = outcomes(b, c.onBenchmark, &unstable);
    for (const QString &k : std::as_const(unstable)) { // unstable in either: out of both
        inA.remove(k);
        inB.remove(k);
    }
    c.unstable = int(unstable.size());
    for (auto it = inA.cbegin(); it != inA.cend(); ++it) {
        const auto other = inB.constFind(it.key());
        if (other == inB.cend()) {
            ++c.onlyInA;
            continue;
        }
        ++c.shared;
        const bool fixed = !it.value().correct && other.value().correct;
        const bool broken = it.value().correct && !other.value().correct;
        c.fixed += fixed;
        c.broken += broken;
        ClassPairs &cls = other.value().positive ? c.positives : c.negatives;
        cls.fixed += fixed;
        cls.broken += broken;
    }
    c.positives.pValue = ProportionStats::mcnemarExact(c.positives.fixed, c.positives.broken);
    c.negatives.pValue = ProportionStats::mcnemarExact(c.negatives.fixed, c.negatives.broken);
    c.onlyInB = int(inB.size()) - c.shared;
    c.pValue = ProportionStats::mcnemarExact(c.fixed, c.broken);
    if (c.shared == 0)
        c.verdict = Verdict::NothingShared;
    else if (c.pValue >= alpha || c.fixed == c.broken)
        c.verdict = Verdict::WithinNoise;
    else
        c.verdict = c.fixed > c.broken ? Verdict::BBetter : Verdict::ABetter;
    return c;
}

QString PairedComparison::verdictName(Verdict v)
{
    switch (v) {
    case Verdict::BBetter:
        return u"b-better"_s;
    case Verdict::ABetter:
        return u"a-better"_s;
    case Verdict::WithinNoise:
        return u"within-noise"_s;
    case Verdict::NothingShared:
        break;
    }
    return u"nothing-shared"_s;
}

QString PairedComparison::sentence() const
{
    if (verdict == Verdict::NothingShared)
        return u"Iterations %1 and %2 scanned no prompt in common: they cannot be compared prompt by prompt."_s
            .arg(iterationA)
            .arg(iterationB);
    const QString a = QString::number(iterationA), b = QString::number(iterationB);
    QString head;
    switch (verdict) {
    case Verdict::BBetter:
        head = u"Iteration %2 is better than iteration %1"_s.arg(a, b);
        break;
    case Verdict::ABetter:
        head = u"Iteration %2 is worse than iteration %1"_s.arg(a, b);
        break;
    default:
        head = u"The difference between iterations %1 and %2 is within noise"_s.arg(a, b);
        break;
    }
    QString scope = onBenchmark ? u"on the %1 held-out benchmark prompts"_s.arg(shared)
                                : u"on the %1 prompts both scanned; %2 only in iteration %3, %4 only in iteration %5"_s.arg(
                                      QString::number(shared), QString::number(onlyInA), a, QString::number(onlyInB), b);
    if (unstable > 0)
        scope += u"; %1 unstable left out"_s.arg(unstable);
    return u"%1: %2 fixed, %3 broken, %4 (%5)"_s.arg(head, QString::number(fixed), QString::number(broken),
                                                     formatP(pValue), scope);
}

QJsonObject PairedComparison::toJson() const
{
    const auto pairs = [](const ClassPairs &p) {
        return QJsonObject{{u"fixed"_s, p.fixed}, {u"broken"_s, p.broken}, {u"pValue"_s, p.pValue}};
    };
    return {{u"iterationA"_s, iterationA}, {u"iterationB"_s, iterationB}, {u"shared"_s, shared},
            {u"onlyInA"_s, onlyInA},       {u"onlyInB"_s, onlyInB},       {u"fixed"_s, fixed},
            {u"broken"_s, broken},         {u"pValue"_s, pValue},         {u"verdict"_s, verdictName(verdict)},
            {u"suite"_s, onBenchmark ? u"benchmark"_s : u"working"_s}, {u"unstable"_s, unstable},
            {u"perClass"_s, QJsonObject{{u"positives"_s, pairs(positives)}, {u"negatives"_s, pairs(negatives)}}}};
}
