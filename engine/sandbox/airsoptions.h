#pragma once

#include "domain/topic.h"

#include <QString>

#include <functional>
#include <optional>
#include <QtGlobal>

// Configuration of the AIRS emulator. Every behaviour airs-api.md marks as (inferred) is a
// knob here, so tests can pin down either reading.

struct AirsCredentials
{
    QString apiKey = QStringLiteral("sandbox-api-key");
    QString clientId = QStringLiteral("sandbox-client");
    QString clientSecret = QStringLiteral("sandbox-secret");
    QString tsgId = QStringLiteral("1234567890");
};

// How an allow-intent profile (guardrail action "block", target in the allow bucket) reports
// a prompt that matches no allowed topic. DESIGN.md follows the original design notes:
// Category is the default.
enum class AirsAllowSignal {
    Category,      // topic_violation never set, action "allow"; category tells the cases apart
    TopicViolation // topic_violation true and action "block" when no allowed topic matched
};

struct AirsEmulatorOptions
{
    AirsCredentials credentials;
    int tokenLifetimeSeconds = 900;
    int topicStartRevision = 1;
    bool requirePayloadHash = false;   // when false, a hash that IS sent is still verified
    bool newProfileIdOnUpdate = false; // keep old revision listed under the same name
    AirsAllowSignal allowSignal = AirsAllowSignal::Category;
    int pageSizeLimit = 100;      // max `limit` honoured by list endpoints
    double matchThreshold = 0.35; // TopicMatcher score at which a topic matches
    // Scan answers name the matched topics (prompt_detection_details); false stands for a
    // tenant that does not, so a whole-profile audit must find them another way.
    bool reportMatchedTopics = true;
    bool redTeamLicensed = true;  // false: every Red Team route answers 403 (no EULA)
    qsizetype maxScanBodyBytes = 2 * 1000 * 1000; // larger sync scan bodies get 413
    QString actorEmail = QStringLiteral("sandbox@daystrom.invalid"); // created_by/updated_by
    // Where the tenant's topics and profiles live between runs (TenantFile); empty: in memory
    // only, as tests want. The app's and the CLI's sandbox use <home>/sandbox/tenant.json.
    QString tenantFile;
    // For tests of the loop's decisions under noise (issue 39): when set, whether a prompt
    // matches the run's topic (the profile's first block-bucket topic, else its first
    // allow-bucket one) is what this says, not what the matcher finds (std::nullopt: the
    // matcher decides) — a topic whose true rates the test chooses. Each scan's match then
    // flips with probability `verdictNoise`, independently per scan (a PRNG seeded with
    // `verdictNoiseSeed`).
    std::function<std::optional<bool>(const QString &prompt, const Topic &runTopic)> trueMatch;
    double verdictNoise = 0;
    quint64 verdictNoiseSeed = 1;
};

// Fault injection. Everything defaults to "no fault"; counters count down as they fire.
struct AirsFaults
{
    int latencyMs = 0;          // added to every response (unless its route's own is set)
    // Per route (scan, management, OAuth2 token, Red Team); -1 = latencyMs applies. Answers
    // are held on a timer (many at once), precise to well under a millisecond on Linux.
    int scanLatencyMs = -1;
    int managementLatencyMs = -1;
    int tokenLatencyMs = -1;
    int redTeamLatencyMs = -1;
    // How long a management change (topic or profile create/update/delete) takes to reach
    // the scan service: until then a scan of an affected profile sees the state before the
    // change and is recorded as a propagation violation. 0 = at once (no tracking).
    int propagationDelayMs = 0;
    double serverErrorRate = 0; // fraction of scans answered 500/502/503/504 (seeded PRNG)
    quint32 seed = 1;
    int rateLimitNext = 0; // next N requests (any route) get 429 with Retry-After
    int retryAfterSeconds = 1;
    int malformedNext = 0;    // next N requests get 200 with a truncated JSON body
    int hangNext = 0;         // next N requests are never answered
    int forbiddenNext = 0;    // next N OAuth-protected (mgmt/red-team) requests get 403
    int maxInflightScans = 0; // 0 = unlimited; beyond it scans get 429
    int dropNext = 0;         // next N requests: the connection closes without an answer
    // Next N creates (topic, profile, prompt set) are performed, then the connection closes
    // without an answer: the client cannot tell whether the object exists.
    int dropCreateResponseNext = 0;
    bool refuseProfileCreate = false; // POST /v1/mgmt/profile answers 403 (no permission)
};
