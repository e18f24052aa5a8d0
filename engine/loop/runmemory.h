#pragma once

#include "domain/runstate.h"
#include "llm/llmtypes.h"

#include <QString>

#include <functional>

// The seam through which a run reads and writes the learnings memory. The engine only knows
// this interface; memorystore/ provides the real one, and NoRunMemory turns memory off.
class RunMemory
{
public:
    virtual ~RunMemory() = default;

    struct Loaded
    {
        QString section;      // injected at the end of the system message of five calls
        int learningCount = 0;
        QString error;        // a memory problem never stops a run: it is reported instead
    };
    // Called once before the first iteration.
    virtual void load(const RunSettings &settings, std::function<void(const Loaded &)> done) = 0;

    struct Extracted
    {
        int learningCount = 0; // learnings the LLM returned
        QString error;
        LlmUsage usage;   // what the extraction call used (also when it failed)
        int llmCalls = 0; // attempts the provider answered (StructuredResult::answered)
    };
    // Whether extract() asks the LLM (the run checks its budget first).
    virtual bool extractsWithLlm() const { return false; }
    // Called once after the loop, with the final run state.
    virtual void extract(const RunState &run, std::function<void(const Extracted &)> done) = 0;
    // Abandons an extraction in flight (the run was paused or cancelled while finishing): its
    // `done` is never called and nothing is written. A no-op when none is in flight.
    virtual void cancel() {}
    // A person's label correction during the run (`label`: the label now in force; `undo`: a
    // correction taken back), appended to the memory's feedback log so what people corrected
    // can be audited. Never fails the run.
    virtual void logLabelCorrection(const RunState &, const QString & /*prompt*/, bool /*label*/, bool /*undo*/) {}
};

class NoRunMemory final : public RunMemory
{
public:
    void load(const RunSettings &, std::function<void(const Loaded &)> done) override { done({}); }
    void extract(const RunState &, std::function<void(const Extracted &)> done) override { done({}); }
};
