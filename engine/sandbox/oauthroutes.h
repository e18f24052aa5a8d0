#pragma once

#include "apireply.h"
#include "apirequest.h"

#include <optional>

struct EmulatorState;

// POST /oauth2/access_token (client credentials, airs-api.md §4) and the bearer check that
// guards the management and Red Team routes.
class OAuthRoutes final
{
public:
    static constexpr QStringView TokenPath = u"/oauth2/access_token";

    explicit OAuthRoutes(EmulatorState &state);

    std::optional<ApiReply> handle(const ApiRequest &request);
    // nullopt when the request carries a bearer token this emulator issued and that has not
    // expired; otherwise the 401 to send.
    std::optional<ApiReply> authorize(const ApiRequest &request) const;

private:
    ApiReply issueToken(const ApiRequest &request);
    static ApiReply oauthError(int status, const QString &error, const QString &description);

    EmulatorState &m_state;
};
