#include "sandboxserve.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTest>
#include <QUrlQuery>

#include <csignal>

using namespace Qt::StringLiterals;

SandboxServe::SandboxServe(const QString &cli, const QString &home, const QString &faults)
    : m_cli(cli)
{
    QProcessEnvironment env;
    env.insert(u"PATH"_s, qEnvironmentVariable("PATH"));
    env.insert(u"HOME"_s, home);
    env.insert(u"DAYSTROM_HOME"_s, home);
    env.insert(u"LANG"_s, u"C.UTF-8"_s);
    m_process.setProcessEnvironment(env);
    QStringList args{u"sandbox"_s, u"serve"_s};
    if (!faults.isEmpty())
        args << u"--faults"_s << faults;
    m_process.start(cli, args);
    if (!m_process.waitForStarted(10000)) {
        m_error = u"could not start %1"_s.arg(cli);
        return;
    }
    static const QRegularExpression setting(u"^\\s+([A-Z_]+)=(\\S*)\\s*$"_s);
    QByteArray pending;
    while (true) {
        if (m_process.canReadLine()) {
            const QString line = QString::fromUtf8(m_process.readLine());
            if (const auto m = setting.match(line); m.hasMatch())
                m_settings.insert(m.captured(1), m.captured(2));
            if (line.startsWith(u"Serving until interrupted"_s)) {
                m_ready = m_settings.contains(u"PANW_AI_SEC_API_ENDPOINT"_s);
                break;
            }
            continue;
        }
        if (m_process.state() != QProcess::Running || !m_process.waitForReadyRead(15000)) {
            m_error = u"daystrom %1 did not start: %2"_s.arg(
                args.join(u' '), QString::fromUtf8(m_process.readAllStandardError()).trimmed());
            return;
        }
    }
}

SandboxServe::~SandboxServe()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    ::kill(pid_t(m_process.processId()), SIGINT);
    if (!m_process.waitForFinished(10000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

QProcessEnvironment SandboxServe::clientEnv(const QProcessEnvironment &base) const
{
    QProcessEnvironment env = base;
    for (auto it = m_settings.cbegin(); it != m_settings.cend(); ++it)
        env.insert(it.key(), it.value());
    env.insert(u"PROPAGATION_DELAY_MS"_s, u"0"_s);
    return env;
}

HttpAnswer httpExchange(const QByteArray &method, const QString &url,
                        const QList<QPair<QByteArray, QByteArray>> &headers, const QByteArray &body,
                        int timeoutMs)
{
    QNetworkAccessManager nam;
    QNetworkRequest request{QUrl(url)};
    request.setTransferTimeout(timeoutMs);
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    QNetworkReply *reply = nam.sendCustomRequest(request, method, body);
    HttpAnswer answer;
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, timeoutMs + 1000)) {
        reply->abort();
        delete reply;
        return answer;
    }
    answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    answer.body = reply->readAll();
    delete reply;
    return answer;
}

QJsonObject SandboxServe::faultCounts() const
{
    const HttpAnswer a = httpExchange(
        "GET", m_settings.value(u"PANW_AI_SEC_API_ENDPOINT"_s) + u"/_sandbox/faults"_s, {});
    return a.status == 200 ? QJsonDocument::fromJson(a.body).object() : QJsonObject();
}

int SandboxServe::faultsOfKind(const QString &kind) const
{
    int total = 0;
    QJsonObject counts = faultCounts();
    // The LLM emulator counts its own faults on its own port.
    QString llm = m_settings.value(u"OPENAI_BASE_URL"_s);
    llm.chop(llm.endsWith(u"/v1"_s) ? 3 : 0);
    const HttpAnswer a = httpExchange("GET", llm + u"/_sandbox/faults"_s, {});
    const QJsonObject llmCounts =
        a.status == 200 ? QJsonDocument::fromJson(a.body).object() : QJsonObject();
    if (llmCounts.contains(u"llm"_s)) // one count per route, whichever emulator serves it
        counts.insert(u"llm"_s, llmCounts.value(u"llm"_s));
    for (const QString &route : counts.keys())
        total += counts.value(route).toObject().value(kind).toInt();
    return total;
}

namespace {
// A JSON object from a route that may be faulted (5xx, 429, hang, cut, truncated, echo):
// asked again until it answers 200 with a whole JSON object.
QJsonObject fetchObject(const QByteArray &method, const QString &url,
                        const QList<QPair<QByteArray, QByteArray>> &headers,
                        const QByteArray &body = {})
{
    for (int attempt = 0; attempt < 15; ++attempt) {
        const HttpAnswer a = httpExchange(method, url, headers, body, 2000);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(a.body, &error);
        if (a.status == 200 && error.error == QJsonParseError::NoError && doc.isObject())
            return doc.object();
    }
    return {};
}
} // namespace

QByteArray SandboxServe::bearer() const
{
    const QByteArray basic = (m_settings.value(u"PANW_MGMT_CLIENT_ID"_s) + u':' +
                              m_settings.value(u"PANW_MGMT_CLIENT_SECRET"_s))
                                 .toUtf8()
                                 .toBase64();
    QUrlQuery form;
    form.addQueryItem(u"grant_type"_s, u"client_credentials"_s);
    form.addQueryItem(u"scope"_s, u"tsg_id:"_s + m_settings.value(u"PANW_MGMT_TSG_ID"_s));
    const QJsonObject token = fetchObject("POST", m_settings.value(u"PANW_MGMT_TOKEN_ENDPOINT"_s),
                                          {{"Authorization", "Basic " + basic},
                                           {"Content-Type", "application/x-www-form-urlencoded"}},
                                          form.toString(QUrl::FullyEncoded).toUtf8());
    return token.value(u"access_token"_s).toString().toUtf8();
}

QJsonObject SandboxServe::profilePolicy(const QString &name) const
{
    const QByteArray token = bearer();
    if (token.isEmpty())
        return {};
    const QString url = m_settings.value(u"PANW_MGMT_ENDPOINT"_s) + u"/v1/mgmt/profiles/tsg/%1?offset=0&limit=100"_s
                                                                         .arg(m_settings.value(u"PANW_MGMT_TSG_ID"_s));
    const QJsonObject o = fetchObject("GET", url, {{"Authorization", "Bearer " + token}});
    QJsonObject latest;
    for (const QJsonValue &v : o.value(u"ai_profiles"_s).toArray()) {
        const QJsonObject p = v.toObject();
        if (p.value(u"profile_name"_s).toString() == name &&
            p.value(u"revision"_s).toInt() >= latest.value(u"revision"_s).toInt())
            latest = p;
    }
    return latest.value(u"policy"_s).toObject();
}

QStringList SandboxServe::promptSetPrompts(const QString &setId, bool *ok) const
{
    *ok = false;
    const QString bearer = QString::fromUtf8(this->bearer());
    if (bearer.isEmpty())
        return {};
    QStringList prompts;
    for (int skip = 0;; skip += 100) {
        const QString url =
            m_settings.value(u"PANW_RED_TEAM_MGMT_ENDPOINT"_s) +
            u"/v1/custom-attack/custom-prompt-set/%1/list-custom-prompts?skip=%2&limit=100"_s
                .arg(setId)
                .arg(skip);
        const QJsonObject o =
            fetchObject("GET", url, {{"Authorization", "Bearer " + bearer.toUtf8()}});
        if (!o.contains(u"data"_s))
            return {};
        const QJsonArray data = o.value(u"data"_s).toArray();
        for (const QJsonValue &v : data)
            prompts.append(v.toObject().value(u"prompt"_s).toString());
        if (data.isEmpty() ||
            prompts.size() >= o.value(u"pagination"_s).toObject().value(u"total_items"_s).toInt())
            break;
    }
    *ok = true;
    return prompts;
}
