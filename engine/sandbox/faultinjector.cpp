#include "faultinjector.h"

#include "apirequest.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace {
using Kind = FaultSpec::Kind;
using Route = FaultSpec::Route;

// One body every client finds its text in: AIRS management ("message"), scan and OpenAI
// ("error.message").
ApiReply errorReply(int status, const QString &message, const QString &type)
{
    return ApiReply::json(
        QJsonObject{{u"message"_s, message},
                    {u"error_message"_s, message},
                    {u"error"_s, QJsonObject{{u"message"_s, message}, {u"type"_s, type}}}},
        status);
}

QString formValue(const QByteArray &body, const QString &key)
{
    QByteArray form = body;
    form.replace('+', ' ');
    return QUrlQuery(QString::fromUtf8(form)).queryItemValue(key, QUrl::FullyDecoded);
}
} // namespace

void FaultInjector::setSpec(const FaultSpec &spec)
{
    m_spec = spec;
    for (int r = 0; r < FaultSpec::RouteCount; ++r) {
        // Decorrelate the routes' streams: mix the route into the seed.
        SeededRng mixer(quint64(spec.seed) * 0x100000001B3ULL + quint64(r + 1));
        m_rngs[r] = SeededRng(mixer.next());
    }
}

std::optional<FaultInjector::Decision> FaultInjector::draw(Route route)
{
    auto rates = m_spec.rates[int(route)];
    rates[int(Kind::Poison)] = 0; // per prompt: poisons()
    double total = 0;
    for (double rate : rates)
        total += rate;
    if (total <= 0)
        return std::nullopt; // leave the stream alone: a fault-free route draws nothing
    SeededRng &rng = m_rngs[int(route)];
    const double roll = rng.unit();
    double edge = 0;
    for (int k = 0; k < FaultSpec::KindCount; ++k) {
        edge += rates[k];
        if (rates[k] > 0 && roll < edge) {
            Decision decision{Kind(k), 0};
            switch (decision.kind) {
            case Kind::E503:
                decision.status = 503;
                break;
            case Kind::E5xx: {
                static constexpr int statuses[] = {500, 502, 503, 504};
                decision.status = statuses[rng.bounded(4)];
                break;
            }
            case Kind::E429:
                decision.status = 429;
                break;
            case Kind::Echo:
                decision.status = 401;
                break;
            case Kind::Hang:
            case Kind::Cut:
            case Kind::Truncated:
            case Kind::Poison:
                break;
            }
            ++m_counts[int(route)][k];
            return decision;
        }
    }
    return std::nullopt;
}

bool FaultInjector::poisons(Route route, const QByteArray &body)
{
    const double share = m_spec.rate(route, Kind::Poison);
    if (route != Route::Scan || share <= 0)
        return false;
    const QJsonArray contents = QJsonDocument::fromJson(body).object().value(u"contents"_s).toArray();
    const QString prompt = contents.first().toObject().value(u"prompt"_s).toString();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(QByteArray(QByteArray::number(m_spec.seed) + '\n' + prompt.toUtf8()));
    const QByteArray digest = hash.result();
    quint64 bits = 0;
    for (int i = 0; i < 8; ++i)
        bits = (bits << 8) | quint8(digest.at(i));
    if (double(bits >> 11) / double(quint64(1) << 53) >= share)
        return false;
    ++m_counts[int(route)][int(Kind::Poison)];
    return true;
}

ApiReply FaultInjector::reply(const Decision &decision, const ApiRequest &request,
                              Route route) const
{
    switch (decision.kind) {
    case Kind::E429: {
        ApiReply out = errorReply(
            429, u"rate limited (injected fault); retry after %1 s"_s.arg(m_spec.retryAfterSeconds),
            u"requests"_s);
        out.headers.append({QByteArrayLiteral("Retry-After"),
                            QByteArray::number(m_spec.retryAfterSeconds, 'g', 10)});
        out.headers.append({QByteArrayLiteral("retry-after-ms"),
                            QByteArray::number(qRound64(m_spec.retryAfterSeconds * 1000))});
        return out;
    }
    case Kind::Echo:
        return echo(request, route);
    case Kind::E503:
    case Kind::E5xx:
        return errorReply(decision.status,
                          u"server error %1 (injected fault)"_s.arg(decision.status),
                          u"server_error"_s);
    case Kind::Hang:
    case Kind::Cut:
    case Kind::Truncated:
    case Kind::Poison:
        break;
    }
    return errorReply(500, u"no reply for this fault"_s, u"server_error"_s);
}

ApiReply FaultInjector::truncated(const ApiReply &performed)
{
    ApiReply out = performed;
    out.status = 200;
    out.body = performed.body.left(performed.body.size() / 2);
    return out;
}

ApiReply FaultInjector::echo(const ApiRequest &request, Route route)
{
    QStringList quoted;
    const auto quote = [&quoted](const QString &name, const QString &value) {
        if (!value.isEmpty())
            quoted.append(name + u'=' + value);
    };
    for (const char *name :
         {"x-pan-token", "authorization", "x-api-key", "x-goog-api-key", "api-key"})
        quote(QString::fromLatin1(name), QString::fromUtf8(request.header(name)));
    const QByteArray auth = request.header("authorization").trimmed();
    if (auth.startsWith("Basic ")) // the client id and secret, as the client sent them
        quote(u"basic"_s, QString::fromUtf8(QByteArray::fromBase64(auth.mid(6))));
    quote(u"key"_s, request.queryItem(u"key"_s));
    quote(u"client_secret"_s, formValue(request.body, u"client_secret"_s));
    const QString message = u"invalid credentials (injected echo fault): %1"_s.arg(
        quoted.isEmpty() ? u"no credentials were sent"_s : quoted.join(u"; "_s));
    if (route == Route::Token) // OAuth2 error shape (RFC 6749 §5.2)
        return ApiReply::json(QJsonObject{{u"error"_s, u"invalid_client"_s},
                                          {u"error_description"_s, message},
                                          {u"message"_s, message}},
                              401);
    ApiReply out = errorReply(401, message, u"invalid_request_error"_s);
    return out;
}

int FaultInjector::total() const
{
    int sum = 0;
    for (const auto &route : m_counts) {
        for (int n : route)
            sum += n;
    }
    return sum;
}

QJsonObject FaultInjector::counts() const
{
    QJsonObject out;
    for (int r = 0; r < FaultSpec::RouteCount; ++r) {
        QJsonObject kinds;
        for (int k = 0; k < FaultSpec::KindCount; ++k)
            kinds.insert(FaultSpec::kindName(Kind(k)), m_counts[r][k]);
        out.insert(FaultSpec::routeName(Route(r)), kinds);
    }
    return out;
}

QString FaultInjector::tally() const
{
    QStringList routes;
    for (int r = 0; r < FaultSpec::RouteCount; ++r) {
        QStringList kinds;
        for (int k = 0; k < FaultSpec::KindCount; ++k) {
            if (m_counts[r][k] > 0)
                kinds.append(FaultSpec::kindName(Kind(k)) + u'=' + QString::number(m_counts[r][k]));
        }
        if (!kinds.isEmpty())
            routes.append(FaultSpec::routeName(Route(r)) + u' ' + kinds.join(u' '));
    }
    return routes.isEmpty() ? u"none"_s : routes.join(u"; "_s);
}
