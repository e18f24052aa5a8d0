#pragma once

#include "apireply.h"
#include "apirequest.h"

#include <optional>

struct EmulatorState;

// Red Team custom prompt-set routes (airs-api.md §6), relative to the mgmt-plane base.
class RedTeamRoutes final
{
public:
    explicit RedTeamRoutes(EmulatorState &state);

    std::optional<ApiReply> handle(const ApiRequest &request, const QString &path);

private:
    ApiReply createSet(const ApiRequest &request);
    ApiReply addPrompt(const ApiRequest &request);
    ApiReply listSets(const ApiRequest &request) const;
    ApiReply getSet(const QString &id) const;
    ApiReply listPrompts(const ApiRequest &request, const QString &id) const;

    EmulatorState &m_state;
};
