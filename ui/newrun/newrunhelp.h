#pragma once

class QWidget;

// Names the help section (HelpAnchor) of each field of the New run page, so F1 in a field opens
// its explanation (issue 60). The sections are in ui/help/newrunfieldspage.cpp.
namespace NewRunHelp {
void setAnchors(QWidget *panel);
}
