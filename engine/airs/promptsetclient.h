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

    // Exists once (createbyname.h): a create whose outcome is unknown, or a 409, is answered by
    // a lookup by name; the set found is this create's when its description is the one sent.
    void createPromptSet(const QString &name, const QString &description, QObject *context,
                         Callback<PromptSetInfo> done);
    // The set with exactly this name, or an empty PromptSetInfo when there is none.
    void findPromptSet(const QString &name, QObject *context, Callback<PromptSetInfo> done);
    // `goal` e.g. "Should trigger topic guardrail". The result is the new prompt's uuid. Never
    // re-sent by the transport (429 aside): an open outcome is for the caller to check.
    void addPrompt(const QString &promptSetId, const QString &prompt, const QString &goal,
                   QObject *context, Callback<QString> done);

    // The prompt texts of a set, every page (skip/limit 100). A resumed export adds only those
    // missing, so a prompt AIRS took just before a crash or a cut answer is not added twice.
    void listPrompts(const QString &promptSetId, QObject *context, Callback<QStringList> done);

    void abortAll();

private:
    OAuthTokenSource *m_tokens;
    OAuthJsonApi *m_api;
};
