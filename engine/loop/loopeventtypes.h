#pragma once

#include <QLatin1StringView>
#include <QStringView>

#include <array>
#include <optional>

// The one list of the run's events (issue 59): every signal of LoopEvents that is an event,
// with its JSON "type", who reads its JSON form (LoopEventJson::connectAll: the `--events
// jsonl` stream, the run's event log, or both) and whether the event log shows a line of its
// own for it (EventLogText). The JSON writer's functions and the log text's dispatch are
// generated from this list, so a new event is one line here, its signal in LoopEvents, its
// JSON form in LoopEventJson and its line in EventLogText; the compiler asks for the last two
// and tst_loopevents fails for a signal in neither list.
//
// X(signal, "json type", audience, log line)
//  - audience: Stream (only `--events jsonl`), Log (only the event log), Both;
//  - log line: Line (EventLogText writes one) or Quiet (a neighbouring line says it, or the
//    log never holds it).
// loop:complete, loop:paused, loop:cancelled and loop:failed go to the stream only: the run
// records its own end before its final save (RunContext::recordEnd), and the log shows it.
#define DAYSTROM_LOOP_EVENTS(X)                                                                    \
    X(memoryLoaded, "memory:loaded", Both, Line)                                                   \
    X(iterationStarted, "iteration:start", Both, Line)                                             \
    X(generateComplete, "generate:complete", Both, Line)                                           \
    X(companionGenerated, "companion:generated", Both, Quiet)                                      \
    X(companionCreated, "companion:created", Both, Line)                                           \
    X(applyComplete, "apply:complete", Both, Line)                                                 \
    X(testsComposed, "tests:composed", Both, Line)                                                 \
    X(testsAccumulated, "tests:accumulated", Both, Quiet)                                          \
    X(testProgress, "test:progress", Stream, Quiet)                                                \
    X(evaluateComplete, "evaluate:complete", Both, Quiet)                                          \
    X(analyzeComplete, "analyze:complete", Both, Line)                                             \
    X(iterationComplete, "iteration:complete", Both, Line)                                         \
    X(topicDuplicate, "topic:duplicate", Both, Line)                                               \
    X(topicReverted, "topic:reverted", Both, Line)                                                 \
    X(topicSimplified, "topic:simplified", Both, Line)                                             \
    X(loopPlateau, "loop:plateau", Both, Line)                                                     \
    X(memoryExtracted, "memory:extracted", Both, Line)                                             \
    X(promptSetCreated, "promptset:created", Both, Line)                                           \
    X(loopComplete, "loop:complete", Stream, Line)                                                 \
    X(loopPaused, "loop:paused", Stream, Line)                                                     \
    X(loopCancelled, "loop:cancelled", Stream, Line)                                               \
    X(loopFailed, "loop:failed", Stream, Line)                                                     \
    X(proposalReady, "proposal:ready", Both, Line)                                                 \
    X(decisionMade, "decision:made", Both, Line)                                                   \
    X(labelCorrected, "label:corrected", Both, Line)                                               \
    X(promptsAdded, "prompts:added", Both, Line)                                                   \
    X(stepModeChanged, "stepmode:changed", Both, Line)                                             \
    X(keptExamplesChanged, "examples:kept", Both, Quiet)                                           \
    X(warning, "warning", Log, Line)

// The signals of LoopEvents that are not events: progress and figures for live views, and the
// log entry itself. They have no JSON form and no log line.
#define DAYSTROM_LOOP_PROGRESS_SIGNALS(X)                                                          \
    X(benchmarkReady) X(stepChanged) X(testScanned) X(eventRecorded) X(usageChanged)

enum class LoopEventType {
#define DAYSTROM_LOOP_EVENT_ENUM(signal, type, audience, line) signal,
    DAYSTROM_LOOP_EVENTS(DAYSTROM_LOOP_EVENT_ENUM)
#undef DAYSTROM_LOOP_EVENT_ENUM
};

namespace LoopEventTypes {

enum class Audience { Stream = 1, Log = 2, Both = 3 };
enum class LogLine { Line, Quiet };

struct Info
{
    LoopEventType type;
    const char *signal;     // the LoopEvents signal's name
    QLatin1StringView name; // the JSON "type"
    Audience audience;
    LogLine logLine;
};

inline constexpr std::array all = {
#define DAYSTROM_LOOP_EVENT_INFO(signal, type, audience, line)                                     \
    Info{LoopEventType::signal, #signal, QLatin1StringView(type), Audience::audience,              \
         LogLine::line},
    DAYSTROM_LOOP_EVENTS(DAYSTROM_LOOP_EVENT_INFO)
#undef DAYSTROM_LOOP_EVENT_INFO
};

inline constexpr std::array progressSignals = {
#define DAYSTROM_LOOP_PROGRESS_NAME(signal) #signal,
    DAYSTROM_LOOP_PROGRESS_SIGNALS(DAYSTROM_LOOP_PROGRESS_NAME)
#undef DAYSTROM_LOOP_PROGRESS_NAME
};

constexpr const Info &info(LoopEventType type)
{
    return all[std::size_t(type)];
}

constexpr QLatin1StringView name(LoopEventType type)
{
    return info(type).name;
}

// True when `audience` (Stream or Log) reads the JSON form of `type`.
constexpr bool reads(Audience audience, LoopEventType type)
{
    return (int(info(type).audience) & int(audience)) != 0;
}

// The event of a JSON "type"; none for an unknown one.
inline std::optional<LoopEventType> fromName(QStringView name)
{
    for (const Info &i : all) {
        if (name == i.name)
            return i.type;
    }
    return std::nullopt;
}

} // namespace LoopEventTypes
