// EfficacyMetrics::compute and CategoryBreakdown::compute (behaviour reference §1).

#include "domain/categorybreakdown.h"
#include "domain/efficacymetrics.h"
#include "domain/testresult.h"

#include "testmain.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// One result per space-separated token: [source][category:]<expected><actual>, where
// expected/actual are T or F and the optional source prefix is r (regression), p (carried-fp)
// or n (carried-fn); absent means generated. "rTF" = a regression test expected to fire that
// did not. "weapons:FT" = a false positive in category "weapons".
QList<TestResult> parseResults(const QString &spec)
{
    QList<TestResult> out;
    const QStringList tokens = spec.split(u' ', Qt::SkipEmptyParts);
    for (QString token : tokens) {
        TestResult r;
        r.testCase.prompt = u"prompt %1"_s.arg(out.size());
        const qsizetype colon = token.lastIndexOf(u':');
        if (colon >= 0) {
            r.testCase.category = token.left(colon);
            token = token.mid(colon + 1);
        } else {
            r.testCase.category = u"default"_s;
        }
        if (token.size() == 3) {
            switch (token.at(0).unicode()) {
            case u'r':
                r.testCase.source = TestSource::Regression;
                break;
            case u'p':
                r.testCase.source = TestSource::CarriedFp;
                break;
            case u'n':
                r.testCase.source = TestSource::CarriedFn;
                break;
            default:
                qFatal("bad source prefix in %s", qPrintable(token));
            }
            token = token.mid(1);
        }
        if (token.size() != 2)
            qFatal("bad result token %s", qPrintable(token));
        r.testCase.expectedTriggered = token.at(0) == u'T';
        r.actualTriggered = token.at(1) == u'T';
        r.correct = r.testCase.expectedTriggered == r.actualTriggered;
        r.scanAction = r.actualTriggered ? u"block"_s : u"allow"_s;
        out.append(r);
    }
    return out;
}

QString describe(const CategoryBreakdown &b)
{
    return u"%1 total=%2 fp=%3 fn=%4 rate=%5"_s.arg(b.category)
        .arg(b.total)
        .arg(b.fp)
        .arg(b.fn)
        .arg(b.errorRate, 0, 'f', 4);
}

} // namespace

class TestMetrics : public QObject
{
    Q_OBJECT
private slots:
    void compute_data()
    {
        QTest::addColumn<QString>("results");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("tn");
        QTest::addColumn<int>("fp");
        QTest::addColumn<int>("fn");
        QTest::addColumn<double>("tpr");
        QTest::addColumn<double>("tnr");
        QTest::addColumn<double>("accuracy");
        QTest::addColumn<double>("coverage");
        QTest::addColumn<double>("f1");
        QTest::addColumn<int>("regressions");

        QTest::newRow("empty list: every rate 0")
            << QString() << 0 << 0 << 0 << 0 << 0.0 << 0.0 << 0.0 << 0.0 << 0.0 << 0;
        // No positives: TPR has a zero denominator, so TPR = coverage = 0 even when every
        // negative is right; P has a zero denominator too, so F1 = 0.
        QTest::newRow("no positives, all right")
            << u"FF FF FF"_s << 0 << 3 << 0 << 0 << 0.0 << 1.0 << 1.0 << 0.0 << 0.0 << 0;
        QTest::newRow("no positives, one fp")
            << u"FF FF FT"_s << 0 << 2 << 1 << 0 << 0.0 << 2.0 / 3 << 2.0 / 3 << 0.0 << 0.0 << 0;
        // No negatives: TNR = 0, so coverage = 0; P = 2/2 = 1, R = 2/3, F1 = 2(2/3)/(5/3) = 0.8.
        QTest::newRow("no negatives, one fn")
            << u"TT TT TF"_s << 2 << 0 << 0 << 1 << 2.0 / 3 << 0.0 << 2.0 / 3 << 0.0 << 0.8 << 0;
        QTest::newRow("no negatives, all right")
            << u"TT TT"_s << 2 << 0 << 0 << 0 << 1.0 << 0.0 << 1.0 << 0.0 << 1.0 << 0;
        QTest::newRow("all correct")
            << u"TT FF TT FF FF"_s << 2 << 3 << 0 << 0 << 1.0 << 1.0 << 1.0 << 1.0 << 1.0 << 0;
        // All wrong: P = 0/(0+1) = 0 and R = 0, so P + R = 0 and F1 = 0.
        QTest::newRow("all wrong")
            << u"TF TF FT"_s << 0 << 0 << 1 << 2 << 0.0 << 0.0 << 0.0 << 0.0 << 0.0 << 0;
        // TP 6, FN 2, TN 7, FP 3: TPR 6/8, TNR 7/10, accuracy 13/18, coverage = TNR;
        // P = 6/9, R = 3/4, F1 = 2(2/3)(3/4)/(2/3 + 3/4) = 12/17.
        QTest::newRow("mixed, TNR lower")
            << u"TT TF FF FT TT FF TT FF FT TT FF TF TT FF FF FT TT FF"_s << 6 << 7 << 3 << 2
            << 0.75 << 0.7 << 13.0 / 18 << 0.7 << 12.0 / 17 << 0;
        // TP 1, FN 3, TN 4, FP 0: TPR 1/4, TNR 1, coverage = TPR; P = 1, F1 = 0.5/1.25 = 0.4.
        QTest::newRow("mixed, TPR lower")
            << u"TF FF TF TT FF FF TF FF"_s << 1 << 4 << 0 << 3 << 0.25 << 1.0 << 5.0 / 8
            << 0.25 << 0.4 << 0;
        // TP 3, FN 1, TN 1, FP 2: P = 3/5, R = 3/4, F1 = 2(9/20)/(27/20) = 2/3.
        QTest::newRow("mixed, precision below recall")
            << u"TT TT TT TF FF FT FT"_s << 3 << 1 << 2 << 1 << 0.75 << 1.0 / 3 << 4.0 / 7
            << 1.0 / 3 << 2.0 / 3 << 0;
        // Only the wrong regression-tier tests count (rTF, rFT); wrong carried and generated
        // tests do not, and right regression tests do not. They still count in FP/FN.
        QTest::newRow("regressionCount: wrong regression tests only")
            << u"rTT rTF rFT rFF nTF pFT TF FT nTT pFF"_s << 2 << 2 << 3 << 3 << 0.4 << 0.4
            << 0.4 << 0.4 << 0.4 << 2;
        QTest::newRow("regressionCount: all regression tests right")
            << u"rTT rFF rTT"_s << 2 << 1 << 0 << 0 << 1.0 << 1.0 << 1.0 << 1.0 << 1.0 << 0;
        QTest::newRow("regressionCount: all regression tests wrong")
            << u"rTF rFT rFT"_s << 0 << 0 << 2 << 1 << 0.0 << 0.0 << 0.0 << 0.0 << 0.0 << 3;
    }
    void compute()
    {
        QFETCH(QString, results);
        QFETCH(int, tp);
        QFETCH(int, tn);
        QFETCH(int, fp);
        QFETCH(int, fn);
        QFETCH(double, tpr);
        QFETCH(double, tnr);
        QFETCH(double, accuracy);
        QFETCH(double, coverage);
        QFETCH(double, f1);
        QFETCH(int, regressions);

        const QList<TestResult> list = parseResults(results);
        const EfficacyMetrics m = EfficacyMetrics::compute(list);
        QCOMPARE(m.truePositives, tp);
        QCOMPARE(m.trueNegatives, tn);
        QCOMPARE(m.falsePositives, fp);
        QCOMPARE(m.falseNegatives, fn);
        QCOMPARE(m.total(), int(list.size()));
        QCOMPARE(m.truePositiveRate, tpr);
        QCOMPARE(m.trueNegativeRate, tnr);
        QCOMPARE(m.accuracy, accuracy);
        QCOMPARE(m.coverage, coverage);
        QCOMPARE(m.coverage, std::min(m.truePositiveRate, m.trueNegativeRate));
        QCOMPARE(m.f1Score, f1);
        QCOMPARE(m.regressionCount, regressions);

        // Order does not matter.
        QList<TestResult> reversed = list;
        std::reverse(reversed.begin(), reversed.end());
        QCOMPARE(EfficacyMetrics::compute(reversed), m);
    }

    // The counts come from expected/actual, not from the stored `correct` flag or scanAction.
    void compute_usesExpectedAndActual()
    {
        QList<TestResult> list = parseResults(u"TT FT"_s);
        list[0].correct = false;
        list[1].correct = true;
        list[0].scanAction = u"allow"_s;
        const EfficacyMetrics m = EfficacyMetrics::compute(list);
        QCOMPARE(m.truePositives, 1);
        QCOMPARE(m.falsePositives, 1);
        QCOMPARE(m.trueNegatives, 0);
        QCOMPARE(m.falseNegatives, 0);
    }

    void breakdown_data()
    {
        QTest::addColumn<QString>("results");
        QTest::addColumn<QStringList>("expected");

        QTest::newRow("empty") << QString() << QStringList();
        QTest::newRow("one error-free category")
            << u"a:TT a:FF"_s << QStringList{u"a total=2 fp=0 fn=0 rate=0.0000"_s};
        // c: 3 tests, 1 fp + 1 fn; a: 2 tests, 1 fn; b and d error-free (b seen first).
        QTest::newRow("sorted by error rate, error-free ones included")
            << u"a:TT a:TF b:FF b:FF c:FT c:TT c:TF d:TT"_s
            << QStringList{u"c total=3 fp=1 fn=1 rate=0.6667"_s,
                           u"a total=2 fp=0 fn=1 rate=0.5000"_s,
                           u"b total=2 fp=0 fn=0 rate=0.0000"_s,
                           u"d total=1 fp=0 fn=0 rate=0.0000"_s};
        QTest::newRow("ties keep first-seen order, not alphabetical")
            << u"zeta:TF alpha:FT zeta:TT alpha:TT mid:TF"_s
            << QStringList{u"mid total=1 fp=0 fn=1 rate=1.0000"_s,
                           u"zeta total=2 fp=0 fn=1 rate=0.5000"_s,
                           u"alpha total=2 fp=1 fn=0 rate=0.5000"_s};
        QTest::newRow("error-free ties keep first-seen order")
            << u"q:TT p:FF q:FF r:TT p:TT"_s
            << QStringList{u"q total=2 fp=0 fn=0 rate=0.0000"_s,
                           u"p total=2 fp=0 fn=0 rate=0.0000"_s,
                           u"r total=1 fp=0 fn=0 rate=0.0000"_s};
        QTest::newRow("fp and fn counted separately")
            << u"x:FT x:FT x:TF x:TT x:FF y:FT"_s
            << QStringList{u"y total=1 fp=1 fn=0 rate=1.0000"_s,
                           u"x total=5 fp=2 fn=1 rate=0.6000"_s};
        QTest::newRow("categories are case-sensitive labels")
            << u"Weapons:TF weapons:TT"_s
            << QStringList{u"Weapons total=1 fp=0 fn=1 rate=1.0000"_s,
                           u"weapons total=1 fp=0 fn=0 rate=0.0000"_s};
        QTest::newRow("empty category is a category")
            << u":TF :TT k:TT"_s
            << QStringList{u" total=2 fp=0 fn=1 rate=0.5000"_s, u"k total=1 fp=0 fn=0 rate=0.0000"_s};
        QTest::newRow("sources do not matter")
            << u"s:rTF s:nTT s:pFT s:FF"_s << QStringList{u"s total=4 fp=1 fn=1 rate=0.5000"_s};
    }
    void breakdown()
    {
        QFETCH(QString, results);
        QFETCH(QStringList, expected);

        const QList<CategoryBreakdown> list = CategoryBreakdown::compute(parseResults(results));
        QStringList actual;
        int total = 0;
        for (const CategoryBreakdown &b : list) {
            actual.append(describe(b));
            total += b.total;
            QVERIFY(b.total > 0);
            QCOMPARE(b.errorRate, double(b.fp + b.fn) / b.total);
        }
        QCOMPARE(actual, expected);
        QCOMPARE(total, int(parseResults(results).size()));
    }

    void breakdown_exactRates()
    {
        const QList<CategoryBreakdown> list =
            CategoryBreakdown::compute(parseResults(u"a:TF a:TT a:FF b:FT b:TF"_s));
        QCOMPARE(list.size(), 2);
        QCOMPARE(list.at(0), (CategoryBreakdown{u"b"_s, 2, 1, 1, 1.0}));
        QCOMPARE(list.at(1), (CategoryBreakdown{u"a"_s, 3, 0, 1, 1.0 / 3}));
    }
};

QTEST_GUILESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
