#include "pairedcomparison.h"

#include "proportionstats.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace {
// Each prompt's outcome in one iteration (the first result for a prompt listed twice).
QHash<QString, bool> outcomes(const IterationResult &it)
{
    QHash<QString, bool> correct;
    for (const TestResult &r : it.testResults) {
        const QString k = PairedComparison::key(r.testCase.prompt);
        if (!correct.contains(k))
            correct.insert(k, r.correct);
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
    const QHash<QString, bool> inA = outcomes(a), inB = outcomes(b);
    for (auto it = inA.cbegin(); it != inA.cend(); ++it) {
        const auto other = inB.constFind(it.key());
        if (other == inB.cend()) {
            ++c.onlyInA;
            continue;
        }
        ++c.shared;
        c.fixed += !it.value() && other.value();
        c.broken += it.value() && !other.value();
    }
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
    return u"%1: %2 fixed, %3 broken, %4 (on the %5 prompts both scanned; %6 only in iteration %7, %8 only in iteration %9)"_s
        .arg(head, QString::number(fixed), QString::number(broken), formatP(pValue), QString::number(shared),
             QString::number(onlyInA), a, QString::number(onlyInB), b);
}

QJsonObject PairedComparison::toJson() const
{
    return {{u"iterationA"_s, iterationA}, {u"iterationB"_s, iterationB}, {u"shared"_s, shared},
            {u"onlyInA"_s, onlyInA},       {u"onlyInB"_s, onlyInB},       {u"fixed"_s, fixed},
            {u"broken"_s, broken},         {u"pValue"_s, pValue},         {u"verdict"_s, verdictName(verdict)}};
}
