#pragma once

#include <QJsonObject>

#include <optional>

class JsonIn;

// What a run (or one iteration of it) used, stored as "usage" in run files (absent in files
// made before it existed: all zero, no cost).
//
// - inputTokens / outputTokens: the provider's own usage fields, summed over every HTTP answer
//   (a structured call's retries included: they are billed too).
// - llmCalls: the provider's answers the run read: one per attempt of a structured call that
//   ended with an HTTP answer (a valid one, an invalid one asked for again, a refusal, an error
//   status). Attempts that ended in a network error, a timeout or a cancel do not count, nor
//   do HTTP-level retries inside one attempt after a 429/5xx (only the final answer is read;
//   error answers carry no usage). StructuredResult::answered.
//   Where the calls count: from an iteration's start to its record, in that iteration (so the
//   first topic and its companion are iteration 1's); the benchmark set, recovery's
//   simplification, a topic skipped as a duplicate and learning extraction are outside
//   iterations, in the run's total only. A process killed between a call and the next
//   checkpoint loses that call's count (the resume makes the call again); nothing is counted
//   twice.
// - scans: prompts scanned, each once per scan of it (a retry of the same scan after a network
//   error or throttle does not count again; a benchmark scanned twice for stability counts 2).
// - estimatedCost: USD from config.json "llmPrices" for the run's model; absent when the model
//   has no price, and absent for the sum when any part is absent (never invented).
struct RunUsage
{
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    int llmCalls = 0;
    int scans = 0;
    std::optional<double> estimatedCost; // USD; absent when a call's model has no price

    qint64 totalTokens() const { return inputTokens + outputTokens; }
    bool isEmpty() const
    {
        return inputTokens == 0 && outputTokens == 0 && llmCalls == 0 && scans == 0 &&
               !estimatedCost;
    }

    // Sums counts; the cost stays known only while both sides know it (an empty side, which
    // made no LLM call, does not make it unknown).
    RunUsage &operator+=(const RunUsage &o);
    RunUsage operator-(const RunUsage &o) const; // counts only; cost subtracted when both known

    QJsonObject
    toJson() const; // {inputTokens, outputTokens, llmCalls, scans, estimatedCost: number|null}
    static RunUsage fromJson(const JsonIn &in);

    friend bool operator==(const RunUsage &, const RunUsage &) = default;
};
