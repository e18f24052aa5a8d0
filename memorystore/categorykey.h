#pragma once

#include <QString>
#include <QStringList>

// The memory category of a topic description (behaviour reference §4.1), so that both tools
// file learnings for "Block the use of weapons" under memory/block-use-weapons.json.
namespace CategoryKey {
QString fromDescription(const QString &description);
// Two keys are related when they share at least half the words of the smaller key.
bool related(const QString &a, const QString &b);
} // namespace CategoryKey
