#include "callidentifier.h"

#include "llmemulator.h"

#include "llm/prompts/promptbook.h"

#include <QList>
#include <QPair>

namespace {
QString firstLine(const QString &text)
{
    return text.section(u'\n', 0, 0).trimmed();
}

QList<QPair<QString, QString>> buildTable()
{
    using namespace PromptBook;
    const QList<LlmPrompt> prompts{generateTopic({}),     generateCompanion({}), generateTests({}),
                                   generateBenchmark({}), analyzeResults({}),    improveTopic({}),
                                   simplifyTopic({}),     extractLearnings({}),  generateResponses({}),
                                   rewritePrompts({})};
    QList<QPair<QString, QString>> table;
    for (const LlmPrompt &p : prompts)
        table.append({firstLine(p.system), p.callName});
    table.append({QString(LlmEmulator::ConnectionCheckOpening), QString(LlmEmulator::ConnectionCheckCall)});
    return table;
}
} // namespace

QString CallIdentifier::fromSystemPrompt(const QString &system)
{
    static const QList<QPair<QString, QString>> table = buildTable();
    const QString line = firstLine(system);
    for (const auto &[opening, callName] : table) {
        if (!opening.isEmpty() && line == opening)
            return callName;
    }
    return {};
}
