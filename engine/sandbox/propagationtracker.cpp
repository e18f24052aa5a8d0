#include "propagationtracker.h"

#include "policyjson.h"

#include <QHash>
#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
constexpr qsizetype kPromptChars = 80;

QHash<QString, QJsonObject> byKey(const QList<QJsonObject> &list, const QString &key)
{
    QHash<QString, QJsonObject> out;
    for (const QJsonObject &o : list)
        out.insert(o.value(key).toString(), o);
    return out;
}

// The ids whose object differs between the two listings (created, changed or deleted).
QSet<QString> changedKeys(const QHash<QString, QJsonObject> &before,
                          const QHash<QString, QJsonObject> &after)
{
    QSet<QString> out;
    for (auto it = before.cbegin(); it != before.cend(); ++it) {
        if (after.value(it.key()) != it.value())
            out.insert(it.key());
    }
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        if (!before.contains(it.key()))
            out.insert(it.key());
    }
    return out;
}

QString resolveId(const ProfileStore &profiles, const PropagationTracker::ProfileRef &profile)
{
    if (profile.byId)
        return profiles.contains(profile.value) ? profile.value : QString();
    return profiles.latestIdForName(profile.value);
}

bool referencesAny(const ProfileStore &profiles, const PropagationTracker::ProfileRef &profile,
                   const QSet<QString> &topicIds)
{
    const QString id = resolveId(profiles, profile);
    if (id.isEmpty())
        return false;
    const QJsonObject policy = profiles.json(id).value(u"policy"_s).toObject();
    for (const PolicyJson::TopicRef &ref : PolicyJson::allTopicRefs(policy)) {
        if (topicIds.contains(ref.topicId))
            return true;
    }
    return false;
}
} // namespace

PropagationTracker::PropagationTracker()
{
    m_clock.start();
}

void PropagationTracker::setDelayMs(int ms)
{
    m_delayMs = qMax(0, ms);
}

void PropagationTracker::before(const TopicStore &topics, const ProfileStore &profiles)
{
    m_before.reset();
    if (m_delayMs > 0)
        m_before.emplace(Snapshot{topics, profiles}); // implicitly shared: copied on write
}

void PropagationTracker::after(const TopicStore &topics, const ProfileStore &profiles)
{
    if (!m_before)
        return;
    Snapshot before = std::move(*m_before);
    m_before.reset();
    const QSet<QString> topicIds = changedKeys(byKey(before.topics.list(), u"topic_id"_s),
                                               byKey(topics.list(), u"topic_id"_s));
    const auto profilesBefore = byKey(before.profiles.list(), u"profile_id"_s);
    const auto profilesAfter = byKey(profiles.list(), u"profile_id"_s);
    const QSet<QString> profileIds = changedKeys(profilesBefore, profilesAfter);
    if (topicIds.isEmpty() && profileIds.isEmpty())
        return; // a refused or idempotent write: nothing to propagate
    QSet<QString> names;
    for (const QString &id : profileIds) {
        for (const auto *listing : {&profilesBefore, &profilesAfter}) {
            const QString name = listing->value(id).value(u"profile_name"_s).toString();
            if (!name.isEmpty())
                names.insert(name);
        }
    }
    m_pending.append(
        Change{m_clock.elapsed() + m_delayMs, std::move(before), topicIds, profileIds, names});
}

bool PropagationTracker::affects(const Change &change, const ProfileRef &profile,
                                 const ProfileStore &live)
{
    if (profile.byId ? change.profileIds.contains(profile.value)
                     : change.profileNames.contains(profile.value))
        return true;
    if (change.topicIds.isEmpty())
        return false;
    return referencesAny(live, profile, change.topicIds) ||
           referencesAny(change.before.profiles, profile, change.topicIds);
}

void PropagationTracker::expire(qint64 now)
{
    m_pending.removeIf([now](const Change &c) { return c.effectiveAt <= now; });
}

PropagationTracker::View PropagationTracker::viewFor(const ProfileRef &profile,
                                                     const QString &prompt,
                                                     const TopicStore &topics,
                                                     const ProfileStore &profiles)
{
    View view{&topics, &profiles};
    if (m_pending.isEmpty())
        return view;
    const qint64 now = m_clock.elapsed();
    expire(now);
    const Change *oldest = nullptr;
    qint64 early = 0;
    for (const Change &change : std::as_const(m_pending)) {
        if (!affects(change, profile, profiles))
            continue;
        if (!oldest)
            oldest = &change;
        early = qMax(early, change.effectiveAt - now);
    }
    if (!oldest)
        return view;
    view = {&oldest->before.topics, &oldest->before.profiles};
    QString name = profile.value;
    if (profile.byId) {
        for (const ProfileStore *store : {&profiles, &oldest->before.profiles}) {
            const QString known = store->json(profile.value).value(u"profile_name"_s).toString();
            if (!known.isEmpty()) {
                name = known;
                break;
            }
        }
    }
    m_violations.append({name, prompt.left(kPromptChars), early});
    return view;
}

QJsonObject PropagationTracker::json() const
{
    QJsonArray list;
    for (const PropagationViolation &v : m_violations)
        list.append(QJsonObject{
            {u"profileName"_s, v.profileName}, {u"prompt"_s, v.prompt}, {u"msEarly"_s, v.msEarly}});
    const qint64 now = m_clock.elapsed();
    const auto pending = std::count_if(m_pending.cbegin(), m_pending.cend(),
                                       [now](const Change &c) { return c.effectiveAt > now; });
    return {{u"delayMs"_s, m_delayMs}, {u"pending"_s, int(pending)}, {u"violations"_s, list}};
}
