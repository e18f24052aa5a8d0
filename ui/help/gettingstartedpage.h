#pragma once

#include <QCoreApplication>
#include <QString>

// Help ▸ Getting started: what the app does, the sandbox, the accounts, a first run and what
// to do with its result (issue 60). Each paragraph is its own translatable string.
class GettingStartedPage final
{
    Q_DECLARE_TR_FUNCTIONS(GettingStartedPage)
public:
    static QString title();
    static QString html();
};
