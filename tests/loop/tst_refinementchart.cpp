// The loop's statechart (engine/loop/refinement.scxml, compiled into RefinementChart): its
// states and transitions against the table in README.md ("Architecture"), and the statechart
// rules the loop relies on (they were StepMachine's, whose tests these replace): exit before
// entry, run to completion, a child's transition before its parent's, a final state stops the
// machine, stop() runs no exit action, a step's timeout fires only while it is active.
#include "loop/chartevents.h"
#include "loop/steptimeouts.h"
#include "refinement.h"
#include "rulechart.h"

#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <deque>
#include <memory>

using namespace Qt::StringLiterals;

namespace {
struct Transition
{
    QString from, event, to;
};

// The rows between the statechart markers of the README.
QList<Transition> documentedTransitions()
{
    QFile f(QStringLiteral(DAYSTROM_README));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(f.readAll());
    const qsizetype begin = text.indexOf(u"<!-- statechart:begin -->"_s);
    const qsizetype end = text.indexOf(u"<!-- statechart:end -->"_s);
    if (begin < 0 || end < begin)
        return {};
    QList<Transition> rows;
    static const QRegularExpression row(u"^\\| (\\w+) \\| ([\\w.]+) \\| (\\w+) \\|$"_s);
    for (const QString &line : text.mid(begin, end - begin).split(u'\n')) {
        const QRegularExpressionMatch m = row.match(line.trimmed());
        if (m.hasMatch() && m.captured(1) != "state"_L1)
            rows.append({m.captured(1), m.captured(2), m.captured(3)});
    }
    return rows;
}

// The chart's structure around the steps (the parallel state "work" and its region "loop"),
// and the background region's states: not in the trace, not a leaf (backgroundBenchmark and
// statesAreTheDocumentedOnes look at them).
bool aside(const QString &state)
{
    static const QSet<QString> names{u"work"_s, u"loop"_s, u"background"_s, u"benchmarkIdle"_s,
                                     u"writingBenchmark"_s, u"benchmarkWritten"_s};
    return names.contains(state);
}

// A compiled chart with its data model, and what its states did.
struct Chart
{
    StepTimeouts timeouts;
    RefinementChart chart;
    QStringList trace;

    Chart()
    {
        chart.setDataModel(&timeouts);
        for (const QString &state : chart.stateNames(false)) {
            if (aside(state))
                continue;
            chart.connectToState(state, &chart, [this, state](bool active) {
                trace << (active ? u"enter "_s : u"exit "_s) + state;
            });
        }
    }
    // The innermost active state (states, in a parallel state).
    QString leaf() const
    {
        QStringList active = chart.activeStateNames(true);
        active.removeIf(aside);
        active.sort(); // in a parallel state, both regions' leaves in a stable order
        return active.size() == 1 ? active.first() : active.join(u',');
    }
};
} // namespace

class tst_RefinementChart : public QObject
{
    Q_OBJECT

    // The parent of each state, from the chart's own naming (compress = false lists ancestors).
    static QHash<QString, QString> parents()
    {
        return {{u"recover"_s, u"running"_s}, {u"chooseRecovery"_s, u"recover"_s}, {u"revert"_s, u"recover"_s},
                {u"simplify"_s, u"recover"_s}, {u"judge"_s, u"recover"_s},
                {u"apply"_s, u"running"_s}, {u"deploy"_s, u"apply"_s}, {u"tests"_s, u"apply"_s},
                {u"deploying"_s, u"deploy"_s}, {u"deployed"_s, u"deploy"_s},
                {u"writingTests"_s, u"tests"_s}, {u"testsWritten"_s, u"tests"_s},
                {u"scanReady"_s, u"scan"_s}, {u"waitingForBenchmark"_s, u"scan"_s}, {u"scanning"_s, u"scan"_s},
                {u"benchmarkIdle"_s, u"background"_s}, {u"writingBenchmark"_s, u"background"_s},
                {u"benchmarkWritten"_s, u"background"_s}};
    }

    static bool inside(const QString &state, const QString &ancestor)
    {
        for (QString s = state; !s.isEmpty(); s = parents().value(s)) {
            if (s == ancestor)
                return true;
        }
        return false;
    }

    // The events of a parallel state's regions (the apply step's, the background benchmark's).
    static bool regionEvent(const QString &event)
    {
        return event == "deploy.done"_L1 || event == "tests.done"_L1 || event == "benchmark.started"_L1
            || event == "benchmark.written"_L1;
    }

    // Where `event` takes the chart from the leaf `state`, by the table: the state's own
    // transition first, then its ancestors'. Empty: no transition.
    static QString target(const QList<Transition> &table, QString state, const QString &event)
    {
        static const QSet<QString> finals{u"completed"_s, u"paused"_s, u"cancelled"_s, u"failed"_s};
        if (finals.contains(state))
            return {};
        while (!state.isEmpty()) {
            for (const Transition &t : table) {
                if (t.from == state && t.event == event)
                    return t.to;
            }
            state = parents().value(state, state == "running"_L1 ? QString() : u"running"_s);
        }
        return {};
    }

    // The leaf a state enters (a compound state: its initial child).
    static QString entered(const QString &state)
    {
        return state == "recover"_L1 ? u"chooseRecovery"_s : state;
    }

    // What leaf() shows in a state the table names: the parallel state "apply" is in both its
    // regions' initial states.
    static QString shown(const QString &state)
    {
        if (state == "scan"_L1)
            return u"scanning"_s; // the benchmark is not being written
        return state == "apply"_L1 ? u"deploying,writingTests"_s : state;
    }

    // Events from the initial step to `state`, by the table (breadth first).
    static QStringList pathTo(const QList<Transition> &table, const QStringList &events, const QString &state)
    {
        std::deque<std::pair<QString, QStringList>> queue{{u"loadMemory"_s, {}}};
        QSet<QString> seen{u"loadMemory"_s};
        while (!queue.empty()) {
            auto [at, path] = queue.front();
            queue.pop_front();
            if (at == state)
                return path;
            for (const QString &e : events) {
                const QString to = target(table, at, e);
                if (to.isEmpty() || seen.contains(entered(to)))
                    continue;
                seen.insert(entered(to));
                queue.push_back({entered(to), path + QStringList{e}});
            }
        }
        return {u"<unreachable>"_s};
    }

private slots:
    void statesAreTheDocumentedOnes()
    {
        const QList<Transition> table = documentedTransitions();
        QVERIFY2(table.size() > 20, "README.md has no statechart table between its markers");
        Chart c;
        // The final states; the parallel state around the loop and its regions; the apply step's
        // two regions (the table names their states); the scan's first state, left at once
        // (eventless: to scanning, or to waitingForBenchmark while the benchmark is written).
        QSet<QString> documented{u"completed"_s, u"paused"_s, u"cancelled"_s, u"failed"_s, u"work"_s, u"loop"_s,
                                 u"background"_s, u"deploy"_s, u"tests"_s, u"scanReady"_s, u"scanning"_s};
        for (const Transition &t : table)
            documented << t.from << t.to;
        const QStringList names = c.chart.stateNames(false);
        QCOMPARE(QSet<QString>(names.cbegin(), names.cend()), documented);
    }

    // Every (state, event) pair: the compiled chart goes where the table says, and nowhere
    // when the table has no transition for it.
    void transitionsAreTheDocumentedOnes()
    {
        const QList<Transition> table = documentedTransitions();
        QVERIFY(!table.isEmpty());
        QStringList events;
        QSet<QString> leaves;
        for (const Transition &t : table) {
            if (!events.contains(t.event))
                events << t.event;
            // The regions' own states are covered by applyRunsDeployAndTestsSideBySide.
            const QString parent = parents().value(t.from);
            if (t.from != "running"_L1 && t.from != "recover"_L1 && parent != "deploy"_L1 && parent != "tests"_L1
                && parent != "background"_L1 && parent != "scan"_L1)
                leaves << t.from;
        }
        events << u"no.such.event"_s;
        int checked = 0;
        for (const QString &state : std::as_const(leaves)) {
            const QStringList path = pathTo(table, events, state);
            QVERIFY2(path != QStringList{u"<unreachable>"_s}, qPrintable(state));
            for (const QString &event : std::as_const(events)) {
                if (regionEvent(event))
                    continue; // a region's own: applyRunsDeployAndTestsSideBySide, backgroundBenchmark
                Chart c;
                c.chart.start();
                QTRY_COMPARE(c.leaf(), u"loadMemory"_s);
                QString at = u"loadMemory"_s;
                for (const QString &step : path) {
                    at = entered(target(table, at, step));
                    c.chart.submitEvent(step);
                    QTRY_COMPARE(c.leaf(), shown(at));
                }
                const QString to = target(table, state, event);
                const int entries = int(c.trace.size());
                c.chart.submitEvent(event);
                if (to.isEmpty()) {
                    // Nothing happens: the next documented event still works from here.
                    c.chart.submitEvent(u"run.fail"_s);
                    QTRY_COMPARE(c.leaf(), u"failed"_s);
                    const QString left = c.trace.value(entries);
                    QVERIFY2(left == u"exit "_s + state || (left.startsWith(u"exit "_s) && inside(left.mid(5), state)),
                             qPrintable(left));
                } else {
                    QTRY_COMPARE(c.leaf(), shown(entered(to)));
                }
                ++checked;
            }
        }
        QCOMPARE(checked, leaves.size() * (events.size() - 4));
    }

    // The events the run submits are declared once (ChartEvent): exactly the chart's own,
    // but for those the chart makes itself (a step's timeout, a parallel state's end).
    void chartEventsAreTheChartsEvents()
    {
        QFile f(QFileInfo(QStringLiteral(DAYSTROM_README)).dir().filePath(u"engine/loop/refinement.scxml"_s));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString chart = QString::fromUtf8(f.readAll());
        QSet<QString> inChart;
        static const QRegularExpression event(u"<transition event=\"([\\w.]+)\""_s);
        for (auto it = event.globalMatch(chart); it.hasNext();) {
            const QString name = it.next().captured(1);
            if (name != "step.timeout"_L1 && !name.startsWith(u"done.state."_s))
                inChart.insert(name);
        }
        QSet<QString> declared;
        for (ChartEvent e : AllChartEvents)
            declared.insert(QString(chartEventName(e)));
        QCOMPARE(declared.size(), int(std::size(AllChartEvents))); // no two share a name
        QCOMPARE(inChart, declared);
    }

    // The apply step runs the deployment and the tests side by side: compose follows when both
    // regions are done, in either order, and not before.
    void applyRunsDeployAndTestsSideBySide_data()
    {
        QTest::addColumn<QStringList>("events");
        QTest::newRow("deploy first") << QStringList{u"deploy.done"_s, u"tests.done"_s};
        QTest::newRow("tests first") << QStringList{u"tests.done"_s, u"deploy.done"_s};
    }
    void applyRunsDeployAndTestsSideBySide()
    {
        QFETCH(QStringList, events);
        Chart c;
        c.chart.start();
        QTRY_COMPARE(c.leaf(), u"loadMemory"_s);
        for (int i = 0; i < 7; ++i) // prepare, benchmark, start, generate, review, duplicateCheck, apply
            c.chart.submitEvent(u"step.done"_s);
        QTRY_COMPARE(c.leaf(), u"deploying,writingTests"_s);
        c.chart.submitEvent(u"step.done"_s); // not an event of the apply step
        c.chart.submitEvent(events.at(0));
        QTRY_VERIFY2(c.leaf() == u"deployed,writingTests"_s || c.leaf() == u"deploying,testsWritten"_s, qPrintable(c.leaf()));
        QVERIFY(c.chart.isActive(u"apply"_s));
        c.chart.submitEvent(events.at(0)); // again: nothing
        c.chart.submitEvent(events.at(1));
        QTRY_COMPARE(c.leaf(), u"compose"_s);
        QVERIFY(c.trace.contains(u"exit apply"_s));
    }

    // With overlapped steps the benchmark set is written in the background: the loop goes on,
    // and the scan waits for the set unless it is written already.
    void backgroundBenchmark_data()
    {
        QTest::addColumn<bool>("writtenBeforeScan");
        QTest::newRow("scan waits") << false;
        QTest::newRow("written before the scan") << true;
    }
    void backgroundBenchmark()
    {
        QFETCH(bool, writtenBeforeScan);
        Chart c;
        c.chart.start();
        QTRY_COMPARE(c.leaf(), u"loadMemory"_s);
        QVERIFY(c.chart.isActive(u"benchmarkIdle"_s));
        c.chart.submitEvent(u"step.done"_s);
        c.chart.submitEvent(u"step.done"_s);
        QTRY_COMPARE(c.leaf(), u"benchmark"_s);
        c.chart.submitEvent(u"benchmark.started"_s);
        c.chart.submitEvent(u"step.done"_s);
        QTRY_COMPARE(c.leaf(), u"start"_s);
        QVERIFY(c.chart.isActive(u"writingBenchmark"_s));
        if (writtenBeforeScan)
            c.chart.submitEvent(u"benchmark.written"_s);
        for (int i = 0; i < 6; ++i) // generate, review, duplicateCheck, apply
            c.chart.submitEvent(QString::fromLatin1(i < 4 ? "step.done" : i == 4 ? "deploy.done" : "tests.done"));
        QTRY_COMPARE(c.leaf(), u"compose"_s);
        c.chart.submitEvent(u"step.done"_s);
        if (!writtenBeforeScan) {
            QTRY_COMPARE(c.leaf(), u"waitingForBenchmark"_s);
            c.chart.submitEvent(u"benchmark.written"_s);
        }
        QTRY_COMPARE(c.leaf(), u"scanning"_s);
        QVERIFY(c.chart.isActive(u"benchmarkWritten"_s));
        QCOMPARE(c.trace.contains(u"enter waitingForBenchmark"_s), !writtenBeforeScan);
        c.chart.submitEvent(u"step.done"_s);
        QTRY_COMPARE(c.leaf(), u"evaluate"_s);
    }

    void exitBeforeEntry()
    {
        Chart c;
        c.chart.start();
        QTRY_COMPARE(c.leaf(), u"loadMemory"_s);
        c.chart.submitEvent(u"step.done"_s);
        QTRY_COMPARE(c.leaf(), u"prepare"_s);
        QCOMPARE(c.trace, (QStringList{u"enter running"_s, u"enter loadMemory"_s, u"exit loadMemory"_s,
                                       u"enter prepare"_s}));
    }

    void eventFromAnEntryRunsAfterIt()
    {
        Chart c;
        c.chart.connectToState(u"prepare"_s, &c.chart, [&c](bool active) {
            if (!active)
                return;
            c.chart.submitEvent(u"step.done"_s); // handled after this entry has returned
            c.trace << u"prepare entry returns"_s;
        });
        c.chart.start();
        QTRY_COMPARE(c.leaf(), u"loadMemory"_s);
        c.chart.submitEvent(u"step.done"_s);
        QTRY_COMPARE(c.leaf(), u"benchmark"_s);
        QCOMPARE(c.trace.mid(2), (QStringList{u"exit loadMemory"_s, u"enter prepare"_s, u"prepare entry returns"_s,
                                              u"exit prepare"_s, u"enter benchmark"_s}));
    }

    // The loop's chart has no step that overrides a transition of `running` today; the rule is
    // Qt SCXML's (W3C: transitions are selected from the innermost active state outwards),
    // shown on a chart with a step and its parent handling the same event.
    void childTransitionBeforeParents()
    {
        RuleChart rules;
        rules.start();
        QTRY_VERIFY(rules.isActive(u"a"_s));
        rules.submitEvent(u"run.pause"_s); // a has its own: to b
        QTRY_VERIFY(rules.isActive(u"b"_s));
        rules.submitEvent(u"run.pause"_s); // b has none: the parent's, to paused
        QTRY_VERIFY(rules.isActive(u"paused"_s));
    }

    void finalStateStopsTheMachine()
    {
        Chart c;
        bool runningAtEntry = true;
        c.chart.connectToState(u"paused"_s, &c.chart, [&](bool active) {
            if (active)
                runningAtEntry = c.chart.isRunning();
        });
        c.chart.start();
        QTRY_COMPARE(c.leaf(), u"loadMemory"_s);
        c.chart.submitEvent(u"run.pause"_s);
        QTRY_COMPARE(c.leaf(), u"paused"_s);
        QVERIFY(!runningAtEntry); // already stopped when the final state's entry runs
        QVERIFY(!c.chart.isRunning());
        const QStringList before = c.trace;
        c.chart.submitEvent(u"step.done"_s);
        c.chart.submitEvent(u"run.fail"_s);
        QCoreApplication::processEvents();
        QCOMPARE(c.trace, before);
        QCOMPARE(c.leaf(), u"paused"_s);
    }

    void stopRunsNoExitAndIgnoresLaterEvents()
    {
        Chart c;
        c.chart.start();
        QTRY_COMPARE(c.leaf(), u"loadMemory"_s);
        c.chart.stop();
        QVERIFY(!c.chart.isRunning());
        c.chart.submitEvent(u"step.done"_s);
        c.chart.submitEvent(u"run.pause"_s);
        QCoreApplication::processEvents();
        QCOMPARE(c.trace, (QStringList{u"enter running"_s, u"enter loadMemory"_s}));
    }

    void stepTimeoutFailsTheRun()
    {
        Chart c;
        c.timeouts.setTimeout(StepTimeouts::Step::LoadMemory, 50);
        QList<StepTimeouts::Step> timedOut;
        connect(&c.timeouts, &StepTimeouts::stepTimedOut, this,
                [&](StepTimeouts::Step step, int ms) { timedOut << step; QCOMPARE(ms, 50); });
        c.chart.start();
        QTRY_COMPARE(c.leaf(), u"failed"_s);
        QCOMPARE(timedOut, QList<StepTimeouts::Step>{StepTimeouts::Step::LoadMemory});
        QCOMPARE(StepTimeouts::name(timedOut.first()), u"load-memory"_s);
    }

    void aStepLeftInTimeCancelsItsTimeout()
    {
        Chart c;
        c.timeouts.setTimeout(StepTimeouts::Step::LoadMemory, 100);
        c.chart.start();
        QTRY_COMPARE(c.leaf(), u"loadMemory"_s);
        c.chart.submitEvent(u"step.done"_s); // prepare has no limit
        QTRY_COMPARE(c.leaf(), u"prepare"_s);
        // Waiting for something that must not happen: well past loadMemory's 100 ms.
        QVERIFY(!QTest::qWaitFor([&c] { return c.leaf() != "prepare"_L1; }, 400));
    }
};

QTEST_GUILESS_MAIN(tst_RefinementChart)
#include "tst_refinementchart.moc"
