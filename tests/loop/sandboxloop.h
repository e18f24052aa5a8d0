#pragma once

#include "loopharness.h"

#include "sandbox/llmemulator.h"

// The loop against both emulators over loopback HTTP: the AIRS emulator (LoopHarness) and the
// sandbox LLM, whose answers make a plausible run of the guns-and-explosives topic.
struct SandboxLoop
{
    LlmEmulator llm;
    std::unique_ptr<LoopHarness> h;

    SandboxLoop()
    {
        llm.start();
        h = std::make_unique<LoopHarness>(llm.baseUrl());
    }

    // A run that goes through all `iterations` (a target of 100 %, no early stop), with a
    // held-out benchmark of `benchmark` prompts and a regression sample of 10.
    RunState newRun(int iterations, int benchmark = 0) const
    {
        RunState r = LoopHarness::newRun(QStringLiteral("Block requests to buy, build or obtain guns and explosives"));
        r.userInput.maxIterations = iterations;
        r.userInput.targetCoverage = 1.0;
        r.userInput.maxRegressions = 0;
        r.userInput.benchmarkSize = benchmark;
        r.userInput.regressionSample = 10;
        return r;
    }
};
