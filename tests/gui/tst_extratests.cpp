// Issue 43 in the app: the New run form's response tests and robustness (off by default, typed
// by keyboard into RunSettings, refused with a reason when they cannot run, their cost said),
// the Live page's "Responses & rewrites" tab (only for runs that have them; its table the
// iteration's Robustness::table), the chart's response line and Compare's response figures.
#include "reports/htmlreport.h"
#include "models/compare/iterationcomparison.h"
#include "ui/compare/comparepanel.h"
#include "models/live/efficacyseriesmodel.h"
#include "models/live/robustnesstablemodel.h"
#include "models/runsession.h"
#include "ui/live/directionsview.h"
#include "ui/live/liverunpanel.h"
#include "ui/newrun/newrunpanel.h"

#include "testmain.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>

using namespace Qt::StringLiterals;

namespace {
TestResult result(const QString &prompt, bool expected, bool actual, const QString &rewrite = {}, int of = -1,
                  const QString &response = {})
{
    TestResult r;
    r.testCase.prompt = prompt;
    r.testCase.expectedTriggered = expected;
    r.testCase.category = u"direct"_s;
    r.testCase.source = TestSource::Benchmark;
    r.testCase.rewrite = rewrite;
    r.testCase.rewriteOf = of;
    r.testCase.response = response;
    r.actualTriggered = actual;
    r.correct = expected == actual;
    return r;
}

// Two recorded iterations with a benchmark, response tests and rewrites of two prompts.
RunState runWithExtras()
{
    RunState run;
    run.id = u"extras-run"_s;
    run.userInput.topicDescription = u"Block weapons"_s;
    run.userInput.profileName = u"lab"_s;
    run.userInput.benchmarkSize = 4;
    run.userInput.responseTests = 4;
    run.userInput.robustnessFamilies = {u"typos"_s, u"translation-de"_s};
    run.userInput.robustnessSample = 2;
    run.status = RunStatus::Completed;
    for (int n = 1; n <= 2; ++n) {
        IterationResult it;
        it.iteration = n;
        it.topic = {u"Weapons"_s, u"Requests to buy guns."_s, {u"Buy a gun"_s, u"Get a rifle"_s}};
        it.benchmark = BenchmarkScore::compute({result(u"p0"_s, true, true), result(u"p1"_s, true, n == 2),
                                                result(u"n0"_s, false, false), result(u"n1"_s, false, false)});
        it.metrics = it.benchmark->metrics;
        it.responses = BenchmarkScore::compute({result(u"q0"_s, true, n == 2, {}, -1, u"Here is how…"_s),
                                                result(u"q1"_s, true, false, {}, -1, u"In short…"_s),
                                                result(u"q2"_s, false, false, {}, -1, u"Sorry, no."_s),
                                                result(u"q3"_s, false, true, {}, -1, u"Guns are…"_s)});
        it.robustness = {result(u"p0 typo"_s, true, false, u"typos"_s, 0), result(u"n0 typo"_s, false, false, u"typos"_s, 2),
                         result(u"p0 de"_s, true, false, u"translation-de"_s, 0), result(u"n0 de"_s, false, false, u"translation-de"_s, 2)};
        run.iterations.append(it);
    }
    run.bestIteration = 2;
    run.bestCoverage = run.iterations.last().benchmark->metrics.coverage;
    return run;
}
} // namespace

class TestExtraTests : public QObject
{
    Q_OBJECT

    struct Form
    {
        NewRunPanel panel;
        QSpinBox *responses = nullptr;
        QComboBox *decision = nullptr;
        QCheckBox *robustness = nullptr;
        QLineEdit *languages = nullptr;
        QLabel *cost = nullptr;
        QPushButton *run = nullptr;
        QLabel *hint = nullptr;
    };

    static void setUp(Form &f)
    {
        f.panel.resize(900, 700);
        f.panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.panel));
        f.panel.findChild<QPlainTextEdit *>(u"topicDescription"_s)->setPlainText(u"Block weapons"_s);
        f.panel.setProfiles({u"lab"_s});
        f.panel.findChild<QGroupBox *>(u"advancedGroup"_s)->setChecked(true);
        f.responses = f.panel.findChild<QSpinBox *>(u"responseTestsSpin"_s);
        f.decision = f.panel.findChild<QComboBox *>(u"decisionDirectionsCombo"_s);
        f.robustness = f.panel.findChild<QCheckBox *>(u"robustnessCheck"_s);
        f.languages = f.panel.findChild<QLineEdit *>(u"translationLanguagesEdit"_s);
        f.cost = f.panel.findChild<QLabel *>(u"extraTestsCost"_s);
        f.run = f.panel.findChild<QPushButton *>(u"runButton"_s);
        f.hint = f.panel.findChild<QLabel *>(u"newRunHint"_s);
        QVERIFY(f.responses && f.decision && f.robustness && f.languages && f.cost && f.run && f.hint);
        QVERIFY(f.run->isEnabled());
    }

    static void typeNumber(QSpinBox *spin, int value)
    {
        spin->setFocus();
        spin->selectAll();
        QTest::keyClicks(spin, QString::number(value));
        QTest::keyClick(spin, Qt::Key_Tab);
        QCOMPARE(spin->value(), value);
    }

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void offByDefault()
    {
        Form f;
        setUp(f);
        const RunSettings s = f.panel.settings();
        QCOMPARE(s.responseTests, 0);
        QVERIFY(!s.decideOnBothDirections);
        QVERIFY(s.robustnessFamilies.isEmpty());
        QVERIFY(!f.decision->isEnabled()); // nothing to decide on without response tests
        QVERIFY(!f.languages->isEnabled());
        QVERIFY(f.cost->text().contains(u"Neither is on"_s));
    }

    void typedIntoTheRunsSettingsWithTheirCost()
    {
        Form f;
        setUp(f);
        typeNumber(f.responses, 20);
        QVERIFY(f.decision->isEnabled());
        f.decision->setCurrentIndex(1);
        QTest::mouseClick(f.robustness, Qt::LeftButton, {}, QPoint(8, f.robustness->height() / 2));
        QVERIFY(f.robustness->isChecked());
        auto *base64 = f.panel.findChild<QCheckBox *>(u"family-base64"_s);
        QTest::mouseClick(base64, Qt::LeftButton, {}, QPoint(8, base64->height() / 2));
        f.languages->setFocus();
        f.languages->selectAll();
        QTest::keyClicks(f.languages, u"de; JA"_s);
        const RunSettings s = f.panel.settings();
        QCOMPARE(s.responseTests, 20);
        QVERIFY(s.decideOnBothDirections);
        QStringList expected = Robustness::defaultFamilies().mid(0, 7);
        expected.removeAll(u"base64"_s);
        expected += {u"translation-de"_s, u"translation-ja"_s};
        QCOMPARE(s.robustnessFamilies, expected);
        QCOMPARE(s.robustnessSample, 20);
        QVERIFY(f.run->isEnabled());
        // 20 responses and 8 families × 20 prompts, and two LLM calls at the start.
        QVERIFY2(f.cost->text().contains(u"scans 180 more prompt"_s) && f.cost->text().contains(u"(20 response tests, up to 160 rewrites)"_s)
                     && f.cost->text().contains(u"2 more LLM call"_s),
                 qPrintable(f.cost->text()));
        // Loaded back (a run's settings shown again).
        NewRunPanel other;
        other.setSettings(s);
        QCOMPARE(other.settings().robustnessFamilies, s.robustnessFamilies);
        QCOMPARE(other.settings().responseTests, 20);
        QVERIFY(other.settings().decideOnBothDirections);
    }

    void refusedWithAReason()
    {
        Form f;
        setUp(f);
        typeNumber(f.responses, 10);
        f.panel.findChild<QComboBox *>(u"intentCombo"_s)->setCurrentIndex(1); // allow
        QVERIFY(!f.run->isEnabled());
        QVERIFY2(f.hint->text().contains(u"Response tests need block intent"_s), qPrintable(f.hint->text()));
        typeNumber(f.responses, 0);
        QVERIFY(f.run->isEnabled());

        f.robustness->setChecked(true);
        f.languages->setText(u"german"_s);
        QVERIFY(!f.run->isEnabled());
        QVERIFY2(f.hint->text().contains(u"two-letter language codes"_s), qPrintable(f.hint->text()));
        f.languages->setText(u"fr"_s);
        QVERIFY(f.run->isEnabled());
        f.panel.findChild<QSpinBox *>(u"benchmarkSizeSpin"_s)->setValue(0);
        QVERIFY(!f.run->isEnabled());
        QVERIFY2(f.hint->text().contains(u"give the run a benchmark"_s), qPrintable(f.hint->text()));
    }

    void liveTabOnlyForRunsThatHaveThem()
    {
        RunSession session;
        LiveRunPanel panel(&session, nullptr);
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *tabs = panel.findChild<QTabWidget *>(u"resultsLogTabs"_s);
        auto *view = panel.findChild<DirectionsView *>(u"directionsView"_s);
        QVERIFY(tabs && view);
        RunState plain = runWithExtras();
        plain.userInput.responseTests = 0;
        plain.userInput.robustnessFamilies.clear();
        session.open(plain);
        QVERIFY(!tabs->isTabVisible(tabs->indexOf(view)));

        const RunState run = runWithExtras();
        session.open(run);
        QVERIFY(tabs->isTabVisible(tabs->indexOf(view)));
        QVERIFY(panel.showIteration(1));
        const QList<Robustness::Row> rows = Robustness::table(run.iterations.first(), run.userInput.robustnessFamilies);
        QCOMPARE(view->robustnessModel()->rows(), rows);
        QCOMPARE(view->robustnessModel()->rowCount(), 3);
        const QAbstractItemModel *m = view->robustnessModel();
        QCOMPARE(m->data(m->index(0, RobustnessTableModel::FamilyColumn)).toString(), u"As written"_s);
        QCOMPARE(m->data(m->index(0, RobustnessTableModel::TprColumn)).toString(), u"100.0%"_s); // p0 caught
        QCOMPARE(m->data(m->index(1, RobustnessTableModel::TprColumn)).toString(), u"0.0%"_s);   // its typo not
        QCOMPARE(m->data(m->index(1, RobustnessTableModel::ChangeColumn)).toString(), u"−100.0 pp"_s);
        QCOMPARE(m->data(m->index(2, RobustnessTableModel::FamilyColumn)).toString(), u"Translation (Deutsch)"_s);
        QCOMPARE(m->data(m->index(2, RobustnessTableModel::CountColumn)).toString(), u"2"_s);
        // Iteration 1's responses: q0 missed, q1 missed, q2 right, q3 wrongly triggered.
        QVERIFY2(view->responsesText().contains(u"coverage 0.0%"_s) && view->responsesText().contains(u"4 prompt and response pair"_s),
                 qPrintable(view->responsesText()));
        QVERIFY(panel.showIteration(2));
        QVERIFY2(view->responsesText().contains(u"TPR 50.0%"_s), qPrintable(view->responsesText()));
    }

    void chartAndCompareShowTheResponseSide()
    {
        RunSession session;
        const RunState run = runWithExtras();
        session.open(run);
        EfficacySeriesModel series(&session);
        const QList<QPointF> points = series.points(EfficacySeriesModel::Metric::ResponseCoverage);
        QCOMPARE(points.size(), 2);
        QCOMPARE(points.at(0), QPointF(1, run.iterations.at(0).responses->metrics.coverage * 100));
        QCOMPARE(points.at(1), QPointF(2, run.iterations.at(1).responses->metrics.coverage * 100));
        QVERIFY(series.pointToolTip(2).contains(u"Coverage (responses): 50.0%"_s));

        const IterationComparison c(run.iterations.at(0), run.iterations.at(1));
        QVERIFY(c.responsesA() && c.responsesB());
        const MetricDelta d = c.metric(MetricDelta::Metric::ResponseCoverage);
        QCOMPARE(d.a, 0.0);
        QCOMPARE(d.b, 0.5);
        QCOMPARE(d.direction, MetricDelta::Direction::Better);
        IterationResult without = run.iterations.at(1);
        without.responses.reset();
        QVERIFY(!IterationComparison(run.iterations.at(0), without).responsesA());
    }

    // Issue 56: with --directions both the deciding figure is the weaker side's, and Live's
    // chart, its iteration list and Compare show that figure, not the prompt side's. Iteration
    // 1: prompts 50 %, responses 0 %; iteration 2: prompts 100 %, responses 50 %.
    void bothDirectionsFigureInLiveChartAndCompare()
    {
        RunState run = runWithExtras();
        run.userInput.decideOnBothDirections = true;
        run.bestCoverage = 0.5;
        RunSession session;
        session.open(run);
        EfficacySeriesModel series(&session);
        const QList<QPointF> coverage = series.points(EfficacySeriesModel::Metric::Coverage);
        QCOMPARE(coverage, (QList<QPointF>{QPointF(1, 0), QPointF(2, 50)}));
        // The prompt side's rates are still drawn as they are.
        QCOMPARE(series.points(EfficacySeriesModel::Metric::TruePositiveRate).at(1), QPointF(2, 100));

        LiveRunPanel live(&session, nullptr);
        auto *choice = live.findChild<QComboBox *>(u"iterationChoice"_s);
        QVERIFY(choice);
        QTRY_VERIFY(choice->count() >= 2);
        QCOMPARE(choice->itemText(choice->findData(2)), u"Iteration 2 — coverage 50.0%"_s);
        QCOMPARE(choice->itemText(choice->findData(1)), u"Iteration 1 — coverage 0.0%"_s);

        const IterationComparison c(run.iterations.at(0), run.iterations.at(1), run.userInput);
        QCOMPARE(c.decision().coverageA, 0.0);
        QCOMPARE(c.decision().coverageB, 0.5);
        QCOMPARE(c.decision().change, Decision::Change::Better);
        QVERIFY(!c.decision().paired); // a minimum over two sets is compared by value

        ComparePanel panel(&session);
        auto *a = panel.findChild<QComboBox *>(u"compareIterationA"_s);
        auto *b = panel.findChild<QComboBox *>(u"compareIterationB"_s);
        QVERIFY(a && b);
        QVERIFY2(a->itemText(a->findData(1)).contains(u"0.0% coverage"_s), qPrintable(a->itemText(a->findData(1))));
        a->setCurrentIndex(a->findData(1));
        b->setCurrentIndex(b->findData(2));
        const QString verdict = panel.findChild<QLabel *>(u"compareVerdict"_s)->accessibleDescription();
        QVERIFY2(verdict.startsWith(u"Iteration 2 is better than iteration 1: coverage of the weaker direction 0.0% → 50.0%."_s),
                 qPrintable(verdict));
    }

    // Issue 56: a family row short of the as-written row's prompts says why, in Live's caption
    // and in the HTML report (the CLI's and the text report's lines: tst_runreport).
    void aShortRewriteRowSaysWhyInLiveAndTheReport()
    {
        RunState run = runWithExtras();
        for (IterationResult &it : run.iterations)
            it.robustness.removeLast(); // "n0 de": the LLM wrote no usable translation of n0
        const QList<Robustness::Row> rows = Robustness::table(run.iterations.first(), run.userInput.robustnessFamilies);
        QCOMPARE(rows.at(2).notRewritten, 1);
        RunSession session;
        LiveRunPanel panel(&session, nullptr);
        auto *view = panel.findChild<DirectionsView *>(u"directionsView"_s);
        auto *caption = panel.findChild<QLabel *>(u"robustnessCaption"_s);
        QVERIFY(view && caption);
        session.open(run);
        QVERIFY(panel.showIteration(1));
        // (No English catalogue is installed here: the plural reads "prompt(s)".)
        const QString why = u"Translation (Deutsch): 1 prompt(s) not rewritten: the LLM wrote no usable rewrite of them."_s;
        QVERIFY2(caption->text().contains(why), qPrintable(caption->text()));
        QVERIFY(!caption->text().contains(u"Typos:"_s)); // a full row says nothing
        const QString html = HtmlReport::html(run, {}, {}, QDateTime(QDate(2026, 12, 3), QTime(8, 0), Qt::UTC));
        QVERIFY2(html.contains(u"<p class=\"note\">"_s + HtmlReport::escaped(why) + u"</p>"_s), qPrintable(html.right(3000)));
    }
};

QTEST_MAIN(TestExtraTests)
#include "tst_extratests.moc"
