#include "promptsetclient.h"

#include "createbyname.h"
#include "oauthjsonapi.h"
#include "oauthtokensource.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QUrlQuery>
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
    m_tokens->setRetryPolicy(settings.retry);
    m_api->setTimeoutMs(settings.timeoutMs);
    m_api->setRetryPolicy(settings.retry);
}

PromptSetClient::~PromptSetClient() = default;

void PromptSetClient::abortAll()
{
    m_api->abortAll();
}

namespace {
PromptSetInfo promptSetFrom(const QJsonObject &o)
{
    return PromptSetInfo{o.value(u"uuid"_s).toString(), o.value(u"name"_s).toString(),
                         o.value(u"status"_s).toString(), o};
}
} // namespace

void PromptSetClient::createPromptSet(const QString &name, const QString &description,
                                      QObject *context, Callback<PromptSetInfo> done)
{
    QJsonObject body{{u"name"_s, name}};
    if (!description.isEmpty())
        body.insert(u"description"_s, description);
    const QString what = u"create prompt set \"%1\""_s.arg(name);
    auto spec = std::make_shared<CreateByName<PromptSetInfo>>();
    spec->send = [this, body, what](CreateByName<PromptSetInfo>::Done sent) {
        m_api->request(
            "POST", u"/v1/custom-attack/custom-prompt-set"_s, {}, body, what, this,
            [what, sent](const HttpResponse &r, const AirsError &e) {
                AirsResult<PromptSetInfo> out;
                out.error = e;
                if (out.ok()) {
                    out.value = promptSetFrom(QJsonDocument::fromJson(r.body).object());
                    if (out.value.id.isEmpty())
                        out.error = AirsError::invalid(what, u"the answer has no uuid"_s);
                }
                sent(out);
            },
            m_api->retryPolicy().withoutResending());
    };
    spec->find = [this, name](CreateByName<PromptSetInfo>::Found found) {
        findPromptSet(name, this, [found](const AirsResult<PromptSetInfo> &set) {
            AirsResult<std::optional<PromptSetInfo>> out;
            out.error = set.error;
            if (!set.value.id.isEmpty())
                out.value = set.value;
            found(out);
        });
    };
    spec->isSent = [description](const PromptSetInfo &set) {
        return set.raw.value(u"description"_s).toString() == description;
    };
    createByName<PromptSetInfo>(spec, context, std::move(done));
}

void PromptSetClient::findPromptSet(const QString &name, QObject *context, Callback<PromptSetInfo> done)
{
    QPointer<QObject> guard(context);
    QUrlQuery q;
    q.addQueryItem(u"search"_s, name);
    q.addQueryItem(u"skip"_s, u"0"_s);
    q.addQueryItem(u"limit"_s, u"100"_s);
    m_api->request("GET", u"/v1/custom-attack/list-custom-prompt-sets"_s, q.query(QUrl::FullyEncoded),
                   QJsonValue(), u"list prompt sets"_s, this,
                   [guard, done, name](const HttpResponse &r, const AirsError &e) {
                       if (!guard)
                           return;
                       AirsResult<PromptSetInfo> out;
                       out.error = e;
                       if (out.ok()) {
                           const QJsonArray sets = QJsonDocument::fromJson(r.body).object().value(u"data"_s).toArray();
                           for (const QJsonValue &v : sets) {
                               if (v.toObject().value(u"name"_s).toString() == name) {
                                   out.value = promptSetFrom(v.toObject());
                                   break;
                               }
                           }
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
                   },
                   // Not idempotent: after an answer that may have been lost, the caller reads
                   // the set back (listPrompts) instead of adding the prompt a second time.
                   m_api->retryPolicy().withoutResending());
}

namespace {
constexpr int PromptPage = 100;
constexpr int MaxPromptPages = 1000; // 100,000 prompts: a server that pages forever is refused

void listPromptsFrom(OAuthJsonApi *api, QObject *owner, const QString &promptSetId, int skip,
                     std::shared_ptr<QStringList> got, QPointer<QObject> guard,
                     PromptSetClient::Callback<QStringList> done)
{
    QUrlQuery q;
    q.addQueryItem(u"skip"_s, QString::number(skip));
    q.addQueryItem(u"limit"_s, QString::number(PromptPage));
    const QString path = u"/v1/custom-attack/custom-prompt-set/%1/list-custom-prompts"_s.arg(
        QString::fromLatin1(QUrl::toPercentEncoding(promptSetId)));
    api->request("GET", path, q.query(QUrl::FullyEncoded), QJsonValue(), u"list the prompts of a set"_s, owner,
                 [api, owner, promptSetId, skip, got, guard, done](const HttpResponse &r, const AirsError &e) {
                     if (!guard)
                         return;
                     AirsResult<QStringList> out;
                     out.error = e;
                     if (!out.ok())
                         return done(out);
                     const QJsonObject root = QJsonDocument::fromJson(r.body).object();
                     const QJsonArray page = root.value(u"data"_s).toArray();
                     for (const QJsonValue &v : page)
                         got->append(v.toObject().value(u"prompt"_s).toString());
                     const qint64 total = root.value(u"pagination"_s).toObject().value(u"total_items"_s).toInteger(-1);
                     const int next = skip + int(page.size());
                     const bool more = total >= 0 ? next < total : page.size() == PromptPage;
                     if (!more || page.isEmpty()) {
                         out.value = *got;
                         return done(out);
                     }
                     if (next / PromptPage >= MaxPromptPages) {
                         out.error = AirsError::invalid(u"list the prompts of a set"_s,
                                                        u"more than %1 pages"_s.arg(MaxPromptPages));
                         return done(out);
                     }
                     listPromptsFrom(api, owner, promptSetId, next, got, guard, done);
                 });
}
} // namespace

void PromptSetClient::listPrompts(const QString &promptSetId, QObject *context, Callback<QStringList> done)
{
    listPromptsFrom(m_api, this, promptSetId, 0, std::make_shared<QStringList>(), QPointer<QObject>(context),
                    std::move(done));
}
