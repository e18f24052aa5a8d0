#include "llmgate.h"

#include "llm/llmprovider.h"
#include "llm/structuredcall.h"

using namespace Qt::StringLiterals;

LlmGate::LlmGate(QPointer<LlmProvider> llm, PriceTable prices, const RunState &run, Hooks hooks, QObject *parent)
    : QObject(parent)
    , m_llm(std::move(llm))
    , m_prices(std::move(prices))
    , m_run(run)
    , m_hooks(std::move(hooks))
{
}

bool LlmGate::ask(const LlmPrompt &prompt, std::function<void(const QJsonObject &)> onOk, bool early)
{
    if (!m_llm) {
        m_hooks.failed(u"no LLM provider is configured"_s);
        return false;
    }
    LlmRequest request;
    request.system = prompt.system;
    request.user = prompt.user;
    request.schema = prompt.schema;
    request.schemaName = prompt.callName;
    const RunBudget::Estimate estimate = RunBudget::estimate(request, m_run.usage);
    const QString overBudget = budgetProblem(estimate);
    const bool crowded = !overBudget.isEmpty() || !fitsBesideCallsInFlight(estimate);
    if (early && crowded)
        return false; // near the budget: left to its own step, which pauses if need be
    if (crowded && overBudget.isEmpty()) {
        m_waiting.append([this, prompt, onOk = std::move(onOk)] { ask(prompt, onOk); });
        return true;
    }
    if (!overBudget.isEmpty()) {
        m_hooks.overBudget(overBudget);
        return false;
    }
    const bool iterationWork = m_hooks.counting();
    StructuredCall::Options options;
    options.returnsTopic = prompt.returnsTopic;
    auto *call = new StructuredCall(m_llm, request, options, this);
    m_calls.append(call);
    m_inFlight.inputTokens += estimate.inputTokens;
    m_inFlight.outputTokens += estimate.outputTokens;
    const QString name = prompt.callName;
    connect(call, &StructuredCall::finished, this,
            [this, call, name, estimate, iterationWork, onOk = std::move(onOk)](const StructuredResult &r) {
        call->deleteLater();
        m_calls.removeAll(call);
        m_inFlight.inputTokens -= estimate.inputTokens;
        m_inFlight.outputTokens -= estimate.outputTokens;
        m_hooks.used(callUsage(r.usage, r.answered), iterationWork);
        if (!r.ok()) {
            m_hooks.failed(name + u": "_s + r.error.toString());
            return;
        }
        onOk(r.object);
        if (m_calls.isEmpty() && !m_waiting.isEmpty() && m_hooks.running())
            m_waiting.takeFirst()();
    });
    call->start();
    return true;
}

RunUsage LlmGate::callUsage(const LlmUsage &tokens, int answered) const
{
    RunUsage u;
    u.inputTokens = tokens.inputTokens;
    u.outputTokens = tokens.outputTokens;
    u.llmCalls = answered;
    if (answered > 0 && m_llm)
        u.estimatedCost = m_prices.cost(m_llm->model(), tokens);
    return u;
}

QString LlmGate::budgetProblem(const RunBudget::Estimate &next) const
{
    const RunSettings &s = m_run.userInput;
    if (!s.maxTokens && !s.maxCost)
        return {};
    const QString model = m_llm ? m_llm->model() : QString();
    return RunBudget::check(s, m_run.usage, next, m_prices, model);
}

bool LlmGate::fitsBesideCallsInFlight(const RunBudget::Estimate &next) const
{
    RunBudget::Estimate all = next;
    all.inputTokens += m_inFlight.inputTokens;
    all.outputTokens += m_inFlight.outputTokens;
    return m_calls.isEmpty() || budgetProblem(all).isEmpty();
}

bool LlmGate::withinBudget(const RunBudget::Estimate &next)
{
    const QString reason = budgetProblem(next);
    if (reason.isEmpty())
        return true;
    m_hooks.overBudget(reason);
    return false;
}

void LlmGate::abort()
{
    const QList<QPointer<StructuredCall>> calls = std::exchange(m_calls, {});
    m_inFlight = {};
    m_waiting.clear();
    for (const QPointer<StructuredCall> &call : calls) {
        if (!call)
            continue;
        call->disconnect(this);
        call->abort();
        call->deleteLater();
    }
}
