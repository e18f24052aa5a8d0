#include "httpprobe.h"

#include "sandbox/airsemulator.h"
#include "sandbox/payloadhash.h"

#include <QJsonDocument>
#include <QSignalSpy>

using namespace Qt::StringLiterals;

QByteArray HttpResult::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers) {
        if (name.compare(key, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

QJsonObject HttpResult::json() const
{
    return QJsonDocument::fromJson(body).object();
}

QString HttpResult::errorMessage() const
{
    const QJsonObject o = json();
    if (o.value(u"error"_s).isObject())
        return o.value(u"error"_s).toObject().value(u"message"_s).toString();
    if (o.contains(u"message"_s))
        return o.value(u"message"_s).toString();
    return o.value(u"error_description"_s).toString();
}

HttpProbe::HttpProbe(AirsEmulator &emulator)
    : m_emulator(emulator)
{}

QNetworkReply *HttpProbe::start(const QByteArray &method, const QUrl &url, const QByteArray &body,
                                const Headers &headers)
{
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    return m_nam.sendCustomRequest(request, method, body);
}

HttpResult HttpProbe::collect(QNetworkReply *reply)
{
    HttpResult r;
    r.finished = reply->isFinished();
    r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    r.error = reply->error();
    r.body = reply->readAll();
    r.headers = reply->rawHeaderPairs();
    return r;
}

HttpResult HttpProbe::call(const QByteArray &method, const QUrl &url, const QByteArray &body,
                           const Headers &headers, int timeoutMs)
{
    QNetworkReply *reply = start(method, url, body, headers);
    if (!reply->isFinished()) {
        QSignalSpy done(reply, &QNetworkReply::finished);
        done.wait(timeoutMs);
    }
    HttpResult r = collect(reply);
    if (!r.finished)
        reply->abort();
    reply->deleteLater();
    return r;
}

HttpResult HttpProbe::fetchToken(const QString &clientId, const QString &secret,
                                 const QByteArray &form)
{
    const AirsEmulator::Credentials creds = m_emulator.options().credentials;
    const QString id = clientId.isNull() ? creds.clientId : clientId;
    const QString pw = secret.isNull() ? creds.clientSecret : secret;
    const QByteArray body =
        form.isNull() ? "grant_type=client_credentials&scope=tsg_id%3A" + creds.tsgId.toUtf8()
                      : form;
    return call("POST", m_emulator.tokenEndpoint(), body,
                {{"Content-Type", "application/x-www-form-urlencoded"},
                 {"Authorization", "Basic " + (id + u':' + pw).toUtf8().toBase64()}});
}

QString HttpProbe::token()
{
    if (m_token.isEmpty())
        m_token = fetchToken().json().value(u"access_token"_s).toString();
    return m_token;
}

QByteArray HttpProbe::scanBody(const QString &profile, const QString &prompt,
                               const QJsonObject &extra)
{
    QJsonObject body = extra;
    body.insert(u"ai_profile"_s, QJsonObject{{u"profile_name"_s, profile}});
    body.insert(u"contents"_s, QJsonArray{QJsonObject{{u"prompt"_s, prompt}}});
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

HttpProbe::Headers HttpProbe::scanHeaders(const QByteArray &body) const
{
    const QString key = m_emulator.options().credentials.apiKey;
    return {{"Content-Type", "application/json"},
            {"x-pan-token", key.toUtf8()},
            {"x-payload-hash", PayloadHash::compute(key, body)},
            {"service-name", "api"}};
}

QNetworkReply *HttpProbe::startScan(const QString &profile, const QString &prompt)
{
    QUrl url = m_emulator.scanEndpoint();
    url.setPath(u"/v1/scan/sync/request"_s);
    const QByteArray body = scanBody(profile, prompt);
    return start("POST", url, body, scanHeaders(body));
}

HttpResult HttpProbe::scan(const QString &profile, const QString &prompt)
{
    QUrl url = m_emulator.scanEndpoint();
    url.setPath(u"/v1/scan/sync/request"_s);
    const QByteArray body = scanBody(profile, prompt);
    return call("POST", url, body, scanHeaders(body));
}

QUrl HttpProbe::mgmtUrl(const QString &path, const QString &query) const
{
    QUrl url = m_emulator.managementEndpoint();
    url.setPath(url.path() + path);
    if (!query.isEmpty())
        url.setQuery(query);
    return url;
}

QUrl HttpProbe::redTeamUrl(const QString &path, const QString &query) const
{
    QUrl url = m_emulator.redTeamEndpoint();
    url.setPath(url.path() + path);
    if (!query.isEmpty())
        url.setQuery(query);
    return url;
}

HttpResult HttpProbe::mgmt(const QByteArray &method, const QString &path, const QJsonObject &body,
                           const QString &query)
{
    Headers headers{{"Authorization", "Bearer " + token().toUtf8()}};
    QByteArray payload;
    if (method == "POST" || method == "PUT") {
        payload = QJsonDocument(body).toJson(QJsonDocument::Compact);
        headers.emplaceBack(QByteArray("Content-Type"), "application/json");
    }
    return call(method, mgmtUrl(path, query), payload, headers);
}

HttpResult HttpProbe::redTeam(const QByteArray &method, const QString &path,
                              const QJsonObject &body, const QString &query)
{
    Headers headers{{"Authorization", "Bearer " + token().toUtf8()}};
    QByteArray payload;
    if (method == "POST") {
        payload = QJsonDocument(body).toJson(QJsonDocument::Compact);
        headers.emplaceBack(QByteArray("Content-Type"), "application/json");
    }
    return call(method, redTeamUrl(path, query), payload, headers);
}

QJsonObject HttpProbe::createTopic(const QString &name, const QString &description,
                                   const QStringList &examples)
{
    return mgmt("POST", u"/v1/mgmt/topic"_s,
                {{u"topic_name"_s, name},
                 {u"description"_s, description},
                 {u"examples"_s, QJsonArray::fromStringList(examples)},
                 {u"active"_s, true}})
        .json();
}

QJsonObject HttpProbe::listedProfile(const QString &name)
{
    const QString tsg = m_emulator.options().credentials.tsgId;
    QJsonObject best;
    for (const QJsonValue &v :
         mgmt("GET", u"/v1/mgmt/profiles/tsg/"_s + tsg).array(u"ai_profiles"_s)) {
        const QJsonObject p = v.toObject();
        if (p.value(u"profile_name"_s).toString() == name &&
            p.value(u"revision"_s).toInt() > best.value(u"revision"_s).toInt(-1))
            best = p;
    }
    return best;
}

QJsonObject HttpProbe::withGuardrail(const QJsonObject &policy, const QString &defaultAction,
                                     const QJsonArray &topicList)
{
    QJsonObject out = policy;
    QJsonArray profiles = out.value(u"ai-security-profiles"_s).toArray();
    QJsonObject first = profiles.at(0).toObject();
    QJsonObject config = first.value(u"model-configuration"_s).toObject();
    QJsonArray protections = config.value(u"model-protection"_s).toArray();
    for (qsizetype i = 0; i < protections.size(); ++i) {
        QJsonObject entry = protections.at(i).toObject();
        if (entry.value(u"name"_s).toString() != u"topic-guardrails")
            continue;
        entry.insert(u"action"_s, defaultAction);
        entry.insert(u"topic-list"_s, topicList);
        protections.replace(i, entry);
    }
    config.insert(u"model-protection"_s, protections);
    first.insert(u"model-configuration"_s, config);
    profiles.replace(0, first);
    out.insert(u"ai-security-profiles"_s, profiles);
    return out;
}

QJsonArray HttpProbe::buckets(const QJsonArray &allow, const QJsonArray &block)
{
    QJsonArray list;
    if (!allow.isEmpty())
        list.append(QJsonObject{{u"action"_s, u"allow"_s}, {u"topic"_s, allow}});
    if (!block.isEmpty())
        list.append(QJsonObject{{u"action"_s, u"block"_s}, {u"topic"_s, block}});
    return list;
}

HttpResult HttpProbe::putGuardrail(const QString &profileName, const QString &defaultAction,
                                   const QJsonArray &topicList)
{
    const QJsonObject profile = listedProfile(profileName);
    const QJsonObject policy =
        withGuardrail(profile.value(u"policy"_s).toObject(), defaultAction, topicList);
    return mgmt("PUT", u"/v1/mgmt/profile/uuid/"_s + profile.value(u"profile_id"_s).toString(),
                {{u"profile_name"_s, profileName}, {u"active"_s, true}, {u"policy"_s, policy}});
}

QJsonObject HttpProbe::topicRef(const QJsonObject &topic, int revision)
{
    return {{u"topic_id"_s, topic.value(u"topic_id"_s)},
            {u"topic_name"_s, topic.value(u"topic_name"_s)},
            {u"revision"_s, revision >= 0 ? revision : topic.value(u"revision"_s).toInt()}};
}
