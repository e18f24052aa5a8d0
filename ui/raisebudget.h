#pragma once

#include "domain/runstate.h"

#include <QCoreApplication>

#include <optional>

class QWidget;

// A run paused by its token or cost budget would pause again at once if resumed as it is:
// before it resumes, the person is asked for a higher budget (the GUI's --max-tokens /
// --max-cost on `daystrom resume`).
class RaiseBudget
{
    Q_DECLARE_TR_FUNCTIONS(RaiseBudget)
public:
    struct Answer
    {
        bool proceed = true; // false: the person cancelled, do not resume
        std::optional<qint64> maxTokens; // set: the new token budget
        std::optional<double> maxCost;   // set: the new cost budget (USD)
    };

    // Whether `run` stopped for its token (or cost) budget.
    static bool pausedForTokens(const RunState &run);
    static bool pausedForCost(const RunState &run);

    // Asks only when the run stopped for its budget; otherwise proceeds with no change.
    static Answer ask(QWidget *parent, const RunState &run);
};
