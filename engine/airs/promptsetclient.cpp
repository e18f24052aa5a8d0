#include "promptsetclient.h"

#include "oauthjsonapi.h"
#include "oauthtokensource.h"

#include <QJsonDocument>
#include <QPointer>

using namespace Qt::StringLiterals;

PromptSetClient::PromptSetClient(QNetworkAccessManager *manager, const AirsSettings &settings,
                                 QObject *parent)
    : QObject(parent)
    , m_tokens(new OAuthTokenSource(manager, settings.tokenEndpoint, settings.clientId,
                                    settings.clientSecret, settings.tsgId, this))
    , m_api(new OAuthJsonApi(manager, m_tokens, settings.redTeamEndpoint, this))
{
    m_tokens->setTimeoutMs(settings.timeoutMs);
    m_api->setTimeoutMs(settings.timeoutMs);
    m_api->setRetryPolicy(settings.retry);
}

PromptSetClient::~PromptSetClient() = default;

void PromptSetClient::abortAll()
{
    m_api->abortAll();
}

void PromptSetClient::createPromptSet(const QString &name, const QString &description,
                                      QObject *context, Callback<PromptSetInfo> done)
{
    QJsonObject body{{u"name"_s, name}};
    if (!description.isEmpty())
        body.insert(u"description"_s, description);
    QPointer<QObject> guard(context);
    const QString what = u"create prompt set \"%1\""_s.arg(name);
    m_api->request("POST", u"/v1/custom-attack/custom-prompt-set"_s, {}, body, what, this,
                   [guard, done, what](const HttpResponse &r, const AirsError &e) {
                       if (!guard)
                           return;
                       AirsResult<PromptSetInfo> out;
                       out.error = e;
                       if (out.ok()) {
                           const QJsonObject o = QJsonDocument::fromJson(r.body).object();
                           out.value = PromptSetInfo{o.value(u"uuid"_s).toString(),
                                                     o.value(u"name"_s).toString(),
                                                     o.value(u"status"_s).toString(), o};
                           if (out.value.id.isEmpty())
                               out.error = AirsError::invalid(what, u"the answer has no uuid"_s);
                       }
                       done(out);
                   });
}

void PromptSetClient::addPrompt(const QString &promptSetId, const QString &prompt,
                                const QString &goal, QObject *context, Callback<QString> done)
{
    QJsonObject body{{u"prompt"_s, prompt}, {u"prompt_set_id"_s, promptSetId}};
    if (!goal.isEmpty())
        body.insert(u"goal"_s, goal);
    QPointer<QObject> guard(context);
    m_api->request("POST", u"/v1/custom-attack/custom-prompt-set/custom-prompt"_s, {}, body,
                   u"add prompt to set"_s, this,
                   [guard, done](const HttpResponse &r, const AirsError &e) {
                       if (!guard)
                           return;
                       AirsResult<QString> out;
                       out.error = e;
                       if (out.ok()) {
                           out.value = QJsonDocument::fromJson(r.body).object().value(u"uuid"_s).toString();
                           if (out.value.isEmpty())
                               out.error = AirsError::invalid(u"add prompt to set"_s, u"the answer has no uuid"_s);
                       }
                       done(out);
                   });
}
