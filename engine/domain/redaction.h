#pragma once

#include <QJsonObject>
#include <QString>

// The process-wide redactor: every text that came from a server (an error body, a provider's
// message, a network error) goes through apply() before it is stored in a run file, printed
// or logged, so a key the server quotes back never lands on disk or on screen.
//
// Two layers:
// - known values: the configured keys and secrets, registered with addSecret() where the
//   config cascade resolves them. Their URL-encoded and JSON-escaped forms are replaced too.
// - secret-shaped text: Bearer/Basic credentials, `sk-…` keys, Google `AIza…` and AWS
//   `AKIA…` ids, JWTs, `client_secret=…` / `api_key: …` / `x-pan-token=…` style values, and
//   long high-entropy tokens (32+ characters mixing upper case, lower case and digits).
// Ordinary prose, run ids (21-character nanoids), UUIDs, hex digests and topic names are left
// alone. Thread-safe: the registry is guarded, the patterns are per thread.
namespace Redaction {

// What a secret is replaced with.
inline constexpr QStringView Placeholder = u"[redacted]";

// Registers a known secret value. Values shorter than 8 characters (after trimming) are
// ignored: they would match ordinary text.
void addSecret(const QString &value);
// Forgets every registered value (for tests).
void clearSecrets();
int secretCount();

// `text` with registered values and secret-shaped text replaced by Placeholder.
// Idempotent: apply(apply(t)) == apply(t).
QString apply(const QString &text);
// Every string value in `object`, at any depth, passed through apply().
QJsonObject applyToStrings(const QJsonObject &object);

// Wraps the current Qt message handler so every log line (qDebug, qCWarning…) is redacted
// before it is written. Call once, early in main(); later calls do nothing.
void installMessageFilter();

} // namespace Redaction
