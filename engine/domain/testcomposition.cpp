#include "testcomposition.h"

#include <QSet>

QString dedupKey(const QString &prompt)
{
    return prompt.trimmed().toLower();
}

std::pair<qsizetype, qsizetype> balancedTake(qsizetype positives, qsizetype negatives, qsizetype size)
{
    const qsizetype wantPositives = (size + 1) / 2;
    const qsizetype takePositives = std::min(positives, std::max(wantPositives, size - negatives));
    return {takePositives, std::min(negatives, size - takePositives)};
}

namespace {
class Deduper
{
public:
    QList<TestCase> take(const QList<TestCase> &tests)
    {
        QList<TestCase> kept;
        for (const TestCase &t : tests) {
            const QString key = dedupKey(t.prompt);
            if (m_seen.contains(key))
                continue;
            m_seen.insert(key);
            kept.append(t);
        }
        return kept;
    }

private:
    QSet<QString> m_seen;
};
} // namespace

CompositionResult composeTestSuite(const CompositionInput &in)
{
    CompositionResult out;
    QList<TestCase> carried, regression;
    if (in.iteration > 1 && in.previous) {
        QList<TestCase> passing;
        for (const TestResult &r : in.previous->testResults) {
            TestCase t = r.testCase;
            if (!r.counts()) { // not scanned: asked again, as it was
                carried.append(t);
                ++out.notScannedAgain;
            } else if (!r.correct) {
                t.source = t.expectedTriggered ? TestSource::CarriedFn : TestSource::CarriedFp;
                carried.append(t);
            } else {
                t.source = TestSource::Regression;
                passing.append(t);
            }
        }
        if (in.accumulate || passing.size() <= in.regressionSample) {
            regression = in.accumulate || in.regressionSample > 0 ? passing : QList<TestCase>();
        } else if (in.regressionSample > 0) {
            for (int i = 0; i < in.regressionSample; ++i) // evenly spread, deterministic
                regression.append(passing.at(qsizetype(i) * passing.size() / in.regressionSample));
        }
    }
    out.generated = int(in.generated.size());
    out.carriedFailures = int(carried.size()) - out.notScannedAgain;
    out.regressionTier = int(regression.size());

    Deduper dedup;
    carried = dedup.take(carried);
    regression = dedup.take(regression);
    QList<TestCase> generated;
    for (const TestCase &t : in.generated) {
        if (!in.heldOut.contains(dedupKey(t.prompt)))
            generated.append(t);
    }
    QList<TestCase> fresh = dedup.take(generated);

    const qsizetype before = carried.size() + regression.size() + fresh.size();
    if (in.cap && *in.cap > 0 && before > *in.cap) {
        qsizetype budget = *in.cap;
        // Half the cap (rounded down) is kept for new tests while there are that many, so
        // carried failures never fill the suite on their own.
        const qsizetype forFresh = std::min(fresh.size(), budget / 2);
        carried.resize(std::min(carried.size(), budget - forFresh));
        budget -= carried.size();
        fresh.resize(std::min(fresh.size(), budget));
        budget -= fresh.size();
        regression = regression.mid(regression.size() - std::min(regression.size(), budget));
    }
    out.suite = carried + regression + fresh;
    out.droppedByCap = int(before - out.suite.size());
    return out;
}
