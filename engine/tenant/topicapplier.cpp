#include "topicapplier.h"

#include "airs/managementclient.h"
#include "airs/profilepolicy.h"
#include "tenantcleaner.h"
#include "threewayrevert.h"

#include <QTimer>

using namespace Qt::StringLiterals;

namespace {
bool sameText(const AirsTopic &a, const Topic &t)
{
    return a.name == t.name && a.description == t.description && a.examples == t.examples;
}
} // namespace

QString TopicApplier::Plan::currentAction() const
{
    return ProfilePolicy::guardrailAction(policy);
}

QList<TopicAssignment> TopicApplier::Plan::pinnedTopics() const
{
    return ProfilePolicy::assignedTopics(policy);
}

bool TopicApplier::Plan::changesNothing() const
{
    return !profileChanges && std::all_of(topics.cbegin(), topics.cend(), [](const Item &i) {
        return i.change == Item::Change::Same;
    });
}

QStringList TopicApplier::Plan::describe() const
{
    QStringList out;
    for (const Item &i : topics) {
        switch (i.change) {
        case Item::Change::Create:
            out.append(u"create topic \"%1\""_s.arg(i.topic.name));
            break;
        case Item::Change::Update:
            out.append(u"update topic \"%1\" (now revision %2)"_s.arg(i.topic.name).arg(i.existing.revision));
            break;
        case Item::Change::Same:
            out.append(u"topic \"%1\" is already as written"_s.arg(i.topic.name));
            break;
        }
    }
    QStringList pins;
    for (const Item &i : topics)
        pins.append(u"\"%1\" → %2"_s.arg(i.topic.name, i.action));
    out.append(profileChanges ? u"pin %1 in profile \"%2\" (its other topics stay)"_s.arg(pins.join(u", "_s), profileName)
                              : u"profile \"%1\" already pins them"_s.arg(profileName));
    if (changesAction())
        out.append(actionChangeText());
    return out;
}

QString TopicApplier::Plan::actionChangeText() const
{
    if (!changesAction())
        return {};
    return actionAfter() == "allow"_L1
        ? u"change the action for prompts that match none of the profile's topics from block to allow: "
          "everything that matches no topic then passes"_s
        : u"change the action for prompts that match none of the profile's topics from allow to block: "
          "only prompts on an allow topic then pass"_s;
}

TopicApplier::TopicApplier(ManagementClient *management, QObject *parent)
    : QObject(parent)
    , m_management(management)
    , m_cleaner(new TenantCleaner(management, this))
    , m_delay(new QTimer(this))
{
    m_delay->setSingleShot(true);
    m_delay->setTimerType(Qt::PreciseTimer); // a coarse one may end the propagation wait early
}

const ApplyRecord *TopicApplier::lastApplied(const RunState &run)
{
    for (auto it = run.applies.crbegin(); it != run.applies.crend(); ++it) {
        if (!it->revertedAt)
            return &*it;
    }
    return nullptr;
}

void TopicApplier::abort()
{
    ++m_generation;
    m_delay->stop();
    m_delay->disconnect(this);
    m_cleaner->abort();
    if (m_management)
        m_management->abortAll();
}

void TopicApplier::plan(const RunState &run, int iteration, std::function<void(const AirsResult<Plan> &)> done)
{
    const quint64 generation = ++m_generation;
    auto failWith = [done](const QString &message) {
        done({{}, {AirsError::Kind::Validation, 0, message, -1}});
    };
    const IterationResult *it = run.iterationByNumber(iteration);
    if (!it)
        return failWith(u"run %1 has no recorded iteration %2"_s.arg(run.id).arg(iteration));
    if (!m_management)
        return failWith(u"AIRS management is not configured"_s);
    Plan plan;
    plan.runId = run.id;
    plan.iteration = iteration;
    plan.intent = run.userInput.intent;
    plan.profileName = run.tenant ? run.tenant->productionProfile : run.userInput.profileName;
    if (plan.profileName.isEmpty())
        plan.profileName = run.userInput.profileName;
    if (plan.profileName.isEmpty())
        return failWith(u"run %1 names no security profile to apply to"_s.arg(run.id));
    if (run.tenant && !run.tenant->isClear()) {
        // Its own topics carry the names the plan matches on: production would pin a topic
        // the run keeps rewriting and later deletes.
        return failWith(u"run %1 still holds objects of its own on the tenant (%2); end it first: `daystrom "
                        "resume %1` lets it finish, `daystrom cleanup --run %1 --yes` removes them"_s
                            .arg(run.id, TenantCleaner::describe(*run.tenant).join(u"; "_s)));
    }
    if (plan.intent == Intent::Block) {
        if (!run.companionTopic)
            return failWith(u"run %1 has no companion allow topic; a block topic needs one to be applied as the run "
                            "measured it"_s.arg(run.id));
        // A run made before companions were kept apart may have named it like the topic.
        plan.topics.append({companionApartFrom(*run.companionTopic, it->topic.name), u"allow"_s,
                            Item::Change::Create, {}});
        plan.topics.append({it->topic, u"block"_s, Item::Change::Create, {}});
    } else {
        plan.topics.append({it->topic, u"allow"_s, Item::Change::Create, {}});
    }
    // Drift is what changed since this run last saw production: at its start, or as its own
    // apply still in force left it (issue 58: its own pins are not a colleague's change).
    std::optional<QJsonObject> atStart = run.productionAtStart;
    if (const ApplyRecord *own = lastApplied(run); own && own->policyAfter && own->profileName == run.userInput.profileName)
        atStart = own->policyAfter;
    m_management->listTopics(this, [this, generation, plan, atStart, done](const AirsResult<QList<AirsTopic>> &topics) mutable {
        if (generation != m_generation)
            return;
        if (!topics.ok())
            return done({{}, topics.error});
        QList<TopicAssignment> pins;
        for (Item &item : plan.topics) {
            for (const AirsTopic &t : topics.value) {
                if (t.name == item.topic.name) {
                    item.existing = t;
                    item.change = sameText(t, item.topic) ? Item::Change::Same : Item::Change::Update;
                    break;
                }
            }
            pins.append({item.existing.id, item.topic.name, item.action, item.existing.revision});
        }
        // One topic pinned as both allow and block would be no guardrail at all: refused.
        for (qsizetype i = 0; i < plan.topics.size(); ++i) {
            for (qsizetype j = i + 1; j < plan.topics.size(); ++j) {
                const Item &a = plan.topics.at(i), &b = plan.topics.at(j);
                const bool sameName = a.topic.name.simplified().compare(b.topic.name.simplified(), Qt::CaseInsensitive) == 0;
                if (sameName || (!a.existing.id.isEmpty() && a.existing.id == b.existing.id))
                    return done({{}, {AirsError::Kind::Validation, 0,
                                      u"the %1 topic and the %2 topic are both \"%3\": one topic cannot be pinned as both"_s
                                          .arg(a.action, b.action, a.topic.name), -1}});
            }
        }
        m_management->findProfile(plan.profileName, this, [this, generation, plan, pins, atStart, done](const AirsResult<AirsProfile> &p) mutable {
            if (generation != m_generation)
                return;
            if (!p.ok())
                return done({{}, p.error});
            plan.policy = p.value.policy;
            if (atStart)
                plan.drift = ProfileDrift::changes(*atStart, plan.policy);
            // Only a guardrail that pins topics has a list whose meaning its action decides.
            if (!ProfilePolicy::assignedTopics(plan.policy).isEmpty())
                plan.actionBefore = ProfilePolicy::guardrailAction(plan.policy);
            // A created or updated topic gets a new revision to pin.
            const bool allSame = std::all_of(plan.topics.cbegin(), plan.topics.cend(),
                                             [](const Item &i) { return i.change == Item::Change::Same; });
            plan.profileChanges = !allSame
                || ProfilePolicy::withTopicGuardrails(plan.policy, pins, guardrailActionFor(plan.intent)) != plan.policy;
            done({plan, {}});
        });
    });
}

void TopicApplier::apply(const Plan &plan, std::function<void(const Outcome &)> done, Journal recordTo)
{
    const quint64 generation = ++m_generation;
    m_journal = std::move(recordTo);
    if (plan.changesAction() && !plan.actionChangeConsented) {
        Outcome refused;
        refused.error = u"not applied: it would %1; confirm that change on its own (--change-action)"_s.arg(
            plan.actionChangeText());
        return done(refused);
    }
    // Production as the plan saw it, or nothing is written (issue 57): a colleague's or another
    // apply's change since would otherwise be written over.
    m_management->findProfile(plan.profileName, this, [this, generation, plan, done](const AirsResult<AirsProfile> &now) {
        if (generation != m_generation)
            return;
        if (!now.ok())
            return done({u"profile \"%1\" could not be read: %2"_s.arg(plan.profileName, now.error.toString()), {}, {}, {}});
        if (now.value.policy != plan.policy) {
            Outcome stale;
            stale.planStale = true;
            stale.error = u"profile \"%1\" changed since the plan was made (another apply, or a colleague): nothing was "
                          "written"_s.arg(plan.profileName);
            return done(stale);
        }
        // The journal's first entry, before any write: what is about to change.
        ApplyRecord record;
        record.iteration = plan.iteration;
        record.profileName = plan.profileName;
        record.appliedAt = QDateTime::currentDateTimeUtc();
        record.pending = true;
        record.policyBefore = plan.policy;
        for (const Item &item : plan.topics) {
            if (item.change == Item::Change::Create)
                record.toCreate.append(item.topic.name);
        }
        if (const QString error = journal(record); !error.isEmpty())
            return done({u"the apply could not be recorded in the run file (%1): nothing was written"_s.arg(error), {}, {}, {}});
        writeTopics(plan, 0, record, {}, done);
    });
}

void TopicApplier::writeTopics(const Plan &plan, qsizetype index, ApplyRecord record, QList<AirsTopic> written,
                               std::function<void(const Outcome &)> done)
{
    if (index >= plan.topics.size())
        return pin(plan, record, written, std::move(done));
    const quint64 generation = m_generation;
    const Item &item = plan.topics.at(index);
    // An update is journaled before it is sent (the earlier text is known), a creation by the
    // name it is about to have (Record::toCreate) and by its id once it exists.
    if (item.change == Item::Change::Update) {
        record.updatedTopics.append({item.existing.id, Topic{item.existing.name, item.existing.description, item.existing.examples}});
        if (const QString error = journal(record); !error.isEmpty()) {
            record.updatedTopics.removeLast();
            Outcome o{u"the apply could not be recorded in the run file (%1): stopped before topic \"%2\""_s.arg(
                          error, item.topic.name), {}, {}, {}};
            return done(o);
        }
    }
    auto next = [this, generation, plan, index, record, written, done, item](const AirsResult<AirsTopic> &r) mutable {
        if (generation != m_generation)
            return;
        if (!r.ok()) {
            Outcome o;
            o.error = u"topic \"%1\" was not written: %2"_s.arg(item.topic.name, r.error.toString());
            if (item.change == Item::Change::Update)
                record.updatedTopics.removeLast(); // not written after all
            record.pending = false;
            record.toCreate.clear();
            // What did change is recorded, so revert can still take it back.
            if (!record.createdTopics.isEmpty() || !record.updatedTopics.isEmpty()) {
                record.policyBefore.reset(); // the profile was not written
                o.record = record;
            }
            return done(o);
        }
        if (item.change == Item::Change::Create) {
            record.createdTopics.append({r.value.name, r.value.id});
            record.toCreate.removeOne(item.topic.name);
            journal(record); // a failure here is told by the next save, which the profile write needs
        }
        written.append(r.value);
        writeTopics(plan, index + 1, record, written, done);
    };
    switch (item.change) {
    case Item::Change::Create:
        m_management->createTopic(item.topic.name, item.topic.description, item.topic.examples, this, next);
        return;
    case Item::Change::Update:
        m_management->updateTopic(item.existing.id, item.topic.name, item.topic.description, item.topic.examples, this, next);
        return;
    case Item::Change::Same:
        next({item.existing, {}});
        return;
    }
}

void TopicApplier::pin(const Plan &plan, ApplyRecord record, const QList<AirsTopic> &written,
                       std::function<void(const Outcome &)> done)
{
    const quint64 generation = m_generation;
    QList<TopicAssignment> pins;
    for (qsizetype i = 0; i < written.size(); ++i)
        pins.append({written.at(i).id, written.at(i).name, plan.topics.at(i).action, 0});
    m_management->findProfile(plan.profileName, this, [=, this](const AirsResult<AirsProfile> &before) mutable {
        if (generation != m_generation)
            return;
        const bool topicsChanged = !record.createdTopics.isEmpty() || !record.updatedTopics.isEmpty();
        // Not pinned: the record is what changed so far (the topics), complete.
        ApplyRecord unpinned = record;
        unpinned.pending = false;
        unpinned.toCreate.clear();
        unpinned.policyBefore.reset();
        if (!before.ok()) {
            return done({u"profile \"%1\" could not be read: %2"_s.arg(plan.profileName, before.error.toString()),
                         topicsChanged ? std::optional(unpinned) : std::nullopt, {}});
        }
        if (before.value.policy != plan.policy) { // changed while the topics were written
            Outcome stale{u"profile \"%1\" changed since the plan was made (another apply, or a colleague): its topics "
                          "were not pinned"_s.arg(plan.profileName),
                          topicsChanged ? std::optional(unpinned) : std::nullopt, {}, {}};
            stale.planStale = true;
            return done(stale);
        }
        if (const QString error = journal(record); !error.isEmpty()) {
            return done({u"the apply could not be recorded in the run file (%1): the topics were not pinned"_s.arg(error),
                         topicsChanged ? std::optional(unpinned) : std::nullopt, {}});
        }
        m_management->assignTopics(plan.profileName, pins, guardrailActionFor(plan.intent), this,
                                   [=, this](const AirsResult<AirsProfile> &after) mutable {
            if (generation != m_generation)
                return;
            if (!after.ok()) {
                return done({u"profile \"%1\" was not updated: %2"_s.arg(plan.profileName, after.error.toString()),
                             topicsChanged ? std::optional(unpinned) : std::nullopt, {}});
            }
            record.pending = false;
            record.toCreate.clear();
            record.policyBefore.reset();
            Outcome o;
            for (const CreatedObject &c : std::as_const(record.createdTopics))
                o.done.append(u"created topic \"%1\""_s.arg(c.name));
            for (const ApplyRecord::UpdatedTopic &u : std::as_const(record.updatedTopics))
                o.done.append(u"updated topic \"%1\""_s.arg(u.before.name));
            for (qsizetype i = 0; i < written.size(); ++i) {
                if (plan.topics.at(i).change != Item::Change::Same)
                    record.writtenRevisions.insert(written.at(i).id, written.at(i).revision);
            }
            if (after.value.policy != before.value.policy) {
                record.policyBefore = before.value.policy;
                record.policyAfter = after.value.policy;
                o.done.append(u"pinned the topics in profile \"%1\""_s.arg(plan.profileName));
            }
            if (!topicsChanged && !record.policyBefore) {
                o.done.append(u"nothing to change: profile \"%1\" already has this topic"_s.arg(plan.profileName));
                journal(record); // the pending entry closed: nothing to undo
                return done(o);
            }
            o.record = record;
            // Recorded now, before the wait: an apply stopped while AIRS takes the change up
            // can still be reverted (issue 57).
            if (const QString error = journal(record); !error.isEmpty()) {
                o.error = u"the change was made but could not be recorded in the run file (%1)"_s.arg(error);
                return done(o);
            }
            if (progress && m_propagationDelayMs > 0)
                progress(u"pinned the topics in profile \"%1\"; waiting %2 s for AIRS to take the change up"_s.arg(
                    plan.profileName, QString::number((m_propagationDelayMs + 999) / 1000)));
            if (m_propagationDelayMs <= 0)
                return done(o);
            connect(m_delay, &QTimer::timeout, this, [done, o] { done(o); }, Qt::SingleShotConnection);
            m_delay->start(m_propagationDelayMs);
        });
    });
}

void TopicApplier::settle(const ApplyRecord &pending, std::function<void(const AirsResult<ApplyRecord> &)> done)
{
    const quint64 generation = ++m_generation;
    m_management->listTopics(this, [this, generation, pending, done](const AirsResult<QList<AirsTopic>> &topics) {
        if (generation != m_generation)
            return;
        if (!topics.ok())
            return done({{}, topics.error});
        ApplyRecord r = pending;
        QHash<QString, const AirsTopic *> byName;
        QHash<QString, int> revisions;
        for (const AirsTopic &t : topics.value) {
            byName.insert(t.name, &t);
            revisions.insert(t.id, t.revision);
        }
        // A topic it was creating that exists now was created by it: the plan found none of
        // that name when it was made, under the profile's lock.
        for (const QString &name : std::as_const(r.toCreate)) {
            if (const AirsTopic *t = byName.value(name))
                r.createdTopics.append({t->name, t->id});
        }
        r.toCreate.clear();
        r.pending = false;
        // Whatever it wrote is at the revision production has now.
        for (const CreatedObject &c : std::as_const(r.createdTopics))
            r.writtenRevisions.insert(c.id, revisions.value(c.id));
        for (const ApplyRecord::UpdatedTopic &u : std::as_const(r.updatedTopics))
            r.writtenRevisions.insert(u.id, revisions.value(u.id));
        m_management->findProfile(r.profileName, this, [this, generation, r, done](const AirsResult<AirsProfile> &p) mutable {
            if (generation != m_generation)
                return;
            if (!p.ok())
                return done({{}, p.error});
            if (r.policyBefore && p.value.policy != *r.policyBefore)
                r.policyAfter = p.value.policy; // the profile write landed
            else
                r.policyBefore.reset(); // it did not: the profile is as it was
            done({r, {}});
        });
    });
}

void TopicApplier::revert(const ApplyRecord &record, std::function<void(const Outcome &)> done, bool force)
{
    const quint64 generation = ++m_generation;
    if (!m_management)
        return done({u"AIRS management is not configured"_s, record, {}, {}});
    // Production now: its topics' revisions and the profile's policy, for the three-way check.
    m_management->listTopics(this, [this, generation, record, done, force](const AirsResult<QList<AirsTopic>> &topics) {
        if (generation != m_generation)
            return;
        if (!topics.ok())
            return done({u"the topics could not be read: "_s + topics.error.toString(), record, {}, {}});
        QHash<QString, int> revisions;
        for (const AirsTopic &t : topics.value)
            revisions.insert(t.id, t.revision);
        m_management->findProfile(record.profileName, this, [this, generation, record, done, force, revisions](
                                                                const AirsResult<AirsProfile> &profile) {
            if (generation != m_generation)
                return;
            if (!profile.ok())
                return done({u"profile \"%1\" could not be read: %2"_s.arg(record.profileName, profile.error.toString()),
                             record, {}, {}});
            const ThreeWayRevert::Plan plan = ThreeWayRevert::compute(record, profile.value.policy, revisions, force);
            if (!plan.conflicts.isEmpty() && !force) {
                return done({u"production changed since the apply; nothing was reverted (revert with --force to take "
                             "back the apply's side anyway): "_s + plan.conflicts.join(u"; "_s),
                             record, {}, plan.conflicts});
            }
            // The profile first (so nothing pins the created topics any more), then those topics.
            TenantFootprint f;
            f.productionProfile = record.profileName;
            f.inPlace = plan.profileChanges;
            if (plan.profileChanges)
                f.productionPolicy = plan.policy;
            f.topics = plan.deleteTopics;
            m_cleaner->clean(f, [this, generation, record, plan, done](const TenantCleaner::Outcome &cleaned) {
                if (generation != m_generation)
                    return;
                Outcome o;
                o.done = cleaned.done;
                o.conflicts = plan.conflicts;
                if (!cleaned.remaining.isClear()) {
                    o.error = cleaned.problems.join(u"; "_s);
                    o.record = record; // revert again: the three-way check runs again
                    return done(o);
                }
                restoreTexts(record, plan.restoreTexts, o, done);
            });
        });
    });
}

void TopicApplier::restoreTexts(const ApplyRecord &record, QList<ApplyRecord::UpdatedTopic> topics,
                                Outcome outcome, std::function<void(const Outcome &)> done)
{
    if (topics.isEmpty())
        return done(outcome);
    const quint64 generation = m_generation;
    const ApplyRecord::UpdatedTopic t = topics.takeFirst();
    m_management->updateTopic(t.id, t.before.name, t.before.description, t.before.examples, this,
                              [=, this](const AirsResult<AirsTopic> &r) mutable {
        if (generation != m_generation)
            return;
        if (!r.ok()) {
            outcome.error = u"topic \"%1\" was not given its earlier text back: %2"_s.arg(t.before.name, r.error.toString());
            ApplyRecord rest = record; // what is still to undo
            rest.policyBefore.reset();
            rest.createdTopics.clear();
            rest.updatedTopics = topics;
            rest.updatedTopics.prepend(t);
            outcome.record = rest;
            return done(outcome);
        }
        outcome.done.append(u"gave topic \"%1\" its earlier text back"_s.arg(t.before.name));
        restoreTexts(record, topics, outcome, done);
    });
}
