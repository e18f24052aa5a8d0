#pragma once

#include "apireply.h"
#include "apirequest.h"

#include "domain/topic.h"

#include <optional>

struct EmulatorState;

// Custom-topic management routes (airs-api.md §5.1–5.3), relative to the "/aisec" base:
// list, create, update (revision + 1), delete (409 while referenced) and force-delete.
class TopicRoutes final
{
public:
    explicit TopicRoutes(EmulatorState &state);

    // `path` is relative to the management base; nullopt when no topic route matches.
    std::optional<ApiReply> handle(const ApiRequest &request, const QString &path);

    // Parses and checks a TopicWrite body; a 400 naming the field when it does not fit.
    static std::optional<ApiReply> parseWrite(const QByteArray &body, Topic *topic, bool *active);

private:
    ApiReply list(const ApiRequest &request, const QString &tsgId) const;
    ApiReply create(const ApiRequest &request);
    ApiReply update(const ApiRequest &request, const QString &id);
    ApiReply remove(const QString &id, bool force);
    ApiReply forceRemove(const ApiRequest &request, const QString &id); // needs updated_by

    EmulatorState &m_state;
};
