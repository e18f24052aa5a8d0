#pragma once

#include "domain/printable.h"

#include <QCommandLineParser>

// A command's flag error as one printable line: QCommandLineParser's error quotes the flag as
// it was typed, and a flag can hold a line break or a terminal control sequence (issue 54,
// found by the cli_args fuzz target).
inline QString flagError(const QCommandLineParser &parser)
{
    return Printable::escaped(parser.errorText(), 300);
}
