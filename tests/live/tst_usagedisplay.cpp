// What a run used, where a person sees it: the Live view's usage line follows the engine's
// usage signal (tokens in/out, LLM calls, scans, estimated cost, "cost unknown" with the hint
// to price the model, the budget), and a stored run file's "usage" shows on Live when the run
// is opened and in the Runs list (a Usage column, the details line under the list).
#include "config/pricetable.h"
#include "livefeed.h"
#include "loop/runbudget.h"
#include "reports/displayformat.h"
#include "models/runlistmodel.h"
#include "runs/runstore.h"
#include "samplerun.h"
#include "testhome.h"
#include "ui/compare/runspanel.h"
#include "ui/live/liverunpanel.h"

#include "testmain.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QTableView>

using namespace Qt::StringLiterals;

class TestUsageDisplay : public QObject
{
    Q_OBJECT

    static RunUsage usage(qint64 in, qint64 out, int calls, int scans, std::optional<double> cost)
    {
        RunUsage u;
        u.inputTokens = in;
        u.outputTokens = out;
        u.llmCalls = calls;
        u.scans = scans;
        u.estimatedCost = cost;
        return u;
    }

    // A run file as the engine writes it, with the usage block and the budget typed in here.
    static QString storedRunWithUsage(const QString &dir, const QString &id, const QJsonValue &cost)
    {
        RunState run = SampleRun::make(id);
        run.status = RunStatus::Paused;
        run.stopReason = u"paused: the next LLM call would exceed the token budget"_s;
        if (!RunStore(dir).save(run).isEmpty())
            return {};
        QFile file(RunStore(dir).pathFor(id));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
        file.close();
        o.insert(u"usage"_s, QJsonObject{{u"inputTokens"_s, 12345},
                                         {u"outputTokens"_s, 678},
                                         {u"llmCalls"_s, 9},
                                         {u"scans"_s, 240},
                                         {u"estimatedCost"_s, cost}});
        QJsonObject input = o.value(u"userInput"_s).toObject();
        input.insert(u"maxTokens"_s, 20000);
        o.insert(u"userInput"_s, input);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {};
        file.write(QJsonDocument(o).toJson());
        return file.fileName();
    }

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void liveFollowsTheEnginesUsage()
    {
        LiveFeed feed;
        LiveRunPanel panel(&feed.session, nullptr);
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *label = panel.findChild<QLabel *>(u"usageLabel"_s);
        QVERIFY(label);
        QVERIFY(label->isVisible());
        QVERIFY2(label->text().contains(u"Tokens: 0 in / 0 out"_s), qPrintable(label->text()));

        feed.startIteration(1);
        emit feed.controller.usageChanged(usage(1500, 300, 2, 0, 0.0105),
                                          usage(1200, 250, 1, 0, 0.0081));
        QTRY_VERIFY2(label->text().contains(u"Tokens: 1,500 in / 300 out"_s),
                     qPrintable(label->text()));
        QVERIFY(label->text().contains(u"LLM calls: 2"_s));
        QVERIFY(label->text().contains(u"Scans: 0"_s));
        QVERIFY2(label->text().contains(u"≈ $0.01"_s), qPrintable(label->text()));
        QVERIFY2(label->toolTip().contains(u"This iteration: Tokens: 1,200 in / 250 out"_s),
                 qPrintable(label->toolTip()));

        // Scans count as they finish; a cost below a cent keeps its digits.
        emit feed.controller.usageChanged(usage(1500, 300, 2, 10, 0.0042),
                                          usage(1200, 250, 1, 10, 0.0042));
        QTRY_VERIFY(label->text().contains(u"Scans: 10"_s));
        QVERIFY2(label->text().contains(u"$0.0042"_s), qPrintable(label->text()));

        // A call to a model without a price: the cost is unknown, and the tooltip says what to do.
        emit feed.controller.usageChanged(usage(3000, 500, 3, 10, std::nullopt), {});
        QTRY_VERIFY2(label->text().contains(u"Cost: unknown"_s), qPrintable(label->text()));
        QVERIFY2(label->toolTip().contains(u"llmPrices"_s), qPrintable(label->toolTip()));
        QVERIFY(!label->toolTip().contains(u"This iteration"_s));
        QCOMPARE(feed.session.usage().inputTokens, 3000);
    }

    void aStoredRunsUsageOnLiveAndRuns()
    {
        const QString dir = TestHome::path() + u"/runs-usage"_s;
        const QString id = u"Ab3kP9_qLm2-ZtR8aB4cU"_s;
        QVERIFY(!storedRunWithUsage(dir, id, 0.0472).isEmpty());
        const RunStore::Loaded loaded = RunStore(dir).load(id);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        QCOMPARE(loaded.run.usage.inputTokens, 12345);
        QCOMPARE(loaded.run.userInput.maxTokens, std::optional<qint64>(20000));

        // Live, the run opened from the store.
        RunSession session;
        LiveRunPanel live(&session, nullptr);
        live.show();
        QVERIFY(QTest::qWaitForWindowExposed(&live));
        session.open(loaded.run);
        auto *label = live.findChild<QLabel *>(u"usageLabel"_s);
        QVERIFY2(label->text().contains(u"Tokens: 12,345 in / 678 out"_s),
                 qPrintable(label->text()));
        QVERIFY(label->text().contains(u"LLM calls: 9"_s));
        QVERIFY(label->text().contains(u"Scans: 240"_s));
        QVERIFY(label->text().contains(u"≈ $0.05"_s));
        QVERIFY2(label->text().contains(u"budget: 20,000 tokens"_s), qPrintable(label->text()));
        session.clear();
        QVERIFY(label->text().isEmpty());

        // Runs: the Usage column and the selected run's details.
        RunsPanel runs(dir);
        runs.resize(1000, 400);
        runs.show();
        QVERIFY(QTest::qWaitForWindowExposed(&runs));
        auto *view = runs.findChild<QTableView *>(u"runsView"_s);
        QTRY_COMPARE(view->model()->rowCount(), 1);
        QCOMPARE(view->model()->headerData(RunListModel::UsageColumn, Qt::Horizontal).toString(),
                 u"Usage"_s);
        const QModelIndex cell = view->model()->index(0, RunListModel::UsageColumn);
        QCOMPARE(cell.data().toString(), u"13,023 tokens · ≈ $0.05"_s);
        QVERIFY2(cell.data(Qt::ToolTipRole).toString().contains(u"budget: 20,000 tokens"_s),
                 qPrintable(cell.data(Qt::ToolTipRole).toString()));
        QVERIFY(!view->isColumnHidden(RunListModel::UsageColumn));
        QVERIFY(view->columnWidth(RunListModel::UsageColumn) > 0);
        runs.selectRun(id);
        auto *details = runs.findChild<QLabel *>(u"runDetails"_s);
        QTRY_VERIFY2(
            details->text().contains(u"Tokens: 12,345 in / 678 out · LLM calls: 9 · Scans: 240"_s),
            qPrintable(details->text()));
    }

    void aRunWithoutPricesOrUsage()
    {
        const QString dir = TestHome::path() + u"/runs-noprice"_s;
        QVERIFY(!storedRunWithUsage(dir, u"Cd3kP9_qLm2-ZtR8aB4cN"_s, QJsonValue::Null).isEmpty());
        // A run made before usage was kept.
        QVERIFY(RunStore(dir).save(SampleRun::make(u"Ef3kP9_qLm2-ZtR8aB4cO"_s)).isEmpty());
        RunListModel model;
        model.setListing(RunListModel::read(dir));
        QCOMPARE(model.rowCount(), 2);
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex cell = model.index(row, RunListModel::UsageColumn);
            if (cell.siblingAtColumn(0)
                    .data(RunListModel::RunIdRole)
                    .toString()
                    .startsWith(u"Cd"_s)) {
                QCOMPARE(cell.data().toString(), u"13,023 tokens"_s);
                QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(u"Cost: unknown"_s));
                QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(u"llmPrices"_s));
            } else {
                QCOMPARE(cell.data().toString(), u"—"_s);
                QVERIFY(cell.data(RunListModel::UsageRole).toString().isEmpty());
            }
        }
    }

    // The engine's budget pauses are shown in the app's words (raise the budget on resume),
    // not with the CLI's --max-tokens / --max-cost: the patterns must follow runbudget.cpp.
    void budgetPausesInTheAppsWords()
    {
        RunSettings settings;
        settings.maxTokens = 15000;
        settings.maxCost = 0.5;
        RunUsage used;
        used.inputTokens = 11000;
        used.outputTokens = 1400;
        used.estimatedCost = 0.49;
        const RunBudget::Estimate next{3000, 100};
        PriceTable prices;
        prices.insert(u"m"_s, {3.0, 15.0});
        const QString tokens = RunBudget::check(settings, used, next, prices, u"m"_s);
        QVERIFY(tokens.contains(u"--max-tokens"_s));
        const QString tokensShown = DisplayFormat::stopReason(tokens);
        QVERIFY2(!tokensShown.contains(u"--max"_s), qPrintable(tokensShown));
        QVERIFY2(tokensShown.contains(u"12,400 of 15,000"_s), qPrintable(tokensShown));

        settings.maxTokens.reset();
        const QString cost = RunBudget::check(settings, used, next, prices, u"m"_s);
        QVERIFY(cost.contains(u"--max-cost"_s));
        const QString costShown = DisplayFormat::stopReason(cost);
        QVERIFY2(!costShown.contains(u"--max"_s) && costShown.contains(u"raise the budget"_s),
                 qPrintable(costShown));

        const QString unpriced = RunBudget::check(settings, used, next, PriceTable(), u"m"_s);
        const QString unpricedShown = DisplayFormat::stopReason(unpriced);
        QVERIFY2(!unpricedShown.contains(u"--max"_s) && unpricedShown.contains(u"llmPrices"_s),
                 qPrintable(unpricedShown));
    }
};

QTEST_MAIN(TestUsageDisplay)
#include "tst_usagedisplay.moc"
