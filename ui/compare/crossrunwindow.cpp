#include "crossrunwindow.h"

#include "crossrunchart.h"
#include "crossruntexts.h"
#include "domain/nanoid.h"
#include "models/compare/leaderboardmodel.h"
#include "models/session/runfiles.h"
#include "reports/verdictcolours.h"
#include "ui/widgets/diffstyle.h"

#include <QBoxLayout>
#include <QCloseEvent>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTreeView>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

CrossRunWindow::CrossRunWindow(Setup setup, const QStringList &labels, QWidget *parent)
    : QDialog(parent)
    , m_setup(std::move(setup))
    , m_labels(labels)
{
    setObjectName(u"crossRunWindow"_s);
    setWindowFlag(Qt::Window); // a window of its own beside the main one, with its own size
    setWindowTitle(tr("Compare Runs"));
    setAccessibleName(tr("Compare runs on one benchmark"));

    m_planBox = new CrossRunPlanBox(this);
    m_message = new QLabel(this);
    m_message->setObjectName(u"crossRunMessage"_s);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();

    m_model = new LeaderboardModel(this);
    m_model->setRunDates(m_setup.runDates);
    m_sorted = new QSortFilterProxyModel(this);
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(LeaderboardModel::SortRole);
    m_view = new QTreeView(this);
    m_view->setObjectName(u"leaderboardView"_s);
    m_view->setAccessibleName(tr("Leaderboard"));
    m_view->setModel(m_sorted);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(LeaderboardModel::RankColumn, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setUniformRowHeights(true);
    m_view->setExpandsOnDoubleClick(false); // activation (Enter, double-click) toggles it, once
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The run's name takes what is left (whole in its tool tip); the figures and verdicts are
    // whole.
    m_view->header()->setSectionResizeMode(LeaderboardModel::RunColumn, QHeaderView::Stretch);
    m_view->header()->setMinimumSectionSize(fontMetrics().averageCharWidth() * 5);
    // Sized to the candidates' verdicts, not to the longer notes of expanded prompts
    // (showLeaderboard).
    m_view->header()->setSectionResizeMode(LeaderboardModel::VerdictColumn,
                                           QHeaderView::Interactive);
    auto *boardLabel = new QLabel(
        tr("&Leaderboard on the shared prompts (expand a row for the prompts that separate it "
           "from the leader):"),
        this);
    boardLabel->setWordWrap(true);
    boardLabel->setBuddy(m_view);
    auto *board = new QWidget(this);
    auto *boardLayout = new QVBoxLayout(board);
    boardLayout->setContentsMargins(0, 0, 0, 0);
    boardLayout->addWidget(boardLabel);
    boardLayout->addWidget(m_view, 1);

    m_chart = new CrossRunChart(this);
    m_texts = new CrossRunTexts(this);

    auto *upper = new QSplitter(Qt::Horizontal, this);
    upper->setObjectName(u"crossRunUpperSplitter"_s);
    upper->setChildrenCollapsible(false);
    upper->addWidget(board);
    upper->addWidget(m_chart);
    upper->setStretchFactor(0, 7);
    upper->setStretchFactor(1, 3);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(u"crossRunSplitter"_s);
    split->setChildrenCollapsible(false);
    split->addWidget(upper);
    split->addWidget(m_texts);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({460, 300});
    upper->setSizes({700, 300});

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_apply = buttons->addButton(tr("&Apply…"), QDialogButtonBox::ActionRole);
    m_apply->setObjectName(u"crossRunApply"_s);
    m_apply->setAutoDefault(false);
    buttons->button(QDialogButtonBox::Close)->setObjectName(u"crossRunClose"_s);
    buttons->button(QDialogButtonBox::Close)->setAutoDefault(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &CrossRunWindow::reject);
    connect(m_apply, &QPushButton::clicked, this, &CrossRunWindow::openApplyDialog);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_planBox);
    layout->addWidget(m_message);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);

    connect(m_planBox, &CrossRunPlanBox::sourceChanged, this, &CrossRunWindow::replan);
    connect(m_planBox, &CrossRunPlanBox::startRequested, this, &CrossRunWindow::start);
    connect(m_planBox, &CrossRunPlanBox::cancelRequested, this, &CrossRunWindow::cancelScan);
    connect(m_planBox, &CrossRunPlanBox::resumeRequested, this, &CrossRunWindow::resume);
    connect(&m_planWatcher, &QFutureWatcher<CrossRunComparison::Plan>::finished, this, [this] {
        if (m_replanAgain) {
            m_replanAgain = false;
            replan();
            return;
        }
        showPlan(m_planWatcher.result());
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        updateApply();
        m_texts->showColumn(selectedCandidate());
    });
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        if (!index.parent().isValid())
            m_view->setExpanded(index, !m_view->isExpanded(index));
    });

    resize(1180, 760);
    if (m_setup.loadGeometry)
        restoreGeometry(m_setup.loadGeometry());
    applyColors();
    updateApply();
    replan();
}

CrossRunWindow::~CrossRunWindow()
{
    m_planWatcher.waitForFinished(); // a plan reads run files on the pool: not past this window
}

void CrossRunWindow::replan()
{
    if (m_planWatcher.isRunning()) {
        m_replanAgain = true;
        return;
    }
    m_planBox->setStage(CrossRunPlanBox::Stage::Planning, tr("Reading the runs…"));
    CrossRunComparison::Request request;
    request.labels = m_labels;
    request.runsDirectory = m_setup.runsDirectory;
    request.source = m_planBox->source();
    request.sourceDetail = m_planBox->sourceDetail();
    const QString home = m_setup.comparisonsHome;
    m_planWatcher.setFuture(QtConcurrent::run([request, home] {
        CrossRunComparison::Plan plan = CrossRunComparison::plan(request);
        if (!home.isEmpty())
            plan.unfinishedId = CrossRunComparison::unfinished(home, plan);
        return plan;
    }));
}

void CrossRunWindow::showPlan(const CrossRunComparison::Plan &plan)
{
    m_plan = plan;
    // A new plan (another benchmark chosen): what could be resumed was the old one's.
    m_comparisonId.clear();
    m_planBox->setResumable(false);
    m_planBox->setPlan(plan);
    if (!plan.error.isEmpty())
        return;
    if (plan.toScan.isEmpty()) {
        showStored();
        return;
    }
    if (m_setup.makeComparison && !plan.unfinishedId.isEmpty()) {
        // Stopped in an earlier session (cancelled, or the app was closed or killed): Resume
        // scans only what it lacks, Start begins afresh.
        m_comparisonId = plan.unfinishedId;
        m_planBox->setResumable(true);
        m_planBox->setStage(CrossRunPlanBox::Stage::Ready,
                            tr("A comparison of these runs on this benchmark stopped before it "
                               "finished: Resume scans only what it lacks; Start begins afresh."));
        return;
    }
    if (!m_setup.makeComparison) {
        m_planBox->setStage(CrossRunPlanBox::Stage::Planning,
                            tr("Scanning needs AIRS: add its credentials in the settings, or pick "
                               "a benchmark every run "
                               "was scanned on."));
    }
}

void CrossRunWindow::showStored()
{
    QList<QList<TestResult>> results;
    for (const CrossRun::Candidate &c : std::as_const(m_plan.candidates))
        results.append(
            CrossRun::storedVerdicts(c, m_plan.benchmark.prompts).value_or(QList<TestResult>()));
    showLeaderboard(CrossRun::Leaderboard::build(m_plan.candidates, results, m_plan.benchmark,
                                                 m_plan.decisionSettings));
    m_planBox->setStage(CrossRunPlanBox::Stage::Done);
}

CrossRunComparison *CrossRunWindow::comparison()
{
    if (!m_comparison && m_setup.makeComparison) {
        m_comparison = m_setup.makeComparison(this);
        connect(m_comparison, &CrossRunComparison::progress, this,
                [this](const QString &step, int done, int total) {
                    m_planBox->setProgress(step, done, total);
                });
        connect(m_comparison, &CrossRunComparison::finished, this, &CrossRunWindow::finished);
        connect(m_comparison, &CrossRunComparison::cancelled, this, [this] {
            if (m_closing) {
                QDialog::reject();
                return;
            }
            m_planBox->setStage(
                CrossRunPlanBox::Stage::Cancelled,
                tr("Cancelled; the scratch profile was removed. What was scanned is kept."));
        });
    }
    return m_comparison;
}

void CrossRunWindow::start()
{
    if (!comparison())
        return;
    m_message->hide();
    m_comparisonId = NanoId::generate();
    m_planBox->setResumable(true);
    m_planBox->setStage(CrossRunPlanBox::Stage::Scanning);
    m_planBox->setProgress(tr("Starting…"), 0, m_plan.scans());
    m_comparison->start(m_comparisonId, m_plan);
}

void CrossRunWindow::resume()
{
    if (!comparison() || m_comparisonId.isEmpty())
        return;
    QString error;
    m_planBox->setStage(CrossRunPlanBox::Stage::Scanning);
    if (!m_comparison->resume(m_comparisonId, &error)) {
        m_planBox->setResumable(false);
        m_planBox->setStage(CrossRunPlanBox::Stage::Cancelled, error);
    }
}

void CrossRunWindow::cancelScan()
{
    if (m_comparison && m_planBox->stage() == CrossRunPlanBox::Stage::Scanning) {
        m_planBox->setStage(CrossRunPlanBox::Stage::Cancelling);
        m_comparison->cancel();
    }
}

void CrossRunWindow::finished(const CrossRun::Leaderboard &board, const QString &error,
                              const QString &cleanupProblems)
{
    if (m_closing) {
        QDialog::reject();
        return;
    }
    QStringList problems;
    if (!error.isEmpty())
        problems.append(error);
    if (!cleanupProblems.isEmpty())
        problems.append(
            tr("Left on AIRS (File ▸ Clean up AIRS… removes it): %1").arg(cleanupProblems));
    m_message->setVisible(!problems.isEmpty());
    m_message->setText(problems.join(u'\n'));
    if (!error.isEmpty()) {
        m_planBox->setStage(CrossRunPlanBox::Stage::Cancelled);
        return;
    }
    m_planBox->setResumable(false);
    m_planBox->setStage(CrossRunPlanBox::Stage::Done,
                        tr("Scanned; every scratch profile was removed."));
    showLeaderboard(board);
}

void CrossRunWindow::showLeaderboard(const CrossRun::Leaderboard &board)
{
    m_model->setLeaderboard(board);
    m_view->sortByColumn(LeaderboardModel::RankColumn, Qt::AscendingOrder);
    QList<CrossRun::Candidate> candidates;
    for (const CrossRun::Row &row : board.rows)
        candidates.append(row.candidate);
    m_chart->setCandidates(candidates);
    m_texts->setCandidates(candidates);
    if (m_sorted->rowCount() > 0) {
        m_view->setCurrentIndex(m_sorted->index(0, 0));
        m_view->selectionModel()->select(
            m_sorted->index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    int verdictWidth = m_view->header()->sectionSizeHint(LeaderboardModel::VerdictColumn);
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QString text = m_model->index(row, LeaderboardModel::VerdictColumn).data().toString();
        verdictWidth = std::max(verdictWidth, m_view->fontMetrics().horizontalAdvance(text) + 16);
    }
    m_view->setColumnWidth(LeaderboardModel::VerdictColumn, verdictWidth);
    m_view->setFocus(Qt::OtherFocusReason);
    updateApply();
}

int CrossRunWindow::selectedCandidate() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return m_model->rowCount() > 0 ? 0 : -1;
    return rows.first().data(LeaderboardModel::CandidateRole).toInt();
}

void CrossRunWindow::updateApply()
{
    const int at = selectedCandidate();
    const bool can = at >= 0 && m_setup.management;
    m_apply->setEnabled(can);
    if (!m_setup.management)
        m_apply->setToolTip(
            tr("Add the AIRS management credentials in the settings to apply a topic"));
    else if (at >= 0)
        //: %1 the candidate's run and iteration ("RUN:3").
        m_apply->setToolTip(
            tr("Apply the topic of %1 to its production profile, with an impact check first")
                .arg(m_model->leaderboard().rows.at(at).candidate.label));
    else
        m_apply->setToolTip(tr("Apply the selected candidate's topic to AIRS"));
}

void CrossRunWindow::openApplyDialog()
{
    const int at = selectedCandidate();
    if (at < 0 || !m_setup.management)
        return;
    if (m_applyDialog) {
        m_applyDialog->raise();
        m_applyDialog->activateWindow();
        return;
    }
    const CrossRun::Candidate candidate = m_model->leaderboard().rows.at(at).candidate;
    m_apply->setEnabled(false);
    RunFiles::loadInBackground(
        m_setup.runsDirectory, candidate.runId, this,
        [this, candidate](const RunStore::Loaded &loaded) {
            updateApply();
            if (!loaded.ok()) {
                m_message->setText(loaded.error);
                m_message->show();
                return;
            }
            m_applyDialog = new ApplyDialog(m_setup.management, m_setup.runsDirectory, loaded.run,
                                            candidate.iteration, this);
            m_applyDialog->setAttribute(Qt::WA_DeleteOnClose);
            m_applyDialog->controller()->setPropagationDelayMs(m_setup.propagationDelayMs);
            if (m_setup.impact)
                m_applyDialog->setImpactSource(*m_setup.impact);
            m_applyDialog->open();
        });
}

void CrossRunWindow::reject()
{
    rememberGeometry();
    if (m_comparison && m_planBox->stage() == CrossRunPlanBox::Stage::Scanning) {
        // The scan in flight stops and removes its scratch profile before the window goes.
        m_closing = true;
        cancelScan();
        return;
    }
    if (m_planBox->stage() == CrossRunPlanBox::Stage::Cancelling) {
        m_closing = true;
        return;
    }
    QDialog::reject();
}

void CrossRunWindow::closeEvent(QCloseEvent *event)
{
    const CrossRunPlanBox::Stage stage = m_planBox->stage();
    if (m_comparison && (stage == CrossRunPlanBox::Stage::Scanning ||
                         stage == CrossRunPlanBox::Stage::Cancelling)) {
        event->ignore(); // the scan stops and cleans up first; the window closes after
        reject();
        return;
    }
    rememberGeometry();
    QDialog::closeEvent(event);
}

void CrossRunWindow::changeEvent(QEvent *event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyColors();
}

void CrossRunWindow::applyColors()
{
    const DiffStyle style = DiffStyle::from(palette());
    // Within noise: the reports' "fair" colour, between the palette's better and worse.
    m_model->setColors(style.better, style.worse, QColor(QString(VerdictColours::fair)));
}

void CrossRunWindow::rememberGeometry()
{
    if (m_setup.saveGeometry)
        m_setup.saveGeometry(saveGeometry());
}
