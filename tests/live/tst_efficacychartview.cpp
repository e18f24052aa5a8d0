#include "livefeed.h"
#include "models/compare/chartstyle.h"
#include "reports/displayformat.h"
#include "translations/translations.h"
#include "ui/live/chartlegend.h"
#include "ui/live/efficacychartview.h"

#include "testmain.h"

#include <QLabel>
#include <QScopeGuard>
#include <QToolTip>
#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QToolButton>
#include <QValueAxis>

using namespace Qt::StringLiterals;
using Metric = EfficacySeriesModel::Metric;

class TestEfficacyChartView : public QObject
{
    Q_OBJECT

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

    // Iterations 1, 3 and 4 (2 was a skipped duplicate), a revert in 4, a simplification in 5.
    static void feedRun(LiveFeed &feed)
    {
        feed.runIteration(1, suite(2, 2, 4, 0)); // coverage 50
        feed.startIteration(2);
        feed.topicDuplicate(1);
        feed.runIteration(3, suite(3, 1, 3, 1)); // coverage 75, the best
        feed.startIteration(4);
        feed.topicReverted(3);
        feed.scan(suite(4, 0, 3, 1));
        feed.complete(4, suite(4, 0, 3, 1)); // coverage 75
        feed.startIteration(5);
        feed.topicSimplified();
    }

    static void saveShot(QWidget &w, const QString &name)
    {
        const QString shots = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
        if (shots.isEmpty())
            return;
        QCoreApplication::sendPostedEvents(); // the layout a changed legend asked for, as on screen
        QVERIFY(w.grab().save(shots + u'/' + name));
    }

    static QByteArray head(const QString &path, int n)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return {};
        return f.read(n);
    }

private slots:
    void seriesHoldTheCompletedIterations()
    {
        LiveFeed feed(6, 0.9);
        EfficacyChartView view(&feed.session);
        view.resize(900, 520);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.chart()->animationOptions(), QChart::NoAnimation);
        feedRun(feed);

        QLineSeries *coverage = view.metricSeries(Metric::Coverage);
        QTRY_COMPARE(coverage->points(), (QList<QPointF>{{1, 50}, {3, 75}, {4, 75}}));
        QCOMPARE(view.metricSeries(Metric::TruePositiveRate)->points(),
                 (QList<QPointF>{{1, 50}, {3, 75}, {4, 100}}));
        QCOMPARE(view.metricSeries(Metric::TrueNegativeRate)->points(),
                 (QList<QPointF>{{1, 100}, {3, 75}, {4, 75}}));
        QCOMPARE(view.metricSeries(Metric::Accuracy)->points(),
                 (QList<QPointF>{{1, 75}, {3, 75}, {4, 87.5}}));
        QCOMPARE(view.metricSeries(Metric::F1)->points().size(), 3);
        QVERIFY(coverage->pointsVisible());
        QCOMPARE(view.bestSeries()->points(), (QList<QPointF>{{3, 75}}));
        QCOMPARE(view.bestSeries()->markerShape(), QScatterSeries::MarkerShapeStar);
        QCOMPARE(view.markerSeries(RunMarker::Kind::Duplicate)->points(),
                 (QList<QPointF>{{2, 50}}));
        QCOMPARE(view.markerSeries(RunMarker::Kind::Revert)->points(), (QList<QPointF>{{4, 75}}));
        QCOMPARE(view.markerSeries(RunMarker::Kind::Simplify)->points(), (QList<QPointF>{{5, 75}}));
        QCOMPARE(view.markerSeries(RunMarker::Kind::Revert)->name(), u"Revert"_s);

        const QList<QPointF> target = view.targetSeries()->points();
        QCOMPARE(target.size(), 2);
        QCOMPARE(target.first().y(), 90.0);
        QCOMPARE(target.last().y(), 90.0);
        QVERIFY(view.targetSeries()->pen().style() != Qt::SolidLine); // dashed
        // 0 % to 100 %, with room for markers at either end.
        QVERIFY(view.percentAxis()->min() < 0 && view.percentAxis()->min() > -10);
        QVERIFY(view.percentAxis()->max() > 100 && view.percentAxis()->max() < 110);
        QVERIFY(view.iterationAxis()->min() < 1 && view.iterationAxis()->max() >= 6);
        QCOMPARE(target.first().x(), view.iterationAxis()->min());
        QCOMPARE(target.last().x(), view.iterationAxis()->max());
        saveShot(view, u"efficacy-chart.png"_s);
    }

    // TPR equal to the coverage must still be seen: the lines differ by dash pattern (not by
    // colour alone) and the thick coverage is drawn first, under the others.
    void linesDifferByStyleAndCoverageIsUnderneath()
    {
        LiveFeed feed;
        EfficacyChartView view(&feed.session);
        const QPen coverage = view.metricSeries(Metric::Coverage)->pen();
        const QPen tpr = view.metricSeries(Metric::TruePositiveRate)->pen();
        const QPen tnr = view.metricSeries(Metric::TrueNegativeRate)->pen();
        QCOMPARE(coverage.style(), Qt::SolidLine);
        QVERIFY(tpr.style() != coverage.style());
        QVERIFY(tnr.style() != coverage.style() && tnr.style() != tpr.style());
        QVERIFY(tpr.widthF() < coverage.widthF());
        QSet<Qt::PenStyle> styles;
        for (Metric m : EfficacySeriesModel::metrics())
            styles.insert(view.metricSeries(m)->pen().style());
        QCOMPARE(styles.size(), EfficacySeriesModel::MetricCount);
        // The report's picture draws with the same definition.
        QCOMPARE(coverage.color(), ChartStyle::style(ChartStyle::Line::Coverage).color);
        QCOMPARE(tpr.color(), ChartStyle::style(ChartStyle::Line::TruePositiveRate).color);
        QCOMPARE(tpr.style(), ChartStyle::pen(ChartStyle::Line::TruePositiveRate).style());
        const QList<QAbstractSeries *> order = view.chart()->series();
        QVERIFY(order.indexOf(view.metricSeries(Metric::Coverage)) < order.indexOf(view.metricSeries(Metric::TruePositiveRate)));
        QVERIFY(order.indexOf(view.metricSeries(Metric::Coverage)) < order.indexOf(view.metricSeries(Metric::TrueNegativeRate)));
    }

    // The legend names the markers this run has, and no others.
    void theLegendListsOnlyMarkersPresent()
    {
        LiveFeed feed;
        EfficacyChartView view(&feed.session);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QStringList kinds{u"Revert"_s, u"Simplify"_s, u"Duplicate"_s};
        const auto markersShown = [&view, &kinds] {
            QStringList shown;
            for (const QString &entry : view.legendEntries()) {
                if (kinds.contains(entry))
                    shown.append(entry);
            }
            return shown;
        };
        feed.runIteration(1, suite(2, 2, 4, 0));
        view.flush();
        QCOMPARE(markersShown(), QStringList{});
        QVERIFY(view.legendEntries().contains(u"Coverage"_s));
        QVERIFY(view.legendEntries().contains(u"TPR"_s));
        QVERIFY(!view.legendEntries().contains(u"New benchmark version"_s));
        feed.startIteration(2);
        feed.topicReverted(1);
        view.flush();
        QCOMPARE(markersShown(), QStringList{u"Revert"_s});
        feed.startIteration(3);
        feed.topicDuplicate(1);
        view.flush();
        QCOMPARE(markersShown(), (QStringList{u"Revert"_s, u"Duplicate"_s}));
        feed.session.clear();
        view.flush();
        QCOMPARE(markersShown(), QStringList{});
    }

    // The legend is a plain widget under the plot: an entry shown appears in the same pass
    // (no chart layout follows), and in a narrow window the entries wrap onto more rows, each
    // whole, instead of being cut short.
    void theLegendShowsAnEntryAtOnceAndWrapsWhenNarrow()
    {
        LiveFeed feed;
        EfficacyChartView view(&feed.session);
        view.resize(900, 520);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        feed.runIteration(1, suite(2, 2, 4, 0));
        view.flush();
        QVERIFY(!view.isBehind());
        ChartLegend *legend = view.legend();
        QVERIFY(legend->isVisible());
        const QRectF geometry = view.chart()->geometry();
        QVERIFY(!view.legendEntries().contains(u"Revert"_s));

        feed.startIteration(2);
        feed.topicReverted(1);
        view.flush();
        QVERIFY(view.legendEntries().contains(u"Revert"_s));
        QVERIFY(!view.isBehind());
        QTRY_COMPARE(view.chart()->geometry(), geometry); // the plot keeps its size at 900 px

        // Every entry whole: at each width, each rect holds its swatch and its whole name, and
        // no rect leaves the legend; narrower means more rows, never a cut name.
        const QFontMetricsF metrics(legend->font());
        qreal previousHeight = 0;
        for (const int width : {900, 500, 260}) {
            const QList<QRectF> rects = legend->entryRects(width);
            const QStringList names = legend->entries();
            QCOMPARE(rects.size(), names.size());
            for (qsizetype i = 0; i < rects.size(); ++i) {
                QVERIFY2(rects.at(i).width() >= metrics.horizontalAdvance(names.at(i)) + metrics.height(),
                         qPrintable(names.at(i)));
                QVERIFY2(rects.at(i).left() >= 0 && rects.at(i).right() <= width, qPrintable(names.at(i)));
                for (qsizetype j = 0; j < i; ++j)
                    QVERIFY(!rects.at(i).intersects(rects.at(j)));
            }
            const int height = legend->heightForWidth(width);
            QVERIFY(height >= previousHeight);
            previousHeight = height;
        }
        QVERIFY(legend->heightForWidth(260) > legend->heightForWidth(900)); // it wrapped

        // Laid out in the window too: the legend takes the rows it needs under the plot.
        view.resize(300, 520);
        QTRY_COMPARE(legend->height(), legend->heightForWidth(legend->width()));
        QVERIFY(legend->geometry().top() >= view.chartView()->geometry().bottom());
    }

    // In a locale that writes "80 %" with a no-break space the percent axis reads "80 %".
    // QtCharts formats the labels with printf on the format's Latin-1 bytes, which turned
    // that space into U+FFFD (seen in the German screenshot). The labels themselves are not
    // reachable through QtCharts' API, so this checks the format it is given: ASCII only, and
    // the locale's percentage with a plain space.
    void percentLabelsKeepTheLocalesSpace()
    {
        const QLocale before;
        QCOMPARE(Translations::install(QLocale(QLocale::German, QLocale::Germany)), u"de"_s);
        const auto restore = qScopeGuard([&before] {
            Translations::uninstall();
            QLocale::setDefault(before);
        });
        const QString eighty = DisplayFormat::percent(0.8, 0);
        QVERIFY2(eighty.size() > 3 && eighty.at(2).isSpace() && eighty.at(2) != u' ',
                 qPrintable(eighty)); // the case this is about: a non-ASCII space
        LiveFeed feed;
        EfficacyChartView view(&feed.session);
        QString format = view.percentAxis()->labelFormat();
        for (const QChar c : std::as_const(format))
            QVERIFY2(c.unicode() < 0x80, qPrintable(format));
        QCOMPARE(format.replace(u"%d"_s, u"80"_s), u"80 %"_s);
    }

    void hoveringAPointShowsItsFigures()
    {
        LiveFeed feed;
        EfficacyChartView view(&feed.session);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        feedRun(feed);
        view.flush();
        const QString tip = view.model()->pointToolTip(4);
        QVERIFY2(tip.startsWith(u"Iteration 4\n"_s), qPrintable(tip));
        QVERIFY(tip.contains(u"Coverage: 75.0%"_s));
        QVERIFY(tip.contains(u"TPR: 100.0%"_s));
        QVERIFY(tip.contains(u"TNR: 75.0%"_s));
        QVERIFY(tip.contains(u"Reverted to the best topic (iteration 3)"_s));
        QVERIFY(view.model()->pointToolTip(3).startsWith(u"Iteration 3 (best)"_s));
        QCOMPARE(view.model()->pointToolTip(2), QString()); // skipped: no figures
        emit view.metricSeries(Metric::TruePositiveRate)->hovered(QPointF(4, 100), true);
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text(), tip);
        emit view.metricSeries(Metric::TruePositiveRate)->hovered(QPointF(4, 100), false);
        QTRY_VERIFY(!QToolTip::isVisible());
    }

    void hoveringShowsTheIntervalOfABenchmarkRun()
    {
        RunState run = LiveFeed::initialRun(5, 0.9);
        run.benchmarkSet = {TestCase{u"b"_s, true, u"c"_s, TestSource::Benchmark, {}}};
        LiveFeed feed; // a stored run with a benchmark: intervals
        RunState withIteration = run;
        IterationResult it;
        it.iteration = 1;
        it.testResults = suite(3, 1, 4, 0);
        it.metrics = EfficacyMetrics::compute(it.testResults);
        withIteration.iterations = {it};
        feed.session.open(withIteration);
        EfficacyChartView view(&feed.session);
        const QString tip = view.model()->pointToolTip(1);
        QVERIFY2(tip.contains(u"95 % interval"_s) && tip.contains(u"–"_s), qPrintable(tip));
    }

    void clickingAPointActivatesItsIteration()
    {
        LiveFeed feed;
        EfficacyChartView view(&feed.session);
        feedRun(feed);
        view.flush();
        QSignalSpy activated(&view, &EfficacyChartView::iterationActivated);
        emit view.metricSeries(Metric::TrueNegativeRate)->clicked(QPointF(3.1, 75));
        emit view.bestSeries()->clicked(QPointF(3, 75));
        QCOMPARE(activated.size(), 2);
        QCOMPARE(activated.at(0).first().toInt(), 3);
    }

    void anEmptyChartSaysWhatItWillShow()
    {
        LiveFeed feed;
        EfficacyChartView view(&feed.session);
        view.resize(700, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QLabel *empty = view.emptyState();
        QCOMPARE(empty->objectName(), u"chartEmptyState"_s);
        QVERIFY(empty->isVisible());
        QVERIFY(empty->text().startsWith(u"No iterations yet"_s));
        saveShot(view, u"efficacy-chart-empty.png"_s);
        feed.runIteration(1, suite(2, 2, 4, 0));
        QTRY_VERIFY(!empty->isVisible());
        feed.session.clear();
        QTRY_VERIFY(empty->isVisible());
    }

    void updatesAreCoalescedAndReplaced()
    {
        LiveFeed feed(30);
        EfficacyChartView view(&feed.session);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QLineSeries *coverage = view.metricSeries(Metric::Coverage);
        QSignalSpy replaced(coverage, &QXYSeries::pointsReplaced);
        QSignalSpy added(coverage, &QXYSeries::pointAdded);
        for (int i = 1; i <= 20; ++i)
            feed.runIteration(i, suite(i % 5, 1, 3, 1));
        QCOMPARE(coverage->count(), 0); // nothing drawn until the next frame
        QTRY_COMPARE(coverage->count(), 20);
        QCOMPARE(replaced.count(), 1);
        QCOMPARE(added.count(), 0);
    }

    void exportsPngAndSvg()
    {
        LiveFeed feed;
        EfficacyChartView view(&feed.session);
        feedRun(feed);
        QTemporaryDir dir;
        const QString png = dir.filePath(u"chart.png"_s);
        const QString svg = dir.filePath(u"chart.svg"_s);
        QVERIFY(view.exportPng(png)); // never shown: lays itself out at the export size
        QVERIFY(view.exportSvg(svg, QSize(800, 450)));
        QCOMPARE(head(png, 8), QByteArray("\x89PNG\r\n\x1a\n"));
        QCOMPARE(head(svg, 5), QByteArray("<?xml"));
        QImage image(png);
        QCOMPARE(image.size(), QSize(1920, 1080)); // 960×540 at 2× scale
        QVERIFY(QFileInfo(svg).size() > 1000);
        QVERIFY(!view.exportPng(dir.filePath(u"missing/dir/chart.png"_s)));
        QVERIFY(!view.exportSvg(dir.filePath(u"missing/dir/chart.svg"_s)));
        const QString shots = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        QCOMPARE(renderer.viewBox(), QRect(0, 0, 800, 450));
        if (!shots.isEmpty()) {
            QVERIFY(view.exportPng(shots + u"/efficacy-chart-export.png"_s));
            QImage drawn(800, 450, QImage::Format_ARGB32);
            drawn.fill(Qt::white);
            QPainter painter(&drawn);
            renderer.render(&painter);
            painter.end();
            QVERIFY(drawn.save(shots + u"/efficacy-chart-export-svg.png"_s));
        }
    }

    void exportsThroughTheFileDialog_data()
    {
        QTest::addColumn<QString>("button");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("magic");
        QTest::newRow("png") << u"exportChartPng"_s << u"from-dialog.png"_s
                             << QByteArray("\x89PNG");
        QTest::newRow("svg") << u"exportChartSvg"_s << u"from-dialog.svg"_s << QByteArray("<?xm");
    }

    void exportsThroughTheFileDialog()
    {
        QFETCH(QString, button);
        QFETCH(QString, file);
        QFETCH(QByteArray, magic);
        LiveFeed feed;
        EfficacyChartView view(&feed.session);
        view.setNativeFileDialogs(false);
        view.resize(900, 520);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        feedRun(feed);
        view.flush();
        QVERIFY(!view.isBehind());
        QCoreApplication::sendPostedEvents(); // the layout the legend's new entries asked for
        QSignalSpy exported(&view, &EfficacyChartView::exported);
        auto *b = view.findChild<QToolButton *>(button);
        QVERIFY(b);
        QVERIFY(!b->accessibleName().isEmpty());
        QTest::mouseClick(b, Qt::LeftButton);
        QFileDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = view.findChild<QFileDialog *>(u"exportChartDialog"_s)) &&
                    dialog->isVisible());
        view.flush();
        QVERIFY(!view.isBehind());
        const QImage before = view.chartView()->grab().toImage();
        QTemporaryDir dir;
        const QString path = dir.filePath(file);
        dialog->selectFile(path);
        static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept() is protected
        QTRY_COMPARE(exported.count(), 1);
        QCOMPARE(exported.at(0).at(0).toString(), path);
        QVERIFY(exported.at(0).at(1).toBool());
        QCOMPARE(head(path, 4), magic);
        // Exporting lays the chart out at the export size, titled; the screen is left as it was.
        QVERIFY(view.chart()->title().isEmpty());
        saveShot(view, u"efficacy-chart-after-export-"_s +
                           QString::fromUtf8(QTest::currentDataTag()) + u".png"_s);
        QCOMPARE(view.chartView()->grab().toImage(), before);
    }

    void followsTheSystemPalette()
    {
        LiveFeed feed;
        EfficacyChartView view(&feed.session);
        view.resize(900, 520);
        feedRun(feed);
        QCOMPARE(view.chart()->theme(), QChart::ChartThemeLight);
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
        dark.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
        dark.setColor(QPalette::Mid, QColor(0x60, 0x60, 0x60));
        dark.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
        view.setPalette(dark);
        QCOMPARE(view.chart()->theme(), QChart::ChartThemeDark);
        QCOMPARE(view.chart()->backgroundBrush().color(), dark.color(QPalette::Window));
        QCOMPARE(view.legend()->palette().color(QPalette::WindowText), dark.color(QPalette::WindowText));
        QVERIFY(view.targetSeries()->pen().style() != Qt::SolidLine); // dashed // survives the theme change
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.flush();
        saveShot(view, u"efficacy-chart-dark.png"_s);
    }
};

QTEST_MAIN(TestEfficacyChartView)
#include "tst_efficacychartview.moc"
