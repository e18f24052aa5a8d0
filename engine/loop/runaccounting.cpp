// RefinementRun's accounting: what each LLM call and scan used, and the budget checked before
// every LLM call (RunBudget).
#include "refinementrun.h"

#include "looplog.h"

using namespace Qt::StringLiterals;

RunUsage RefinementRun::callUsage(const LlmUsage &tokens, int answered) const
{
    RunUsage u;
    u.inputTokens = tokens.inputTokens;
    u.outputTokens = tokens.outputTokens;
    u.llmCalls = answered;
    if (answered > 0 && m_services.llm)
        u.estimatedCost = m_services.prices.cost(m_services.llm->model(), tokens);
    return u;
}

void RefinementRun::addUsage(const RunUsage &usage, bool iterationWork)
{
    if (usage.isEmpty())
        return;
    m_run.usage += usage;
    // Work started outside the iteration (the benchmark set, written while iteration 1
    // starts) stays in the run's total only.
    if (m_inIteration && iterationWork)
        m_checkpoint.iterationUsage += usage;
    emit usageChanged(m_run.usage, m_inIteration ? m_checkpoint.iterationUsage : RunUsage());
}

QString RefinementRun::budgetProblem(const RunBudget::Estimate &next) const
{
    const RunSettings &s = m_run.userInput;
    if (!s.maxTokens && !s.maxCost)
        return {};
    const QString model = m_services.llm ? m_services.llm->model() : QString();
    return RunBudget::check(s, m_run.usage, next, m_services.prices, model);
}

bool RefinementRun::fitsBesideCallsInFlight(const RunBudget::Estimate &next) const
{
    RunBudget::Estimate all = next;
    all.inputTokens += m_inFlightEstimate.inputTokens;
    all.outputTokens += m_inFlightEstimate.outputTokens;
    return m_llmCalls.isEmpty() || budgetProblem(all).isEmpty();
}

bool RefinementRun::withinBudget(const RunBudget::Estimate &next)
{
    const QString reason = budgetProblem(next);
    if (reason.isEmpty())
        return true;
    pauseForBudget(reason);
    return false;
}

void RefinementRun::pauseForBudget(const QString &reason)
{
    qCInfo(lcLoop).noquote() << "run" << m_run.id << "in" << m_stepName << ":" << reason;
    pauseWith(reason);
}
