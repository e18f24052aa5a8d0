#pragma once

#include "apireply.h"
#include "apirequest.h"
#include "seededrng.h"
#include "topicmatcher.h"

#include <QJsonObject>

#include <optional>

struct EmulatorState;

// POST /v1/scan/sync/request (airs-api.md §3): API-key or bearer auth, x-payload-hash check,
// request validation (§8.3) and the topic-guardrail verdict.
class ScanRoutes final
{
public:
    static constexpr QStringView SyncPath = u"/v1/scan/sync/request";

    explicit ScanRoutes(EmulatorState &state);

    static bool isScanPath(const QString &path);
    std::optional<ApiReply> handle(const ApiRequest &request);

private:
    std::optional<ApiReply> authenticate(const ApiRequest &request) const;
    static std::optional<ApiReply> validate(const QJsonObject &body);
    ApiReply scan(const QJsonObject &body); // may record a propagation violation

    EmulatorState &m_state;
    TopicMatcher m_matcher;
    SeededRng m_noise; // AirsEmulatorOptions::verdictNoise
};
