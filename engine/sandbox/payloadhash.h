#pragma once

#include <QByteArray>
#include <QString>

// The Scan API's x-payload-hash (airs-api.md §3.1):
// lowercase hex of HMAC-SHA256(key = UTF-8 API key, message = the exact body bytes).
namespace PayloadHash {
QByteArray compute(const QString &apiKey, const QByteArray &body);
// Constant-time comparison of a received header value against the expected hash.
bool verify(const QString &apiKey, const QByteArray &body, const QByteArray &received);
} // namespace PayloadHash
