#pragma once

#include "airssettings.h"
#include "airserror.h"
#include "airstypes.h"
#include "profilepolicy.h"

#include <QObject>

#include <functional>

class OAuthJsonApi;
class OAuthTokenSource;
class QNetworkAccessManager;

// Custom topics and security profiles (airs-api.md §5), OAuth bearer auth. Every call is
// asynchronous; callbacks run in this client's thread unless `context` died first.
class ManagementClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ManagementClient)
public:
    template<typename T>
    using Callback = std::function<void(const AirsResult<T> &)>;

    ManagementClient(QNetworkAccessManager *manager, const AirsSettings &settings,
                     QObject *parent = nullptr);
    ~ManagementClient() override;

    void listTopics(QObject *context, Callback<QList<AirsTopic>> done); // every page
    void createTopic(const QString &name, const QString &description, const QStringList &examples,
                     QObject *context, Callback<AirsTopic> done);
    void updateTopic(const QString &topicId, const QString &name, const QString &description,
                     const QStringList &examples, QObject *context, Callback<AirsTopic> done);
    void deleteTopic(const QString &topicId, QObject *context, Callback<QString> done);
    void forceDeleteTopic(const QString &topicId, const QString &updatedBy, QObject *context,
                          Callback<QString> done);
    void listProfiles(QObject *context, Callback<QList<AirsProfile>> done); // every page
    // Topic and profile creates exist once (createbyname.h): an unknown outcome or a 409 is
    // answered by a lookup by name, never by sending the create blindly again.
    // POST /v1/mgmt/profile with {profile_name, active, policy}.
    void createProfile(const QString &name, const QJsonObject &policy, QObject *context,
                       Callback<AirsProfile> done);
    // DELETE /v1/mgmt/profile/{id}, or …/{id}/force?updated_by=… when `force`.
    void deleteProfile(const QString &profileId, bool force, const QString &updatedBy, QObject *context,
                       Callback<QString> done);
    void updateProfile(const AirsProfile &profile, const QJsonObject &policy, QObject *context,
                       Callback<AirsProfile> done);

    // Finds the profile by exact name (highest revision), reads each topic's current
    // revision, and rewrites only the profile's topic-guardrails entry (ProfilePolicy), with
    // the topics named in `replaced` taken out. A policy that would not change is not written.
    void assignTopics(const QString &profileName, const QList<TopicAssignment> &assignments,
                      const QString &guardrailAction, QObject *context, Callback<AirsProfile> done,
                      ProfilePolicy::OtherTopics others = ProfilePolicy::OtherTopics::Keep,
                      const QStringList &replaced = {});
    // Puts the profile's topic guardrails back as they were in `before` (a whole earlier
    // policy; ProfilePolicy::withTopicGuardrailsOf). A policy that would not change is not written.
    void restoreTopicGuardrails(const QString &profileName, const QJsonObject &before, QObject *context,
                                Callback<AirsProfile> done);
    // The profile of that exact name with the highest revision; NotFound when there is none.
    void findProfile(const QString &profileName, QObject *context, Callback<AirsProfile> done);

    void abortAll();
    OAuthTokenSource *tokenSource() const { return m_tokens; }
    // Who the force-deletes name as `updated_by`: the service account (its client id is an
    // email address in AIRS).
    QString actor() const { return m_actor; }
    int pageSize() const { return m_pageSize; }
    void setPageSize(int n) { m_pageSize = n; }

private:
    // POSTs `body` once and finds the object by name when the outcome is open (createbyname.h).
    template<typename T>
    void createOnce(const QString &path, const QJsonObject &body, const QString &name, const QString &what,
                    void (ManagementClient::*list)(QObject *, Callback<QList<T>>),
                    std::function<bool(const T &)> isSent, QObject *context, Callback<T> done);
    template<typename T>
    void listAll(const QString &path, const QString &arrayKey, const QString &what,
                 QObject *context, Callback<QList<T>> done);

    OAuthTokenSource *m_tokens;
    OAuthJsonApi *m_api;
    QString m_tsgId;
    QString m_actor;
    int m_pageSize = 100;
};
