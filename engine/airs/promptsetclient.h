#pragma once

#include "airssettings.h"
#include "airserror.h"
#include "airstypes.h"

#include <QObject>

#include <functional>

class OAuthJsonApi;
class OAuthTokenSource;
class QNetworkAccessManager;

// AI Red Team custom prompt sets (airs-api.md §6): export a run's tests as a reusable set.
class PromptSetClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PromptSetClient)
public:
    template<typename T>
    using Callback = std::function<void(const AirsResult<T> &)>;

    PromptSetClient(QNetworkAccessManager *manager, const AirsSettings &settings,
                    QObject *parent = nullptr);
    ~PromptSetClient() override;

    void createPromptSet(const QString &name, const QString &description, QObject *context,
                         Callback<PromptSetInfo> done);
    // `goal` e.g. "Should trigger topic guardrail". The result is the new prompt's uuid.
    void addPrompt(const QString &promptSetId, const QString &prompt, const QString &goal,
                   QObject *context, Callback<QString> done);

    void abortAll();

private:
    OAuthTokenSource *m_tokens;
    OAuthJsonApi *m_api;
};
