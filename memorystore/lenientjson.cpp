#include "lenientjson.h"

#include <algorithm>

QJsonObject LenientJson::unknownMembers(const QJsonObject &object,
                                        std::initializer_list<QLatin1StringView> known)
{
    QJsonObject out;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        const QString key = it.key();
        const bool isKnown =
            std::any_of(known.begin(), known.end(), [&](QLatin1StringView k) { return key == k; });
        if (!isKnown)
            out.insert(key, it.value());
    }
    return out;
}

void LenientJson::overlay(QJsonObject &object, const QJsonObject &extra)
{
    for (auto it = extra.constBegin(); it != extra.constEnd(); ++it)
        object.insert(it.key(), it.value());
}
