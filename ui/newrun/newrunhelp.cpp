#include "newrunhelp.h"

#include "ui/widgets/helpanchor.h"

#include <QWidget>

#include <utility>

using namespace Qt::StringLiterals;

void NewRunHelp::setAnchors(QWidget *panel)
{
    // By object name: a field made by a helper (budget, benchmark, extra tests) is found the same
    // way as the panel's own. A container's anchor holds for what it contains (the benchmark's
    // spin box and buttons, the robustness families); the Advanced box's for any field in it
    // without one of its own.
    static const std::pair<const char16_t *, const char16_t *> table[] = {
        {u"topicDescription", u"field-topic"},
        {u"starterLibraryButton", u"field-topic"},
        {u"intentCombo", u"field-intent"},
        {u"seedExamples", u"field-seeds"},
        {u"profileCombo", u"field-profile"},
        {u"refreshProfilesButton", u"field-profile"},
        {u"profileTopicsField", u"field-profile"},
        {u"inPlaceCheck", u"field-profile"},
        {u"testPromptsField", u"field-test-prompts"},
        {u"maxIterationsSpin", u"field-max-iterations"},
        {u"targetCoverageSpin", u"field-target"},
        {u"maxTokensEdit", u"field-budget"},
        {u"maxCostEdit", u"field-budget"},
        {u"stepModeCheck", u"field-step-mode"},
        {u"advancedGroup", u"field-advanced"},
        {u"accumulateCheck", u"field-accumulate"},
        {u"capSpin", u"field-accumulate"},
        {u"plateauWindowSpin", u"field-plateau"},
        {u"plateauBandSpin", u"field-plateau"},
        {u"maxRegressionsSpin", u"field-regressions"},
        {u"promptSetCheck", u"field-prompt-set"},
        {u"promptSetNameEdit", u"field-prompt-set"},
        {u"concurrencySpin", u"field-scanning"},
        {u"rateSpin", u"field-scanning"},
        {u"benchmarkField", u"field-benchmark"},
        {u"decideOnCombo", u"field-decide-on"},
        {u"scanRepeatsSpin", u"field-scan-repeats"},
        {u"responseTestsSpin", u"field-responses"},
        {u"decisionDirectionsCombo", u"field-responses"},
        {u"robustnessCheck", u"field-robustness"},
        {u"robustnessFamilies", u"field-robustness"},
        {u"translationLanguagesEdit", u"field-robustness"},
        {u"robustnessSampleSpin", u"field-robustness"},
    };
    for (const auto &[name, anchor] : table) {
        if (QWidget *field = panel->findChild<QWidget *>(QString::fromUtf16(name)))
            HelpAnchor::set(field, QString::fromUtf16(anchor));
        else
            qWarning("NewRunHelp: no field named %s", qPrintable(QString::fromUtf16(name)));
    }
}
