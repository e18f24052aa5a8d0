#pragma once

#include "config/config.h"

#include <QObject>
#include <QPointer>

class QNetworkAccessManager;

// "Test connection" for the Settings dialog: one real call each to the AIRS scan API, the
// OAuth token endpoint and the LLM, with the settings as edited. Asynchronous; the result is a
// sentence a person can act on, never containing a secret.
class ConnectionTester final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionTester)
public:
    enum class Target { AirsScan, OAuthToken, Llm };
    explicit ConnectionTester(QObject *parent = nullptr);

    void test(Target target, const Config &config, const QString &profile);

signals:
    void finished(ConnectionTester::Target target, bool ok, const QString &message);

private:
    QNetworkAccessManager *m_nam;
};
