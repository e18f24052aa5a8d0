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
QHash<QString, Outcome> outcomes(const IterationResult &it, bool benchmark, QSet<QString> *unstable,
                                 QSet<QString> *unscanned)
{
    QHash<QString, Outcome> correct;
    const QList<TestResult> &results = benchmark ? it.benchmark->results : it.testResults;
    for (qsizetype i = 0; i < results.size(); ++i) {
        const QString k = PairedComparison::key(results.at(i).testCase.prompt);
        if (benchmark && it.benchmark->unstableIndexes.contains(int(i))) {
            unstable->insert(k);
            continue;
        }
        if (!results.at(i).counts()) {
            unscanned->insert(k);
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
    QSet<QString> unstable, unscanned;
    QHash<QString, Outcome> inA = outcomes(a, c.onBenchmark, &unstable, &unscanned),
                            inB = outcomes(b, c.onBenchmark, &unstable, &unscanned);
    unscanned.subtract(unstable);
    for (const QSet<QString> &out : {unstable, unscanned}) { // unstable or unscanned in either: out of both
        for (const QString &k : out) {
            inA.remove(k);
            inB.remove(k);
        }
    }
    c.unstable = int(unstable.size());
    c.notScanned = int(unscanned.size());
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
        ++cls.prompts;
        cls.rightInA += it.value().correct;
        cls.rightInB += other.value().correct;
        cls.fixed += fixed;
        cls.broken += broken;
    }
    c.positives.pValue = ProportionStats::mcnemarExact(c.positives.fixed, c.positives.broken);
    c.negatives.pValue = ProportionStats::mcnemarExact(c.negatives.fixed, c.negatives.broken);
    c.onlyInB = int(inB.size()) - c.shared;
    c.pValue = ProportionStats::mcnemarExact(c.fixed, c.broken);
    if (c.shared == 0) {
        c.verdict = c.accuracyVerdict = Verdict::NothingShared;
        return c;
    }
    if (c.pValue >= alpha || c.fixed == c.broken)
        c.accuracyVerdict = Verdict::WithinNoise;
    else
        c.accuracyVerdict = c.fixed > c.broken ? Verdict::BBetter : Verdict::ABetter;

    c.alpha = alpha;
    c.decide();
    return c;
}

void PairedComparison::decide()
{
    if (positives.prompts + negatives.prompts == 0) {
        verdict = Verdict::NothingShared;
        return;
    }
    const double covA = coverageA(), covB = coverageB();
    // The class(es) that limit the lower coverage's iteration… shown beside the verdict: A's
    // when B's coverage is higher or equal, B's when it is lower.
    const bool onB = covB < covA;
    const double cov = onB ? covB : covA;
    const bool pos = positives.prompts > 0 && (onB ? positives.rateB() : positives.rateA()) == cov;
    const bool neg = negatives.prompts > 0 && (onB ? negatives.rateB() : negatives.rateA()) == cov;
    limiting = pos && neg ? Limiting::Both : pos ? Limiting::Positives : Limiting::Negatives;
    positivesCheck = negativesCheck = {};
    verdict = Verdict::WithinNoise;
    if (covA == covB)
        return;
    // Every class of the higher iteration must be above the lower one's coverage: above the
    // same class, paired, or above the lower iteration's other class, on different prompts.
    const bool bHigher = covB > covA;
    const auto check = [&](const ClassPairs &self, const ClassPairs &other) {
        ClassCheck r;
        if (self.prompts == 0) {
            r.beyondNoise = true;
            return r;
        }
        const int gained = bHigher ? self.fixed : self.broken, lost = bHigher ? self.broken : self.fixed;
        r.pValue = gained > lost ? self.pValue / 2 : 1.0; // one-sided
        r.beyondNoise = r.pValue < alpha / 2;
        if (!r.beyondNoise && other.prompts > 0) {
            const double p = ProportionStats::fisherGreater(bHigher ? self.rightInB : self.rightInA, self.prompts,
                                                            bHigher ? other.rightInA : other.rightInB, other.prompts);
            if (p < r.pValue) {
                r.pValue = p;
                r.paired = false;
            }
            r.beyondNoise = p < alpha / 2;
        }
        return r;
    };
    positivesCheck = check(positives, negatives);
    negativesCheck = check(negatives, positives);
    if (positivesCheck.beyondNoise && negativesCheck.beyondNoise)
        verdict = bHigher ? Verdict::BBetter : Verdict::ABetter;
}

int PairedComparison::promptsToTellApart() const
{
    if (verdict != Verdict::WithinNoise || coverageA() == coverageB() || shared == 0)
        return 0;
    const auto scaled = [](const ClassPairs &c, int m) {
        ClassPairs s = c;
        s.prompts *= m;
        s.rightInA *= m;
        s.rightInB *= m;
        s.fixed *= m;
        s.broken *= m;
        s.pValue = ProportionStats::mcnemarExact(s.fixed, s.broken);
        return s;
    };
    for (int m = 2; shared * m <= 5000; ++m) {
        PairedComparison c = *this;
        c.positives = scaled(positives, m);
        c.negatives = scaled(negatives, m);
        c.shared = shared * m;
        c.decide();
        if (c.verdict != Verdict::WithinNoise)
            return c.shared;
    }
    return 0;
}

QString PairedComparison::noiseReason() const
{
    if (verdict != Verdict::WithinNoise || coverageA() == coverageB())
        return {};
    const bool bHigher = coverageB() > coverageA();
    const int higher = bHigher ? iterationB : iterationA, lower = bHigher ? iterationA : iterationB;
    const auto percent = [](double x) -> QString { return QString::number(100 * x, 'f', 1) + u" %"_s; };
    const ClassCheck &weak = !positivesCheck.beyondNoise ? positivesCheck : negativesCheck;
    const ClassPairs &cls = !positivesCheck.beyondNoise ? positives : negatives;
    return u"iteration %1's %2 (%3) are not above iteration %4's coverage (%5) beyond noise (%6)"_s.arg(
        QString::number(higher), &weak == &positivesCheck ? u"positives"_s : u"negatives"_s,
        percent(bHigher ? cls.rateB() : cls.rateA()), QString::number(lower),
        percent(bHigher ? coverageA() : coverageB()), formatP(weak.pValue));
}

QString PairedComparison::limitingName(Limiting l)
{
    switch (l) {
    case Limiting::Positives:
        return u"positives"_s;
    case Limiting::Negatives:
        return u"negatives"_s;
    case Limiting::Both:
        break;
    }
    return u"both"_s;
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
    const auto percent = [](double x) -> QString { return QString::number(100 * x, 'f', 1) + u" %"_s; };
    const auto pairs = [](const ClassPairs &p) {
        return u"%1 fixed, %2 broken, %3"_s.arg(QString::number(p.fixed), QString::number(p.broken), formatP(p.pValue));
    };
    // The class(es) decided on: A's limiting ones unless B's coverage is lower.
    const bool onB = coverageB() < coverageA();
    const QString whose = onB ? u"limit iteration %1's coverage"_s.arg(b) : u"limited iteration %1's coverage"_s.arg(a);
    QString counts;
    if (limiting == Limiting::Both)
        counts = u"both classes %1: positives %2; negatives %3"_s.arg(whose, pairs(positives), pairs(negatives));
    else
        counts = u"the %1, which %2: %3"_s.arg(limitingName(limiting), whose,
                                              pairs(limiting == Limiting::Positives ? positives : negatives));
    head += u": coverage %1 → %2; %3"_s.arg(percent(coverageA()), percent(coverageB()), counts);
    if (const QString why = noiseReason(); !why.isEmpty())
        head += u"; "_s + why;
    QString scope = onBenchmark ? u"on the %1 held-out benchmark prompts"_s.arg(shared)
                                : u"on the %1 prompts both scanned; %2 only in iteration %3, %4 only in iteration %5"_s.arg(
                                      QString::number(shared), QString::number(onlyInA), a, QString::number(onlyInB), b);
    if (unstable > 0)
        scope += u"; %1 unstable left out"_s.arg(unstable);
    return u"%1 (%2)"_s.arg(head, scope);
}

QString PairedComparison::perClassText() const
{
    if (verdict == Verdict::NothingShared)
        return {};
    const bool onB = coverageB() < coverageA();
    const auto line = [](const QString &name, int prompts, int rightA, int rightB, int fixed, int broken, double p,
                         const QString &note) {
        return u"  %1 %2 → %3 of %4 right  %5 fixed  %6 broken  %7%8\n"_s.arg(
            name.leftJustified(22), QString::number(rightA).rightJustified(4), QString::number(rightB), QString::number(prompts),
            QString::number(fixed).rightJustified(3), QString::number(broken).rightJustified(3), formatP(p).leftJustified(9),
            note.isEmpty() ? QString() : u"  "_s + note);
    };
    const QString limits = onB ? u"limits B"_s : u"limited A"_s;
    const auto cls = [&](const QString &name, const ClassPairs &c, bool limitingOne) {
        return line(name, c.prompts, c.rightInA, c.rightInB, c.fixed, c.broken, c.pValue,
                    limitingOne && c.prompts > 0 ? limits : QString());
    };
    return cls(u"positives (TPR)"_s, positives, limiting != Limiting::Negatives)
           + cls(u"negatives (TNR)"_s, negatives, limiting != Limiting::Positives)
           + line(u"all prompts (accuracy)"_s, shared, positives.rightInA + negatives.rightInA,
                  positives.rightInB + negatives.rightInB, fixed, broken, pValue, QString());
}

QString PairedComparison::accuracySentence() const
{
    return u"All prompts (accuracy): %1 fixed, %2 broken, %3."_s.arg(QString::number(fixed), QString::number(broken),
                                                                    formatP(pValue));
}

QJsonObject PairedComparison::toJson() const
{
    const auto check = [](const ClassCheck &c) {
        return QJsonObject{{u"beyondNoise"_s, c.beyondNoise}, {u"pValue"_s, c.pValue}, {u"paired"_s, c.paired}};
    };
    const auto pairs = [](const ClassPairs &p) {
        return QJsonObject{{u"fixed"_s, p.fixed},     {u"broken"_s, p.broken}, {u"pValue"_s, p.pValue},
                           {u"prompts"_s, p.prompts}, {u"rateA"_s, p.rateA()}, {u"rateB"_s, p.rateB()}};
    };
    return {{u"iterationA"_s, iterationA}, {u"iterationB"_s, iterationB}, {u"shared"_s, shared},
            {u"onlyInA"_s, onlyInA},       {u"onlyInB"_s, onlyInB},       {u"fixed"_s, fixed},
            {u"broken"_s, broken},         {u"pValue"_s, pValue},         {u"verdict"_s, verdictName(verdict)},
            {u"suite"_s, onBenchmark ? u"benchmark"_s : u"working"_s}, {u"unstable"_s, unstable},
            {u"perClass"_s, QJsonObject{{u"positives"_s, pairs(positives)}, {u"negatives"_s, pairs(negatives)}}},
            {u"coverageA"_s, coverageA()}, {u"coverageB"_s, coverageB()},
            {u"limiting"_s, limitingName(limiting)}, {u"accuracyVerdict"_s, verdictName(accuracyVerdict)},
            {u"classChecks"_s, QJsonObject{{u"positives"_s, check(positivesCheck)}, {u"negatives"_s, check(negativesCheck)}}},
            {u"promptsToTellApart"_s, promptsToTellApart()}};
}
