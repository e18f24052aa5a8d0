#pragma once

#include "domain/jsonin.h"

#include <QJsonObject>

// Reading memory files as leniently as the original tool (which never validates them), without
// losing anything: a known field whose value has the wrong type is reported and its raw value
// is kept in `extra`, which is written back verbatim over the typed default.
namespace LenientJson {

// Runs `read` (a JsonIn accessor for `key`); if it reported a problem while the key is present,
// copies the raw value into `extra`.
template<typename Read>
auto keep(const JsonIn &in, QLatin1StringView key, QJsonObject &extra, Read read)
{
    const qsizetype before = in.errors() ? in.errors()->size() : 0;
    auto value = read();
    if (in.errors() && in.errors()->size() != before && in.raw().contains(key))
        extra.insert(key, in.raw().value(key));
    return value;
}

// The members of `object` whose keys are not in `known`.
QJsonObject unknownMembers(const QJsonObject &object,
                           std::initializer_list<QLatin1StringView> known);

// Writes `extra` over `object` (extra wins: it holds unknown fields and unreadable raw values).
void overlay(QJsonObject &object, const QJsonObject &extra);

} // namespace LenientJson
