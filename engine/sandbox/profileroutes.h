#pragma once

#include "apireply.h"
#include "apirequest.h"
#include "profilestore.h"

#include <optional>

struct EmulatorState;

// Security-profile management routes (airs-api.md §5.1, §5.4, §5.6), relative to "/aisec":
// list ({"ai_profiles":…}), create, update (revision + 1, unknown keys kept verbatim, empty
// topic buckets rejected) and delete.
class ProfileRoutes final
{
public:
    explicit ProfileRoutes(EmulatorState &state);

    std::optional<ApiReply> handle(const ApiRequest &request, const QString &path);

private:
    ApiReply list(const ApiRequest &request, const QString &tsgId) const;
    ApiReply create(const ApiRequest &request);
    ApiReply update(const ApiRequest &request, const QString &id);
    ApiReply remove(const ApiRequest &request, const QString &id, bool force);
    // Fills `write` from the body; fields the body omits keep the values already in `write`.
    std::optional<ApiReply> parseWrite(const QByteArray &body, ProfileStore::Write *write) const;
    bool nameTakenByOther(const QString &name, const QString &id) const;

    EmulatorState &m_state;
};
