#pragma once

#include <QString>

// The two-column layout of the CLI's help texts: a label, and its text wrapped beside it.
namespace HelpLayout {
inline constexpr int TextColumn = 28;
inline constexpr int Width = 100;

// "  label" and `text` wrapped from TextColumn to Width; on the next line when the label is long.
QString entry(const QString &label, const QString &text);
// `text` wrapped to `width` columns, every line after the first indented by `indent` spaces.
QString wrap(const QString &text, int width, int indent);
// A synopsis without its leading "daystrom <command> " ("list", "show NAME"), continuation
// lines kept aligned; `command` empty: only "daystrom " is taken off.
QString withoutProgram(const QString &synopsis, const QString &command = {});
} // namespace HelpLayout
