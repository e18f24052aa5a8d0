#include "learningextractor.h"

ExtractRequest ExtractRequest::fromRun(const RunState &run, const QString &providerModel)
{
    ExtractRequest r;
    r.runId = run.id;
    r.description = run.userInput.topicDescription;
    r.intent = run.userInput.intent;
    r.iterations = run.iterations;
    r.bestIteration = run.bestIteration;
    r.bestCoverage = run.bestCoverage;
    r.providerModel = providerModel;
    r.notesLanguage = run.userInput.notesLanguage;
    return r;
}

const IterationResult *ExtractRequest::iterationNumbered(int number) const
{
    if (number <= 0)
        return nullptr;
    for (const IterationResult &it : iterations) {
        if (it.iteration == number)
            return &it;
    }
    return nullptr;
}

const IterationResult *ExtractRequest::bestOrLast() const
{
    if (const IterationResult *best = iterationNumbered(bestIteration))
        return best;
    return iterations.isEmpty() ? nullptr : &iterations.constLast();
}
