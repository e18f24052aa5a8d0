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

void RefinementRun::addUsage(const RunUsage &usage)
{
    if (usage.isEmpty())
        return;
    m_run.usage += usage;
    if (m_inIteration)
        m_checkpoint.iterationUsage += usage;
    emit usageChanged(m_run.usage, m_inIteration ? m_checkpoint.iterationUsage : RunUsage());
}

bool RefinementRun::withinBudget(const RunBudget::Estimate &next)
{
    const RunSettings &s = m_run.userInput;
    if (!s.maxTokens && !s.maxCost)
        return true;
    const QString model = m_services.llm ? m_services.llm->model() : QString();
    const QString reason = RunBudget::check(s, m_run.usage, next, m_services.prices, model);
    if (reason.isEmpty())
        return true;
    qCInfo(lcLoop).noquote() << "run" << m_run.id << "in" << m_stepName << ":" << reason;
    pauseWith(reason);
    return false;
}
