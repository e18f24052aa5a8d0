#pragma once

#include <QJsonObject>
#include <QList>
#include <QStringList>

class PromptReader;

// The sandbox LLM's run reviewer (extract_learnings): reads the §4.4 history text, compares
// each recorded iteration with the one before it and turns the differences into learnings
// ("adding examples about X raised TPR") and anti-patterns.
class LearningWriter final
{
public:
    struct Step // one "--- Iteration n ---" block
    {
        int iteration = 0;
        QString description;
        QStringList examples;
        double coverage = 0, tpr = 0, tnr = 0;
        QString changes; // empty for the first block
    };
    static QList<Step> parseHistory(const PromptReader &prompt);
    static QJsonObject write(const PromptReader &prompt);
};
