#include "faultplan.h"

using namespace Qt::StringLiterals;

void FaultPlan::setFaults(const AirsFaults &faults)
{
    m_faults = faults;
    m_rng.seed(faults.seed);
}

bool FaultPlan::take(int &counter)
{
    if (counter <= 0)
        return false;
    --counter;
    return true;
}

FaultPlan::Decision FaultPlan::next(bool oauthProtected, bool scan)
{
    if (take(m_faults.dropNext))
        return {Fault::Drop};
    if (take(m_faults.hangNext))
        return {Fault::Hang};
    if (take(m_faults.rateLimitNext))
        return {Fault::RateLimit};
    if (oauthProtected && take(m_faults.forbiddenNext))
        return {Fault::Forbidden};
    if (scan && m_faults.serverErrorRate > 0 && m_rng.generateDouble() < m_faults.serverErrorRate) {
        static constexpr int statuses[] = {500, 502, 503, 504};
        return {Fault::ServerError, statuses[m_rng.bounded(4)]};
    }
    if (take(m_faults.malformedNext))
        return {Fault::Malformed};
    return {};
}

ApiReply FaultPlan::reply(const Decision &decision) const
{
    switch (decision.fault) {
    case Fault::RateLimit:
        return ApiReply::rateLimited(m_faults.retryAfterSeconds, u"rate limited"_s);
    case Fault::Forbidden:
        return ApiReply::message(403, u"forbidden: access denied (injected fault)"_s);
    case Fault::ServerError:
        return ApiReply::scanError(decision.status, u"internal server error (injected fault)"_s);
    case Fault::Malformed:
        // Valid HTTP, 200, JSON content type, body cut off mid-value.
        return {200,
                QByteArrayLiteral("application/json"),
                QByteArrayLiteral("{\"report_id\":\"R3f0c2a1e-9b7d-4c55-8a31-2d6f0e4b9c10\","
                                  "\"scan_id\":\"3f0c2a1e-9b7d-4c55-8a31-2d6f"),
                {}};
    case Fault::None:
    case Fault::Drop:
    case Fault::Hang:
        break;
    }
    return ApiReply::routeError(500, u"no reply for this fault"_s);
}
