#pragma once

#include <QCoreApplication>
#include <QString>

// Help ▸ What the figures mean (issue 60): coverage, the interval beside it, "within noise" in
// Compare, and the benign flag rate and the conflicts of a profile audit. Every number quoted is
// taken from the code that computes the figure, so the text cannot drift from it.
class FiguresPage final
{
    Q_DECLARE_TR_FUNCTIONS(FiguresPage)
public:
    static QString title();
    static QString html();
};
