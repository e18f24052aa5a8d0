#include "crossrunplanbox.h"

#include <QBoxLayout>
#include <QButtonGroup>
#include <QComboBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>

using namespace Qt::StringLiterals;

CrossRunPlanBox::CrossRunPlanBox(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"crossRunPlan"_s);
    m_summary = new QLabel(tr("Reading the runs…"), this);
    m_summary->setObjectName(u"crossRunSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_choice = new QWidget(this);
    m_choice->setObjectName(u"crossRunChoice"_s);
    m_group = new QButtonGroup(this);
    m_common = new QRadioButton(tr("The &prompts in common"), m_choice);
    m_common->setObjectName(u"crossRunCommon"_s);
    m_oneRun = new QRadioButton(tr("&One run's benchmark:"), m_choice);
    m_oneRun->setObjectName(u"crossRunOneRun"_s);
    m_union = new QRadioButton(tr("The union of &their benchmarks"), m_choice);
    m_union->setObjectName(u"crossRunUnion"_s);
    m_union->setToolTip(tr("Every prompt of every run's benchmark once; each topic is scanned on "
                           "the prompts it was not"));
    m_csv = new QRadioButton(tr("A labelled CS&V file:"), m_choice);
    m_csv->setObjectName(u"crossRunCsv"_s);
    m_csv->setToolTip(
        tr("A CSV with a prompt and its expected label per line, as Add prompts reads"));
    for (QRadioButton *b : {m_common, m_oneRun, m_union, m_csv})
        m_group->addButton(b);
    m_run = new QComboBox(m_choice);
    m_run->setObjectName(u"crossRunBenchmarkRun"_s);
    m_run->setAccessibleName(tr("The run whose benchmark to compare on"));
    // Topic names run long: the list is not as wide as its longest item (the window would not fit).
    m_run->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_run->setMinimumContentsLength(16);
    m_csvPath = new QLineEdit(m_choice);
    m_csvPath->setObjectName(u"crossRunCsvPath"_s);
    m_csvPath->setAccessibleName(tr("Labelled CSV file"));
    m_csvPath->setMinimumWidth(fontMetrics().averageCharWidth() * 16);
    m_browse = new QPushButton(tr("&Browse…"), m_choice);
    m_browse->setObjectName(u"crossRunBrowse"_s);
    auto *grid = new QGridLayout(m_choice);
    grid->setContentsMargins(0, 0, 0, 0);
    // Two rows, to leave the leaderboard the height: the choices without a field, then those with
    // one.
    grid->addWidget(m_common, 0, 0);
    grid->addWidget(m_union, 0, 1, 1, 2);
    grid->addWidget(m_oneRun, 1, 0);
    grid->addWidget(m_run, 1, 1);
    grid->addWidget(m_csv, 1, 2);
    grid->addWidget(m_csvPath, 1, 3);
    grid->addWidget(m_browse, 1, 4);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    m_choice->hide();

    m_cost = new QLabel(this);
    m_cost->setObjectName(u"crossRunCost"_s);
    m_cost->setWordWrap(true);
    m_step = new QLabel(this);
    m_step->setObjectName(u"crossRunStep"_s);
    m_step->setWordWrap(true);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(u"crossRunProgress"_s);
    m_progress->setAccessibleName(tr("Scan progress"));
    m_start = new QPushButton(tr("&Start"), this);
    m_start->setObjectName(u"crossRunStart"_s);
    m_start->setToolTip(
        tr("Scan the topics that have no verdicts on these prompts yet, each in a scratch profile "
           "removed afterwards"));
    m_cancel = new QPushButton(tr("Ca&ncel scan"), this);
    m_cancel->setObjectName(u"crossRunCancel"_s);
    m_cancel->setToolTip(
        tr("Stop scanning and remove the scratch profile; what was scanned is kept for Resume"));
    m_resume = new QPushButton(tr("Res&ume"), this);
    m_resume->setObjectName(u"crossRunResume"_s);
    m_resume->setToolTip(
        tr("Continue the cancelled comparison without scanning again what it has"));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_cost, 1);
    buttons->addWidget(m_start);
    buttons->addWidget(m_resume);
    auto *progress = new QHBoxLayout;
    progress->addWidget(m_step, 1);
    progress->addWidget(m_progress, 1);
    progress->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_choice);
    layout->addLayout(buttons);
    layout->addLayout(progress);

    connect(m_group, &QButtonGroup::buttonToggled, this, [this](QAbstractButton *, bool on) {
        updateChoice();
        if (on)
            emit sourceChanged();
    });
    connect(m_run, &QComboBox::activated, this, [this] {
        m_oneRun->setChecked(true);
        emit sourceChanged();
    });
    connect(m_csvPath, &QLineEdit::editingFinished, this, [this] {
        if (m_csv->isChecked())
            emit sourceChanged();
    });
    connect(m_browse, &QPushButton::clicked, this, &CrossRunPlanBox::chooseCsv);
    connect(m_start, &QPushButton::clicked, this, &CrossRunPlanBox::startRequested);
    connect(m_cancel, &QPushButton::clicked, this, &CrossRunPlanBox::cancelRequested);
    connect(m_resume, &QPushButton::clicked, this, &CrossRunPlanBox::resumeRequested);
    setStage(Stage::Planning);
}

CrossRunPlanBox::~CrossRunPlanBox() = default;

QString CrossRunPlanBox::costText(const CrossRunComparison::Plan &plan)
{
    if (plan.toScan.isEmpty())
        return tr("Nothing to scan: every run's stored verdicts cover these prompts.");
    //: %n topics to scan, %1 prompts each, %2 the scans in all.
    return tr("To scan: %n topic(s) × %1 prompts = %2 scans, each in a scratch profile that is "
              "removed "
              "afterwards.",
              nullptr, int(plan.toScan.size()))
        .arg(plan.benchmark.prompts.size())
        .arg(plan.scans());
}

void CrossRunPlanBox::setPlan(const CrossRunComparison::Plan &plan)
{
    // The runs once, for the one-run choice (its items do not change as the person picks).
    if (m_run->count() != plan.candidates.size()) {
        const QString keep = m_run->currentData().toString();
        m_run->clear();
        for (const CrossRun::Candidate &c : plan.candidates)
            m_run->addItem(c.topic.name.isEmpty() ? c.label
                                                  : u"%1 (%2)"_s.arg(c.topic.name, c.label),
                           c.runId);
        if (const int at = m_run->findData(keep); at >= 0)
            m_run->setCurrentIndex(at);
    }
    //: %n prompts every compared run's benchmark holds, with the same label.
    QString summary =
        tr("The runs' benchmarks have %n prompt(s) in common.", nullptr, plan.commonPrompts);
    const bool askedCommon =
        !source();   // before the choice is offered: it was asked for the common prompts
    if (askedCommon) // the plan says whether they will do
        m_commonEnough = plan.error.isEmpty();
    const bool firstOffer = !m_offerChoice && !m_commonEnough;
    m_offerChoice = m_offerChoice || !m_commonEnough;
    if (!plan.error.isEmpty() && askedCommon) {
        summary += u' ' + tr("Too few to compare on (at least %1, %2 of each label): compare them "
                             "on another benchmark.")
                              .arg(CrossRun::MinShared)
                              .arg(CrossRun::MinPerLabel);
        m_summary->setToolTip(plan.error);
    } else if (!plan.error.isEmpty()) {
        summary += u' ' + plan.error;
    } else {
        if (!m_commonEnough)
            summary += u' ' + tr("Too few to compare on (at least %1, %2 of each label).")
                                  .arg(CrossRun::MinShared)
                                  .arg(CrossRun::MinPerLabel);
        m_summary->setToolTip(QString());
        int positives = 0;
        for (const TestCase &t : plan.benchmark.prompts)
            positives += t.expectedTriggered ? 1 : 0;
        //: %1 prompts, %2 of them should trigger, %3 should pass.
        summary += u' ' + tr("Compared on %1 prompts (%2 should trigger, %3 should pass).")
                              .arg(plan.benchmark.prompts.size())
                              .arg(positives)
                              .arg(plan.benchmark.prompts.size() - positives);
    }
    m_summary->setText(summary);
    m_common->setEnabled(m_commonEnough);
    if (!m_group->checkedButton()) {
        const QSignalBlocker block(m_group);
        (m_common->isEnabled() ? m_common : m_oneRun)->setChecked(true);
    }
    m_choice->setVisible(m_offerChoice);
    updateChoice();
    if (firstOffer) {
        // Too few in common: the first run's benchmark is planned at once, so its cost shows;
        // the person may pick another.
        QMetaObject::invokeMethod(this, &CrossRunPlanBox::sourceChanged, Qt::QueuedConnection);
    }
    m_cost->setText(plan.error.isEmpty() ? costText(plan) : QString());
    m_start->setEnabled(plan.error.isEmpty() && !plan.toScan.isEmpty());
    setStage(plan.error.isEmpty() ? Stage::Ready : Stage::Planning);
}

void CrossRunPlanBox::updateChoice()
{
    m_run->setEnabled(m_oneRun->isChecked());
    m_csvPath->setEnabled(m_csv->isChecked());
    m_browse->setEnabled(m_csv->isChecked());
}

void CrossRunPlanBox::chooseCsv()
{
    auto *dialog = new QFileDialog(this, tr("Labelled Prompts"), m_csvPath->text(),
                                   tr("CSV files (*.csv);;All files (*)"));
    dialog->setObjectName(u"crossRunCsvDialog"_s);
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &path) {
        m_csvPath->setText(path);
        m_csv->setChecked(true);
        emit sourceChanged();
    });
    dialog->open();
}

std::optional<CrossRun::Source> CrossRunPlanBox::source() const
{
    if (!m_offerChoice || m_common->isChecked())
        return std::nullopt;
    if (m_oneRun->isChecked())
        return CrossRun::Source::Run;
    if (m_union->isChecked())
        return CrossRun::Source::Union;
    return CrossRun::Source::Csv;
}

QString CrossRunPlanBox::sourceDetail() const
{
    if (m_oneRun->isChecked())
        return m_run->currentData().toString();
    if (m_csv->isChecked())
        return m_csvPath->text().trimmed();
    return {};
}

void CrossRunPlanBox::setProgress(const QString &step, int done, int total)
{
    m_step->setText(step);
    m_progress->setRange(0, std::max(total, 1));
    m_progress->setValue(std::min(done, std::max(total, 1)));
}

void CrossRunPlanBox::setResumable(bool resumable)
{
    m_resumable = resumable;
    setStage(m_stage);
}

void CrossRunPlanBox::setStage(Stage stage, const QString &note)
{
    m_stage = stage;
    const bool scanning = stage == Stage::Scanning || stage == Stage::Cancelling;
    m_start->setVisible(stage == Stage::Ready || stage == Stage::Planning);
    const bool resumable = (stage == Stage::Cancelled || stage == Stage::Ready) && m_resumable;
    m_resume->setVisible(resumable);
    m_resume->setEnabled(resumable);
    m_cancel->setVisible(scanning);
    m_cancel->setEnabled(stage == Stage::Scanning);
    m_progress->setVisible(scanning);
    m_step->setVisible(scanning || !note.isEmpty());
    if (!note.isEmpty())
        m_step->setText(note);
    else if (stage == Stage::Cancelling)
        m_step->setText(tr("Cancelling: removing the scratch profile…"));
    m_choice->setEnabled(!scanning);
    if (stage == Stage::Planning)
        m_start->setEnabled(false);
}
