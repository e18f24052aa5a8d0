#include "pagination.h"

using namespace Qt::StringLiterals;

namespace {
std::optional<qsizetype> readNumber(const ApiRequest &request, const QString &key)
{
    const QString text = request.queryItem(key);
    bool ok = false;
    const qlonglong value = text.toLongLong(&ok);
    if (!ok || value < 0)
        return std::nullopt;
    return qsizetype(value);
}
} // namespace

std::optional<ApiReply> Pagination::parse(const ApiRequest &request, const QString &offsetKey,
                                          int pageSizeLimit, Pagination *out)
{
    Pagination p;
    p.m_limit = qMax(1, pageSizeLimit);
    if (request.hasQueryItem(offsetKey)) {
        const auto offset = readNumber(request, offsetKey);
        if (!offset)
            return ApiReply::message(400, offsetKey + u" must be a non-negative integer"_s);
        p.m_offset = *offset;
    }
    if (request.hasQueryItem(u"limit"_s)) {
        const auto limit = readNumber(request, u"limit"_s);
        if (!limit || *limit == 0)
            return ApiReply::message(400, u"limit must be a positive integer"_s);
        p.m_limit = qMin(*limit, p.m_limit);
    }
    *out = p;
    return std::nullopt;
}

QJsonArray Pagination::page(const QList<QJsonObject> &items) const
{
    QJsonArray out;
    for (qsizetype i = m_offset; i < items.size() && i < m_offset + m_limit; ++i)
        out.append(items.at(i));
    return out;
}

std::optional<qsizetype> Pagination::nextOffset(qsizetype total) const
{
    if (m_offset + m_limit < total)
        return m_offset + m_limit;
    return std::nullopt;
}
