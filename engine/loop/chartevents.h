#pragma once

#include <QLatin1StringView>

// The events the run submits to its statechart (refinement.scxml), declared once. A handler
// submits ChartEvent::StepDone, never a string; tst_refinementchart checks that this list and the
// chart's transitions name the same events.
enum class ChartEvent {
    StepDone,        // the step's work is done: on to the next step
    DeployDone,      // apply: the topic is live on the run's profile (the deploy region's end)
    TestsDone,       // apply: the iteration's tests are written (the tests region's end)
    BenchmarkStarted,// the benchmark set is being written in the background
    BenchmarkWritten,// the benchmark set (and the sets beside it) is frozen: a waiting scan starts
    RunPause,        // a person paused, the budget is near, or an export must wait
    RunCancel,       // a person cancelled
    RunFail,         // an error that stops the run
    DecisionPending, // resumed between recording an iteration and deciding on it
    LoopStop,        // stop iterating: the maximum of iterations, a finish left pending
    ProposalRetry,   // the person asked for another proposal (step mode)
    TopicDuplicate,  // the proposal equals an earlier iteration's topic (§2.6)
    TargetReached,   // the recorded iteration reached the target coverage
    RecoveryRevert,  // back to the best iteration's topic (tier 1)
    RecoverySimplify,// ask for a simpler topic (tier 2)
    RecoveryNone,    // no recovery is needed
    LoopContinue,    // the next iteration
    LoopRegressed,   // too many consecutive regressions: stop early
    LoopPlateau,     // coverage has plateaued: stop
};

// The event's name in the chart.
constexpr QLatin1StringView chartEventName(ChartEvent e)
{
    using namespace Qt::StringLiterals;
    switch (e) {
    case ChartEvent::StepDone: return "step.done"_L1;
    case ChartEvent::DeployDone: return "deploy.done"_L1;
    case ChartEvent::TestsDone: return "tests.done"_L1;
    case ChartEvent::BenchmarkStarted: return "benchmark.started"_L1;
    case ChartEvent::BenchmarkWritten: return "benchmark.written"_L1;
    case ChartEvent::RunPause: return "run.pause"_L1;
    case ChartEvent::RunCancel: return "run.cancel"_L1;
    case ChartEvent::RunFail: return "run.fail"_L1;
    case ChartEvent::DecisionPending: return "decision.pending"_L1;
    case ChartEvent::LoopStop: return "loop.stop"_L1;
    case ChartEvent::ProposalRetry: return "proposal.retry"_L1;
    case ChartEvent::TopicDuplicate: return "topic.duplicate"_L1;
    case ChartEvent::TargetReached: return "target.reached"_L1;
    case ChartEvent::RecoveryRevert: return "recovery.revert"_L1;
    case ChartEvent::RecoverySimplify: return "recovery.simplify"_L1;
    case ChartEvent::RecoveryNone: return "recovery.none"_L1;
    case ChartEvent::LoopContinue: return "loop.continue"_L1;
    case ChartEvent::LoopRegressed: return "loop.regressed"_L1;
    case ChartEvent::LoopPlateau: return "loop.plateau"_L1;
    }
    return {};
}

inline constexpr ChartEvent AllChartEvents[] = {
    ChartEvent::StepDone,        ChartEvent::DeployDone,     ChartEvent::TestsDone,
    ChartEvent::BenchmarkStarted, ChartEvent::BenchmarkWritten,
    ChartEvent::RunPause,        ChartEvent::RunCancel,      ChartEvent::RunFail,
    ChartEvent::DecisionPending, ChartEvent::LoopStop,       ChartEvent::ProposalRetry,
    ChartEvent::TopicDuplicate,  ChartEvent::TargetReached,  ChartEvent::RecoveryRevert,
    ChartEvent::RecoverySimplify, ChartEvent::RecoveryNone,  ChartEvent::LoopContinue,
    ChartEvent::LoopRegressed,   ChartEvent::LoopPlateau,
};
