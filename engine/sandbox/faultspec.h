#pragma once

#include <QString>
#include <QtGlobal>

#include <array>
#include <optional>

// The fault-injection grammar of `daystrom sandbox serve --faults SPEC`: comma-separated
// entries ROUTE.KIND=RATE plus optional seed=N and retry-after=SECONDS, e.g.
// "scan.503=0.2,token.cut=0.2,all.truncated=0.1,seed=7". RATE is the probability in [0,1]
// that a request on ROUTE gets KIND; each request gets at most one fault, so the rates of one
// route must add up to at most 1. "all" sets a kind on every route; an entry naming the route
// overrides it, whatever the order. Rates, not positions, are the contract: the same spec and
// seed give the same faults only when the requests arrive in the same order.
//
// One kind is not drawn per request: scan.poison=SHARE picks that share of distinct prompts
// (by a hash of the prompt and the seed, so the same prompts whatever the order) and cuts the
// answer of every scan of them, as a service does with a prompt it cannot handle. It counts
// apart from the route's other rates, and applies to the scan route only.
struct FaultSpec
{
    enum class Route { Scan, Token, Mgmt, RedTeam, Llm };
    enum class Kind { E503, E5xx, E429, Hang, Cut, Truncated, Echo, Poison };
    static constexpr int RouteCount = 5;
    static constexpr int KindCount = 8;

    std::array<std::array<double, KindCount>, RouteCount> rates{}; // [route][kind]
    quint32 seed = 1;
    double retryAfterSeconds = 0.2; // the Retry-After of a 429 fault

    double rate(Route route, Kind kind) const { return rates[int(route)][int(kind)]; }
    bool isEmpty() const;     // no rate above 0
    QString toString() const; // canonical form, parses back to the same spec

    static QString routeName(Route route); // "scan", "token", "mgmt", "redteam", "llm"
    static QString kindName(Kind kind);    // "503", "5xx", "429", "hang", "cut", …
    static std::optional<Route> routeFromName(QStringView name);
    static std::optional<Kind> kindFromName(QStringView name);

    // nullopt with a one-line `error` (what is wrong and what to write instead) on bad input.
    // An empty text is an empty spec.
    static std::optional<FaultSpec> parse(const QString &text, QString *error);
};
