#include "newrunpanel.h"

#include "unfinishedrunnote.h"

#include "domain/runsize.h"

#include "ui/widgets/wrappinglabel.h"
#include "domain/topiclimits.h"
#include "benchmarkfield.h"
#include "ui/widgets/wheelguard.h"
#include "budgetfields.h"
#include "newrunhelp.h"
#include "extratestsfields.h"
#include "starterlibrarydialog.h"
#include "profiletopicsfield.h"
#include "sandboxsubjectnote.h"
#include "testpromptsfield.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QScrollArea>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionGroupBox>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

template<typename W>
static W *named(W *w, const QString &name, const QString &accessible)
{
    w->setObjectName(name);
    w->setAccessibleName(accessible);
    return w;
}

NewRunPanel::NewRunPanel(QWidget *parent)
    : QWidget(parent)
    , m_description(named(new QPlainTextEdit(this), u"topicDescription"_s, tr("What the guardrail should detect")))
    , m_sandboxNote(new SandboxSubjectNote(this))
    , m_intent(named(new QComboBox(this), u"intentCombo"_s, tr("Intent")))
    , m_seeds(named(new QPlainTextEdit(this), u"seedExamples"_s, tr("Seed examples, one per line")))
    , m_profile(named(new QComboBox(this), u"profileCombo"_s, tr("Security profile")))
    , m_refresh(named(new QPushButton(tr("Refresh"), this), u"refreshProfilesButton"_s, tr("Refresh profiles")))
    , m_profileStatus(new QLabel(this))
    , m_inPlace(named(new QCheckBox(tr("Test on the production profile itself, not on a copy"), this), u"inPlaceCheck"_s,
                      tr("Test in place")))
    , m_inPlaceWarning(new QLabel(this))
    , m_actionWarning(new QLabel(this))
    , m_profileTopics(new ProfileTopicsField(this))
    , m_testPrompts(new TestPromptsField(this))
    , m_maxIterations(named(new QSpinBox(this), u"maxIterationsSpin"_s, tr("Maximum iterations")))
    , m_target(named(new QDoubleSpinBox(this), u"targetCoverageSpin"_s, tr("Target coverage")))
    , m_targetNote(new QLabel(this))
    , m_stepMode(named(new QCheckBox(tr("Step mode: review each proposal"), this), u"stepModeCheck"_s, tr("Step mode")))
    , m_advanced(named(new QGroupBox(tr("Advanced"), this), u"advancedGroup"_s, tr("Advanced settings")))
    , m_accumulate(named(new QCheckBox(tr("Keep earlier passing tests as regression checks"), this), u"accumulateCheck"_s, tr("Accumulate tests")))
    , m_cap(named(new QSpinBox(this), u"capSpin"_s, tr("Test suite cap")))
    , m_plateauWindow(named(new QSpinBox(this), u"plateauWindowSpin"_s, tr("Plateau window")))
    , m_plateauBand(named(new QDoubleSpinBox(this), u"plateauBandSpin"_s, tr("Plateau band")))
    , m_maxRegressions(named(new QSpinBox(this), u"maxRegressionsSpin"_s, tr("Maximum consecutive regressions")))
    , m_promptSet(named(new QCheckBox(tr("Export the best tests as an AI Red Team prompt set"), this), u"promptSetCheck"_s, tr("Export prompt set")))
    , m_promptSetName(named(new QLineEdit(this), u"promptSetNameEdit"_s, tr("Prompt set name")))
    , m_concurrency(named(new QSpinBox(this), u"concurrencySpin"_s, tr("Scans in parallel")))
    , m_rate(named(new QDoubleSpinBox(this), u"rateSpin"_s, tr("Scans per second")))
    , m_benchmark(new BenchmarkField(this))
    , m_decideOn(named(new QComboBox(this), u"decideOnCombo"_s, tr("Decide on")))
    , m_scanRepeats(named(new QSpinBox(this), u"scanRepeatsSpin"_s, tr("Scans per benchmark prompt")))
    , m_hint(new QLabel(this))
    , m_run(named(new QPushButton(tr("Run", "the New run page's button; the Run menu holds Alt+R"), this), u"runButton"_s, tr("Start the run")))
{
    setObjectName(u"newRunPanel"_s);
    m_description->setPlaceholderText(tr("e.g. Block requests for help acquiring or building weapons"));
    m_description->setTabChangesFocus(true);
    m_description->setMaximumHeight(90);
    m_intent->addItem(tr("Block: catch prompts that match"), QVariant::fromValue(int(Intent::Block)));
    m_intent->addItem(tr("Allow: only prompts that match may pass"), QVariant::fromValue(int(Intent::Allow)));
    m_seeds->setPlaceholderText(tr("Optional: example prompts, one per line"));
    m_seeds->setTabChangesFocus(true);
    m_seeds->setMaximumHeight(90);
    m_profile->setEditable(true);
    m_profile->setInsertPolicy(QComboBox::NoInsert);
    m_profile->lineEdit()->setPlaceholderText(tr("AIRS security profile"));
    m_profile->setMinimumContentsLength(32);
    m_profile->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_refresh->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    // A long error (a proxy or TLS message) wraps inside the form instead of widening it.
    m_profileStatus->setObjectName(u"profileStatus"_s);
    m_profileStatus->setWordWrap(true);
    m_profileStatus->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_profileStatus->setTextFormat(Qt::PlainText);
    makeWrappingLabel(m_profileStatus); // keeps height-for-width
    m_inPlace->setToolTip(tr("Only for tenants that refuse to create security profiles: the run's copy "
                             "\"daystrom-run-<id>\" is the default"));
    m_inPlaceWarning->setObjectName(u"inPlaceWarning"_s);
    m_inPlaceWarning->setWordWrap(true);
    m_inPlaceWarning->setText(tr("⚠ While the run goes on, its half-finished topics filter real traffic on this "
                                 "profile. Its topic guardrails are put back when the run ends, is cancelled, fails "
                                 "or is paused (also by a budget or by closing the app); resuming deploys the "
                                 "candidate on it again."));
    m_inPlaceWarning->setVisible(false);
    m_actionWarning->setObjectName(u"actionFitWarning"_s);
    m_actionWarning->setWordWrap(true);
    m_actionWarning->setVisible(false);
    makeWrappingLabel(m_actionWarning);
    // Wrapped text takes the form's width, not the narrow width a label would pick for itself.
    makeWrappingLabel(m_inPlaceWarning); // keeps height-for-width
    m_profileTopics->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_maxIterations->setRange(1, 100);
    m_maxIterations->setValue(20);
    m_target->setRange(10, 100);
    m_target->setDecimals(1);
    m_target->setSuffix(u" %"_s);
    m_target->setValue(m_targetFor[int(Intent::Block)]);
    m_targetNote->setObjectName(u"targetCoverageNote"_s);
    m_targetNote->setWordWrap(true);
    m_targetNote->setTextFormat(Qt::PlainText);
    m_targetNote->setVisible(false);
    makeWrappingLabel(m_targetNote);
    m_stepMode->setToolTip(tr("The run waits after each proposed topic: accept it, edit it or ask for another one. "
                              "It can be switched in the Live page at any time."));
    m_cap->setRange(0, 100000);
    m_cap->setSpecialValueText(tr("no cap"));
    m_plateauWindow->setRange(0, 50);
    m_plateauWindow->setSpecialValueText(tr("off"));
    m_plateauBand->setRange(0, 1);
    m_plateauBand->setSingleStep(0.01);
    m_plateauBand->setValue(0.05);
    m_maxRegressions->setRange(0, 100);
    m_maxRegressions->setValue(3);
    m_maxRegressions->setSpecialValueText(tr("never stop early"));
    m_promptSetName->setPlaceholderText(tr("automatic"));
    m_concurrency->setRange(1, 20);
    m_concurrency->setValue(5);
    m_rate->setRange(0, 1000);
    m_rate->setSpecialValueText(tr("unlimited"));
    m_decideOn->addItem(tr("the held-out benchmark"), false);
    m_decideOn->addItem(tr("each iteration's own tests (as the original tool)"), true);
    m_scanRepeats->setRange(1, 10);
    m_scanRepeats->setToolTip(tr("Scan each benchmark prompt this many times; prompts whose verdict changes are "
                                 "flagged unstable and left out of the figures. Default: 1."));
    m_hint->setObjectName(u"newRunHint"_s);
    m_hint->setWordWrap(true);
    m_run->setDefault(true);
    m_run->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));

    // The numbers line up: every spin box as wide as the widest ("never stop early").
    const QList<QAbstractSpinBox *> spins{m_maxIterations, m_target,      m_cap,         m_plateauWindow,
                                          m_plateauBand,   m_maxRegressions, m_concurrency, m_rate,
                                          m_benchmark->sizeSpin(), m_scanRepeats};
    int spinWidth = 0;
    for (QAbstractSpinBox *spin : spins)
        spinWidth = qMax(spinWidth, spin->sizeHint().width());
    for (QAbstractSpinBox *spin : spins)
        spin->setMinimumWidth(spinWidth);

    auto *profileRow = new QHBoxLayout;
    profileRow->addWidget(m_profile);
    profileRow->addWidget(m_refresh);
    profileRow->addStretch(1);
    // Only the text fields take the width; numbers and choices keep their natural size.
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    auto *library = new QPushButton(tr("Start from the librar&y…"), this);
    library->setObjectName(u"starterLibraryButton"_s);
    library->setToolTip(tr("Pick one of the starter topics enterprises commonly need as the request, intent and seeds"));
    connect(library, &QPushButton::clicked, this, &NewRunPanel::openStarterLibrary);
    auto *topicColumn = new QVBoxLayout;
    topicColumn->setContentsMargins(0, 0, 0, 0);
    topicColumn->addWidget(m_description);
    topicColumn->addWidget(library, 0, Qt::AlignLeft);
    auto *topicLabel = new QLabel(tr("&Topic:"), this);
    topicLabel->setBuddy(m_description); // the field, not the button under it
    form->addRow(topicLabel, topicColumn);
    form->addRow(QString(), m_sandboxNote);
    form->addRow(tr("&Intent:"), m_intent);
    form->addRow(tr("&Seed examples:"), m_seeds);
    // A layout cannot be a label's buddy: name the combo box, so Alt+P works and the label
    // shows no stray "&".
    auto *profileLabel = new QLabel(tr("Profil&e:"), this);
    profileLabel->setBuddy(m_profile);
    form->addRow(profileLabel, profileRow);
    form->addRow(QString(), m_profileStatus);
    form->addRow(QString(), m_profileTopics);
    form->addRow(QString(), m_actionWarning);
    form->addRow(QString(), m_inPlace);
    form->addRow(QString(), m_inPlaceWarning);
    form->addRow(tr("Test prompts:"), m_testPrompts);
    form->addRow(tr("Ma&x iterations:"), m_maxIterations);
    form->addRow(tr("Tar&get coverage:"), m_target);
    form->addRow(QString(), m_targetNote);
    m_budget = new BudgetFields(form, this);
    m_budget->placeInTabOrder(m_target, m_stepMode);
    form->addRow(QString(), m_stepMode);

    auto *adv = new QFormLayout(m_advanced);
    adv->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    adv->addRow(QString(), m_accumulate);
    adv->addRow(tr("Test suite cap:"), m_cap);
    adv->addRow(tr("Plateau window:"), m_plateauWindow);
    adv->addRow(tr("Plateau band:"), m_plateauBand);
    adv->addRow(tr("Stop after regressions:"), m_maxRegressions);
    adv->addRow(QString(), m_promptSet);
    adv->addRow(tr("Prompt set name:"), m_promptSetName);
    adv->addRow(tr("Scans in parallel:"), m_concurrency);
    adv->addRow(tr("Scans per second:"), m_rate);
    adv->addRow(tr("Benchmark prompts:"), m_benchmark);
    adv->addRow(tr("Decide on:"), m_decideOn);
    adv->addRow(tr("Scans per benchmark prompt:"), m_scanRepeats);
    m_extras = new ExtraTestsFields(adv, m_advanced);
    for (QSpinBox *spin : m_extras->spins())
        spin->setMinimumWidth(spinWidth);
    // Tab goes down the rows (the family boxes are made after the fields below them), then on
    // to the Run button.
    QWidget *previous = m_scanRepeats;
    for (QWidget *w : m_extras->tabChain() + QList<QWidget *>{m_run}) {
        QWidget::setTabOrder(previous, w);
        previous = w;
    }
    m_advanced->setCheckable(true);
    m_advanced->setChecked(false);
    const auto toggleAdvanced = [this](bool on) {
        for (QWidget *w : m_advanced->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly))
            w->setVisible(on);
        // Closed, the box is just its check box and title. Fusion draws the frame of a flat
        // box too, so its height also stops above where the frame would begin.
        m_advanced->setFlat(!on);
        if (on) {
            m_advanced->setMaximumHeight(QWIDGETSIZE_MAX);
            return;
        }
        QStyleOptionGroupBox option;
        option.initFrom(m_advanced);
        option.text = m_advanced->title();
        option.subControls = QStyle::SC_GroupBoxCheckBox | QStyle::SC_GroupBoxLabel;
        option.features = QStyleOptionFrame::Flat;
        const QRect title =
            style()->subControlRect(QStyle::CC_GroupBox, &option, QStyle::SC_GroupBoxLabel, m_advanced)
                .united(style()->subControlRect(QStyle::CC_GroupBox, &option,
                                                QStyle::SC_GroupBoxCheckBox, m_advanced));
        m_advanced->setMaximumHeight(title.bottom() + 1);
    };
    connect(m_advanced, &QGroupBox::toggled, this, toggleAdvanced);
    toggleAdvanced(false);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_hint, 1);
    buttons->addWidget(m_run);
    // The form scrolls when the window is short (a small screen, a large scale factor); the
    // Run button and its hint stay in view below it.
    auto *content = new QWidget(this);
    content->setObjectName(u"newRunForm"_s);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addLayout(form);
    contentLayout->addWidget(m_advanced);
    contentLayout->addStretch(1);
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(u"newRunScroll"_s);
    m_scroll->setWidget(content);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *layout = new QVBoxLayout(this);
    m_unfinished = new UnfinishedRunNote(this);
    layout->addWidget(m_unfinished);
    layout->addWidget(m_scroll, 1);
    layout->addLayout(buttons);

    connect(m_refresh, &QPushButton::clicked, this, &NewRunPanel::refreshProfilesRequested);
    connect(m_run, &QPushButton::clicked, this, [this] {
        if (validationError().isEmpty())
            emit runRequested(settings());
    });
    connect(m_description, &QPlainTextEdit::textChanged, this, &NewRunPanel::updateRunButton);
    connect(m_budget, &BudgetFields::changed, this, &NewRunPanel::updateRunButton);
    const auto assessSubject = [this] {
        m_sandboxNote->setTopic(m_description->toPlainText().simplified(), Intent(m_intent->currentData().toInt()));
    };
    connect(m_description, &QPlainTextEdit::textChanged, this, assessSubject);
    connect(m_intent, &QComboBox::currentIndexChanged, this, assessSubject);
    connect(m_profile, &QComboBox::currentTextChanged, this, &NewRunPanel::showProfileTopics);
    connect(m_profile, &QComboBox::currentTextChanged, this, &NewRunPanel::showActionFit);
    connect(m_intent, &QComboBox::currentIndexChanged, this, &NewRunPanel::showActionFit);
    connect(m_profile, &QComboBox::currentTextChanged, this, &NewRunPanel::updateRunButton);
    connect(m_profileTopics, &ProfileTopicsField::changed, this, &NewRunPanel::updateRunButton);
    connect(m_inPlace, &QCheckBox::toggled, m_inPlaceWarning, &QWidget::setVisible);
    connect(m_intent, &QComboBox::currentIndexChanged, this, [this] {
        m_profileTopics->setOwnTopics(Intent(m_intent->currentData().toInt()) == Intent::Block ? 2 : 1);
    });
    // A file labelled for one intent sets the run's intent; saying so in the form.
    connect(m_testPrompts, &TestPromptsField::fileIntentFound, this, [this](Intent intent) {
        m_intent->setCurrentIndex(intent == Intent::Allow ? 1 : 0);
    });
    // Each intent keeps its own target: allow-list guardrails rarely reach 90 %, so Allow starts
    // at 65 %; switching back restores Block's (its default or what was set for it), and a value
    // changed this way is said under the field until the person sets one.
    connect(m_intent, &QComboBox::currentIndexChanged, this, &NewRunPanel::followIntentWithTarget);
    connect(m_target, &QDoubleSpinBox::valueChanged, this, [this] {
        if (!m_settingTarget)
            m_targetNote->hide();
    });
    // What the extra tests cost depends on the benchmark too: said again on every change.
    const auto extrasChanged = [this] {
        m_extras->setIntent(Intent(m_intent->currentData().toInt()));
        m_extras->showCost(settings());
        updateRunButton();
    };
    connect(m_extras, &ExtraTestsFields::changed, this, extrasChanged);
    connect(m_benchmark->sizeSpin(), &QSpinBox::valueChanged, this, extrasChanged);
    connect(m_intent, &QComboBox::currentIndexChanged, this, extrasChanged);
    setAdvancedToolTips();
    NewRunHelp::setAnchors(this); // F1 in a field opens its explanation
    extrasChanged();
    WheelGuard::install(this); // the wheel scrolls the form, never a setting under the pointer
}

void NewRunPanel::setAdvancedToolTips()
{
    const QLocale locale;
    m_advanced->setToolTip(tr("Settings most runs leave at their defaults"));
    m_accumulate->setToolTip(tr("Carry the tests that passed into later iterations as regression checks, so the "
                                "suite grows. Default: off."));
    m_cap->setToolTip(tr("The most tests the suite may hold when earlier tests are kept; the oldest go first. "
                         "Default: no cap."));
    m_plateauWindow->setToolTip(tr("Stop when the coverage of this many iterations in a row stays within the "
                                   "plateau band without a new best. Default: off."));
    m_plateauBand->setToolTip(tr("How far apart (as a fraction: 0.05 is 5 points) the coverage of the plateau "
                                 "window may be and still count as a plateau. Default: %1.")
                                  .arg(locale.toString(0.05)));
    m_maxRegressions->setToolTip(tr("Stop the run after this many iterations in a row that are worse than the best. "
                                    "Default: 3; 0 never stops early."));
    m_promptSet->setToolTip(tr("When the run ends, save the best iteration's tests as a custom prompt set in AI "
                               "Red Team. Default: off."));
    m_promptSetName->setToolTip(tr("The name of the exported prompt set. Default: empty, a name made from the "
                                   "topic."));
    m_concurrency->setToolTip(tr("How many scans are sent to AIRS at the same time. Default: 5."));
    m_rate->setToolTip(tr("At most this many scans per second, for tenants with a rate limit. Default: "
                          "unlimited."));
    m_decideOn->setToolTip(tr("Which scores pick the best iteration and decide reverts, the plateau and the "
                              "target: the held-out benchmark (the default), or each iteration's own tests as "
                              "the original tool did."));
}

void NewRunPanel::openStarterLibrary()
{
    StarterLibraryDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (const std::optional<StarterTopic> t = dialog.chosen()) {
        m_description->setPlainText(t->topic.description);
        m_intent->setCurrentIndex(t->intent == Intent::Allow ? 1 : 0);
        m_seeds->setPlainText(t->topic.examples.join(u'\n'));
        focusTopic();
    }
}

void NewRunPanel::setSandbox(bool sandbox)
{
    m_sandboxNote->setTopic(m_description->toPlainText().simplified(), Intent(m_intent->currentData().toInt()));
    m_sandboxNote->setSandbox(sandbox);
}

void NewRunPanel::focusTopic()
{
    m_description->setFocus(Qt::ShortcutFocusReason);
    m_scroll->ensureWidgetVisible(m_description);
}

RunSettings NewRunPanel::settings() const
{
    RunSettings s;
    s.topicDescription = m_description->toPlainText().simplified();
    // The analysis and the learnings in the language the person reads the app in (issue 40).
    if (const QLocale ui; ui.language() != QLocale::English && ui.language() != QLocale::C)
        s.notesLanguage = QLocale::languageToCode(ui.language());
    s.intent = Intent(m_intent->currentData().toInt());
    for (const QString &line : m_seeds->toPlainText().split(u'\n')) {
        if (!line.trimmed().isEmpty())
            s.seedExamples.append(line.trimmed());
    }
    s.profileName = m_profile->currentText().trimmed();
    s.inPlace = m_inPlace->isChecked();
    s.leaveOut = m_profileTopics->leftOut();
    s.maxIterations = m_maxIterations->value();
    s.targetCoverage = m_target->value() / 100.0;
    s.accumulateTests = m_accumulate->isChecked();
    if (m_cap->value() > 0)
        s.maxAccumulatedTests = m_cap->value();
    s.plateauWindow = m_plateauWindow->value();
    s.plateauBand = m_plateauBand->value();
    s.maxRegressions = m_maxRegressions->value();
    s.createPromptSet = m_promptSet->isChecked();
    s.promptSetName = m_promptSetName->text().trimmed();
    s.scanConcurrency = m_concurrency->value();
    if (m_rate->value() > 0)
        s.scanRate = m_rate->value();
    s.fixedTests = m_testPrompts->tests();
    s.benchmarkSize = m_benchmark->size();
    s.benchmarkTests = m_benchmark->tests();
    s.decideOnWorkingSuite = m_decideOn->currentData().toBool();
    s.scanRepeats = m_scanRepeats->value();
    s.maxTokens = m_budget->maxTokens();
    s.maxCost = m_budget->maxCost();
    m_extras->read(&s);
    return s;
}

bool NewRunPanel::stepMode() const
{
    return m_stepMode->isChecked();
}

void NewRunPanel::setSettings(const RunSettings &s)
{
    m_description->setPlainText(s.topicDescription);
    m_intent->setCurrentIndex(s.intent == Intent::Allow ? 1 : 0);
    m_seeds->setPlainText(s.seedExamples.join(u'\n'));
    if (!s.profileName.isEmpty())
        m_profile->setCurrentText(s.profileName);
    m_inPlace->setChecked(s.inPlace);
    m_profileTopics->setLeftOut(s.leaveOut);
    m_maxIterations->setValue(s.maxIterations);
    {
        const QScopedValueRollback quiet(m_settingTarget, true);
        m_target->setValue(s.targetCoverage * 100);
    }
    m_targetFor[m_shownIntent] = m_target->value(); // the settings' target is this intent's
    m_targetNote->hide();
    m_accumulate->setChecked(s.accumulateTests);
    m_cap->setValue(s.maxAccumulatedTests.value_or(0));
    m_plateauWindow->setValue(s.plateauWindow);
    m_plateauBand->setValue(s.plateauBand);
    m_maxRegressions->setValue(s.maxRegressions);
    m_promptSet->setChecked(s.createPromptSet);
    m_promptSetName->setText(s.promptSetName);
    if (s.scanConcurrency)
        m_concurrency->setValue(*s.scanConcurrency);
    m_rate->setValue(s.scanRate.value_or(0));
    m_benchmark->setSize(s.benchmarkSize);
    m_benchmark->setTests(s.benchmarkTests);
    m_decideOn->setCurrentIndex(s.decideOnWorkingSuite ? 1 : 0);
    m_scanRepeats->setValue(s.scanRepeats);
    m_budget->setBudget(s.maxTokens, s.maxCost);
    m_extras->set(s);
    if (s.fixedTests != m_testPrompts->tests()) // the same set keeps its file name
        m_testPrompts->setTests(s.fixedTests);
}

void NewRunPanel::setProfiles(const QStringList &profiles, const QString &error)
{
    const QString current = m_profile->currentText();
    m_profile->clear();
    m_profile->addItems(profiles);
    if (!current.isEmpty())
        m_profile->setCurrentText(current);
    m_profileStatus->setText(error.isEmpty() ? tr("%n profile(s) in this tenant", nullptr, int(profiles.size()))
                                             : tr("Profiles could not be listed: %1").arg(error));
}

QString NewRunPanel::loadBenchmarkFile(const QString &path)
{
    return m_benchmark->loadFile(path);
}

void NewRunPanel::setProfileTopics(const QHash<QString, QStringList> &topics)
{
    m_topicsByProfile = topics;
    showProfileTopics();
}

void NewRunPanel::setProfileActions(const QHash<QString, QString> &actions)
{
    m_actionByProfile = actions;
    showActionFit();
}

void NewRunPanel::showActionFit()
{
    // The guardrail's action is for prompts that match none of its topics: a block topic needs
    // "allow" there, an allow topic "block" (ProfileDrift::actionMisfit says the same in the CLI).
    const QString profile = m_profile->currentText().trimmed();
    const QString action = m_actionByProfile.value(profile);
    const Intent intent = Intent(m_intent->currentData().toInt());
    QString text; // empty when it fits, or when the profile pins no topic (no action listed)
    if (!action.isEmpty() && action != guardrailActionFor(intent)) {
        text = intent == Intent::Block
            ? tr("⚠ Profile %1 blocks every prompt that matches none of its topics (an allow list). A block topic "
                  "works the other way round: the run measures it with that action set to allow, and applying it "
                  "would let everything that matches no topic pass. Apply asks before it changes that.").arg(profile)
            : tr("⚠ Profile %1 lets every prompt through that matches none of its topics (a block list). An allow "
                  "topic works the other way round: the run measures it with that action set to block, and applying "
                  "it would block everything that matches no topic. Apply asks before it changes that.").arg(profile);
    }
    m_actionWarning->setText(text);
    m_actionWarning->setVisible(!text.isEmpty());
}

void NewRunPanel::showProfileTopics()
{
    const QString profile = m_profile->currentText().trimmed();
    const QStringList leftOut = m_profileTopics->leftOut();
    m_profileTopics->setTopics(m_topicsByProfile.value(profile));
    m_profileTopics->setLeftOut(leftOut);
}

void NewRunPanel::setProfilesPending()
{
    m_profileStatus->setText(tr("Listing the profiles…"));
}

void NewRunPanel::setDefaultProfile(const QString &profile)
{
    if (m_profile->currentText().isEmpty())
        m_profile->setCurrentText(profile);
}

void NewRunPanel::setRunning(bool running)
{
    m_running = running;
    updateRunButton();
}

QString NewRunPanel::validationError() const
{
    if (m_running)
        return tr("A run is in progress.");
    if (m_description->toPlainText().trimmed().isEmpty())
        return tr("Describe what the guardrail should detect.");
    if (m_description->toPlainText().simplified().size() > MaxTopicDescriptionChars)
        return tr("Describe what the guardrail should detect in at most %1 characters.")
            .arg(QLocale().toString(MaxTopicDescriptionChars));
    if (m_profile->currentText().trimmed().isEmpty())
        return tr("Choose the AIRS security profile to deploy to.");
    if (m_profileTopics->isOverLimit())
        return tr("The run's copy of the profile would hold more than %1 topics: uncheck some of the profile's "
                  "topics above.").arg(TopicLimits::TopicsPerProfile);
    const RunSettings s = settings();
    if (const QString extras = m_extras->validationError(s); !extras.isEmpty())
        return extras;
    if (const QString tooLarge = RunSize::problem(s); !tooLarge.isEmpty())
        return tr("This run is too large: %1.").arg(tooLarge);
    return m_budget->validationError();
}

void NewRunPanel::updateRunButton()
{
    const QString error = validationError();
    m_run->setEnabled(error.isEmpty());
    m_hint->setText(error);
    // A disabled button says why on hover too.
    m_run->setToolTip(error.isEmpty() ? tr("Start the run") : error);
}

void NewRunPanel::followIntentWithTarget()
{
    const int intent = m_intent->currentData().toInt();
    if (intent == m_shownIntent)
        return;
    m_targetFor[m_shownIntent] = m_target->value(); // what the intent left had, set or not
    m_shownIntent = intent;
    const double target = m_targetFor[intent];
    if (!qFuzzyCompare(target, m_target->value())) {
        const double before = m_target->value();
        {
            const QScopedValueRollback quiet(m_settingTarget, true);
            m_target->setValue(target);
        }
        const QLocale locale;
        m_targetNote->setText(
            (Intent(intent) == Intent::Allow
                 ? tr("Target coverage changed from %1 % to %2 % for an allow topic (allow lists rarely reach "
                      "90 %); Block keeps its %1 %.")
                 : tr("Target coverage changed back from %1 % to %2 %, the target for a block topic; Allow "
                      "keeps its %1 %."))
                .arg(locale.toString(before, 'f', 1), locale.toString(target, 'f', 1)));
        m_targetNote->show();
    }
    updateRunButton();
}
