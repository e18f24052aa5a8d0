#pragma once

#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

// `daystrom sandbox serve [--faults SPEC]` as a child process: started, its printed settings
// parsed, stopped with SIGINT. The test talks to it over 127.0.0.1 with blocking helpers (the
// server runs in another process, so waiting here blocks nothing it needs).
class SandboxServe final
{
public:
    SandboxServe(const QString &cli, const QString &home, const QString &faults = {});
    ~SandboxServe();
    Q_DISABLE_COPY_MOVE(SandboxServe)

    bool isReady() const { return m_ready; }
    QString startError() const { return m_error; }
    // The settings serve printed (PANW_*, OPENAI_BASE_URL, LLM_PROVIDER, …).
    const QMap<QString, QString> &settings() const { return m_settings; }
    // `base` plus the printed settings plus PROPAGATION_DELAY_MS=0.
    QProcessEnvironment clientEnv(const QProcessEnvironment &base) const;

    // GET /_sandbox/faults of the AIRS emulator, or an empty object when it did not answer.
    QJsonObject faultCounts() const;
    // Number of faults of `kind` injected on every route of both emulators.
    int faultsOfKind(const QString &kind) const;
    // Every prompt of a Red Team prompt set, through the management API with the printed
    // sandbox credentials; `ok` false when any request failed.
    QStringList promptSetPrompts(const QString &setId, bool *ok) const;
    // The policy of the latest revision of profile `name`, through the management API; empty
    // when it is not there or a request failed.
    QJsonObject profilePolicy(const QString &name) const;

private:
    QByteArray bearer() const; // an OAuth2 token with the printed sandbox credentials
    QString m_cli;
    QProcess m_process;
    QMap<QString, QString> m_settings;
    bool m_ready = false;
    QString m_error;
};

// A blocking HTTP exchange over loopback for the helpers above.
struct HttpAnswer
{
    int status = 0;
    QByteArray body;
};
HttpAnswer httpExchange(const QByteArray &method, const QString &url,
                        const QList<QPair<QByteArray, QByteArray>> &headers,
                        const QByteArray &body = {}, int timeoutMs = 10000);
