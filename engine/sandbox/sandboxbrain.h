#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

class SandboxCorpus;

// The sandbox LLM's mind: answers each of the seven prompt-book calls deterministically from
// the prompt text and the bundled corpus. No network, no state between calls; the same
// request always gets the same answer.
class SandboxBrain final
{
public:
    explicit SandboxBrain(const SandboxCorpus &corpus);

    // The answer object for `callName`; nullopt when the call is not one of the seven.
    std::optional<QJsonObject> answer(const QString &callName, const QString &system,
                                      const QString &user) const;

private:
    const SandboxCorpus &m_corpus;
};
