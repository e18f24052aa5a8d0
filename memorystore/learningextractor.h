#pragma once

#include "domain/iterationresult.h"
#include "domain/runsettings.h"
#include "domain/runstate.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

// What the extraction call needs from a finished run (behaviour reference §4.4, §3.2).
struct ExtractRequest
{
    QString runId;
    QString description; // userInput.topicDescription: also the category key's source
    Intent intent = Intent::Block;
    QList<IterationResult> iterations; // recorded iterations, in order
    int bestIteration = 0;             // an iteration *number*; 0 = none
    double bestCoverage = 0;
    QString providerModel; // "<provider>/<model>", for the learnings' `source`
    QString notesLanguage; // the run's RunSettings::notesLanguage

    // From a finished run (its id, settings, recorded iterations and best iteration).
    static ExtractRequest fromRun(const RunState &run, const QString &providerModel);

    // The best iteration looked up by number (never by array position, §6 item 1), else the
    // last recorded one, else null.
    const IterationResult *bestOrLast() const;
    // The recorded iteration with this number, or null (also for 0).
    const IterationResult *iterationNumbered(int number) const;
};

// One learning as the model returns it (the extract_learnings schema).
struct LearningDraft
{
    QString insight;
    QString strategy;
    QString outcome;    // improved | degraded | neutral
    QString changeType; // description-only | examples-only | both | initial; empty = initial
    QStringList tags;
    int iteration = 0;          // the iteration it describes; 0 = not said (the best is used)
    bool intentNeutral = false; // holds whatever the topic's intent
};

struct ExtractResult
{
    QList<LearningDraft> learnings;
    QStringList antiPatterns;
    QString error; // empty = the call succeeded
};

// The seam to the LLM: the engine implements it with the prompt book's extract_learnings call,
// so memorystore never depends on engine/llm. `done` is called exactly once, on the caller's
// thread or later from the event loop.
class LearningExtractor
{
public:
    virtual ~LearningExtractor() = default;
    virtual void extract(const ExtractRequest &request,
                         std::function<void(ExtractResult)> done) = 0;
};
