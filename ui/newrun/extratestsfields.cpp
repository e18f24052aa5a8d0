#include "extratestsfields.h"

#include "domain/extratests.h"
#include "domain/promptrewrites.h"
#include "domain/robustness.h"
#include "reports/displayformat.h"
#include "ui/widgets/wrappinglabel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>

using namespace Qt::StringLiterals;

namespace {
const QString kTranslation = u"translation-"_s;

QStringList fixedFamilies() // the ones with a check box, in Robustness::defaultFamilies() order
{
    QStringList out;
    for (const QString &f : Robustness::defaultFamilies()) {
        if (Robustness::translationLanguage(f).isEmpty())
            out.append(f);
    }
    return out;
}
} // namespace

ExtraTestsFields::ExtraTestsFields(QFormLayout *form, QWidget *parent)
    : QObject(parent)
    , m_responses(new QSpinBox(parent))
    , m_decision(new QComboBox(parent))
    , m_robustness(new QCheckBox(tr("Score each iteration on evasive rewrites of benchmark prompts"), parent))
    , m_languages(new QLineEdit(parent))
    , m_sample(new QSpinBox(parent))
    , m_cost(new QLabel(parent))
{
    m_responses->setObjectName(u"responseTestsSpin"_s);
    m_responses->setAccessibleName(tr("Response tests"));
    m_responses->setRange(0, MaxResponseTests);
    m_responses->setSingleStep(10);
    m_responses->setSpecialValueText(tr("off"));
    m_responses->setToolTip(tr("Prompt and response pairs the LLM writes once, half of them expected to trigger, "
                               "scanned every iteration and judged on what AIRS says of the response. Block intent "
                               "only. Default: off."));
    m_decision->setObjectName(u"decisionDirectionsCombo"_s);
    m_decision->setAccessibleName(tr("Decision figure"));
    m_decision->addItem(tr("the prompt side"), false);
    m_decision->addItem(tr("the weaker of the prompt and the response side"), true);
    m_decision->setToolTip(tr("Which coverage picks the best iteration and decides the target, reverts and the "
                              "plateau: the prompt side (the default), or the minimum of both sides."));
    m_robustness->setObjectName(u"robustnessCheck"_s);
    m_robustness->setToolTip(tr("Rewrites of a sample of the benchmark, scanned every iteration and shown as "
                                "\"coverage kept under each rewrite\" beside the figures, never in them. "
                                "Default: off."));
    auto *familyBox = new QWidget(parent);
    familyBox->setObjectName(u"robustnessFamilies"_s);
    auto *grid = new QGridLayout(familyBox);
    grid->setContentsMargins(0, 0, 0, 0);
    const QStringList fixed = fixedFamilies();
    for (qsizetype i = 0; i < fixed.size(); ++i) {
        auto *box = new QCheckBox(DisplayFormat::rewriteFamily(fixed.at(i)), familyBox);
        box->setObjectName(u"family-"_s + fixed.at(i));
        box->setProperty("family", fixed.at(i));
        box->setToolTip(DisplayFormat::rewriteFamilyDescription(fixed.at(i)) + u". "_s + tr("Default: on, once robustness is."));
        box->setChecked(true);
        grid->addWidget(box, int(i / 2), int(i % 2));
        m_families.append(box);
        connect(box, &QCheckBox::toggled, this, &ExtraTestsFields::changed);
    }
    m_languages->setObjectName(u"translationLanguagesEdit"_s);
    m_languages->setAccessibleName(tr("Languages to translate into"));
    m_languages->setText(u"de, fr, es"_s);
    m_languages->setPlaceholderText(tr("none"));
    m_languages->setToolTip(tr("Two-letter language codes (ISO 639-1), separated by commas: the LLM translates "
                               "the sampled prompts into each. Legitimate questions in these languages should stay "
                               "allowed too. Default: de, fr, es."));
    m_languages->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    m_sample->setObjectName(u"robustnessSampleSpin"_s);
    m_sample->setAccessibleName(tr("Benchmark prompts rewritten"));
    m_sample->setRange(2, MaxRobustnessSample);
    m_sample->setValue(20);
    m_sample->setToolTip(tr("How many benchmark prompts each family rewrites, half of them positive. Default: 20."));
    m_cost->setObjectName(u"extraTestsCost"_s);
    m_cost->setWordWrap(true);
    makeWrappingLabel(m_cost);

    form->addRow(tr("Response tests:"), m_responses);
    form->addRow(tr("Decision figure:"), m_decision);
    form->addRow(tr("Robustness:"), m_robustness);
    form->addRow(QString(), familyBox);
    form->addRow(tr("Translate into:"), m_languages);
    form->addRow(tr("Prompts rewritten:"), m_sample);
    form->addRow(QString(), m_cost);

    connect(m_responses, &QSpinBox::valueChanged, this, &ExtraTestsFields::updateEnabled);
    connect(m_robustness, &QCheckBox::toggled, this, &ExtraTestsFields::updateEnabled);
    for (QObject *o : std::initializer_list<QObject *>{m_responses, m_sample})
        connect(static_cast<QSpinBox *>(o), &QSpinBox::valueChanged, this, &ExtraTestsFields::changed);
    connect(m_decision, &QComboBox::currentIndexChanged, this, &ExtraTestsFields::changed);
    connect(m_robustness, &QCheckBox::toggled, this, &ExtraTestsFields::changed);
    connect(m_languages, &QLineEdit::textChanged, this, &ExtraTestsFields::changed);
    updateEnabled();
}

QList<QSpinBox *> ExtraTestsFields::spins() const
{
    return {m_responses, m_sample};
}

QList<QWidget *> ExtraTestsFields::tabChain() const
{
    QList<QWidget *> out{m_responses, m_decision, m_robustness};
    for (QCheckBox *box : m_families)
        out.append(box);
    out += {m_languages, m_sample};
    return out;
}

void ExtraTestsFields::updateEnabled()
{
    const bool responses = m_responses->value() > 0;
    m_decision->setEnabled(responses);
    if (!responses)
        m_decision->setCurrentIndex(0);
    const bool robustness = m_robustness->isChecked();
    for (QCheckBox *box : std::as_const(m_families))
        box->setEnabled(robustness);
    m_languages->setEnabled(robustness);
    m_sample->setEnabled(robustness);
}

QStringList ExtraTestsFields::families() const
{
    QStringList out;
    for (const QCheckBox *box : m_families) {
        if (box->isChecked())
            out.append(box->property("family").toString());
    }
    for (const QString &code : m_languages->text().split(QRegularExpression(u"[,;\\s]+"_s), Qt::SkipEmptyParts)) {
        const QString family = kTranslation + code.toLower();
        if (!out.contains(family))
            out.append(family);
    }
    return out;
}

void ExtraTestsFields::read(RunSettings *s) const
{
    s->responseTests = m_responses->value();
    s->decideOnBothDirections = m_responses->value() > 0 && m_decision->currentData().toBool();
    s->robustnessFamilies = m_robustness->isChecked() ? families() : QStringList();
    s->robustnessSample = m_sample->value();
}

void ExtraTestsFields::set(const RunSettings &s)
{
    m_responses->setValue(s.responseTests);
    m_decision->setCurrentIndex(s.decideOnBothDirections ? 1 : 0);
    m_robustness->setChecked(!s.robustnessFamilies.isEmpty());
    if (!s.robustnessFamilies.isEmpty()) {
        for (QCheckBox *box : std::as_const(m_families))
            box->setChecked(s.robustnessFamilies.contains(box->property("family").toString()));
        QStringList languages;
        for (const QString &f : s.robustnessFamilies) {
            if (const QString code = Robustness::translationLanguage(f); !code.isEmpty())
                languages.append(code);
        }
        m_languages->setText(languages.join(u", "_s));
    }
    m_sample->setValue(s.robustnessSample);
    updateEnabled();
}

void ExtraTestsFields::setIntent(Intent intent)
{
    m_intent = intent;
}

QString ExtraTestsFields::validationError(const RunSettings &s) const
{
    if (s.responseTests > 0 && m_intent == Intent::Allow)
        return tr("Response tests need block intent: for an allow topic, AIRS's answer has no per-side match signal "
                  "this tool could confirm. Set them to off.");
    if (!m_robustness->isChecked())
        return {};
    if (s.robustnessFamilies.isEmpty())
        return tr("Choose at least one rewrite, or turn robustness off.");
    if (s.benchmarkTests.isEmpty() && s.benchmarkSize <= 0)
        return tr("Robustness rewrites benchmark prompts: give the run a benchmark.");
    if (!Robustness::familiesProblem(s.robustnessFamilies).isEmpty())
        return tr("Translate into: two-letter language codes other than en, separated by commas, such as de, fr, es.");
    return {};
}

void ExtraTestsFields::showCost(const RunSettings &s)
{
    const ExtraTests::Cost c = ExtraTests::costOf(s);
    if (c.responseScans + c.rewriteScans == 0) {
        m_cost->setText(tr("Neither is on: every iteration scans the working suite and the benchmark only."));
        return;
    }
    m_cost->setText(tr("Every iteration scans %n more prompt(s)", nullptr, c.responseScans + c.rewriteScans) + u' '
                    + tr("(%1 response tests, up to %2 rewrites), and the run starts with %n more LLM call(s).", nullptr, c.llmCalls)
                          .arg(c.responseScans)
                          .arg(c.rewriteScans));
}
