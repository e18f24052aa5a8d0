#pragma once

#include <QJsonObject>

class PromptReader;

// The sandbox LLM's rewrite_prompts (issue 43): for each "[pN] prompt" line and each family of
// the "Families:" line, a paraphrase (synonyms for common request words, the sentence
// rearranged), a split over two sentences, or a translation (SandboxLanguages: de, fr, es, it,
// pt, nl; another language gets no rewrite, as a model that cannot write it would give none).
namespace RewriteWriter {
QJsonObject write(const PromptReader &prompt);
QString paraphrase(const QString &prompt);
QString split(const QString &prompt);
} // namespace RewriteWriter
