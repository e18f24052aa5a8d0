// RefinementRun's sets beside the benchmark (issue 43), frozen at the start with it: the
// response tests, and the robustness rewrites of a sample of the benchmark.
#include "refinementrun.h"

#include "domain/robustness.h"
#include "steeringedits.h"

using namespace Qt::StringLiterals;

void RefinementRun::prepareExtras(std::function<void()> then)
{
    const RunSettings &in = m_run.userInput;
    if (in.responseTests > 0 && m_run.responseSet.isEmpty()) {
        llm(PromptBook::generateResponses({in.topicDescription, in.intent, in.responseTests}),
            [this, then](const QJsonObject &o) {
                const QList<TestCase> set = PromptBook::responsesFromJson(o, m_run.userInput.responseTests);
                const QStringList problems = PromptBook::testsProblems(set);
                if (!problems.isEmpty())
                    return fail(u"generate_responses: "_s + problems.join(u"; "_s));
                m_run.responseSet = set;
                if (saveCheckpoint())
                    prepareExtras(then);
            });
        return;
    }
    if (!in.robustnessFamilies.isEmpty() && m_run.robustnessSample.isEmpty() && !m_run.benchmarkSet.isEmpty()) {
        const QList<int> sample = Robustness::sampleOf(m_run.benchmarkSet, in.robustnessSample);
        QList<TestCase> rewrites = Robustness::deterministicRewrites(m_run.benchmarkSet, sample, in.robustnessFamilies);
        PromptBook::RewriteInput ask;
        for (const QString &family : in.robustnessFamilies) {
            if (Robustness::isLlmFamily(family))
                ask.families.append(family);
        }
        for (int index : sample) {
            TestCase t = m_run.benchmarkSet.at(index);
            t.rewriteOf = index;
            ask.prompts.append(t);
        }
        auto freeze = [this, then, sample](QList<TestCase> set) {
            // Written from the labels of the moment the LLM was asked: a label the person
            // corrected since holds in its rewrites too (issue 56).
            SteeringEdits::applyCorrections(m_run.steering, m_run.benchmarkSet, set);
            m_run.robustnessSample = sample;
            m_run.robustnessSet = set;
            if (saveCheckpoint())
                then();
        };
        if (ask.families.isEmpty())
            return freeze(rewrites);
        llm(PromptBook::rewritePrompts(ask), [ask, rewrites, freeze](const QJsonObject &o) {
            freeze(rewrites + PromptBook::rewritesFromJson(o, ask));
        });
        return;
    }
    then();
}
