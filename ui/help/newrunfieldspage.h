#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

// Help on the New run page, field by field (issue 60): the page F1 opens when the focus is in
// one of its fields, at that field's anchor ("field-topic", "field-intent", …; the New run page
// names its fields' anchors with HelpAnchor).
class NewRunFieldsPage final
{
    Q_DECLARE_TR_FUNCTIONS(NewRunFieldsPage)
public:
    static QString title();
    static QString html();
    static QStringList anchors(); // every field's anchor, in the page's order
};
