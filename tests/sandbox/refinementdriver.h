#pragma once

#include "domain/iterationresult.h"
#include "domain/runsettings.h"

#include <QList>
#include <QNetworkAccessManager>
#include <QString>

#include <optional>

class AirsEmulator;
class LlmEmulator;

// A simplified refinement loop for the sandbox acceptance test, driven over real loopback
// HTTP against both emulators: generate topic -> create it and assign it to a profile (block:
// companion in the allow bucket, target in the block bucket, guardrail "allow"; allow: target
// in the allow bucket, guardrail "block") -> generate tests -> compose the suite (last
// iteration's failures carried) -> scan -> metrics -> analyze -> improve -> update the topic
// and re-assign it (re-pinning the new revision) -> repeat until the target is met.
// Set DAYSTROM_SANDBOX_TRACE=1 to log each iteration's topic and its wrong answers.
class RefinementDriver final
{
public:
    struct Run
    {
        QList<IterationResult> iterations;
        Topic companion; // block intent only
        QString topicId;
        int reachedAt = 0;        // first iteration at or over the target; 0 = never
        int pinnedRevision = 0;   // the target's revision pinned in the profile at the end
        int topicRevision = 0;    // the target topic's latest revision at the end
        QString learningsSummary; // from extract_learnings, for the log
        int learningCount = 0;
        QString error;
    };

    RefinementDriver(AirsEmulator &airs, LlmEmulator &llm);

    Run run(const QString &description, Intent intent, double target = 0.9, int maxIterations = 8);

private:
    AirsEmulator &m_airs;
    LlmEmulator &m_llm;
    QNetworkAccessManager m_nam;
};
