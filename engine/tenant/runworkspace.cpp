#include "runworkspace.h"

#include "productionrestore.h"

#include "airs/managementclient.h"
#include "airs/profilepolicy.h"

using namespace Qt::StringLiterals;

namespace {
QString quotedList(const QStringList &names)
{
    QStringList quoted;
    for (const QString &n : names)
        quoted.append(u'"' + n + u'"');
    return quoted.isEmpty() ? u"none"_s : quoted.join(u", "_s);
}

QStringList topicNames(const QJsonObject &policy)
{
    QStringList names;
    for (const TopicAssignment &a : ProfilePolicy::assignedTopics(policy))
        names.append(a.topicName);
    return names;
}
} // namespace

RunWorkspace::RunWorkspace(ManagementClient *management, Persist persist, QObject *parent)
    : QObject(parent)
    , m_management(management)
    , m_persist(std::move(persist))
{
}

QString RunWorkspace::profileName() const
{
    return m_footprint.inPlace ? m_footprint.productionProfile : m_footprint.scratchProfile;
}

QStringList RunWorkspace::replacedNames(const QStringList &candidateNames) const
{
    return m_footprint.leftOut + candidateNames;
}

bool RunWorkspace::recordTopic(const QString &name)
{
    m_footprint.topics.append({name, {}});
    return !m_persist || m_persist(m_footprint);
}

bool RunWorkspace::recordTopicId(const QString &name, const QString &id)
{
    bool found = false;
    for (CreatedObject &t : m_footprint.topics) {
        if (t.name == name && t.id.isEmpty()) {
            t.id = id;
            found = true;
            break;
        }
    }
    if (!found)
        m_footprint.topics.append({name, id});
    return !m_persist || m_persist(m_footprint);
}

QString RunWorkspace::deployedName(const QString &topicId) const
{
    for (const CreatedObject &t : m_footprint.topics) {
        if (t.id == topicId)
            return t.name;
    }
    return {};
}

QString RunWorkspace::overLimitMessage(const QString &profile, const QStringList &topicNames, int ownTopics)
{
    return u"profile \"%1\" carries %2 custom topics and this run adds %3: %4 is more than the %5 a security "
           "profile holds. Leave some of its topics out of the run's copy with --leave-out \"<topic name>\" "
           "(repeatable; in the app, choose them in the new-run form). Its topics: %6"_s
        .arg(profile)
        .arg(topicNames.size())
        .arg(ownTopics)
        .arg(topicNames.size() + ownTopics)
        .arg(TopicsPerProfile)
        .arg(quotedList(topicNames));
}

QString RunWorkspace::addedOverLimitMessage(const QString &profile, const QStringList &added, int total)
{
    return u"with %1 the copy of profile \"%2\" would carry %3 custom topics, more than the %4 a security "
           "profile holds, and so would the profile after the apply: remove a topic from \"%2\" first, or "
           "apply fewer new topics"_s
        .arg(quotedList(added), profile)
        .arg(total)
        .arg(TopicsPerProfile);
}

void RunWorkspace::abort()
{
    ++m_generation;
    if (m_management)
        m_management->abortAll();
}

void RunWorkspace::fail(const QString &error)
{
    if (Ready ready = std::exchange(m_ready, nullptr))
        ready({}, error);
}

void RunWorkspace::succeed()
{
    if (Ready ready = std::exchange(m_ready, nullptr))
        ready(profileName(), {});
}

void RunWorkspace::prepare(const QString &runId, const RunSettings &settings,
                           const std::optional<TenantFootprint> &earlier, Ready ready)
{
    ++m_generation;
    m_runId = runId;
    m_settings = settings;
    m_ready = std::move(ready);
    if (!m_management)
        return fail(u"AIRS management is not configured"_s);
    if (earlier && !earlier->isClear()) {
        m_footprint = *earlier;
        if (m_footprint.inPlace)
            return restoreInPlace();
        return resumeScratch();
    }
    m_footprint = TenantFootprint{};
    m_footprint.productionProfile = settings.profileName;
    m_footprint.inPlace = settings.inPlace;
    m_footprint.leftOut = settings.leaveOut;
    const quint64 generation = m_generation;
    m_management->findProfile(settings.profileName, this, [this, generation](const AirsResult<AirsProfile> &found) {
        if (generation != m_generation)
            return;
        if (!found.ok()) {
            return fail(found.error.kind == AirsError::Kind::NotFound
                            ? u"there is no security profile named \"%1\" in this tenant"_s.arg(m_settings.profileName)
                            : u"profile \"%1\" could not be read: %2"_s.arg(m_settings.profileName, found.error.toString()));
        }
        m_productionRead = found.value.policy;
        const QStringList names = topicNames(found.value.policy);
        for (const QString &left : std::as_const(m_footprint.leftOut)) {
            if (!names.contains(left))
                return fail(u"--leave-out \"%1\": profile \"%2\" has no topic of that name (it has %3)"_s.arg(
                    left, m_settings.profileName, quotedList(names)));
        }
        const QStringList kept = topicNames(ProfilePolicy::withoutTopics(found.value.policy, m_footprint.leftOut));
        if (m_added) {
            QStringList total = kept;
            for (const QString &name : std::as_const(*m_added)) {
                if (!total.contains(name))
                    total.append(name);
            }
            if (total.size() > TopicsPerProfile)
                return fail(addedOverLimitMessage(m_settings.profileName, *m_added, int(total.size())));
        } else if (const int own = m_settings.intent == Intent::Block ? 2 : 1; kept.size() + own > TopicsPerProfile) {
            return fail(overLimitMessage(m_settings.profileName, kept, own));
        }
        if (m_footprint.inPlace) {
            m_footprint.productionPolicy = found.value.policy;
            if (m_persist && !m_persist(m_footprint))
                return fail(u"the run file could not be saved"_s);
            return succeed();
        }
        createScratch(found.value);
    });
}

void RunWorkspace::createScratch(const AirsProfile &production)
{
    m_footprint.scratchProfile = TenantFootprint::scratchProfileName(m_runId);
    if (m_persist && !m_persist(m_footprint))
        return fail(u"the run file could not be saved"_s);
    const QJsonObject copy = ProfilePolicy::withoutTopics(production.policy, m_footprint.leftOut);
    const quint64 generation = m_generation;
    m_management->createProfile(m_footprint.scratchProfile, copy, this, [this, generation](const AirsResult<AirsProfile> &r) {
        if (generation != m_generation)
            return;
        if (!r.ok()) {
            if (r.error.httpStatus == 403 || r.error.kind == AirsError::Kind::Auth) {
                return fail(u"AIRS refused to create the run's own profile \"%1\" (%2). A run tests on a copy so "
                            "that \"%3\" is not changed while it runs, and this API client may not create security "
                            "profiles. Give it that permission, or run with --in-place (in the app: \"Test on the "
                            "production profile itself\") to deploy and scan on \"%3\" directly; its topic "
                            "guardrails are put back when the run ends."_s
                                .arg(m_footprint.scratchProfile, r.error.toString(), m_footprint.productionProfile));
            }
            return fail(u"the run's profile \"%1\" could not be created: %2"_s.arg(m_footprint.scratchProfile,
                                                                                 r.error.toString()));
        }
        m_footprint.scratchProfileId = r.value.id;
        if (m_persist && !m_persist(m_footprint))
            return fail(u"the run file could not be saved"_s);
        succeed();
    });
}

void RunWorkspace::resumeScratch()
{
    const quint64 generation = m_generation;
    m_management->findProfile(m_footprint.scratchProfile, this, [this, generation](const AirsResult<AirsProfile> &r) {
        if (generation != m_generation)
            return;
        if (r.ok()) {
            m_footprint.scratchProfileId = r.value.id;
            if (m_persist && !m_persist(m_footprint))
                return fail(u"the run file could not be saved"_s);
            return succeed();
        }
        if (r.error.kind != AirsError::Kind::NotFound)
            return fail(u"the run's profile \"%1\" could not be read: %2"_s.arg(m_footprint.scratchProfile,
                                                                              r.error.toString()));
        // Gone (deleted by hand, or a fresh sandbox): copy production again.
        m_management->findProfile(m_footprint.productionProfile, this,
                                  [this, generation](const AirsResult<AirsProfile> &production) {
            if (generation != m_generation)
                return;
            if (!production.ok())
                return fail(u"profile \"%1\" could not be read: %2"_s.arg(m_footprint.productionProfile,
                                                                        production.error.toString()));
            createScratch(production.value);
        });
    });
}

bool RunWorkspace::recordWritten(const QJsonObject &policy)
{
    if (!m_footprint.inPlace || m_footprint.lastWrittenPolicy == policy)
        return true;
    m_footprint.lastWrittenPolicy = policy;
    return !m_persist || m_persist(m_footprint);
}

void RunWorkspace::restoreInPlace()
{
    if (!m_footprint.productionPolicy)
        return succeed();
    const quint64 generation = m_generation;
    ProductionRestore::putBack(m_management, m_footprint, this, [this, generation](const AirsResult<AirsProfile> &r,
                                                                                 const QStringList &) {
        if (generation != m_generation)
            return;
        if (!r.ok())
            return fail(u"profile \"%1\" could not be put back: %2"_s.arg(m_footprint.productionProfile, r.error.toString()));
        m_footprint.lastWrittenPolicy.reset(); // production is as before the run again
        if (m_persist && !m_persist(m_footprint))
            return fail(u"the run file could not be saved"_s);
        succeed();
    });
}
