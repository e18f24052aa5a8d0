#pragma once

#include "domain/runsteering.h"

#include <QCoreApplication>
#include <QString>

// How a test whose expected label the person corrected is shown, the same in every table
// (Live results, Compare flips, the benchmark grid): the label with a pencil in front, in
// italics, and a tooltip saying what the person decided.
class LabelCorrectionMark final
{
    Q_DECLARE_TR_FUNCTIONS(LabelCorrectionMark)
public:
    // "✎ hit": the label as the table writes it, marked.
    static QString marked(const QString &label);
    // "Label corrected by you: should trigger"
    static QString toolTip(bool expectedTriggered);
    // The run's correction of `prompt`, or null.
    static const LabelCorrection *find(const RunSteering &steering, const QString &prompt)
    {
        return steering.corrections.isEmpty() ? nullptr : steering.correctionFor(prompt);
    }
};
