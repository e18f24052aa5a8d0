#pragma once

#include "config/pricetable.h"
#include "domain/runstate.h"
#include "llm/prompts/promptbook.h"
#include "runbudget.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <functional>

class LlmProvider;
class StructuredCall;

// The run's way to the LLM: every call goes through the run's budget (RunSettings::maxTokens,
// maxCost) first, and what it used is reported back (RunUsage, with its estimated cost).
//
// Several calls may be in flight at once (overlapped steps). Near the budget they go one at a
// time: a call that fits on its own but not beside the calls in flight waits for them, and is
// checked again with what they used, as in a strictly sequential run. A call over the budget
// is not made; the run pauses instead (Hooks::overBudget).
class LlmGate final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LlmGate)
public:
    struct Hooks
    {
        std::function<void(const QString &error)> failed;       // the call failed: the run fails
        std::function<void(const QString &reason)> overBudget;  // the run pauses with this reason
        // What a call used; `iterationWork`: the call started while an iteration was counting.
        std::function<void(const RunUsage &usage, bool iterationWork)> used;
        std::function<bool()> counting; // is an iteration counting its usage now?
        std::function<bool()> running;  // is the run still going (a waiting call may start)?
    };

    // `run` is read for its settings and its usage so far; it outlives the gate.
    LlmGate(QPointer<LlmProvider> llm, PriceTable prices, const RunState &run, Hooks hooks,
            QObject *parent = nullptr);

    // Asks `prompt`; `onOk` gets the answer. False when the call was not made: over the budget
    // (the run pauses), no provider (the run fails), or `early` work near the budget. `early`:
    // work started before its step (overlapped), which is not started at all when the budget
    // is near; its own step asks again.
    bool ask(const LlmPrompt &prompt, std::function<void(const QJsonObject &)> onOk, bool early = false);
    // False after pausing the run (Hooks::overBudget) when the next call would pass the budget.
    bool withinBudget(const RunBudget::Estimate &next);
    // What a call with these tokens, answered `answered` times, used.
    RunUsage callUsage(const LlmUsage &tokens, int answered) const;
    // Every call in flight or waiting is dropped; none of their callbacks runs.
    void abort();

private:
    QString budgetProblem(const RunBudget::Estimate &next) const; // empty: within the budget
    bool fitsBesideCallsInFlight(const RunBudget::Estimate &next) const;

    QPointer<LlmProvider> m_llm;
    PriceTable m_prices;
    const RunState &m_run;
    Hooks m_hooks;
    QList<QPointer<StructuredCall>> m_calls;
    RunBudget::Estimate m_inFlight;             // of the calls in m_calls
    QList<std::function<void()>> m_waiting;     // for the calls in flight (budget)
};
