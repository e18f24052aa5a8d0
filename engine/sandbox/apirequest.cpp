#include "apirequest.h"

using namespace Qt::StringLiterals;

QByteArray ApiRequest::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers) {
        if (name.compare(key, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

bool ApiRequest::hasHeader(QByteArrayView name) const
{
    for (const auto &h : headers) {
        if (name.compare(h.first, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

QString ApiRequest::queryItem(const QString &key) const
{
    return QUrlQuery(query).queryItemValue(key, QUrl::FullyDecoded);
}

bool ApiRequest::hasQueryItem(const QString &key) const
{
    return QUrlQuery(query).hasQueryItem(key);
}

QString ApiRequest::bearerToken() const
{
    const QByteArray value = header("authorization").trimmed();
    constexpr QByteArrayView scheme = "bearer ";
    if (value.size() <= scheme.size() || !value.first(scheme.size()).toLower().startsWith(scheme))
        return {};
    return QString::fromUtf8(value.mid(scheme.size()).trimmed());
}
