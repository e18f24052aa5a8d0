#pragma once

#include "llm/prompts/promptbook.h"

#include <QByteArray>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QUrl>

// Plain-HTTP helpers for the LLM emulator tests: a request in the OpenAI Chat Completions
// shape, a finished exchange, and one realistic prompt-book prompt per call.
namespace LlmRequests {

struct Http
{
    int status = 0;
    QByteArray body;
    QByteArray retryAfterMs;
    QJsonObject json() const;    // the body, when it is a JSON object
    QString contentText() const; // choices[0].message.content
    QJsonObject content() const; // … parsed as a JSON object
};

// Sends one request and waits for it in a local event loop (not qWaitFor: the emulator
// serves from this thread).
Http send(QNetworkAccessManager &nam, const QByteArray &method, const QUrl &url,
          const QByteArray &body = {}, const QByteArray &authorization = {});
QByteArray chatBody(const LlmPrompt &prompt, const QString &model = QStringLiteral("gpt-sandbox"));
LlmPrompt promptFor(const QString &callName);

} // namespace LlmRequests
