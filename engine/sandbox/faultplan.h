#pragma once

#include "airsoptions.h"
#include "apireply.h"

#include <QRandomGenerator>

// Decides, request by request, which injected fault (if any) applies, in the order
// drop, hang, rate limit, forbidden (OAuth-protected routes), server error (scan routes),
// malformed. Counters count down as they fire; the server-error draw uses a PRNG seeded from
// AirsFaults::seed, so a run is reproducible. The rate-based faults of `sandbox serve
// --faults` (FaultInjector) are drawn only when this plan injects nothing.
class FaultPlan final
{
public:
    enum class Fault { None, Drop, Hang, RateLimit, Forbidden, ServerError, Malformed };

    struct Decision
    {
        Fault fault = Fault::None;
        int status = 0; // for ServerError: 500, 502, 503 or 504
    };

    void setFaults(const AirsFaults &faults); // also reseeds the PRNG
    AirsFaults faults() const { return m_faults; }

    Decision next(bool oauthProtected, bool scan);
    // Whether this performed create loses its answer (AirsFaults::dropCreateResponseNext).
    bool takeCreateDrop() { return take(m_faults.dropCreateResponseNext); }
    ApiReply
    reply(const Decision &decision) const; // for RateLimit, Forbidden, ServerError, Malformed

private:
    static bool take(int &counter);

    AirsFaults m_faults;
    QRandomGenerator m_rng{1};
};
