#include "labelcorrectionmark.h"

using namespace Qt::StringLiterals;

QString LabelCorrectionMark::marked(const QString &label)
{
    return u"\u270E "_s + label;
}

QString LabelCorrectionMark::toolTip(bool expectedTriggered)
{
    return expectedTriggered ? tr("Label corrected by you: should trigger")
                             : tr("Label corrected by you: should not trigger");
}
