#include "domain/signedrank.h"

#include "testmain.h"

#include <QRandomGenerator>

#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

// The exact Wilcoxon signed-rank test against R's documented example, hand-counted small
// cases, and a brute-force enumeration of every sign assignment written independently here.
class TestSignedRank : public QObject
{
    Q_OBJECT

    static bool near(double a, double b, double tolerance) { return std::abs(a - b) <= tolerance; }

    struct Brute
    {
        double wPlus = 0;
        double wMinus = 0;
        double p = 1;
    };

    // A second, deliberately naive implementation: midranks by counting, then every one of the
    // 2^n sign assignments of those ranks, each equally likely. Zeros are dropped first.
    static Brute bruteForce(const QList<double> &differences)
    {
        QList<double> d;
        for (const double x : differences)
            if (x != 0)
                d.append(x);
        const int n = int(d.size());
        QList<double> ranks(n);
        for (int i = 0; i < n; ++i) {
            int below = 0, equal = 0;
            for (int j = 0; j < n; ++j) {
                if (std::abs(d[j]) < std::abs(d[i]))
                    ++below;
                else if (std::abs(d[j]) == std::abs(d[i]))
                    ++equal; // includes i itself
            }
            ranks[i] = below + (equal + 1) / 2.0;
        }
        Brute b;
        double total = 0;
        for (int i = 0; i < n; ++i) {
            total += ranks[i];
            (d[i] > 0 ? b.wPlus : b.wMinus) += ranks[i];
        }
        if (n == 0)
            return b;
        const double mean = total / 2;
        const double observed = std::abs(b.wPlus - mean);
        qint64 atLeastAsFar = 0;
        const qint64 assignments = qint64(1) << n;
        for (qint64 mask = 0; mask < assignments; ++mask) {
            double w = 0;
            for (int i = 0; i < n; ++i)
                if (mask & (qint64(1) << i))
                    w += ranks[i];
            if (std::abs(w - mean) >= observed - 1e-9)
                ++atLeastAsFar;
        }
        b.p = double(atLeastAsFar) / double(assignments);
        return b;
    }

private slots:
    // R, ?wilcox.test, example "One-sample test": Hollander & Wolfe (1973), p. 29, Hamilton
    // depression scale factor IV before (x) and after (y) tranquilizer therapy, nine patients.
    // wilcox.test(x, y, paired = TRUE, alternative = "greater") prints V = 40, p-value = 0.01953
    // (= 10/512); the two-sided exact p is twice that, 0.0390625.
    // Differences x - y: 0.952 -0.147 1.022 0.43 0.62 0.59 0.49 -0.08 0.01, all distinct, so
    // the ranks of |d| are 8 3 9 4 7 6 5 2 1 and W- = 3 + 2 = 5.
    void matchesHollanderWolfeExample()
    {
        const QList<double> x{1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
        const QList<double> y{0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};
        QList<double> d;
        for (int i = 0; i < x.size(); ++i)
            d.append(x[i] - y[i]);
        const auto r = SignedRank::test(d);
        QCOMPARE(r.pairs, 9);
        QCOMPARE(r.zeros, 0);
        QCOMPARE(r.ranked, 9);
        QCOMPARE(r.wPlus, 40.0);
        QCOMPARE(r.wMinus, 5.0);
        QVERIFY2(near(r.pTwoSided, 0.0390625, 1e-9), qPrintable(QString::number(r.pTwoSided, 'g', 12)));
        QVERIFY(near(r.medianDifference, 0.49, 1e-12));
    }

    // Counted by hand: with n distinct magnitudes there are 2^n equally likely sign patterns.
    void smallCases()
    {
        // All five positive: W+ = 1+2+3+4+5 = 15, only "all +" and "all -" are that extreme.
        const auto allPositive = SignedRank::test({0.5, 1.5, 2.5, 3.5, 4.5});
        QCOMPARE(allPositive.wPlus, 15.0);
        QCOMPARE(allPositive.wMinus, 0.0);
        QVERIFY(near(allPositive.pTwoSided, 2.0 / 32, 1e-12));
        QCOMPARE(allPositive.medianDifference, 2.5);

        // All negative mirrors it.
        const auto allNegative = SignedRank::test({-0.5, -1.5, -2.5, -3.5, -4.5});
        QCOMPARE(allNegative.wMinus, 15.0);
        QVERIFY(near(allNegative.pTwoSided, 2.0 / 32, 1e-12));

        // One pair: both signs are as extreme as each other.
        const auto one = SignedRank::test({3.0});
        QCOMPARE(one.ranked, 1);
        QCOMPARE(one.wPlus, 1.0);
        QCOMPARE(one.pTwoSided, 1.0);

        // Only zeros: nothing to rank.
        const auto zeros = SignedRank::test({0.0, 0.0, 0.0});
        QCOMPARE(zeros.pairs, 3);
        QCOMPARE(zeros.zeros, 3);
        QCOMPARE(zeros.ranked, 0);
        QCOMPARE(zeros.wPlus, 0.0);
        QCOMPARE(zeros.pTwoSided, 1.0);
        QCOMPARE(zeros.medianDifference, 0.0);

        // Nothing at all.
        const auto empty = SignedRank::test({});
        QCOMPARE(empty.pairs, 0);
        QCOMPARE(empty.pTwoSided, 1.0);

        // {-1, 1}: tied midranks 1.5 each, W+ = W- = 1.5, exactly at the mean.
        const auto symmetric = SignedRank::test({-1.0, 1.0});
        QCOMPARE(symmetric.wPlus, 1.5);
        QCOMPARE(symmetric.wMinus, 1.5);
        QCOMPARE(symmetric.pTwoSided, 1.0);

        // Zeros are counted but not ranked: {0, 2, 3} ranks 2 -> 1, 3 -> 2.
        const auto withZero = SignedRank::test({0.0, 2.0, 3.0});
        QCOMPARE(withZero.pairs, 3);
        QCOMPARE(withZero.zeros, 1);
        QCOMPARE(withZero.ranked, 2);
        QCOMPARE(withZero.wPlus, 3.0);
        QVERIFY(near(withZero.pTwoSided, 2.0 / 4, 1e-12));
        QCOMPARE(withZero.medianDifference, 2.0);
    }

    // Ties: |d| sorted is 1 1 2 2 3 3 3 4, so the midranks are 1.5 1.5 3.5 3.5 6 6 6 8.
    // W+ = 1.5 + 1.5 + 3.5 + 6 + 6 + 6 + 8 = 32.5 and W- = 3.5 (the -2); total 36.
    void tiesUseExactMidrankDistribution()
    {
        const QList<double> d{1, 1, 2, -2, 3, 3, 3, 4};
        const auto r = SignedRank::test(d);
        QCOMPARE(r.wPlus, 32.5);
        QCOMPARE(r.wMinus, 3.5);
        const Brute b = bruteForce(d);
        QCOMPARE(b.wPlus, 32.5); // the checker agrees with the hand count too
        QVERIFY2(near(r.pTwoSided, b.p, 1e-12),
                 qPrintable(QString::number(r.pTwoSided, 'g', 12) + u" vs "_s + QString::number(b.p, 'g', 12)));
        QVERIFY(r.pTwoSided > 0 && r.pTwoSided < 0.05); // clearly shifted, but not 2/256
    }

    // Sixteen small integer differences from fixed seeds: plenty of ties and zeros, checked
    // against all (up to 2^16) sign assignments. The seeds were picked so W+ lands away from its
    // mean (p between 0.01 and 0.2; seed 10 has no zeros, so all 16 are ranked): a case sitting
    // at p = 1 would pass almost any tail sum and prove little.
    void matchesBruteForceOnRandomTies()
    {
        for (const quint32 seed : {21u, 4u, 10u, 7u}) {
            QRandomGenerator rng(seed);
            QList<double> d;
            for (int i = 0; i < 16; ++i)
                d.append(double(rng.bounded(-4, 5))); // [-4, 4]
            const auto r = SignedRank::test(d);
            const Brute b = bruteForce(d);
            QCOMPARE(r.pairs, 16);
            QCOMPARE(r.zeros + r.ranked, 16);
            QCOMPARE(r.wPlus, b.wPlus);
            QCOMPARE(r.wMinus, b.wMinus);
            QVERIFY(b.p < 0.25); // still an informative case
            QVERIFY2(near(r.pTwoSided, b.p, 1e-12),
                     qPrintable(QString::number(seed) + u": "_s + QString::number(r.pTwoSided, 'g', 12)
                                + u" vs "_s + QString::number(b.p, 'g', 12)));
        }
    }

    void skipsNonFinite()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        const auto r = SignedRank::test({nan, 0.5, inf, 1.5, -inf, 2.5, 3.5, 4.5});
        QCOMPARE(r.pairs, 5);
        QCOMPARE(r.ranked, 5);
        QCOMPARE(r.wPlus, 15.0);
        QVERIFY(near(r.pTwoSided, 2.0 / 32, 1e-12));
        QCOMPARE(r.medianDifference, 2.5);
    }

    void medianOfOddAndEvenCounts()
    {
        QCOMPARE(SignedRank::median({}), 0.0);
        QCOMPARE(SignedRank::median({7.0}), 7.0);
        QCOMPARE(SignedRank::median({3.0, 1.0, 2.0}), 2.0);
        QCOMPARE(SignedRank::median({4.0, 1.0, 3.0, 2.0}), 2.5); // mean of the middle two
        QCOMPARE(SignedRank::median({-1.0, 0.0, 0.0, 5.0}), 0.0);
    }
};

QTEST_APPLESS_MAIN(TestSignedRank)
#include "tst_signedrank.moc"
