#pragma once

#include "apireply.h"
#include "apirequest.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>

#include <optional>

// offset/limit (management) and skip/limit (Red Team) paging of list endpoints.
class Pagination final
{
public:
    // Reads `offsetKey` (default 0) and `limit` (default and cap `pageSizeLimit`). Returns a
    // 400 reply when either is not a non-negative integer or limit is 0.
    static std::optional<ApiReply> parse(const ApiRequest &request, const QString &offsetKey,
                                         int pageSizeLimit, Pagination *out);

    qsizetype offset() const { return m_offset; }
    qsizetype limit() const { return m_limit; }

    QJsonArray page(const QList<QJsonObject> &items) const;
    // offset + limit while more items follow; nothing on the last page.
    std::optional<qsizetype> nextOffset(qsizetype total) const;

private:
    qsizetype m_offset = 0;
    qsizetype m_limit = 100;
};
