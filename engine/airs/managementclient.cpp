#include "managementclient.h"

#include "airslog.h"
#include "createbyname.h"
#include "oauthjsonapi.h"
#include "oauthtokensource.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QUrlQuery>

#include <memory>

using namespace Qt::StringLiterals;

namespace {
template<typename T>
AirsResult<T> failure(const AirsError &e)
{
    AirsResult<T> r;
    r.error = e;
    return r;
}

AirsResult<QJsonObject> parseObject(const HttpResponse &r, const QString &what)
{
    AirsResult<QJsonObject> out;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(r.body.isEmpty() ? QByteArray("{}") : r.body, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject())
        out.error = AirsError::invalid(what, u"the answer is not a JSON object"_s);
    else
        out.value = doc.object();
    return out;
}

AirsResult<QString> parseDeleteMessage(const HttpResponse &r)
{
    // A successful delete returns a JSON string; the SDK also accepts {"message": …}.
    AirsResult<QString> out;
    const QByteArray wrapped = "[" + r.body + "]";
    const QJsonArray a = QJsonDocument::fromJson(wrapped).array();
    if (!a.isEmpty() && a.at(0).isString())
        out.value = a.at(0).toString();
    else
        out.value = QJsonDocument::fromJson(r.body).object().value(u"message"_s).toString();
    return out;
}

// A created or updated object: a JSON object with an id.
template<typename T>
AirsResult<T> parseCreated(const HttpResponse &r, const AirsError &e, const QString &what)
{
    if (e.isError())
        return failure<T>(e);
    const AirsResult<QJsonObject> o = parseObject(r, what);
    if (!o.ok())
        return failure<T>(o.error);
    T created = T::fromJson(o.value);
    if (created.id.isEmpty())
        return failure<T>(AirsError::invalid(what, u"the answer has no id"_s));
    return AirsResult<T>{created, {}};
}
} // namespace

ManagementClient::ManagementClient(QNetworkAccessManager *manager, const AirsSettings &settings,
                                   QObject *parent)
    : QObject(parent)
    , m_tokens(new OAuthTokenSource(manager, settings.tokenEndpoint, settings.clientId,
                                    settings.clientSecret, settings.tsgId, this))
    , m_api(new OAuthJsonApi(manager, m_tokens, settings.managementEndpoint, this))
    , m_tsgId(settings.tsgId)
    , m_actor(settings.clientId)
{
    m_tokens->setTimeoutMs(settings.timeoutMs);
    m_tokens->setRetryPolicy(settings.retry);
    m_api->setTimeoutMs(settings.timeoutMs);
    m_api->setRetryPolicy(settings.retry);
}

ManagementClient::~ManagementClient() = default;

void ManagementClient::abortAll()
{
    m_api->abortAll();
}

template<typename T>
void ManagementClient::listAll(const QString &path, const QString &arrayKey, const QString &what,
                               QObject *context, Callback<QList<T>> done)
{
    struct State
    {
        QList<T> items;
        int offset = 0;
        int pages = 0;
    };
    auto state = std::make_shared<State>();
    auto page = std::make_shared<std::function<void()>>();
    QPointer<QObject> guard(context);
    // The page function refers to itself weakly; the request in flight holds the strong
    // reference, so nothing leaks when a list is abandoned.
    std::weak_ptr<std::function<void()>> weakPage = page;
    *page = [this, state, weakPage, path, arrayKey, what, guard, done]() {
        const QString query = u"offset=%1&limit=%2"_s.arg(state->offset).arg(m_pageSize);
        m_api->request("GET", path, query, QJsonValue(), what, this,
                       [state, page = weakPage.lock(), arrayKey, what, guard, done](
                           const HttpResponse &r, const AirsError &e) {
            auto finish = [&](const AirsResult<QList<T>> &result) {
                if (guard)
                    done(result);
            };
            if (e.isError())
                return finish(failure<QList<T>>(e));
            const AirsResult<QJsonObject> o = parseObject(r, what);
            if (!o.ok())
                return finish(failure<QList<T>>(o.error));
            const QJsonArray items = o.value.value(arrayKey).toArray();
            for (const QJsonValue &v : items)
                state->items.append(T::fromJson(v.toObject()));
            ++state->pages;
            const QJsonValue next = o.value.value(u"next_offset"_s);
            const bool more = next.isDouble() && int(next.toDouble()) > state->offset && !items.isEmpty();
            if (more && state->pages < 1000) {
                state->offset = int(next.toDouble());
                (*page)();
                return;
            }
            finish(AirsResult<QList<T>>{state->items, {}});
        });
    };
    (*page)();
}

void ManagementClient::listTopics(QObject *context, Callback<QList<AirsTopic>> done)
{
    listAll<AirsTopic>(u"/v1/mgmt/topics/tsg/"_s + m_tsgId, u"custom_topics"_s, u"list topics"_s,
                       context, std::move(done));
}

void ManagementClient::listProfiles(QObject *context, Callback<QList<AirsProfile>> done)
{
    listAll<AirsProfile>(u"/v1/mgmt/profiles/tsg/"_s + m_tsgId, u"ai_profiles"_s,
                         u"list profiles"_s, context, std::move(done));
}


template<typename T>
void ManagementClient::createOnce(const QString &path, const QJsonObject &body, const QString &name,
                                  const QString &what, void (ManagementClient::*list)(QObject *, Callback<QList<T>>),
                                  std::function<bool(const T &)> isSent, QObject *context, Callback<T> done)
{
    auto spec = std::make_shared<CreateByName<T>>();
    spec->send = [this, path, body, what](typename CreateByName<T>::Done sent) {
        m_api->request(
            "POST", path, {}, body, what, this,
            [what, sent](const HttpResponse &r, const AirsError &e) { sent(parseCreated<T>(r, e, what)); },
            m_api->retryPolicy().withoutResending());
    };
    spec->find = [this, list, name, what](typename CreateByName<T>::Found found) {
        qCInfo(lcAirs).noquote() << what << "was not confirmed; looking it up by name before anything is sent again";
        (this->*list)(this, [name, found](const AirsResult<QList<T>> &all) {
            AirsResult<std::optional<T>> out;
            out.error = all.error;
            for (const T &item : all.value) {
                if (item.name == name) {
                    out.value = item;
                    break;
                }
            }
            found(out);
        });
    };
    spec->isSent = std::move(isSent);
    createByName<T>(spec, context, std::move(done));
}

void ManagementClient::createTopic(const QString &name, const QString &description,
                                   const QStringList &examples, QObject *context,
                                   Callback<AirsTopic> done)
{
    createOnce<AirsTopic>(
        u"/v1/mgmt/topic"_s, AirsTopic::writeBody(name, description, examples), name,
        u"create topic \"%1\""_s.arg(name), &ManagementClient::listTopics,
        [description, examples](const AirsTopic &t) { return t.description == description && t.examples == examples; },
        context, std::move(done));
}

void ManagementClient::createProfile(const QString &name, const QJsonObject &policy, QObject *context,
                                     Callback<AirsProfile> done)
{
    createOnce<AirsProfile>(u"/v1/mgmt/profile"_s,
                            {{u"profile_name"_s, name}, {u"active"_s, true}, {u"policy"_s, policy}}, name,
                            u"create profile \"%1\""_s.arg(name), &ManagementClient::listProfiles,
                            [policy](const AirsProfile &p) { return p.policy == policy; }, context,
                            std::move(done));
}

void ManagementClient::deleteProfile(const QString &profileId, bool force, const QString &updatedBy,
                                     QObject *context, Callback<QString> done)
{
    QPointer<QObject> guard(context);
    QUrlQuery q;
    if (force)
        q.addQueryItem(u"updated_by"_s, updatedBy);
    const QString path = u"/v1/mgmt/profile/"_s + profileId + (force ? u"/force"_s : QString());
    m_api->request("DELETE", path, q.query(QUrl::FullyEncoded), QJsonValue(),
                   force ? u"force-delete profile"_s : u"delete profile"_s, this,
                   [guard, done](const HttpResponse &r, const AirsError &e) {
                       if (guard)
                           done(e.isError() ? failure<QString>(e) : parseDeleteMessage(r));
                   });
}

void ManagementClient::updateTopic(const QString &topicId, const QString &name,
                                   const QString &description, const QStringList &examples,
                                   QObject *context, Callback<AirsTopic> done)
{
    const QString what = u"update topic \"%1\""_s.arg(name);
    m_api->request("PUT", u"/v1/mgmt/topic/uuid/"_s + topicId, {},
                   AirsTopic::writeBody(name, description, examples), what, this,
                   [what, guard = QPointer<QObject>(context), done](const HttpResponse &r, const AirsError &e) {
                       if (guard)
                           done(parseCreated<AirsTopic>(r, e, what));
                   });
}

void ManagementClient::deleteTopic(const QString &topicId, QObject *context, Callback<QString> done)
{
    QPointer<QObject> guard(context);
    m_api->request("DELETE", u"/v1/mgmt/topic/"_s + topicId, {}, QJsonValue(), u"delete topic"_s,
                   this, [guard, done](const HttpResponse &r, const AirsError &e) {
                       if (guard)
                           done(e.isError() ? failure<QString>(e) : parseDeleteMessage(r));
                   });
}

void ManagementClient::forceDeleteTopic(const QString &topicId, const QString &updatedBy,
                                        QObject *context, Callback<QString> done)
{
    QPointer<QObject> guard(context);
    QUrlQuery q;
    if (!updatedBy.isEmpty())
        q.addQueryItem(u"updated_by"_s, updatedBy);
    // The vendor's SDKs and a live check use /topic/{id}/force; the older /topic/force/{id}
    // answers 403 on live tenants.
    m_api->request("DELETE", u"/v1/mgmt/topic/"_s + topicId + u"/force"_s, q.query(QUrl::FullyEncoded),
                   QJsonValue(), u"force-delete topic"_s, this,
                   [guard, done](const HttpResponse &r, const AirsError &e) {
                       if (guard)
                           done(e.isError() ? failure<QString>(e) : parseDeleteMessage(r));
                   });
}

void ManagementClient::updateProfile(const AirsProfile &profile, const QJsonObject &policy,
                                     QObject *context, Callback<AirsProfile> done)
{
    const QString what = u"update profile \"%1\""_s.arg(profile.name);
    const QJsonObject body{{u"profile_name"_s, profile.name},
                           {u"active"_s, profile.active},
                           {u"policy"_s, policy}};
    QPointer<QObject> guard(context);
    m_api->request("PUT", u"/v1/mgmt/profile/uuid/"_s + profile.id, {}, body, what, this,
                   [what, guard, done](const HttpResponse &r, const AirsError &e) {
                       if (!guard)
                           return;
                       if (e.isError())
                           return done(failure<AirsProfile>(e));
                       const AirsResult<QJsonObject> o = parseObject(r, what);
                       if (!o.ok())
                           return done(failure<AirsProfile>(o.error));
                       done(AirsResult<AirsProfile>{AirsProfile::fromJson(o.value), {}});
                   });
}

void ManagementClient::findProfile(const QString &profileName, QObject *context, Callback<AirsProfile> done)
{
    QPointer<QObject> guard(context);
    listProfiles(this, [=](const AirsResult<QList<AirsProfile>> &profiles) {
        if (!guard)
            return;
        if (!profiles.ok())
            return done(failure<AirsProfile>(profiles.error));
        const QHash<QString, AirsProfile> latest = AirsProfile::latestByName(profiles.value);
        const auto chosen = latest.constFind(profileName);
        if (chosen == latest.cend()) {
            return done(failure<AirsProfile>(AirsError{
                AirsError::Kind::NotFound, 0,
                u"no security profile named \"%1\" in this tenant"_s.arg(profileName), -1}));
        }
        done(AirsResult<AirsProfile>{*chosen, {}});
    });
}

void ManagementClient::restoreTopicGuardrails(const QString &profileName, const QJsonObject &before,
                                              QObject *context, Callback<AirsProfile> done)
{
    QPointer<QObject> guard(context);
    findProfile(profileName, this, [=, this](const AirsResult<AirsProfile> &found) {
        if (!guard)
            return;
        if (!found.ok())
            return done(found);
        const QJsonObject policy = ProfilePolicy::withTopicGuardrailsOf(found.value.policy, before);
        if (policy == found.value.policy)
            return done(found);
        updateProfile(found.value, policy, guard, done);
    });
}

void ManagementClient::assignTopics(const QString &profileName, const QList<TopicAssignment> &assignments,
                                    const QString &guardrailAction, QObject *context,
                                    Callback<AirsProfile> done, ProfilePolicy::OtherTopics others,
                                    const QStringList &replaced)
{
    QPointer<QObject> guard(context);
    findProfile(profileName, this, [=, this](const AirsResult<AirsProfile> &found) {
        if (!guard)
            return;
        if (!found.ok())
            return done(found);
        const AirsProfile profile = found.value;
        listTopics(this, [=, this](const AirsResult<QList<AirsTopic>> &topics) {
            if (!guard)
                return;
            if (!topics.ok())
                return done(failure<AirsProfile>(topics.error));
            QList<TopicAssignment> pinned = assignments;
            for (TopicAssignment &a : pinned) {
                const auto it = std::find_if(topics.value.cbegin(), topics.value.cend(),
                                             [&](const AirsTopic &t) { return t.id == a.topicId; });
                if (it == topics.value.cend()) {
                    return done(failure<AirsProfile>(AirsError{
                        AirsError::Kind::NotFound, 0,
                        u"topic \"%1\" (%2) no longer exists"_s.arg(a.topicName, a.topicId), -1}));
                }
                a.revision = it->revision;
                a.topicName = it->name;
            }
            const QJsonObject policy =
                ProfilePolicy::withTopicGuardrails(profile.policy, pinned, guardrailAction, others, replaced);
            if (policy == profile.policy)
                return done(AirsResult<AirsProfile>{profile, {}});
            updateProfile(profile, policy, guard, done);
        });
    });
}
