#pragma once

#include <QString>
#include <QStringList>

// The engine says what it did to a tenant in short English lines ("created topic "X"",
// "pinned the topics in profile "P"", …), for the CLI and logs. The app shows them in the
// person's language (issue 58, item 12): each known line is matched and worded again with
// tr(); a line of no known shape is shown as it came. The names inside stay as AIRS has them.
namespace TenantDoneText {
QString translated(const QString &engineLine);
QString joined(const QStringList &engineLines); // translated, "; " between
} // namespace TenantDoneText
