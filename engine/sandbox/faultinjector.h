#pragma once

#include "apireply.h"
#include "faultspec.h"
#include "seededrng.h"

#include <QJsonObject>
#include <QString>

#include <array>
#include <optional>

struct ApiRequest;

// Rate-based fault injection for both emulators (`sandbox serve --faults SPEC`): decides per
// request, from the request's route, whether it gets a fault and which, and counts what it
// injected. Each route draws from its own SplitMix64 stream seeded from FaultSpec::seed, so
// a route's fault sequence depends only on the order of that route's requests. One injector
// may be shared by the AIRS and LLM emulators of one process (then both report the same
// counts at GET /_sandbox/faults).
class FaultInjector final
{
public:
    static constexpr QStringView CountsPath = u"/_sandbox/faults";

    struct Decision
    {
        FaultSpec::Kind kind = FaultSpec::Kind::E503;
        int status = 0; // the HTTP status of a 503/5xx/429/echo answer; 0 for the others
    };

    FaultInjector() { setSpec({}); }

    void setSpec(const FaultSpec &spec); // reseeds every route's stream; counts are kept
    const FaultSpec &spec() const { return m_spec; }

    // The fault for the next request on `route`, or nullopt; counted when drawn.
    std::optional<Decision> draw(FaultSpec::Route route);
    // Whether the scan of this request body is one of the prompts scan.poison picked (counted
    // when it is): its answer is cut, every time.
    bool poisons(FaultSpec::Route route, const QByteArray &body);

    // Answers for the faults that do not perform the request: 503, 5xx, 429 and echo.
    ApiReply reply(const Decision &decision, const ApiRequest &request,
                   FaultSpec::Route route) const;
    // The performed answer cut to a complete 200 whose body is the first half of the JSON.
    static ApiReply truncated(const ApiReply &performed);
    // A 401 whose error text quotes every credential the request carried.
    static ApiReply echo(const ApiRequest &request, FaultSpec::Route route);

    int count(FaultSpec::Route route, FaultSpec::Kind kind) const
    {
        return m_counts[int(route)][int(kind)];
    }
    int total() const;
    QJsonObject counts() const; // {"scan":{"503":n,…},"token":{…},…}, every route and kind
    QString tally() const;      // one line: "scan 503=2 cut=1; token 429=1" or "none"

private:
    FaultSpec m_spec;
    std::array<SeededRng, FaultSpec::RouteCount> m_rngs{SeededRng(0), SeededRng(0), SeededRng(0),
                                                        SeededRng(0), SeededRng(0)};
    std::array<std::array<int, FaultSpec::KindCount>, FaultSpec::RouteCount> m_counts{};
};
