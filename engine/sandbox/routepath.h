#pragma once

#include <QStringList>

// Matches a request path against a pattern such as "/v1/mgmt/topic/uuid/{}", where "{}" is
// one path segment. Segments are compared exactly; a trailing '/' on the path is ignored.
namespace RoutePath {
// True when `path` starts with `prefix` at a segment boundary; `rest` gets what follows.
bool stripPrefix(const QString &path, QStringView prefix, QString *rest);
// True on a match; `params` receives the "{}" segments in order.
bool match(const QString &path, QStringView pattern, QStringList *params = nullptr);
} // namespace RoutePath
