#pragma once

#include <QString>

namespace NanoId {
inline constexpr int DefaultLength = 21;
// A random id of `length` characters from the nanoid alphabet A-Za-z0-9_- (cryptographic RNG),
// never starting with '-' (a command line would take it for an option).
QString generate(int length = DefaultLength);
// True for a non-empty id of at most 64 nanoid-alphabet characters: safe as a file name.
bool isValid(const QString &id);
// The first 7 characters, as the original shows ids.
QString shortId(const QString &id);
} // namespace NanoId
