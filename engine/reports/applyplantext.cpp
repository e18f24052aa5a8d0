#include "applyplantext.h"

#include "domain/worddiff.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

namespace {
QString bucket(const QString &action)
{
    return action == "block"_L1 ? u"block: a prompt that matches it is blocked"_s
                                : u"allow: a prompt that matches it is allowed"_s;
}
} // namespace

QString ApplyPlanText::wordDiff(const QString &before, const QString &after)
{
    QString out;
    for (const DiffSpan &span : WordDiff::diff(before, after)) {
        switch (span.kind) {
        case DiffSpan::Kind::Same: out += span.text; break;
        case DiffSpan::Kind::Removed: out += u"[-"_s + span.text + u"-]"_s; break;
        case DiffSpan::Kind::Added: out += u"{+"_s + span.text + u"+}"_s; break;
        }
    }
    return out;
}

QStringList ApplyPlanText::lines(const TopicApplier::Plan &plan)
{
    using C = TopicApplier::Item::Change;
    QStringList out;
    if (!plan.drift.isEmpty()) {
        out.append(u"production changed since the run read it at its start; the run's figures were measured "
                   "against the profile as it was then:"_s);
        for (const ProfileDrift::Change &d : plan.drift)
            out.append(u"    "_s + ProfileDrift::text(d));
    }
    for (const TopicApplier::Item &i : plan.topics) {
        switch (i.change) {
        case C::Create:
            out.append(u"create topic \"%1\" (%2)"_s.arg(i.topic.name, bucket(i.action)));
            out.append(u"    description: "_s + i.topic.description);
            for (const QString &e : i.topic.examples)
                out.append(u"    example: "_s + e);
            break;
        case C::Update: {
            out.append(u"update topic \"%1\", now at revision %2 (%3)"_s.arg(i.topic.name).arg(i.existing.revision)
                           .arg(bucket(i.action)));
            out.append(u"    description: "_s
                       + (i.existing.description == i.topic.description ? u"unchanged"_s
                                                                         : wordDiff(i.existing.description, i.topic.description)));
            for (const QString &e : i.existing.examples) {
                if (!i.topic.examples.contains(e))
                    out.append(u"    example removed: "_s + e);
            }
            for (const QString &e : i.topic.examples) {
                if (!i.existing.examples.contains(e))
                    out.append(u"    example added: "_s + e);
            }
            break;
        }
        case C::Same:
            out.append(u"topic \"%1\" is already as written (revision %2)"_s.arg(i.topic.name).arg(i.existing.revision));
            break;
        }
    }
    QStringList pins;
    for (const TopicApplier::Item &i : plan.topics)
        pins.append(u"\"%1\" → %2"_s.arg(i.topic.name, i.action));
    out.append(plan.profileChanges
                   ? u"pin %1 in profile \"%2\" at their latest revisions; every other topic and setting stays"_s
                         .arg(pins.join(u", "_s), plan.profileName)
                   : u"profile \"%1\" already pins them"_s.arg(plan.profileName));
    if (plan.changesAction())
        out.append(plan.actionChangeText() + u" (needs --change-action)"_s);
    else if (plan.actionBefore.isEmpty())
        out.append(u"the profile's topic guardrails pin no topic yet; a prompt that matches none of its topics: %1"_s
                       .arg(plan.actionAfter()));
    else
        out.append(u"a prompt that matches none of the profile's topics: %1, as now"_s.arg(plan.actionBefore));
    return out;
}

QStringList ApplyPlanText::revertLines(const ApplyRecord &record)
{
    QStringList out;
    out.append(u"revert the apply of iteration %1 to profile \"%2\", made %3"_s.arg(
        QString::number(record.iteration), record.profileName, record.appliedAt.toUTC().toString(Qt::ISODateWithMs)));
    for (const CreatedObject &created : record.createdTopics)
        out.append(u"delete topic \"%1\" (it created it), if still as it wrote it"_s.arg(created.name));
    for (const ApplyRecord::UpdatedTopic &updated : record.updatedTopics)
        out.append(u"give topic \"%1\" back its earlier text, if still as it wrote it"_s.arg(updated.before.name));
    if (record.policyBefore)
        out.append(u"put back the profile's topic guardrails as they were before it, where still as it left them"_s);
    out.append(u"what colleagues changed since stays"_s);
    return out;
}

QString ApplyPlanText::hash(const QStringList &lines)
{
    QCryptographicHash sha(QCryptographicHash::Sha256);
    for (const QString &line : lines) {
        sha.addData(line.toUtf8());
        sha.addData("\n");
    }
    return QString::fromLatin1(sha.result().toHex());
}
