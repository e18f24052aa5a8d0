#pragma once

#include <QString>

namespace Utf8 {
// Size of the text in UTF-8 bytes: the unit every AIRS topic limit is measured in.
qsizetype size(QStringView text);

// The longest prefix of `text` that is at most `maxBytes` UTF-8 bytes and ends on a grapheme
// cluster boundary: never splits a multi-byte character, a surrogate pair, an emoji sequence
// or a base letter from its combining marks.
QString truncated(const QString &text, qsizetype maxBytes);
} // namespace Utf8
