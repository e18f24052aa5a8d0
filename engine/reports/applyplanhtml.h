#pragma once

#include "diffhtml.h"
#include "tenant/topicapplier.h"

#include <QCoreApplication>

// The Apply dialog's account of a plan as rich text, in the tense of where it stands: what
// will change (before the apply), what changed (after it), what the revert took back, or
// what was planned when only part of it was written. The iteration's topic comes first; a
// block topic's companion follows, with one sentence on what it is and why the run made it.
// The profile section says which topic blocks, which allows, and what the guardrail does
// with a prompt that matches none of them (its own action). When production changed since
// the run read it, the plan opens with that. The colours are the caller's (DiffStyle::colours()
// in the Apply dialog).
class ApplyPlanHtml final
{
    Q_DECLARE_TR_FUNCTIONS(ApplyPlanHtml)
public:
    enum class Stage { Planned, Applied, Reverted, Partial };

    static QString render(const TopicApplier::Plan &plan, Stage stage, const DiffColours &colours);
    // True for the companion allow topic of a block-intent plan.
    static bool isCompanion(const TopicApplier::Plan &plan, const TopicApplier::Item &item);
    // The plan's topics in the order they are explained: the iteration's topic, then the rest.
    static QList<TopicApplier::Item> ordered(const TopicApplier::Plan &plan);

private:
    static QString topicHtml(const TopicApplier::Plan &plan, const TopicApplier::Item &item,
                             Stage stage, const DiffColours &colours);
    static QString changeText(const TopicApplier::Item &item, Stage stage);
    static QString profileHtml(const TopicApplier::Plan &plan, Stage stage);
    // Before the apply: how production moved since the run read it (the figures' footing).
    static QString driftHtml(const TopicApplier::Plan &plan, const DiffColours &colours);
};
