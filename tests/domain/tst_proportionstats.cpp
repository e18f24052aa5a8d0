#include "domain/benchmarkscore.h"
#include "domain/proportionstats.h"
#include "domain/samplesize.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

// Wilson intervals and exact McNemar p-values against published figures.
class TestProportionStats : public QObject
{
    Q_OBJECT

    static bool near(double a, double b, double tolerance) { return std::abs(a - b) <= tolerance; }

private slots:
    // Newcombe RG, "Two-sided confidence intervals for the single proportion: comparison of
    // seven methods", Statistics in Medicine 17:857-872 (1998), Table II, method 3 (Wilson
    // score without continuity correction), 95 %, printed to four decimals.
    void wilsonMatchesNewcombe_data()
    {
        QTest::addColumn<int>("successes");
        QTest::addColumn<int>("trials");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::newRow("81/263") << 81 << 263 << 0.2553 << 0.3662;
        QTest::newRow("15/148") << 15 << 148 << 0.0624 << 0.1605;
        QTest::newRow("0/20") << 0 << 20 << 0.0 << 0.1611;
        QTest::newRow("1/29") << 1 << 29 << 0.0061 << 0.1718;
        QTest::newRow("29/29") << 29 << 29 << 0.8830 << 1.0;
    }
    void wilsonMatchesNewcombe()
    {
        QFETCH(int, successes);
        QFETCH(int, trials);
        QFETCH(double, low);
        QFETCH(double, high);
        const auto i = ProportionStats::wilson(successes, trials);
        QVERIFY(i.has_value());
        QVERIFY2(near(i->low, low, 0.00005), qPrintable(QString::number(i->low, 'f', 6)));
        QVERIFY2(near(i->high, high, 0.00005), qPrintable(QString::number(i->high, 'f', 6)));
    }

    void wilsonEdges()
    {
        QVERIFY(!ProportionStats::wilson(0, 0).has_value()); // n = 0: nothing to say
        QVERIFY(!ProportionStats::wilson(3, 2).has_value());
        QVERIFY(!ProportionStats::wilson(-1, 2).has_value());
        const auto none = ProportionStats::wilson(0, 50);
        QCOMPARE(none->low, 0.0); // exactly the bound, never a rounding error below it
        QVERIFY(none->high > 0.0 && none->high < 0.08);
        const auto all = ProportionStats::wilson(50, 50);
        QCOMPARE(all->high, 1.0);
        QVERIFY(all->low > 0.92 && all->low < 1.0);
        // Symmetric: k/n and (n-k)/n mirror each other.
        const auto a = ProportionStats::wilson(7, 40), b = ProportionStats::wilson(33, 40);
        QVERIFY(near(a->low, 1 - b->high, 1e-12) && near(a->high, 1 - b->low, 1e-12));
        // About the ±10 points a coverage on ~50 prompts carries.
        const auto half = ProportionStats::wilson(25, 50);
        QVERIFY(half->high - half->low > 0.25 && half->high - half->low < 0.30);
    }

    // Fagerland MW, Lydersen S, Laake P, "The McNemar test for binary matched-pairs data:
    // mid-p and asymptotic are better than exact conditional", BMC Medical Research Methodology
    // 13:91 (2013): airway hyper-responsiveness before/after transplantation (Bentur et al.),
    // discordant pairs 1 and 7, exact conditional p = 2 * binomcdf(1, 8, 0.5) = 0.070.
    // Issue 39: the coverage interval carries both rates' uncertainty. TPR 160/200, TNR 17/20:
    // Wilson (Newcombe 1998, method 3) at z = 2.2414 (97.5 % each, Bonferroni for two) gives
    // TPR [0.72960, 0.85569] and TNR [0.60499, 0.95447], so coverage [0.60499, 0.85569]
    // (hand-computed from the formula). It used to be TPR's 95 % interval, [0.73914, 0.84955].
    void coverageIntervalCarriesBothRates()
    {
        EfficacyMetrics m;
        m.truePositives = 160;
        m.falseNegatives = 40;
        m.trueNegatives = 17;
        m.falsePositives = 3;
        const MetricIntervals i = MetricIntervals::of(m);
        QVERIFY(i.coverage);
        QVERIFY2(qAbs(i.coverage->low - 0.60499) < 1e-4, qPrintable(QString::number(i.coverage->low)));
        QVERIFY2(qAbs(i.coverage->high - 0.85569) < 1e-4, qPrintable(QString::number(i.coverage->high)));
        // The rates' own intervals stay at 95 %.
        QVERIFY(qAbs(i.truePositiveRate->low - 0.73914) < 1e-4);
        QVERIFY(qAbs(i.trueNegativeRate->low - 0.63958) < 1e-4);
        // One class empty: no coverage interval.
        m.trueNegatives = m.falsePositives = 0;
        QVERIFY(!MetricIntervals::of(m).coverage);
    }

    void mcnemarMatchesFagerland()
    {
        QVERIFY(near(ProportionStats::mcnemarExact(1, 7), 0.0703125, 1e-12));
        QVERIFY(near(ProportionStats::mcnemarExact(7, 1), 0.0703125, 1e-12)); // two-sided
    }

    void mcnemarEdges()
    {
        QCOMPARE(ProportionStats::mcnemarExact(0, 0), 1.0); // nothing disagrees
        QCOMPARE(ProportionStats::mcnemarExact(5, 5), 1.0); // capped at 1
        QVERIFY(near(ProportionStats::mcnemarExact(0, 1), 1.0, 1e-12));
        QVERIFY(near(ProportionStats::mcnemarExact(0, 6), 2.0 / 64, 1e-12));
        QVERIFY(near(ProportionStats::mcnemarExact(1, 12), 28.0 / 8192, 1e-12)); // "12 fixed, 1 broken"
        // Thousands of pairs: no overflow, and a clear difference is tiny, not NaN.
        const double big = ProportionStats::mcnemarExact(900, 1100);
        QVERIFY(big > 0 && big < 1e-4);
        QVERIFY(near(ProportionStats::mcnemarExact(1000, 1000), 1.0, 1e-12));
        QCOMPARE(ProportionStats::mcnemarExact(-1, 3), 1.0);
    }

    // Issue 39's sample-size guidance, by hand from the Wilson formula (Newcombe 1998, method
    // 3) at z = 2.2414 (97.5 %, as coverage's interval uses) and p = 0.9: with n = 30,
    // z²/n = 0.16746, half width = z·sqrt(0.003 + 0.0013955)/1.16746 = 0.12729.
    void sampleSizeGuidance()
    {
        QVERIFY(std::abs(SampleSize::coverageHalfWidth(60) - 0.127286) < 1e-5);
        QVERIFY(std::abs(SampleSize::coverageHalfWidth(30, 30) - 0.127286) < 1e-5);
        // Unbalanced: the smaller class decides the low end, the larger the high end.
        QVERIFY(SampleSize::coverageHalfWidth(200, 20) > SampleSize::coverageHalfWidth(110, 110));
        QCOMPARE(SampleSize::coverageHalfWidth(0, 30), 0.0);
        // ±5 points: n = 185 per class is the first with a half width ≤ 0.05 (0.04991; 184
        // gives 0.05005).
        QCOMPARE(SampleSize::benchmarkFor(0.05), 370);
        QVERIFY(SampleSize::coverageHalfWidth(370) <= 0.05);
        QVERIFY(SampleSize::coverageHalfWidth(368) > 0.05);
        QCOMPARE(SampleSize::benchmarkFor(0.0), 100001);
        QCOMPARE(SampleSize::guidance(60),
                 u"A 60-prompt benchmark (30 per class) measures a coverage near 90% to about ±12.7 points (95% "
                 "interval); ±5 points needs 370 prompts."_s);
        QVERIFY(SampleSize::guidance(0).startsWith(u"Without a benchmark"_s));
    }
};

QTEST_GUILESS_MAIN(TestProportionStats)
#include "tst_proportionstats.moc"
