#pragma once

#include <QString>

// The man pages daystrom(1) and daystrom-studio(1) in man(7) macros, written at build time by
// daystrom-docgen from the CLI's option tables (commandspec.h): every command, every flag, the
// exit codes, the environment and the files under ~/.daystrom.
namespace ManPage {
// `version` goes into the footer ("Daystrom Studio 0.1.0"), `date` (YYYY-MM-DD) into .TH.
QString daystrom(const QString &version, const QString &date);
QString studio(const QString &version, const QString &date);
} // namespace ManPage
