#include "livefeed.h"
#include "models/live/efficacyseriesmodel.h"

#include "testmain.h"

#include <QSignalSpy>

using namespace Qt::StringLiterals;
using Metric = EfficacySeriesModel::Metric;

class TestEfficacySeriesModel : public QObject
{
    Q_OBJECT

    // Results with a chosen number of TP / FN / TN / FP.
    static QList<TestResult> suite(int tp, int fn, int tn, int fp)
    {
        QList<TestResult> out;
        const auto add = [&out](int n, bool expected, bool actual) {
            for (int i = 0; i < n; ++i)
                out.append(LiveFeed::result(u"p%1"_s.arg(out.size()), expected, actual, u"c"_s));
        };
        add(tp, true, true);
        add(fn, true, false);
        add(tn, false, false);
        add(fp, false, true);
        return out;
    }

private slots:
    void pointsFollowRecordedIterationsWithGaps()
    {
        LiveFeed feed(6, 0.9);
        EfficacySeriesModel model(&feed.session);
        QSignalSpy changed(&model, &EfficacySeriesModel::changed);
        QCOMPARE(model.points(Metric::Coverage), QList<QPointF>{});
        QCOMPARE(model.targetCoverage(), 90.0);
        QCOMPARE(model.minIteration(), 1);
        QCOMPARE(model.maxIteration(), 6); // live: the planned iterations

        feed.runIteration(1, suite(2, 2, 4, 0)); // TPR 50, TNR 100, coverage 50, acc 75
        feed.startIteration(2);
        feed.topicDuplicate(1); // iteration 2 is skipped: a gap
        feed.runIteration(3, suite(3, 1, 3, 1));         // TPR 75, TNR 75, coverage 75
        feed.startIteration(4);
        feed.topicReverted(3);
        feed.scan(suite(4, 0, 3, 1));
        feed.complete(4, suite(4, 0, 3, 1)); // TPR 100, TNR 75, coverage 75 (not better)
        QVERIFY(changed.count() >= 3);

        QCOMPARE(model.iterations(), (QList<int>{1, 3, 4}));
        // A run without a benchmark: its own figures, no interval band invented.
        QVERIFY(!model.onBenchmark());
        QVERIFY(model.coverageBandLow().isEmpty());
        QVERIFY(model.coverageBandHigh().isEmpty());
        QCOMPARE(model.points(Metric::Coverage), (QList<QPointF>{{1, 50}, {3, 75}, {4, 75}}));
        QCOMPARE(model.points(Metric::TruePositiveRate),
                 (QList<QPointF>{{1, 50}, {3, 75}, {4, 100}}));
        QCOMPARE(model.points(Metric::TrueNegativeRate),
                 (QList<QPointF>{{1, 100}, {3, 75}, {4, 75}}));
        QCOMPARE(model.points(Metric::Accuracy), (QList<QPointF>{{1, 75}, {3, 75}, {4, 87.5}}));
        const QList<QPointF> f1 = model.points(Metric::F1);
        QCOMPARE(f1.size(), 3);
        QCOMPARE(f1.at(0), QPointF(1, 100.0 * 2.0 / 3.0)); // P 1, R 0.5
        QCOMPARE(model.bestIteration(), 3);
        QCOMPARE(model.bestPoints(), (QList<QPointF>{{3, 75}}));
        QCOMPARE(model.markerPoints(RunMarker::Kind::Duplicate), (QList<QPointF>{{2, 50}}));
        QCOMPARE(model.markerPoints(RunMarker::Kind::Revert), (QList<QPointF>{{4, 75}}));
        QCOMPARE(model.markerPoints(RunMarker::Kind::Simplify), QList<QPointF>{});
        QCOMPARE(model.markers().size(), 2);
        QCOMPARE(model.targetPoints(), (QList<QPointF>{{1, 90}, {6, 90}}));
    }

    // Issue 40, item 18: the interval band shows while the run is live, from the first
    // recorded iteration's benchmark (the live session never holds the benchmark set itself).
    void theBandShowsWhileTheRunIsLive()
    {
        LiveFeed feed;
        EfficacySeriesModel model(&feed.session);
        QVERIFY(feed.session.run().benchmarkSet.isEmpty());
        feed.startIteration(1);
        IterationResult it;
        it.iteration = 1;
        it.testResults = suite(2, 2, 4, 0);
        it.metrics = EfficacyMetrics::compute(it.testResults);
        it.benchmark = BenchmarkScore::compute(suite(8, 2, 9, 1));
        emit feed.controller.iterationComplete(it);
        QTRY_COMPARE(model.iterations(), QList<int>{1});
        QVERIFY(model.onBenchmark());
        QCOMPARE(model.coverageBandLow().size(), 1);
        QVERIFY(model.coverageBandLow().first().y() < model.points(Metric::Coverage).first().y());
    }

    void aStoredRunUsesItsOwnRange()
    {
        RunSession session;
        EfficacySeriesModel model(&session);
        session.open(SampleRun::make()); // iterations 1 and 3, maxIterations 5, not live
        QCOMPARE(model.iterations(), (QList<int>{1, 3}));
        QCOMPARE(model.points(Metric::Coverage).size(), 2);
        QCOMPARE(model.points(Metric::Coverage).last(), QPointF(3, 100));
        QCOMPARE(model.bestIteration(), 3);
        QCOMPARE(model.maxIteration(), 3);
        session.clear();
        QCOMPARE(model.iterations(), QList<int>{});
        QCOMPARE(model.bestPoints(), QList<QPointF>{});
    }

    void metricNamesAreDistinct()
    {
        QSet<QString> names;
        for (Metric m : EfficacySeriesModel::metrics())
            names.insert(EfficacySeriesModel::metricName(m));
        QCOMPARE(names.size(), EfficacySeriesModel::MetricCount);
    }
};

QTEST_GUILESS_MAIN(TestEfficacySeriesModel)
#include "tst_efficacyseriesmodel.moc"
