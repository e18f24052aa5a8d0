#include "faultspec.h"

#include "domain/printable.h"

#include <QSet>
#include <QStringList>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {
constexpr std::array<QStringView, FaultSpec::RouteCount> kRouteNames = {u"scan", u"token", u"mgmt",
                                                                        u"redteam", u"llm"};
constexpr std::array<QStringView, FaultSpec::KindCount> kKindNames = {
    u"503", u"5xx", u"429", u"hang", u"cut", u"truncated", u"echo", u"poison"};

QString joined(auto names)
{
    QStringList out;
    for (QStringView n : names)
        out.append(n.toString());
    return out.join(u", "_s);
}

QString number(double value)
{
    return QString::number(value, 'g', 10);
}

// A finite decimal in [min, max]; NaN and infinities are refused.
std::optional<double> parseNumber(QStringView text, double min, double max)
{
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value) || value < min || value > max)
        return std::nullopt;
    return value;
}
} // namespace

bool FaultSpec::isEmpty() const
{
    for (const auto &route : rates) {
        for (double rate : route) {
            if (rate > 0)
                return false;
        }
    }
    return true;
}

QString FaultSpec::toString() const
{
    QStringList entries;
    for (int r = 0; r < RouteCount; ++r) {
        for (int k = 0; k < KindCount; ++k) {
            if (rates[r][k] > 0)
                entries.append(kRouteNames[r].toString() + u'.' + kKindNames[k].toString() + u'=' +
                               number(rates[r][k]));
        }
    }
    entries.append(u"seed="_s + QString::number(seed));
    entries.append(u"retry-after="_s + number(retryAfterSeconds));
    return entries.join(u',');
}

QString FaultSpec::routeName(Route route)
{
    return kRouteNames[int(route)].toString();
}

QString FaultSpec::kindName(Kind kind)
{
    return kKindNames[int(kind)].toString();
}

std::optional<FaultSpec::Route> FaultSpec::routeFromName(QStringView name)
{
    for (int r = 0; r < RouteCount; ++r) {
        if (name.compare(kRouteNames[r], Qt::CaseInsensitive) == 0)
            return Route(r);
    }
    return std::nullopt;
}

std::optional<FaultSpec::Kind> FaultSpec::kindFromName(QStringView name)
{
    for (int k = 0; k < KindCount; ++k) {
        if (name.compare(kKindNames[k], Qt::CaseInsensitive) == 0)
            return Kind(k);
    }
    return std::nullopt;
}

std::optional<FaultSpec> FaultSpec::parse(const QString &text, QString *error)
{
    // A message quotes the entry as typed: one printable line whatever it holds.
    const auto fail = [error](const QString &message) -> std::optional<FaultSpec> {
        if (error)
            *error = Printable::escaped(message, 1000);
        return std::nullopt;
    };
    FaultSpec spec;
    // Explicit route entries override "all" entries, so apply them second.
    std::array<std::optional<double>, KindCount> all;
    std::array<std::array<std::optional<double>, KindCount>, RouteCount> named;
    QSet<QString> seen;
    const QStringList entries = text.split(u',', Qt::SkipEmptyParts);
    for (const QString &raw : entries) {
        const QString entry = raw.trimmed();
        if (entry.isEmpty())
            continue;
        const qsizetype eq = entry.indexOf(u'=');
        if (eq <= 0 || eq == entry.size() - 1)
            return fail(u"fault entry \"%1\" is not ROUTE.KIND=RATE, seed=N or retry-after=SECONDS "
                        "(e.g. scan.503=0.2)"_s.arg(entry));
        const QString key = entry.left(eq).trimmed().toLower();
        const QString value = entry.mid(eq + 1).trimmed();
        if (seen.contains(key))
            return fail(u"fault entry \"%1\" is given twice; give each key once"_s.arg(key));
        seen.insert(key);
        if (key == u"seed") {
            bool ok = false;
            const qulonglong seed = value.toULongLong(&ok);
            if (!ok || seed > 0xFFFFFFFFULL)
                return fail(u"seed \"%1\" is not a whole number from 0 to 4294967295"_s.arg(value));
            spec.seed = quint32(seed);
            continue;
        }
        if (key == u"retry-after") {
            const auto seconds = parseNumber(value, 0, 3600);
            if (!seconds)
                return fail(
                    u"retry-after \"%1\" is not a number of seconds from 0 to 3600"_s.arg(value));
            spec.retryAfterSeconds = *seconds;
            continue;
        }
        const qsizetype dot = key.indexOf(u'.');
        if (dot <= 0)
            return fail(
                u"fault entry \"%1\" is not ROUTE.KIND=RATE (e.g. scan.503=0.2)"_s.arg(entry));
        const QString routeText = key.left(dot);
        const QString kindText = key.mid(dot + 1);
        const auto route = routeFromName(routeText);
        if (!route && routeText != u"all")
            return fail(u"unknown fault route \"%1\"; use one of %2, all"_s.arg(
                routeText, joined(kRouteNames)));
        const auto kind = kindFromName(kindText);
        if (!kind)
            return fail(
                u"unknown fault kind \"%1\"; use one of %2"_s.arg(kindText, joined(kKindNames)));
        if (*kind == Kind::Poison && route != Route::Scan)
            return fail(u"poison applies to the scan route only (scan.poison=SHARE: the share of "
                        u"distinct prompts whose every scan is cut)"_s);
        const auto rate = parseNumber(value, 0, 1);
        if (!rate)
            return fail(u"fault rate \"%1\" for %2 is not a number from 0 to 1"_s.arg(value, key));
        if (route)
            named[int(*route)][int(*kind)] = *rate;
        else
            all[int(*kind)] = *rate;
    }
    for (int r = 0; r < RouteCount; ++r) {
        double total = 0;
        for (int k = 0; k < KindCount; ++k) {
            spec.rates[r][k] = named[r][k].value_or(all[k].value_or(0));
            if (Kind(k) != Kind::Poison) // per prompt, not drawn per request
                total += spec.rates[r][k];
        }
        if (total > 1 + 1e-9)
            return fail(
                u"the fault rates of route %1 add up to %2; a request gets at most one "
                "fault, so keep each route's total at most 1"_s.arg(kRouteNames[r], number(total)));
    }
    return spec;
}
