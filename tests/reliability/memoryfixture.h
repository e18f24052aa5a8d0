#pragma once

#include <QByteArray>
#include <QStringList>

namespace MemoryFixture {
// A memory file (memory/big-topic.json) of `count` learnings shaped like the ones runs write,
// about 1 kB each; their ids are appended to `ids`.
QByteArray bigMemoryFile(int count, QStringList *ids);
} // namespace MemoryFixture
