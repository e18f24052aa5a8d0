#pragma once

#include <QString>

// Text for roff input (the man pages, issue 60), which reads a line starting with "." or "'"
// as a request and a backslash as an escape. Only ASCII comes out: anything else is written
// as a \[uXXXX] glyph, and what has no glyph (control characters, lone surrogates,
// noncharacters) as "?".
namespace Roff {
// Filled text: the words of `plain` (line breaks are spaces) in lines of at most 78 bytes, no
// line starting with a control character, "-" as the minus sign \- (so options copy as typed).
QString text(const QString &plain);
// One macro argument in double quotes (a heading, a title): line breaks become spaces.
QString argument(const QString &plain);
// Lines kept as they are (inside .nf/.fi): leading spaces kept, trailing ones dropped, an empty
// line written as "\&" so that it is not a blank line in the input.
QString literal(const QString &plain);
} // namespace Roff
