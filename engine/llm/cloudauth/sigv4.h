#pragma once

#include "awscredentials.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QPair>
#include <QUrl>

// AWS Signature Version 4 (llm-apis.md §7): canonical request, string to sign, signing key and
// the Authorization header. SHA-256 and HMAC come from QCryptographicHash and
// QMessageAuthenticationCode.
namespace SigV4 {

struct Request
{
    QByteArray method;
    QUrl url;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
};

struct Signature
{
    QByteArray canonicalRequest;
    QByteArray stringToSign;
    QByteArray signature; // lower-case hex
    QByteArray authorization;
    // Headers sign() added and the request must carry: X-Amz-Date, X-Amz-Security-Token if
    // any (not Host: the HTTP client sends it).
    QList<QPair<QByteArray, QByteArray>> addedHeaders;
};

// Signs every header in request.headers plus host and x-amz-date (and x-amz-security-token
// when the credentials have one). A Host, X-Amz-Date or X-Amz-Security-Token already in
// request.headers is signed as given (that is how a server checks a received request), else
// host comes from the URL and x-amz-date from `utcNow`.
Signature sign(const Request &request, const AwsCredentials &credentials, const QString &region,
               const QString &service, const QDateTime &utcNow);
// The same with the path exactly as it went on the wire (percent-encoding preserved), for a
// server that recomputes a signature, or a raw request a QUrl cannot express.
Signature signWirePath(const Request &request, const QByteArray &wirePath,
                       const AwsCredentials &credentials, const QString &region,
                       const QString &service, const QDateTime &utcNow);

// The wire path, each segment URI-encoded again (llm-apis.md §7): "/model/a%3A0/converse"
// becomes "/model/a%253A0/converse". Empty path: "/".
QByteArray canonicalUri(const QUrl &url);
QByteArray canonicalUriFromWirePath(const QByteArray &wirePath);
// The query, its names and values URI-encoded, sorted by name then value.
QByteArray canonicalQuery(const QUrl &url);
// RFC 3986 unreserved characters kept, everything else %XX in upper case; '/' kept when
// `keepSlash`.
QByteArray uriEncode(const QByteArray &bytes, bool keepSlash);

// The parts of "AWS4-HMAC-SHA256 Credential=AKID/20150830/us-east-1/service/aws4_request,
// SignedHeaders=host;x-amz-date, Signature=…"; empty fields when it is not that shape.
struct Authorization
{
    QByteArray accessKeyId, date, region, service;
    QList<QByteArray> signedHeaders;
    QByteArray signature;
    bool isValid() const { return !accessKeyId.isEmpty() && !signature.isEmpty(); }
};
Authorization parseAuthorization(const QByteArray &header);

} // namespace SigV4
