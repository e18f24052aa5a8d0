#pragma once

#include "airssettings.h"
#include "airserror.h"
#include "airstypes.h"
#include "profilepolicy.h"

#include <QObject>
#include <QPointer>

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
    // POST /v1/mgmt/profile with {profile_name, active, policy}.
    void createProfile(const QString &name, const QJsonObject &policy, QObject *context,
                       Callback<AirsProfile> done);
    // DELETE /v1/mgmt/profile/{id}, or …/{id}/force?updated_by=… when `force`.
    void deleteProfile(const QString &profileId, bool force, const QString &updatedBy, QObject *context,
                       Callback<QString> done);
    void updateProfile(const AirsProfile &profile, const QJsonObject &policy, QObject *context,
                       Callback<AirsProfile> done);

    // Finds the profile by exact name (highest revision), reads each topic's current
    // revision, and rewrites only the profile's topic-guardrails entry (ProfilePolicy).
    void assignTopics(const QString &profileName, const QList<TopicAssignment> &assignments,
                      const QString &guardrailAction, QObject *context, Callback<AirsProfile> done,
                      ProfilePolicy::OtherTopics others = ProfilePolicy::OtherTopics::Keep);

    void abortAll();
    OAuthTokenSource *tokenSource() const { return m_tokens; }
    int pageSize() const { return m_pageSize; }
    void setPageSize(int n) { m_pageSize = n; }

    // A create whose outcome is unknown (no answer, a cut connection or body, a timeout, a
    // 5xx) may have been performed: it is never simply sent again. The object is looked up
    // by name first; only when it is not there is the create repeated, at most this often.
    // A 409 is looked up too: Qt's HTTP stack itself re-sends a request whose connection
    // closed before any answer, so a create AIRS performed may come back as "already exists".
    // The object found is taken as this create's only when its content is what was sent.
    static constexpr int UnknownCreateAttempts = 3;

private:
    template<typename T>
    struct CreateSpec
    {
        QString path;
        QJsonObject body;
        QString name;
        QString what;
        void (ManagementClient::*list)(QObject *, Callback<QList<T>>);
        std::function<bool(const T &)> isSent; // the listed object holds what this create sent
    };
    template<typename T>
    void createByName(const CreateSpec<T> &spec, int attemptsLeft, QPointer<QObject> guard, Callback<T> done);
    template<typename T>
    void listAll(const QString &path, const QString &arrayKey, const QString &what,
                 QObject *context, Callback<QList<T>> done);

    OAuthTokenSource *m_tokens;
    OAuthJsonApi *m_api;
    QString m_tsgId;
    int m_pageSize = 100;
};
