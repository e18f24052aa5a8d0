#include "newrunpanel.h"

#include "domain/labelledcsv.h"
#include "domain/topiclimits.h"
#include "profiletopicsfield.h"
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
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
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
    , m_intent(named(new QComboBox(this), u"intentCombo"_s, tr("Intent")))
    , m_seeds(named(new QPlainTextEdit(this), u"seedExamples"_s, tr("Seed examples, one per line")))
    , m_profile(named(new QComboBox(this), u"profileCombo"_s, tr("Security profile")))
    , m_refresh(named(new QPushButton(tr("&Refresh"), this), u"refreshProfilesButton"_s, tr("Refresh profiles")))
    , m_profileStatus(new QLabel(this))
    , m_inPlace(named(new QCheckBox(tr("Test on the production profile itself, not on a copy"), this), u"inPlaceCheck"_s,
                      tr("Test in place")))
    , m_inPlaceWarning(new QLabel(this))
    , m_profileTopics(new ProfileTopicsField(this))
    , m_testPrompts(new TestPromptsField(this))
    , m_maxIterations(named(new QSpinBox(this), u"maxIterationsSpin"_s, tr("Maximum iterations")))
    , m_target(named(new QDoubleSpinBox(this), u"targetCoverageSpin"_s, tr("Target coverage")))
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
    , m_benchmarkSize(named(new QSpinBox(this), u"benchmarkSizeSpin"_s, tr("Held-out benchmark prompts")))
    , m_decideOn(named(new QComboBox(this), u"decideOnCombo"_s, tr("Decide on")))
    , m_scanRepeats(named(new QSpinBox(this), u"scanRepeatsSpin"_s, tr("Scans per benchmark prompt")))
    , m_benchmarkFile(named(new QPushButton(tr("From CS&V…"), this), u"benchmarkFileButton"_s, tr("Load the benchmark from a CSV file")))
    , m_benchmarkGenerated(named(new QPushButton(tr("LLM-&written"), this), u"benchmarkGeneratedButton"_s, tr("Let the LLM write the benchmark")))
    , m_benchmarkSummary(new QLabel(this))
    , m_hint(new QLabel(this))
    , m_run(named(new QPushButton(tr("&Run"), this), u"runButton"_s, tr("Start the run")))
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
    m_inPlace->setToolTip(tr("Only for tenants that refuse to create security profiles: the run's copy "
                             "\"daystrom-run-<id>\" is the default"));
    m_inPlaceWarning->setObjectName(u"inPlaceWarning"_s);
    m_inPlaceWarning->setWordWrap(true);
    m_inPlaceWarning->setText(tr("⚠ While the run goes on, its half-finished topics filter real traffic on this "
                                 "profile. Its topic guardrails are put back when the run ends, is cancelled or "
                                 "fails."));
    m_inPlaceWarning->setVisible(false);
    // Wrapped text takes the form's width, not the narrow width a label would pick for itself.
    m_inPlaceWarning->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_profileTopics->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_maxIterations->setRange(1, 100);
    m_maxIterations->setValue(20);
    m_target->setRange(10, 100);
    m_target->setDecimals(1);
    m_target->setSuffix(u" %"_s);
    m_target->setValue(90);
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
    m_benchmarkSize->setRange(0, 500);
    m_benchmarkSize->setValue(60);
    m_benchmarkSize->setSpecialValueText(tr("none"));
    m_benchmarkSize->setToolTip(tr("Labelled prompts the LLM writes once; every iteration is scored on them and the "
                                   "LLM never sees them again, so iterations can be compared"));
    m_benchmarkSummary->setObjectName(u"benchmarkSummary"_s);
    m_benchmarkSummary->setWordWrap(true);
    m_benchmarkSummary->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    connect(m_benchmarkFile, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Benchmark from CSV"), {},
                                                          tr("Labelled prompts (*.csv)") + u";;"_s + tr("All files (*)"));
        if (!path.isEmpty())
            loadBenchmarkFile(path);
    });
    connect(m_benchmarkGenerated, &QPushButton::clicked, this, [this] {
        m_benchmarkTests.clear();
        showBenchmark();
    });
    connect(m_benchmarkSize, &QSpinBox::valueChanged, this, [this] { showBenchmark(); });
    m_decideOn->addItem(tr("the held-out benchmark"), false);
    m_decideOn->addItem(tr("each iteration's own tests (as the original tool)"), true);
    m_scanRepeats->setRange(1, 10);
    m_scanRepeats->setToolTip(tr("Scan each benchmark prompt this many times; prompts whose verdict changes are "
                                 "flagged unstable and left out of the figures"));
    m_hint->setObjectName(u"newRunHint"_s);
    m_hint->setWordWrap(true);
    m_run->setDefault(true);
    m_run->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));

    // The numbers line up: every spin box as wide as the widest ("never stop early").
    const QList<QAbstractSpinBox *> spins{m_maxIterations, m_target,      m_cap,         m_plateauWindow,
                                          m_plateauBand,   m_maxRegressions, m_concurrency, m_rate,
                                          m_benchmarkSize, m_scanRepeats};
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
    form->addRow(tr("&Topic:"), m_description);
    form->addRow(tr("&Intent:"), m_intent);
    form->addRow(tr("&Seed examples:"), m_seeds);
    // A layout cannot be a label's buddy: name the combo box, so Alt+P works and the label
    // shows no stray "&".
    auto *profileLabel = new QLabel(tr("&Profile:"), this);
    profileLabel->setBuddy(m_profile);
    form->addRow(profileLabel, profileRow);
    form->addRow(QString(), m_profileStatus);
    form->addRow(QString(), m_profileTopics);
    form->addRow(QString(), m_inPlace);
    form->addRow(QString(), m_inPlaceWarning);
    form->addRow(tr("Test pr&ompts:"), m_testPrompts);
    form->addRow(tr("&Max iterations:"), m_maxIterations);
    form->addRow(tr("&Target coverage:"), m_target);
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
    auto *benchmarkRow = new QHBoxLayout;
    benchmarkRow->addWidget(m_benchmarkSize);
    benchmarkRow->addWidget(m_benchmarkFile);
    benchmarkRow->addWidget(m_benchmarkGenerated);
    benchmarkRow->addStretch(1);
    adv->addRow(tr("Benchmark prompts:"), benchmarkRow);
    adv->addRow(QString(), m_benchmarkSummary);
    adv->addRow(tr("Decide on:"), m_decideOn);
    adv->addRow(tr("Scans per benchmark prompt:"), m_scanRepeats);
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
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(u"newRunScroll"_s);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(scroll, 1);
    layout->addLayout(buttons);

    connect(m_refresh, &QPushButton::clicked, this, &NewRunPanel::refreshProfilesRequested);
    connect(m_run, &QPushButton::clicked, this, [this] {
        if (validationError().isEmpty())
            emit runRequested(settings());
    });
    connect(m_description, &QPlainTextEdit::textChanged, this, &NewRunPanel::updateRunButton);
    connect(m_profile, &QComboBox::currentTextChanged, this, &NewRunPanel::showProfileTopics);
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
    connect(m_intent, &QComboBox::currentIndexChanged, this, [this] {
        // Allow-list guardrails rarely reach 90 %: the original suggests a lower target.
        if (m_intent->currentData().toInt() == int(Intent::Allow) && m_target->value() == 90)
            m_target->setValue(65);
        updateRunButton();
    });
    updateRunButton();
    showBenchmark();
}

RunSettings NewRunPanel::settings() const
{
    RunSettings s;
    s.topicDescription = m_description->toPlainText().simplified();
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
    s.benchmarkSize = m_benchmarkSize->value();
    s.benchmarkTests = m_benchmarkTests;
    s.decideOnWorkingSuite = m_decideOn->currentData().toBool();
    s.scanRepeats = m_scanRepeats->value();
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
    m_target->setValue(s.targetCoverage * 100);
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
    m_benchmarkSize->setValue(s.benchmarkSize);
    m_benchmarkTests = s.benchmarkTests;
    m_benchmarkOrigin.clear();
    showBenchmark();
    m_decideOn->setCurrentIndex(s.decideOnWorkingSuite ? 1 : 0);
    m_scanRepeats->setValue(s.scanRepeats);
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
    const QString name = QFileInfo(path).fileName();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        const QString error = tr("Cannot read %1: %2").arg(name, file.errorString());
        showBenchmark(error);
        return error;
    }
    const LabelledCsv::Parsed csv = LabelledCsv::parse(file.read(TestPromptsField::MaxFileBytes + 1));
    QString error;
    QList<TestCase> tests;
    for (const LabelledCsv::Row &row : csv.rows) {
        TestCase t = row.test;
        t.source = TestSource::Benchmark;
        tests.append(t);
    }
    const bool positive = std::any_of(tests.cbegin(), tests.cend(), [](const TestCase &t) { return t.expectedTriggered; });
    const bool negative = std::any_of(tests.cbegin(), tests.cend(), [](const TestCase &t) { return !t.expectedTriggered; });
    if (!csv.ok())
        error = tr("%1 cannot be used: %2").arg(name, csv.error);
    else if (!positive || !negative)
        error = tr("%1 cannot be used: a benchmark needs prompts that should trigger and prompts that should not.").arg(name);
    if (!error.isEmpty()) {
        showBenchmark(error);
        return error;
    }
    m_benchmarkTests = tests;
    m_benchmarkOrigin = name;
    showBenchmark();
    return {};
}

void NewRunPanel::showBenchmark(const QString &problem)
{
    QString text;
    if (!m_benchmarkTests.isEmpty()) {
        text = tr("%n labelled prompt(s) from %1, scored in every iteration and never shown to the LLM.", nullptr,
                  int(m_benchmarkTests.size()))
                   .arg(m_benchmarkOrigin.isEmpty() ? tr("the copied run") : m_benchmarkOrigin);
    } else if (m_benchmarkSize->value() > 0) {
        text = tr("The LLM writes %1 prompts once; every iteration is scored on them.").arg(m_benchmarkSize->value());
    } else {
        text = tr("No benchmark: each iteration is scored only on its own tests.");
    }
    m_benchmarkSize->setEnabled(m_benchmarkTests.isEmpty());
    m_benchmarkGenerated->setEnabled(!m_benchmarkTests.isEmpty());
    m_benchmarkSummary->setText(problem.isEmpty() ? text : problem + u'\n' + tr("Benchmark unchanged: %1").arg(text));
}

void NewRunPanel::setProfileTopics(const QHash<QString, QStringList> &topics)
{
    m_topicsByProfile = topics;
    showProfileTopics();
}

void NewRunPanel::showProfileTopics()
{
    const QString profile = m_profile->currentText().trimmed();
    const QStringList leftOut = m_profileTopics->leftOut();
    m_profileTopics->setTopics(m_topicsByProfile.value(profile));
    m_profileTopics->setLeftOut(leftOut);
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
    if (m_profile->currentText().trimmed().isEmpty())
        return tr("Choose the AIRS security profile to deploy to.");
    if (m_profileTopics->isOverLimit())
        return tr("The run's copy of the profile would hold more than %1 topics: uncheck some of the profile's "
                  "topics above.").arg(TopicLimits::TopicsPerProfile);
    return {};
}

void NewRunPanel::updateRunButton()
{
    const QString error = validationError();
    m_run->setEnabled(error.isEmpty());
    m_hint->setText(error);
}
