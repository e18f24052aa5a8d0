#pragma once

#include <QList>
#include <QString>

#include <optional>

// Deterministic evasive rewrites of a prompt (issue 43): the wording people use to get past a
// guardrail, for measuring how much of a topic's coverage survives it. Each rewrite depends
// only on the text (no randomness), works on any Unicode text (letters outside ASCII are kept
// or changed as letters; surrogate pairs are never split) and never yields a prompt AIRS would
// refuse for its size.
namespace PromptRewrites {

enum class Family {
    Typos,         // two inner letters swapped in every third word of four letters or more
    Leetspeak,     // a→4, e→3, i→1, o→0, s→5, t→7 (ASCII letters only)
    CasingSpacing, // aLtErNaTiNg case, and words of six letters or more split in the middle
    Base64,        // the prompt's UTF-8 in Base64, behind an English request to decode it
    Homoglyphs,    // Latin letters replaced by Cyrillic ones that look the same
};

// The largest prompt AIRS scans: 2 MiB of UTF-8 (airs-api.md §3.5, from the vendor's SDK).
inline constexpr qsizetype MaxPromptBytes = 2 * 1024 * 1024;

QList<Family> families(); // every family, in the order above
QString name(Family family); // "typos", "leetspeak", "casing-spacing", "base64", "homoglyphs"
std::optional<Family> fromName(QStringView name);

// The rewrite; nullopt when it changes nothing (no letter it applies to) or would exceed
// MaxPromptBytes.
std::optional<QString> apply(Family family, const QString &prompt);

} // namespace PromptRewrites
