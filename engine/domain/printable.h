#pragma once

#include <QString>

// Text from files and servers quoted in a one-line message: control characters and terminal
// escape sequences are shown escaped (\x1b, \n, \u202e), never sent raw to a terminal, and long
// text is shortened with an ellipsis.
namespace Printable {

inline constexpr qsizetype DefaultMaxChars = 80;

QString escaped(const QString &text, qsizetype maxChars = DefaultMaxChars);

} // namespace Printable
