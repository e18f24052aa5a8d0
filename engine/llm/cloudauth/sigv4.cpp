#include "sigv4.h"

#include <QCryptographicHash>
#include <QMessageAuthenticationCode>

#include <algorithm>
#include <map>

using namespace Qt::StringLiterals;

namespace {
constexpr QByteArrayView kAlgorithm = "AWS4-HMAC-SHA256";

QByteArray hmac(const QByteArray &key, const QByteArray &data)
{
    return QMessageAuthenticationCode::hash(data, key, QCryptographicHash::Sha256);
}

QByteArray sha256Hex(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

// Trimmed, runs of spaces collapsed to one (the suite's get-header-value-trim).
QByteArray canonicalValue(const QByteArray &value)
{
    return value.simplified();
}

QByteArray hostOf(const QUrl &url)
{
    QByteArray host = url.host(QUrl::FullyEncoded).toUtf8();
    const int port = url.port();
    const bool defaultPort = port == -1 || (url.scheme() == u"https" && port == 443) ||
                             (url.scheme() == u"http" && port == 80);
    if (!defaultPort)
        host += ':' + QByteArray::number(port);
    return host;
}

const QByteArray *findHeader(const std::map<QByteArray, QByteArray> &headers,
                             const QByteArray &name)
{
    const auto it = headers.find(name);
    return it == headers.end() ? nullptr : &it->second;
}
} // namespace

QByteArray SigV4::uriEncode(const QByteArray &bytes, bool keepSlash)
{
    static const char hex[] = "0123456789ABCDEF";
    QByteArray out;
    out.reserve(bytes.size() * 3);
    for (const char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        const bool unreserved = (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') ||
                                (u >= '0' && u <= '9') || u == '-' || u == '_' || u == '.' ||
                                u == '~';
        if (unreserved || (keepSlash && u == '/')) {
            out += c;
        } else {
            out += '%';
            out += hex[u >> 4];
            out += hex[u & 0xF];
        }
    }
    return out;
}

QByteArray SigV4::canonicalUriFromWirePath(const QByteArray &wirePath)
{
    return wirePath.isEmpty() ? QByteArrayLiteral("/") : uriEncode(wirePath, true);
}

QByteArray SigV4::canonicalUri(const QUrl &url)
{
    return canonicalUriFromWirePath(url.path(QUrl::FullyEncoded).toUtf8());
}

QByteArray SigV4::canonicalQuery(const QUrl &url)
{
    const QByteArray query = url.query(QUrl::FullyEncoded).toUtf8();
    if (query.isEmpty())
        return {};
    QList<QPair<QByteArray, QByteArray>> pairs;
    for (const QByteArray &item : query.split('&')) {
        if (item.isEmpty())
            continue;
        const qsizetype eq = item.indexOf('=');
        const QByteArray name = eq < 0 ? item : item.left(eq);
        const QByteArray value = eq < 0 ? QByteArray() : item.mid(eq + 1);
        pairs.append({uriEncode(QByteArray::fromPercentEncoding(name), false),
                      uriEncode(QByteArray::fromPercentEncoding(value), false)});
    }
    std::sort(pairs.begin(), pairs.end());
    QList<QByteArray> parts;
    for (const auto &[name, value] : pairs)
        parts.append(name + '=' + value);
    return parts.join('&');
}

SigV4::Signature SigV4::sign(const Request &request, const AwsCredentials &credentials,
                             const QString &region, const QString &service, const QDateTime &utcNow)
{
    return signWirePath(request, request.url.path(QUrl::FullyEncoded).toUtf8(), credentials, region,
                        service, utcNow);
}

SigV4::Signature SigV4::signWirePath(const Request &request, const QByteArray &wirePath,
                                     const AwsCredentials &credentials, const QString &region,
                                     const QString &service, const QDateTime &utcNow)
{
    Signature out;
    // Lower-case name → values joined with ',' in the order given.
    std::map<QByteArray, QByteArray> headers;
    for (const auto &[name, value] : request.headers) {
        QByteArray &slot = headers[name.trimmed().toLower()];
        slot = slot.isEmpty() ? canonicalValue(value) : slot + ',' + canonicalValue(value);
    }
    if (!findHeader(headers, "host"))
        headers["host"] = hostOf(request.url);
    QByteArray amzDate;
    if (const QByteArray *given = findHeader(headers, "x-amz-date")) {
        amzDate = *given;
    } else {
        amzDate = utcNow.toUTC().toString(u"yyyyMMdd'T'HHmmss'Z'"_s).toLatin1();
        headers["x-amz-date"] = amzDate;
        out.addedHeaders.append({QByteArrayLiteral("X-Amz-Date"), amzDate});
    }
    if (!credentials.sessionToken.isEmpty() && !findHeader(headers, "x-amz-security-token")) {
        const QByteArray token = credentials.sessionToken.toUtf8();
        headers["x-amz-security-token"] = canonicalValue(token);
        out.addedHeaders.append({QByteArrayLiteral("X-Amz-Security-Token"), token});
    }

    QByteArray canonicalHeaders;
    QList<QByteArray> names;
    for (const auto &[name, value] : headers) {
        canonicalHeaders += name + ':' + value + '\n';
        names.append(name);
    }
    const QByteArray signedHeaders = names.join(';');
    out.canonicalRequest = request.method.toUpper() + '\n' + canonicalUriFromWirePath(wirePath) +
                           '\n' + canonicalQuery(request.url) + '\n' + canonicalHeaders + '\n' +
                           signedHeaders + '\n' + sha256Hex(request.body);

    const QByteArray date = amzDate.left(8);
    const QByteArray scope =
        date + '/' + region.toUtf8() + '/' + service.toUtf8() + "/aws4_request";
    out.stringToSign = kAlgorithm.toByteArray() + '\n' + amzDate + '\n' + scope + '\n' +
                       sha256Hex(out.canonicalRequest);

    const QByteArray kDate = hmac("AWS4" + credentials.secretAccessKey.toUtf8(), date);
    const QByteArray kRegion = hmac(kDate, region.toUtf8());
    const QByteArray kService = hmac(kRegion, service.toUtf8());
    const QByteArray kSigning = hmac(kService, "aws4_request");
    out.signature = hmac(kSigning, out.stringToSign).toHex();
    out.authorization = kAlgorithm.toByteArray() +
                        " Credential=" + credentials.accessKeyId.toUtf8() + '/' + scope +
                        ", SignedHeaders=" + signedHeaders + ", Signature=" + out.signature;
    return out;
}

SigV4::Authorization SigV4::parseAuthorization(const QByteArray &header)
{
    Authorization out;
    const QByteArray trimmed = header.trimmed();
    if (!trimmed.startsWith(QByteArray(kAlgorithm.toByteArray() + ' ')))
        return out;
    Authorization parsed;
    for (const QByteArray &part : trimmed.mid(kAlgorithm.size() + 1).split(',')) {
        const QByteArray field = part.trimmed();
        const qsizetype eq = field.indexOf('=');
        if (eq <= 0)
            return out;
        const QByteArray name = field.left(eq);
        const QByteArray value = field.mid(eq + 1);
        if (name == "Credential") {
            const QList<QByteArray> scope = value.split('/');
            if (scope.size() != 5 || scope[4] != "aws4_request")
                return out;
            parsed.accessKeyId = scope[0];
            parsed.date = scope[1];
            parsed.region = scope[2];
            parsed.service = scope[3];
        } else if (name == "SignedHeaders") {
            parsed.signedHeaders = value.split(';');
        } else if (name == "Signature") {
            parsed.signature = value;
        }
    }
    if (parsed.accessKeyId.isEmpty() || parsed.signedHeaders.isEmpty() ||
        parsed.signature.isEmpty())
        return out;
    return parsed;
}
