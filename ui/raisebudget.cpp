#include "raisebudget.h"

#include <QInputDialog>
#include <QLocale>

#include <algorithm>
#include <climits>

using namespace Qt::StringLiterals;

bool RaiseBudget::pausedForTokens(const RunState &run)
{
    return run.status == RunStatus::Paused && run.userInput.maxTokens
           && run.stopReason.startsWith("paused: the token budget would be exceeded"_L1);
}

bool RaiseBudget::pausedForCost(const RunState &run)
{
    return run.status == RunStatus::Paused && run.userInput.maxCost
           && run.stopReason.startsWith("paused: the cost budget would be exceeded"_L1);
}

RaiseBudget::Answer RaiseBudget::ask(QWidget *parent, const RunState &run)
{
    Answer answer;
    const QLocale locale;
    if (pausedForTokens(run)) {
        const qint64 used = run.usage.totalTokens();
        const qint64 old = *run.userInput.maxTokens;
        const int minimum = int(std::min<qint64>(used + 1, INT_MAX));
        const int suggested = int(std::clamp<qint64>(std::max(old * 2, used * 2), minimum, INT_MAX));
        bool ok = false;
        const int value = QInputDialog::getInt(
            parent, tr("Raise the token budget"),
            tr("The run stopped at its token budget: %1 of %2 tokens used.\nNew token budget:")
                .arg(locale.toString(used), locale.toString(old)),
            suggested, minimum, INT_MAX, 1000, &ok);
        if (!ok)
            answer.proceed = false;
        else
            answer.maxTokens = value;
    } else if (pausedForCost(run)) {
        const double spent = run.usage.estimatedCost.value_or(0);
        const double old = *run.userInput.maxCost;
        bool ok = false;
        const double value = QInputDialog::getDouble(
            parent, tr("Raise the cost budget"),
            tr("The run stopped at its cost budget: %1 of %2 spent (estimated).\nNew cost budget (USD):")
                .arg(locale.toString(spent, 'f', 2), locale.toString(old, 'f', 2)),
            std::max(old * 2, spent + 0.01), spent + 0.01, 1e9, 2, &ok);
        if (!ok)
            answer.proceed = false;
        else
            answer.maxCost = value;
    }
    return answer;
}
