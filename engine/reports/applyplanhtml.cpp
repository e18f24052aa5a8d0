#include "applyplanhtml.h"


#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace {
QString paragraph(const QString &text)
{
    return u"<p>%1</p>"_s.arg(text);
}

QString actionName(const QString &action)
{
    if (action == "block"_L1)
        return ApplyPlanHtml::tr("block");
    if (action == "allow"_L1)
        return ApplyPlanHtml::tr("allow");
    return action;
}
} // namespace

bool ApplyPlanHtml::isCompanion(const TopicApplier::Plan &plan, const TopicApplier::Item &item)
{
    return plan.intent == Intent::Block && item.action == "allow"_L1;
}

QList<TopicApplier::Item> ApplyPlanHtml::ordered(const TopicApplier::Plan &plan)
{
    QList<TopicApplier::Item> items;
    for (const TopicApplier::Item &i : plan.topics) {
        if (!isCompanion(plan, i))
            items.append(i);
    }
    for (const TopicApplier::Item &i : plan.topics) {
        if (isCompanion(plan, i))
            items.append(i);
    }
    return items;
}

QString ApplyPlanHtml::render(const TopicApplier::Plan &plan, Stage stage, const DiffColours &colours)
{
    QString html;
    if (stage == Stage::Partial)
        html += u"<p style=\"color:%1\">%2</p>"_s.arg(
            colours.worse,
            tr("This is what was planned. Only part of it was written: the result below says what.")
                .toHtmlEscaped());
    if (stage == Stage::Planned && !plan.drift.isEmpty())
        html += driftHtml(plan, colours);
    for (const TopicApplier::Item &item : ordered(plan))
        html += topicHtml(plan, item, stage, colours);
    return html + profileHtml(plan, stage);
}

QString ApplyPlanHtml::driftHtml(const TopicApplier::Plan &plan, const DiffColours &colours)
{
    using K = ProfileDrift::Change::Kind;
    QString html = u"<p style=\"color:%1\"><b>%2</b></p><ul>"_s.arg(
        colours.worse,
        tr("Profile %1 changed since the run read it at its start: the run's figures were measured against the "
           "profile as it was then.")
            .arg(plan.profileName)
            .toHtmlEscaped());
    for (const ProfileDrift::Change &c : plan.drift) {
        QString line;
        switch (c.kind) {
        case K::Pinned: line = tr("Topic “%1” was pinned since (%2).").arg(c.topic, actionName(c.to)); break;
        case K::Unpinned: line = tr("Topic “%1” was unpinned since.").arg(c.topic); break;
        case K::Moved: line = tr("Topic “%1” moved from %2 to %3.").arg(c.topic, actionName(c.from), actionName(c.to)); break;
        case K::Revision: line = tr("Topic “%1” is pinned at revision %2 now (was %3).").arg(c.topic, c.to, c.from); break;
        case K::Action:
            line = tr("The action for prompts that match none of its topics is %1 now (was %2).")
                       .arg(actionName(c.to), c.from.isEmpty() ? tr("unset") : actionName(c.from));
            break;
        case K::Other: line = tr("Other settings of the profile changed."); break;
        }
        html += u"<li>%1</li>"_s.arg(line.toHtmlEscaped());
    }
    return html + u"</ul>"_s;
}

QString ApplyPlanHtml::changeText(const TopicApplier::Item &item, Stage stage)
{
    using C = TopicApplier::Item::Change;
    const QString revision = QString::number(item.existing.revision);
    if (item.change == C::Same)
        return tr("AIRS already has exactly this text (revision %1): unchanged.").arg(revision);
    if (item.change == C::Create) {
        switch (stage) {
        case Stage::Planned:
        case Stage::Partial:
            return tr("There is no topic of this name in AIRS: it will be created.");
        case Stage::Applied:
            return tr("Created in AIRS.");
        case Stage::Reverted:
            return tr("The apply created it; the revert deleted it again.");
        }
    }
    switch (stage) {
    case Stage::Planned:
    case Stage::Partial:
        return tr("AIRS now has revision %1 of this topic. Struck-through text is in AIRS now and "
                  "will be replaced; "
                  "highlighted text will be written.")
            .arg(revision);
    case Stage::Applied:
        return tr("Updated: the text of revision %1 was replaced. Struck-through text was removed; "
                  "highlighted text "
                  "is in AIRS now.")
            .arg(revision);
    case Stage::Reverted:
        return tr("Reverted: AIRS has the text of revision %1 again (struck through); the "
                  "highlighted text was "
                  "taken back.")
            .arg(revision);
    }
    return {};
}

QString ApplyPlanHtml::topicHtml(const TopicApplier::Plan &plan, const TopicApplier::Item &item,
                                 Stage stage, const DiffColours &colours)
{
    const auto heading = [&colours](const QString &text) {
        return u"<p style=\"color:%1; margin-bottom:2px\">%2</p>"_s.arg(colours.muted,
                                                                        text.toHtmlEscaped());
    };
    const bool companion = isCompanion(plan, item);
    const Topic now{item.existing.name, item.existing.description, item.existing.examples};
    const Topic &next = item.topic;
    const QString title = companion ? tr("Companion topic “%1” (allow)").arg(next.name)
                                    : tr("Topic “%1” (%2)").arg(next.name, actionName(item.action));
    QString html = u"<h3>%1</h3>"_s.arg(title.toHtmlEscaped());
    if (companion)
        html += paragraph(
            tr("The companion is an allow topic the run wrote for the legitimate side of the same "
               "subject, so that AIRS can tell harmless prompts from the ones the block topic must "
               "catch; the run measured the block topic together with it, so it is applied with "
               "it.")
                .toHtmlEscaped());
    html += paragraph(changeText(item, stage).toHtmlEscaped());
    if (item.change == TopicApplier::Item::Change::Same)
        return html;
    html += heading(now.description == next.description ? tr("Description (unchanged)")
                                                        : tr("Description"));
    html += u"<p style=\"white-space:pre-wrap; margin-top:0\">%1</p>"_s.arg(
        DiffHtml::html(WordDiff::diff(now.description, next.description), colours));
    html += heading(tr("Examples"));
    const ExampleChanges examples = ExampleChanges::between(now.examples, next.examples);
    html += u"<ul style=\"margin-top:0\">"_s;
    for (const QString &e : examples.removed)
        html += u"<li>%1 %2</li>"_s.arg(tr("removed:").toHtmlEscaped(), DiffHtml::removed(e, colours));
    for (const QString &e : examples.added)
        html += u"<li>%1 %2</li>"_s.arg(tr("added:").toHtmlEscaped(), DiffHtml::added(e, colours));
    for (const QString &e : examples.kept)
        html += u"<li>%1</li>"_s.arg(e.toHtmlEscaped());
    return html + u"</ul>"_s;
}

QString ApplyPlanHtml::profileHtml(const TopicApplier::Plan &plan, Stage stage)
{
    const QString profile = plan.profileName.toHtmlEscaped();
    QString html =
        u"<h3>%1</h3>"_s.arg(tr("Security profile %1").arg(plan.profileName).toHtmlEscaped());
    if (!plan.profileChanges)
        return html +
               paragraph(
                   tr("Profile <b>%1</b> already pins these topics at their latest revisions.")
                       .arg(profile));
    if (stage == Stage::Reverted)
        return html + paragraph(tr("The revert put the topic guardrails of profile <b>%1</b> back "
                                   "as they were before "
                                   "the apply.")
                                    .arg(profile));
    html += paragraph(
        stage == Stage::Applied
            ? tr("Profile <b>%1</b> now pins these topics at their latest revisions:").arg(profile)
            : tr("Profile <b>%1</b> will pin these topics at their latest revisions:")
                  .arg(profile));
    html += u"<ul>"_s;
    for (const TopicApplier::Item &i : ordered(plan)) {
        const QString name = i.topic.name.toHtmlEscaped();
        if (i.action == "block"_L1)
            html += u"<li>%1</li>"_s.arg(
                tr("Block: <b>%1</b> — a prompt that matches it is blocked").arg(name));
        else if (isCompanion(plan, i))
            html += u"<li>%1</li>"_s.arg(
                tr("Allow: <b>%1</b>, the companion — a prompt that matches it is allowed")
                    .arg(name));
        else
            html += u"<li>%1</li>"_s.arg(
                tr("Allow: <b>%1</b> — a prompt that matches it is allowed").arg(name));
    }
    html += u"</ul>"_s;

    // The guardrail's own action applies to a prompt that matches none of its topics
    // (reference airs-api.md §5.5): the opposite of the intent.
    const QString action = guardrailActionFor(plan.intent);
    const QString current = plan.currentAction();
    QString actionLine =
        tr("Profile action for a prompt that matches none of its topics: <b>%1</b>.")
            .arg(actionName(action));
    if (!current.isEmpty() && current != action)
        actionLine +=
            u' ' + tr("(It is <b>%1</b> now: this changes too.)").arg(actionName(current));
    actionLine +=
        u' ' +
        (plan.intent == Intent::Block
             ? tr("So the block topic is what this guardrail enforces; everything else passes.")
             : tr("So only prompts on the allow topic pass; everything else is blocked."));
    html += paragraph(actionLine);

    // Topics someone else put on the profile stay; say which.
    QStringList others;
    for (const TopicAssignment &a : plan.pinnedTopics()) {
        const bool ours =
            std::any_of(plan.topics.cbegin(), plan.topics.cend(),
                        [&a](const TopicApplier::Item &i) { return i.topic.name == a.topicName; });
        if (!ours)
            others.append(tr("%1 (%2)").arg(a.topicName, actionName(a.action)).toHtmlEscaped());
    }
    html += paragraph(
        tr("Every other topic on the profile, and every other setting, is kept.").toHtmlEscaped());
    if (!others.isEmpty())
        html += paragraph(tr("Other topics on the profile: %1.").arg(others.join(u", "_s)));
    return html;
}
