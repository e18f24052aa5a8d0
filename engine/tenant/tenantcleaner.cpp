#include "tenantcleaner.h"

#include "productionrestore.h"

#include "airs/managementclient.h"
#include "airs/profilepolicy.h"


#include <memory>

using namespace Qt::StringLiterals;

namespace {
// Runs `step` on each item in turn; `step` calls its continuation with false to stop early.
template<typename T>
void eachInTurn(const QList<T> &items, std::function<void(const T &, std::function<void(bool)>)> step,
                std::function<void(bool)> finished)
{
    auto index = std::make_shared<qsizetype>(0);
    auto next = std::make_shared<std::function<void(bool)>>();
    std::weak_ptr<std::function<void(bool)>> weak = next;
    *next = [items, step, finished, index, weak](bool ok) {
        if (!ok || *index >= items.size())
            return finished(ok);
        const T &item = items.at((*index)++);
        // The step's continuation holds the strong reference while a request is in flight.
        step(item, [strong = weak.lock()](bool good) { (*strong)(good); });
    };
    (*next)(true);
}

} // namespace

TenantCleaner::TenantCleaner(ManagementClient *management, QObject *parent)
    : QObject(parent)
    , m_management(management)
{
}

QStringList TenantCleaner::describe(const TenantFootprint &f)
{
    QStringList out;
    if (f.inPlace && f.productionPolicy)
        out.append(u"restore the topic guardrails of profile \"%1\" as they were before the run"_s.arg(f.productionProfile));
    for (const CreatedObject &p : f.extraProfiles)
        out.append(u"delete scratch profile \"%1\"%2"_s.arg(p.name, p.id.isEmpty() ? u" (if it exists)"_s : u" (%1)"_s.arg(p.id)));
    if (!f.scratchProfile.isEmpty())
        out.append(u"delete scratch profile \"%1\"%2"_s.arg(
            f.scratchProfile, f.scratchProfileId.isEmpty() ? QString() : u" (%1)"_s.arg(f.scratchProfileId)));
    for (const CreatedObject &t : f.topics)
        out.append(u"delete topic \"%1\"%2"_s.arg(t.name, t.id.isEmpty() ? u" (if it exists)"_s : u" (%1)"_s.arg(t.id)));
    return out;
}

void TenantCleaner::clean(const TenantFootprint &footprint, Done done,
                          std::function<void(const TenantFootprint &)> progress)
{
    ++m_generation;
    m_outcome = Outcome{footprint, {}, {}};
    m_done = std::move(done);
    m_progress = std::move(progress);
    if (!m_management) {
        m_outcome.problems.append(u"AIRS management is not configured"_s);
        return finish();
    }
    restoreProduction();
}

void TenantCleaner::abort()
{
    ++m_generation;
    if (m_management)
        m_management->abortAll();
}

void TenantCleaner::stepDone()
{
    if (m_progress)
        m_progress(m_outcome.remaining);
}

void TenantCleaner::finish()
{
    if (Done done = std::exchange(m_done, nullptr))
        done(m_outcome);
}

void TenantCleaner::restoreProduction()
{
    TenantFootprint &f = m_outcome.remaining;
    if (!f.inPlace || !f.productionPolicy)
        return deleteScratchProfile();
    const quint64 generation = m_generation;
    ProductionRestore::putBack(m_management, f, this, [this, generation](const AirsResult<AirsProfile> &r,
                                                                         const QStringList &kept) {
        if (generation != m_generation)
            return;
        TenantFootprint &f = m_outcome.remaining;
        if (!r.ok()) {
            m_outcome.problems.append(u"profile \"%1\" could not be restored: %2"_s.arg(f.productionProfile, r.error.toString()));
            return finish(); // its topics are still pinned there: deleting them would fail
        }
        m_outcome.done.append(u"restored the topic guardrails of profile \"%1\""_s.arg(f.productionProfile));
        for (const QString &k : kept)
            m_outcome.done.append(u"kept a change made meanwhile: "_s + k);
        f.productionPolicy.reset();
        f.lastWrittenPolicy.reset();
        stepDone();
        deleteScratchProfile();
    });
}

void TenantCleaner::deleteScratchProfile()
{
    TenantFootprint &f = m_outcome.remaining;
    if (!f.extraProfiles.isEmpty()) { // an audit's topic-alone copies first: nothing else pins them
        const CreatedObject extra = f.extraProfiles.first();
        return deleteProfile(extra.name, extra.id, [this, extra](bool ok) {
            if (!ok)
                return finish();
            m_outcome.done.append(u"deleted scratch profile \"%1\""_s.arg(extra.name));
            m_outcome.remaining.extraProfiles.removeAll(extra);
            stepDone();
            deleteScratchProfile();
        });
    }
    if (f.scratchProfile.isEmpty())
        return deleteTopics();
    deleteProfile(f.scratchProfile, f.scratchProfileId, [this](bool ok) {
        if (!ok)
            return finish(); // the topics are still pinned there
        TenantFootprint &f = m_outcome.remaining;
        m_outcome.done.append(u"deleted scratch profile \"%1\""_s.arg(f.scratchProfile));
        f.scratchProfile.clear();
        f.scratchProfileId.clear();
        stepDone();
        deleteTopics();
    });
}

// Every listed revision of a profile this footprint created (by name, or by id when known).
void TenantCleaner::deleteProfile(const QString &name, const QString &id, std::function<void(bool)> done)
{
    const quint64 generation = m_generation;
    m_management->listProfiles(this, [this, generation, name, id, done](const AirsResult<QList<AirsProfile>> &all) {
        if (generation != m_generation)
            return;
        if (!all.ok()) {
            m_outcome.problems.append(u"the profiles could not be listed to delete \"%1\": %2"_s.arg(
                name, all.error.toString()));
            return done(false);
        }
        QStringList ids; // every listed revision of the scratch profile
        for (const AirsProfile &p : all.value) {
            if (p.name == name || (!id.isEmpty() && p.id == id))
                ids.append(p.id);
        }
        const QString actor = m_management->actor();
        eachInTurn<QString>(
            ids,
            [this, generation, actor, name](const QString &id, std::function<void(bool)> next) {
                m_management->deleteProfile(id, false, actor, this, [=, this](const AirsResult<QString> &r) {
                    if (generation != m_generation)
                        return;
                    if (r.ok() || r.error.kind == AirsError::Kind::NotFound)
                        return next(true);
                    if (r.error.kind != AirsError::Kind::Conflict) {
                        m_outcome.problems.append(u"scratch profile \"%1\" could not be deleted: %2"_s.arg(
                            name, r.error.toString()));
                        return next(false);
                    }
                    // Only this footprint's owner uses its scratch profile: a reference to it is stale.
                    m_management->deleteProfile(id, true, actor, this, [=, this](const AirsResult<QString> &forced) {
                        if (generation != m_generation)
                            return;
                        if (!forced.ok() && forced.error.kind != AirsError::Kind::NotFound) {
                            m_outcome.problems.append(u"scratch profile \"%1\" could not be deleted: %2"_s.arg(
                                name, forced.error.toString()));
                            return next(false);
                        }
                        next(true);
                    });
                });
            },
            [this, generation, done](bool ok) {
                if (generation == m_generation)
                    done(ok);
            });
    });
}

void TenantCleaner::deleteTopics()
{
    if (m_outcome.remaining.topics.isEmpty())
        return finish();
    const quint64 generation = m_generation;
    m_management->listTopics(this, [this, generation](const AirsResult<QList<AirsTopic>> &topics) {
        if (generation != m_generation)
            return;
        if (!topics.ok()) {
            m_outcome.problems.append(u"the topics could not be listed: "_s + topics.error.toString());
            return finish();
        }
        m_management->listProfiles(this, [this, generation, topics](const AirsResult<QList<AirsProfile>> &profiles) {
            if (generation != m_generation)
                return;
            if (!profiles.ok()) {
                m_outcome.problems.append(u"the profiles could not be listed: "_s + profiles.error.toString());
                return finish();
            }
            // Resolve every recorded topic to an existing id; one never created is simply gone.
            QList<CreatedObject> existing;
            for (const CreatedObject &t : std::as_const(m_outcome.remaining.topics)) {
                for (const AirsTopic &a : topics.value) {
                    if (t.id.isEmpty() ? a.name == t.name : a.id == t.id) {
                        existing.append({a.name, a.id});
                        break;
                    }
                }
            }
            m_outcome.remaining.topics = existing;
            const QList<AirsProfile> latest = AirsProfile::latestByName(profiles.value).values();
            eachInTurn<CreatedObject>(
                existing,
                [this, latest](const CreatedObject &t, std::function<void(bool)> next) {
                    deleteTopic(t, latest, [next] { next(true); });
                },
                [this, generation](bool) {
                    if (generation == m_generation)
                        finish();
                });
        });
    });
}

void TenantCleaner::deleteTopic(const CreatedObject &topic, const QList<AirsProfile> &latest,
                                std::function<void()> next)
{
    const quint64 generation = m_generation;
    auto removed = [this, topic, next] {
        m_outcome.done.append(u"deleted topic \"%1\""_s.arg(topic.name));
        m_outcome.remaining.topics.removeIf([&](const CreatedObject &t) { return t.id == topic.id; });
        stepDone();
        next();
    };
    auto leave = [this, topic, next](const QString &why) {
        m_outcome.problems.append(u"topic \"%1\" (%2) was not deleted: %3"_s.arg(topic.name, topic.id, why));
        next();
    };
    m_management->deleteTopic(topic.id, this, [=, this](const AirsResult<QString> &r) {
        if (generation != m_generation)
            return;
        if (r.ok() || r.error.kind == AirsError::Kind::NotFound)
            return removed();
        if (r.error.kind != AirsError::Kind::Conflict)
            return leave(r.error.toString());
        for (const AirsProfile &p : latest) {
            for (const TopicAssignment &a : ProfilePolicy::assignedTopics(p.policy)) {
                if (a.topicId == topic.id)
                    return leave(u"profile \"%1\" pins it"_s.arg(p.name));
            }
        }
        // Only earlier revisions still reference it: force unlinks it from those.
        m_management->forceDeleteTopic(topic.id, m_management->actor(), this, [=, this](const AirsResult<QString> &f) {
            if (generation != m_generation)
                return;
            if (f.ok() || f.error.kind == AirsError::Kind::NotFound)
                return removed();
            leave(f.error.toString());
        });
    });
}
