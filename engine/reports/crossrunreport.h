#pragma once

#include "diffhtml.h"

#include "domain/crossrun.h"

#include <QString>

// The cross-run leaderboard (issue 61) as text and as a self-contained HTML page; its JSON is
// CrossRun::Leaderboard::toJson(). Both say which shared benchmark the figures are on, rank the
// candidates by coverage with their 95 % intervals, give each one's paired verdict against the
// leader and the prompts that separate them, then each candidate's topic with its description
// as a word diff against the leader's. Each run's own iteration curve is named as measured on
// that run's own benchmark, never compared with the leaderboard's figures.
namespace CrossRunReport {

QString text(const CrossRun::Leaderboard &board);
// A whole page: inline CSS, a Content-Security-Policy that allows nothing else, every run text
// escaped. `colours` for the diff; the default is a light page's.
QString html(const CrossRun::Leaderboard &board);
QString html(const CrossRun::Leaderboard &board, const DiffColours &colours);
DiffColours lightColours();

// "better than #2" for the leader, "within noise of #1" / "worse than #1" for the others, "—"
// with one candidate: the verdict column of both formats.
QString verdictText(const CrossRun::Leaderboard &board, qsizetype row);
// How many prompts of a row's separating list the text and the page list before "… and N more".
inline constexpr qsizetype MaxSeparatingShown = 12;

} // namespace CrossRunReport
