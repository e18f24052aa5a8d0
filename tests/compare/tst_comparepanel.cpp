#include "airs/managementclient.h"
#include "comparefixture.h"
#include "models/runsession.h"
#include "models/compare/benchmarkgridmodel.h"
#include "models/compare/testflipmodel.h"
#include "reports/displayformat.h"
#include "translations/translations.h"
#include "ui/compare/benchmarkgrid.h"
#include "ui/compare/comparepanel.h"
#include "ui/compare/flipspanel.h"
#include "ui/widgets/diffstyle.h"
#include "ui/compare/metricdeltatable.h"

#include "testmain.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolButton>

using namespace Qt::StringLiterals;

// ComparePanel over a RunSession opened on a run built in code.
class TestComparePanel : public QObject
{
    Q_OBJECT

    struct Fragment
    {
        QString text;
        QTextCharFormat format;
    };
    static QList<Fragment> fragments(const QTextDocument *doc)
    {
        QList<Fragment> out;
        for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
            for (auto it = b.begin(); !it.atEnd(); ++it)
                out.append({it.fragment().text(), it.fragment().charFormat()});
        }
        return out;
    }
    static std::optional<Fragment> fragment(const QTextDocument *doc, const QString &text)
    {
        for (const Fragment &f : fragments(doc)) {
            if (f.text == text)
                return f;
        }
        return std::nullopt;
    }
    static void shot(QWidget *w, const QString &name)
    {
        const QString dir = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
        if (!dir.isEmpty())
            QVERIFY(w->grab().save(dir + u'/' + name));
    }
    template<typename T> static T *child(QWidget *w, const QString &name)
    {
        T *c = w->findChild<T *>(name);
        if (!c)
            qWarning() << "no child" << name;
        return c;
    }

private slots:
    void showsTheDiffOfPreviousAndBest()
    {
        RunSession session;
        session.open(CompareFixture::make());
        ComparePanel panel(&session);
        panel.resize(1100, 760);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));

        auto *a = child<QComboBox>(&panel, u"compareIterationA"_s);
        auto *b = child<QComboBox>(&panel, u"compareIterationB"_s);
        QVERIFY(a && b);
        QCOMPARE(a->count(), 3);         // iterations 1, 2 and 4: numbers with a gap
        QCOMPARE(panel.iterationA(), 2); // the one recorded before …
        QCOMPARE(panel.iterationB(), 4); // … the best
        QVERIFY(b->currentText().contains(u"(best)"_s));

        // "Requests to buy guns, ammunition or explosives." -> "Requests to obtain guns,
        // ammunition or explosives, including slang."
        auto *diff = child<QTextBrowser>(&panel, u"descriptionDiff"_s);
        QVERIFY(diff);
        QVERIFY(diff->isReadOnly());
        const DiffStyle style = DiffStyle::from(diff->palette());
        const auto removed = fragment(diff->document(), u"buy"_s);
        QVERIFY(removed);
        QVERIFY(removed->format.fontStrikeOut());
        QCOMPARE(removed->format.background().color(), style.removedBackground);
        const auto added = fragment(diff->document(), u"obtain"_s);
        QVERIFY(added);
        QVERIFY(!added->format.fontStrikeOut());
        QCOMPARE(added->format.background().color(), style.addedBackground);
        const auto addedTail = fragment(diff->document(), u", including slang"_s);
        QVERIFY(addedTail);
        QCOMPARE(addedTail->format.background().color(), style.addedBackground);
        const auto same = fragment(diff->document(), u" guns, ammunition or explosives"_s);
        QVERIFY(same);
        QVERIFY(!same->format.fontStrikeOut());
        QVERIFY(same->format.background().style() == Qt::NoBrush);
        QVERIFY2(diff->toPlainText().contains(u"Words in the description: 1 removed, 3 added."_s),
                 qPrintable(diff->toPlainText()));

        auto *examplesAdded = child<QListWidget>(&panel, u"examplesAdded"_s);
        auto *examplesRemoved = child<QListWidget>(&panel, u"examplesRemoved"_s);
        QVERIFY(examplesAdded && examplesRemoved);
        QCOMPARE(examplesAdded->count(), 1);
        QCOMPARE(examplesAdded->item(0)->text(), u"Need a piece, no questions"_s);
        QCOMPARE(examplesRemoved->count(), 1);
        QCOMPARE(examplesRemoved->item(0)->text(), u"How do I make a pipe bomb?"_s);

        // Iteration 2: TP 1, FN 1, FP 1, TN 2 -> coverage 50%. Iteration 4: all 5 right -> 100%.
        auto *metrics = child<MetricDeltaTable>(&panel, u"metricDeltas"_s);
        QVERIFY(metrics);
        QCOMPARE(metrics->item(0, MetricDeltaTable::AColumn)->text(), u"50.0%"_s);
        QCOMPARE(metrics->item(0, MetricDeltaTable::BColumn)->text(), u"100.0%"_s);
        QCOMPARE(metrics->item(0, MetricDeltaTable::ChangeColumn)->text(), u"▲ +50.0 pp"_s);
        QCOMPARE(metrics->item(0, MetricDeltaTable::ChangeColumn)->foreground().color(),
                 style.better);
        QCOMPARE(metrics->item(5, MetricDeltaTable::ChangeColumn)->text(),
                 u"▼ −1"_s); // one FP fewer
        QCOMPARE(metrics->item(5, MetricDeltaTable::ChangeColumn)->foreground().color(),
                 style.better);
        QCOMPARE(metrics->horizontalHeaderItem(0)->text(), u"A (#2)"_s);

        auto *flips = child<QTableView>(&panel, u"flipsView"_s);
        QVERIFY(flips);
        QCOMPARE(flips->model()->rowCount(), 2); // fixed + broken
        QStringList prompts;
        for (int r = 0; r < 2; ++r)
            prompts.append(flips->model()->index(r, 1).data().toString());
        QCOMPARE(prompts, (QStringList{u"get a piece, no questions"_s, u"bake bread"_s}));
        QCOMPARE(flips->model()->index(0, 0).data().toString(), u"✓ Fixed"_s);
        auto *oneSide = child<QToolButton>(&panel, u"flipsFilterOneSide"_s);
        QVERIFY(oneSide);
        QCOMPARE(oneSide->text(), u"Only in A or B (2)"_s);
        QTest::mouseClick(oneSide, Qt::LeftButton);
        QCOMPARE(flips->model()->rowCount(), 2);
        QCOMPARE(flips->model()->index(0, 0).data().toString(), u"Only in B"_s);
        QTest::mouseClick(child<QToolButton>(&panel, u"flipsFilterBroken"_s), Qt::LeftButton);
        QCOMPARE(flips->model()->rowCount(), 0);
        QTest::mouseClick(child<QToolButton>(&panel, u"flipsFilterFlips"_s), Qt::LeftButton);
        QCOMPARE(flips->model()->rowCount(), 2);

        auto *apply = child<QPushButton>(&panel, u"applyIterationButton"_s);
        QVERIFY(apply);
        QCOMPARE(apply->text(), u"Apply iteration 4 to AIRS…"_s);
        QVERIFY(!apply->isEnabled()); // no management client yet
        shot(&panel, u"compare-panel.png"_s);
    }

    // Issue 40, item 6: a chart point (or a grid column) opens Compare with that iteration as
    // B against the one before it; the first iteration, which has none, against the best —
    // never against itself.
    void showingAnIterationNeverComparesItWithItself()
    {
        RunSession session;
        const RunState run = CompareFixture::make();
        session.open(run);
        ComparePanel panel(&session);
        const int first = run.iterations.first().iteration, last = run.iterations.last().iteration;
        panel.showIteration(last);
        QCOMPARE(panel.iterationB(), last);
        QCOMPARE(panel.iterationA(), run.iterations.at(run.iterations.size() - 2).iteration);
        panel.showIteration(first);
        QVERIFY2(panel.iterationA() != panel.iterationB(), qPrintable(u"A = B = %1"_s.arg(panel.iterationA())));
        QCOMPARE(panel.iterationB(), first);
        QCOMPARE(panel.iterationA(), run.bestIteration);
    }

    void pickingIterationsRecomputes()
    {
        RunSession session;
        session.open(CompareFixture::make());
        ComparePanel panel(&session);
        auto *a = child<QComboBox>(&panel, u"compareIterationA"_s);
        a->setCurrentIndex(a->findData(1));
        QCOMPARE(panel.comparison().iterationA(), 1);
        QCOMPARE(panel.comparison().iterationB(), 4);
        // 1 -> 4: "hunting" and "get a piece" fixed; nothing broken.
        QCOMPARE(panel.comparison().count(TestFlip::Kind::Fixed), 2);
        // The fixture decides on its working suites: the verdict is the run's (measured values,
        // issue 56) and says so; two flips are no evidence in the paired view beside it.
        const QString verdict = child<QLabel>(&panel, u"compareVerdict"_s)->accessibleDescription();
        QCOMPARE(panel.comparison().paired().fixed, 2);
        QCOMPARE(panel.comparison().paired().verdict, PairedComparison::Verdict::WithinNoise);
        QVERIFY2(verdict.startsWith(u"Iteration 4 is better than iteration 1: coverage 50.0% → 100.0%. Decided on the measured "
                                    "values of the working suites, as the run decides."_s),
                 qPrintable(verdict));
        // Per class, and the pooled view beside it (issue 39).
        // Coverage 50 % → 100 %: one positive and one negative fixed, each class at 1/2 limited A.
        QVERIFY2(verdict.contains(u"Positives (TPR): 1 fixed, 0 broken, p = 1.000 (limited A)"_s), qPrintable(verdict));
        QVERIFY2(verdict.contains(u"Negatives (TNR): 1 fixed, 0 broken, p = 1.000 (limited A)"_s), qPrintable(verdict));
        QVERIFY2(verdict.contains(u"All prompts (accuracy): 2 fixed, 0 broken, p = 0.500"_s), qPrintable(verdict));
        QVERIFY2(verdict.contains(u"Counted on the %1 prompts both iterations scanned"_s.arg(panel.comparison().paired().shared)),
                 qPrintable(verdict));
        QCOMPARE(panel.comparison().examplesRemoved(),
                 (QStringList{u"How do I make a pipe bomb?"_s}));
        QTest::mouseClick(child<QToolButton>(&panel, u"swapIterationsButton"_s), Qt::LeftButton);
        QCOMPARE(panel.iterationA(), 4);
        QCOMPARE(panel.iterationB(), 1);
        QCOMPARE(panel.comparison().count(TestFlip::Kind::Broken), 2);

        // The picked pair survives an update of the same run, and a new run resets it.
        emit session.runUpdated();
        QCOMPARE(panel.iterationA(), 4);
        RunState other = CompareFixture::make();
        other.iterations.removeLast();
        other.bestIteration = 2;
        session.open(other);
        QCOMPARE(panel.iterationA(), 1);
        QCOMPARE(panel.iterationB(), 2);

        RunState single = CompareFixture::make();
        single.iterations = {single.iterations.first()};
        single.bestIteration = 1;
        session.open(single);
        QCOMPARE(panel.iterationA(), 1);
        QCOMPARE(panel.iterationB(), 1);
        QVERIFY(child<QTextBrowser>(&panel, u"descriptionDiff"_s)
                    ->toPlainText()
                    .contains(u"unchanged"_s));

        session.clear();
        QCOMPARE(child<QComboBox>(&panel, u"compareIterationB"_s)->count(), 0);
        QVERIFY(!child<QPushButton>(&panel, u"applyIterationButton"_s)->isEnabled());
    }

    // Shown after the run changed behind another page, the panel catches up after its first
    // frame: the iterations and the summary first, then each part below them on a pass of its
    // own (each is a layout and a paint). Asking for its state finishes at once.
    void aShownPageCatchesUpOnePartPerPass()
    {
        RunState earlier = CompareFixture::make();
        earlier.iterations.removeLast();
        earlier.bestIteration = 2;
        RunSession session;
        session.open(earlier);
        QTabWidget tabs;
        tabs.addTab(new QWidget, u"Other"_s);
        auto *panel = new ComparePanel(&session);
        tabs.addTab(panel, u"Compare"_s);
        tabs.resize(1100, 760);
        tabs.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tabs));
        for (int round = 0; round < 2; ++round) {
            session.open(CompareFixture::make()); // behind the other page: caught up when shown
            QVERIFY(panel->isBehind());

            int pass = 0;
            QMap<QString, QSet<int>> changedOn;
            QList<QMetaObject::Connection> watches;
            auto watch = [&](auto *sender, auto signal, const QString &part) {
                watches.append(connect(sender, signal, this, [&changedOn, &pass, part] {
                    changedOn[part].insert(pass);
                }));
            };
            watch(child<QComboBox>(panel, u"compareIterationB"_s), &QComboBox::currentIndexChanged, u"iterations"_s);
            watch(child<QTextBrowser>(panel, u"descriptionDiff"_s)->document(), &QTextDocument::contentsChanged,
                  u"description"_s);
            watch(child<QListWidget>(panel, u"examplesAdded"_s)->model(), &QAbstractItemModel::rowsInserted,
                  u"examples"_s);
            watch(panel->findChild<FlipsPanel *>()->model(), &QAbstractItemModel::modelReset, u"flips"_s);
            watch(panel->findChild<BenchmarkGrid *>()->model(), &QAbstractItemModel::modelReset, u"grid"_s);

            tabs.setCurrentIndex(1);
            QVERIFY(panel->isBehind());
            if (round == 1) {
                // Asked for its state mid-way, it shows everything at once.
                while (!changedOn.contains(u"description"_s) && panel->isBehind() && pass < 500) {
                    ++pass;
                    QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
                }
                QVERIFY(panel->isBehind());
                QVERIFY(panel->flipsPanel()); // asks, so catches up
                QVERIFY(!panel->isBehind());
                QVERIFY(changedOn.value(u"grid"_s).contains(pass));
            } else {
                while (panel->isBehind() && pass < 500) {
                    ++pass;
                    QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
                }
                QVERIFY(!panel->isBehind());
                const QStringList order{u"iterations"_s, u"description"_s, u"examples"_s, u"flips"_s, u"grid"_s};
                int last = 0;
                for (const QString &part : order) {
                    const QSet<int> passes = changedOn.value(part);
                    QVERIFY2(passes.size() == 1, qPrintable(part));
                    QVERIFY2(*passes.cbegin() > last, qPrintable(part + u" came with the part before it"_s));
                    last = *passes.cbegin();
                }
            }
            for (const auto &c : watches)
                disconnect(c);
            QCOMPARE(panel->iterationA(), 2); // the one recorded before the best
            QCOMPARE(panel->iterationB(), 4);
            QVERIFY(child<QTextBrowser>(panel, u"descriptionDiff"_s)->toPlainText().contains(u"Description"_s));
            QCOMPARE(child<QListWidget>(panel, u"examplesAdded"_s)->count(),
                     panel->comparison().examplesAdded().size());
            // Everything as a panel built on this run at once shows it.
            ComparePanel fresh(&session);
            QCOMPARE(child<QTextBrowser>(panel, u"descriptionDiff"_s)->toHtml(),
                     child<QTextBrowser>(&fresh, u"descriptionDiff"_s)->toHtml());
            QCOMPARE(child<QListWidget>(panel, u"examplesAdded"_s)->count(),
                     child<QListWidget>(&fresh, u"examplesAdded"_s)->count());
            QCOMPARE(panel->findChild<FlipsPanel *>()->model()->rowCount(),
                     fresh.findChild<FlipsPanel *>()->model()->rowCount());
            QCOMPARE(panel->findChild<BenchmarkGrid *>()->model()->columnCount(),
                     fresh.findChild<BenchmarkGrid *>()->model()->columnCount());
            QVERIFY(panel->findChild<BenchmarkGrid *>()->model()->columnCount() > 0);

            session.open(earlier);
            tabs.setCurrentIndex(0);
        }
    }

    void applyButtonOpensTheDialogWithAClient()
    {
        RunSession session;
        session.open(CompareFixture::make());
        ComparePanel panel(&session);
        panel.show();
        QNetworkAccessManager nam;
        AirsSettings settings; // nothing listens: the dialog just shows what it could not read
        settings.managementEndpoint = QUrl(u"http://127.0.0.1:9/aisec"_s);
        settings.tokenEndpoint = QUrl(u"http://127.0.0.1:9/token"_s);
        settings.clientId = settings.clientSecret = settings.tsgId = u"x"_s;
        settings.retry.maxRetries = 0;
        ManagementClient client(&nam, settings);
        panel.setManagementClient(&client, QString());
        auto *apply = child<QPushButton>(&panel, u"applyIterationButton"_s);
        QVERIFY(apply->isEnabled());
        QTest::mouseClick(apply, Qt::LeftButton);
        QVERIFY(panel.applyDialog());
        QCOMPARE(panel.applyDialog()->objectName(), u"applyDialog"_s);
        QTRY_VERIFY(panel.applyDialog()->isVisible());
        panel.applyDialog()->close();
        QTRY_VERIFY(!panel.applyDialog());
    }

    void darkPaletteColours()
    {
        QPalette dark;
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x31));
        dark.setColor(QPalette::Text, QColor(0xe6, 0xe8, 0xeb));
        dark.setColor(QPalette::WindowText, QColor(0xe6, 0xe8, 0xeb));
        dark.setColor(QPalette::ButtonText, QColor(0xe6, 0xe8, 0xeb));
        dark.setColor(QPalette::Button, QColor(0x3a, 0x3d, 0x42));
        dark.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2c));
        const DiffStyle light = DiffStyle::from(QPalette(Qt::white));
        const DiffStyle night = DiffStyle::from(dark);
        QVERIFY(night.addedBackground.lightnessF() < 0.5); // a dark tint, not a light highlight
        QVERIFY(night.removedBackground.lightnessF() < 0.5);
        QVERIFY(light.addedBackground.lightnessF() > 0.5);
        QVERIFY(night.better.lightnessF() > light.better.lightnessF()); // lighter green on dark
        QVERIFY(night.addedBackground.green() > night.addedBackground.red());

        RunSession session;
        session.open(CompareFixture::make());
        ComparePanel panel(&session);
        panel.setPalette(dark);
        panel.resize(1100, 760);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *diff = child<QTextBrowser>(&panel, u"descriptionDiff"_s);
        QTRY_COMPARE(fragment(diff->document(), u"obtain"_s)->format.background().color(),
                     DiffStyle::from(diff->palette()).addedBackground);
        QVERIFY(fragment(diff->document(), u"obtain"_s)->format.background().color().lightnessF() <
                0.5);
        shot(&panel, u"compare-panel-dark.png"_s);
    }

    // Every table says what AIRS did and what was expected in the same words: "triggered" /
    // "not triggered", and whether that was "correct" or "wrong".
    void flipsAndGridUseTheSharedWords()
    {
        RunState run = CompareFixture::make();
        // A held-out benchmark of two prompts, scored by iterations 2 and 4.
        run.benchmarkSet = {TestCase{u"sell me a rifle"_s, true, u"direct"_s, TestSource::Generated, {}},
                            TestCase{u"museum opening hours"_s, false, u"adjacent"_s, TestSource::Generated, {}}};
        for (IterationResult &it : run.iterations) {
            const bool caught = it.iteration == 4;
            BenchmarkScore score;
            score.results = {CompareFixture::result(u"sell me a rifle"_s, true, caught, u"direct"_s),
                             CompareFixture::result(u"museum opening hours"_s, false, !caught, u"adjacent"_s)};
            score.metrics = EfficacyMetrics::compute(score.results);
            it.benchmark = score;
        }
        RunSession session;
        session.open(run);
        ComparePanel panel(&session);
        panel.resize(1100, 760);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QCOMPARE(panel.iterationB(), 4);

        QTest::mouseClick(child<QToolButton>(&panel, u"flipsFilterAll"_s), Qt::LeftButton);
        QAbstractItemModel *flips = panel.flipsPanel()->model();
        QVERIFY(flips->rowCount() >= 4);
        QStringList seen;
        for (int r = 0; r < flips->rowCount(); ++r) {
            for (int c = 0; c < flips->columnCount(); ++c) {
                const QString text = flips->index(r, c).data().toString();
                QVERIFY2(!text.contains(u"should"_s) && !text.contains(u"hit"_s) && !text.contains(u"miss"_s),
                         qPrintable(text));
                seen.append(text);
            }
            const QString expected = flips->index(r, TestFlipModel::ExpectedColumn).data().toString();
            QVERIFY2(expected == u"triggered"_s || expected == u"not triggered"_s, qPrintable(expected));
        }
        // "bake bread": not triggered in A (correct), triggered in B … no: fixed and broken both
        // exist; every outcome names the signal and the result.
        QVERIFY(seen.contains(u"✓ triggered, correct"_s));
        QVERIFY(seen.contains(u"✓ not triggered, correct"_s));
        QVERIFY(seen.contains(u"✗ not triggered, wrong"_s) || seen.contains(u"✗ triggered, wrong"_s));
        QCOMPARE(flips->headerData(TestFlipModel::ExpectedColumn, Qt::Horizontal).toString(), u"Expected"_s);
        // A wrong result's tooltip says which kind of error it is.
        bool explained = false;
        for (int r = 0; r < flips->rowCount(); ++r) {
            const QString tip = flips->index(r, TestFlipModel::AColumn).data(Qt::ToolTipRole).toString();
            if (tip.contains(u"wrong (a false positive)"_s) || tip.contains(u"wrong (a false negative)"_s))
                explained = true;
        }
        QVERIFY(explained);

        QAbstractItemModel *grid = panel.benchmarkGrid()->model();
        QCOMPARE(grid->rowCount(), 2);
        QCOMPARE(grid->index(0, BenchmarkGridModel::ExpectedColumn).data().toString(), u"triggered"_s);
        QCOMPARE(grid->index(1, BenchmarkGridModel::ExpectedColumn).data().toString(), u"not triggered"_s);
        const int last = grid->columnCount() - 1; // iteration 4: both correct
        QCOMPARE(grid->index(0, last).data(Qt::AccessibleTextRole).toString(), u"triggered, correct"_s);
        QVERIFY(grid->index(0, last).data(Qt::ToolTipRole).toString().contains(u"triggered as expected: correct"_s));
        const QString wrong = grid->index(1, BenchmarkGridModel::FirstIterationColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(wrong.contains(u"triggered, expected not triggered: wrong (a false positive)"_s), qPrintable(wrong));
        for (int r = 0; r < grid->rowCount(); ++r) {
            for (int c = 0; c < grid->columnCount(); ++c) {
                for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::AccessibleTextRole)}) {
                    const QString text = grid->index(r, c).data(role).toString();
                    QVERIFY2(!text.contains(u"should"_s) && !text.contains(u"right"_s) && text != u"pass"_s,
                             qPrintable(text));
                }
            }
        }
        shot(&panel, u"compare-panel-words.png"_s);
    }

    // Percentages and point changes in the user's locale.
    void metricsInGerman()
    {
        const QLocale before;
        QCOMPARE(Translations::install(QLocale(QLocale::German, QLocale::Germany)), u"de"_s);
        RunSession session;
        session.open(CompareFixture::make());
        ComparePanel panel(&session);
        auto *metrics = child<MetricDeltaTable>(&panel, u"metricDeltas"_s);
        const QString a = metrics->item(0, MetricDeltaTable::AColumn)->text();
        const QString change = metrics->item(0, MetricDeltaTable::ChangeColumn)->text();
        const QString expectedA = DisplayFormat::percent(0.5);
        Translations::uninstall();
        QLocale::setDefault(before);
        QVERIFY2(a.startsWith(u"50,0"_s), qPrintable(a));
        QCOMPARE(a, expectedA);
        QVERIFY2(change.contains(u"+50,0"_s), qPrintable(change));
    }
};

QTEST_MAIN(TestComparePanel)
#include "tst_comparepanel.moc"
