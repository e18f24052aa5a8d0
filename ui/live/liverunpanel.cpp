#include "liverunpanel.h"

#include "addpromptsdialog.h"
#include "directionsview.h"
#include "domain/decision.h"
#include "efficacychartview.h"
#include "errorbanner.h"
#include "reports/displayformat.h"
#include "models/live/resultstablemodel.h"
#include "models/runsession.h"
#include "models/studiocontext.h"
#include "pinnedsize.h"
#include "proposalreviewpanel.h"
#include "sectionbox.h"
#include "stepstrip.h"
#include "topicview.h"
#include "usagestrip.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QScopeGuard>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTextCursor>
#include <QTimer>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
constexpr int RunningRole = Qt::UserRole + 1; // iteration choice: the one still running
}

LiveRunPanel::LiveRunPanel(RunSession *session, StudioContext *context, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    // The window's session belongs to the StudioContext, which steers the live run.
    , m_context(context)
    , m_model(new ResultsTableModel(session, this))
    , m_proxy(new ResultsFilterProxy(this))
{
    setObjectName(u"liveRunPanel"_s);
    setAccessibleName(tr("Live run"));
    m_proxy->setSourceModel(m_model);

    m_errorBanner = new ErrorBanner(this);
    m_steps = new StepStrip(this);
    m_iterationChoice = new QComboBox(this);
    m_iterationChoice->setObjectName(u"iterationChoice"_s);
    m_iterationChoice->setAccessibleName(tr("Iteration shown"));
    m_iterationChoice->setToolTip(tr("The iteration whose results and topic are shown"));
    m_iterationChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *choiceLabel = new QLabel(tr("&Show:"), this);
    choiceLabel->setBuddy(m_iterationChoice);

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(u"scanProgress"_s);
    m_progress->setAccessibleName(tr("Scan progress"));
    m_progress->setTextVisible(true);
    m_rateLabel = new QLabel(this);
    m_rateLabel->setObjectName(u"scanRate"_s);
    m_rateLabel->setAccessibleName(tr("Scan rate and time left"));
    m_rateLabel->setToolTip(tr("Scans per second over the last few seconds, and the time the scan "
                               "step needs at that rate"));
    m_rateLabel->setText(ScanRate().text()); // pinned at this width at least: see updateRate()
    pinSize(m_rateLabel);
    m_rateLabel->hide();
    m_clock.start();

    m_stepMode = new QCheckBox(tr("Step mode: review each proposal"), this);
    m_stepMode->setObjectName(u"liveStepModeCheck"_s);
    m_stepMode->setAccessibleName(tr("Step mode"));
    m_stepMode->setToolTip(tr("The run waits after each proposed topic: accept it, edit it or ask "
                              "for another one. Off, the run goes on by itself."));
    m_review = new ProposalReviewPanel(session, m_context, this);

    m_topic = new TopicView(this);
    auto *topicBox = new SectionBox(tr("Topic"), this);
    (new QVBoxLayout(topicBox))->addWidget(m_topic);

    m_log = new QPlainTextEdit(this);
    m_log->setObjectName(u"eventLog"_s);
    m_log->setAccessibleName(tr("Event log"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(MaxLogLines);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // The results and the event log share one place, as tabs, and so does a proposal to
    // review while one waits: none is squeezed out of sight by another (a splitter pane could
    // be dragged, or sized, to nothing), and the proposal gets the page's whole height and
    // width (the topic it replaces is in its diff). The results stay one tab away.
    m_lowerTabs = new QTabWidget(this);
    m_lowerTabs->setObjectName(u"resultsLogTabs"_s);
    m_lowerTabs->setDocumentMode(true);
    m_lowerTabs->addTab(createResultsArea(), tr("Resul&ts"));
    m_lowerTabs->addTab(m_log, tr("&Event log"));
    m_directions = new DirectionsView(this);
    m_lowerTabs->addTab(m_directions, tr("Responses && re&writes"));
    m_lowerTabs->setTabVisible(m_lowerTabs->indexOf(m_directions), false);
    m_review->setParent(m_lowerTabs);
    m_review->hide();
    // The log follows its newest lines while it is out of sight too: shown again, it is at
    // its end, unless the person had scrolled back in it.
    connect(m_lowerTabs, &QTabWidget::currentChanged, this, [this] {
        QScrollBar *bar = m_log->verticalScrollBar();
        if (m_lowerTabs->currentWidget() != m_log) {
            if (m_logShown)
                m_logFollows = bar->value() >= bar->maximum();
            m_logShown = false;
            return;
        }
        m_logShown = true;
        if (m_logFollows) {
            m_log->moveCursor(QTextCursor::End);
            bar->setValue(bar->maximum());
            // Laid out for its new size only now: once more when that is done.
            QTimer::singleShot(0, m_log, [bar] { bar->setValue(bar->maximum()); });
        }
    });

    auto *sides = new QSplitter(Qt::Horizontal, this);
    sides->setObjectName(u"resultsTopicSplitter"_s);
    sides->setChildrenCollapsible(false);
    sides->addWidget(m_lowerTabs);
    sides->addWidget(topicBox);
    sides->setStretchFactor(0, 3);
    sides->setStretchFactor(1, 1);
    const auto showReview = [this, topicBox](bool shown) {
        const int at = m_lowerTabs->indexOf(m_review);
        if (shown && at < 0) {
            m_lowerTabs->insertTab(0, m_review, tr("Proposal to rev&iew"));
            m_lowerTabs->setCurrentIndex(0);
        } else if (!shown && at >= 0) {
            const bool current = m_lowerTabs->currentIndex() == at;
            m_lowerTabs->removeTab(at);
            m_review->hide();
            if (current)
                m_lowerTabs->setCurrentIndex(0); // the results
        }
        topicBox->setVisible(!shown);
    };
    connect(m_review, &ProposalReviewPanel::shownChanged, this, showReview);
    showReview(m_review->isShown());

    auto *header = new QHBoxLayout;
    header->addWidget(m_steps, 1);
    header->addWidget(choiceLabel);
    header->addWidget(m_iterationChoice);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_errorBanner);
    layout->addLayout(header);
    auto *progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_rateLabel);
    progressRow->addWidget(m_stepMode);
    // Prompts a person adds while the run runs: scanned from the next iteration on.
    auto *addPrompts = new QPushButton(tr("Add prompts…"), this);
    addPrompts->setObjectName(u"addPromptsButton"_s);
    addPrompts->setToolTip(tr("Add labelled prompts to the working suite or the benchmark"));
    connect(addPrompts, &QPushButton::clicked, this, [this] { AddPromptsDialog::openFor(m_context, window()); });
    const auto enableAdd = [this, addPrompts] { addPrompts->setEnabled(m_context && m_context->isSessionLive()); };
    connect(session, &RunSession::liveChanged, addPrompts, enableAdd);
    connect(session, &RunSession::reset, addPrompts, enableAdd);
    if (m_context)
        connect(m_context, &StudioContext::runActiveChanged, addPrompts, enableAdd);
    enableAdd();
    progressRow->addWidget(addPrompts);
    layout->addLayout(progressRow);
    m_usage = new UsageStrip(session, this);
    layout->addWidget(m_usage);
    layout->addWidget(sides, 1);

    connect(session, &RunSession::reset, this, &LiveRunPanel::onReset);
    connect(session, &RunSession::stepModeChanged, this, &LiveRunPanel::updateStepMode);
    connect(m_stepMode, &QCheckBox::clicked, this, [this](bool on) {
        if (m_context)
            m_context->steer(SteeringRequest::stepMode(on));
    });
    if (m_context)
        connect(m_context, &StudioContext::runActiveChanged, this, &LiveRunPanel::updateStepMode);
    connect(session, &RunSession::stepChanged, m_steps, &StepStrip::setSessionStep);
    connect(session, &RunSession::stepChanged, this, [this] {
        m_rate.reset();
        updateRate();
        if (m_session->scanTotal() <= 0) // the bar says what the run waits for
            setProgress(m_session->scanCompleted(), m_session->scanTotal());
    });
    connect(session, &RunSession::iterationStarted, this, [this] {
        updateIterationLabel();
        m_rate.reset();
        setProgress(0, 0);
        updateIterationChoices();
    });
    // QProgressBar::setValue() repaints synchronously: a burst of scans must cost one paint.
    m_progressTimer.setSingleShot(true);
    m_progressTimer.setInterval(ProgressIntervalMs);
    connect(&m_progressTimer, &QTimer::timeout, this,
            [this] { setProgress(m_session->scanCompleted(), m_session->scanTotal()); });
    connect(session, &RunSession::scanProgress, this, [this](int completed, int total) {
        m_rate.add(completed, total, m_clock.elapsed());
        // The last scan is drawn at once: the next step may start (and reset the bar) before
        // the timer fires, and a finished scan must be seen as N/N.
        if (total > 0 && completed >= total)
            return setProgress(completed, total);
        if (!m_progressTimer.isActive())
            m_progressTimer.start();
    });
    connect(session, &RunSession::topicChanged, this, &LiveRunPanel::updateTopic);
    // While a proposal waits for the person, the results it was made from stay in view: the
    // iteration it belongs to has none yet (issue 40). Back to the live one once decided.
    connect(session, &RunSession::proposalReady, this, [this] {
        const IterationResult *last = m_session->run().lastRecorded();
        if (last && m_model->isFollowingLive() && m_model->rowCount() == 0 && m_model->setIteration(last->iteration))
            m_reviewShowsPrevious = true;
    });
    connect(session, &RunSession::proposalDecided, this, [this] {
        if (std::exchange(m_reviewShowsPrevious, false))
            m_model->followLive();
    });
    connect(session, &RunSession::logged, m_log, &QPlainTextEdit::appendPlainText);
    connect(session, &RunSession::failed, m_errorBanner, &ErrorBanner::showError);
    connect(session, &RunSession::runUpdated, this, &LiveRunPanel::updateIterationChoices);
    connect(session, &RunSession::runUpdated, this, &LiveRunPanel::updateDirections);
    connect(session, &RunSession::liveChanged, this, [this](bool live) {
        if (!live && m_session->run().status != RunStatus::Failed)
            m_steps->setActiveStep(-1); // keep a failed run's step lit: it shows where it stopped
        showProgress();
        updateRate();
        updateIterationChoices();
        updateStepMode();
    });
    m_filterCountTimer.setSingleShot(true);
    m_filterCountTimer.setInterval(FilterCountIntervalMs);
    connect(&m_filterCountTimer, &QTimer::timeout, this, [this] {
        if (std::exchange(m_filterCountsPending, false)) {
            updateFilterLabels();
            m_filterCountTimer.start();
        }
    });
    // The first change shows at once; the ones that follow within the interval, at its end.
    connect(m_model, &ResultsTableModel::countsChanged, this, [this] {
        if (m_filterCountTimer.isActive()) {
            m_filterCountsPending = true;
            return;
        }
        updateFilterLabels();
        m_filterCountTimer.start();
    });
    // A run not live counts the results shown: they may be filled in after it stopped.
    connect(m_model, &ResultsTableModel::countsChanged, this, [this] {
        if (!m_session->isLive())
            showProgress();
    });
    connect(m_model, &ResultsTableModel::shownIterationChanged, this, [this] {
        if (!m_session->isLive())
            showProgress();
        updateTopic();
        updateIterationChoices();
        updateDirections();
    });
    connect(m_iterationChoice, &QComboBox::activated, this, [this](int index) {
        if (m_iterationChoice->itemData(index, RunningRole).toBool())
            m_model->followLive();
        else
            m_model->setIteration(m_iterationChoice->itemData(index).toInt());
    });
    onReset();
}

LiveRunPanel::~LiveRunPanel() = default;

void LiveRunPanel::updateDirections()
{
    const RunState &run = m_session->run();
    const RunSettings &in = run.userInput;
    const bool shown = in.responseTests > 0 || !in.robustnessFamilies.isEmpty();
    const int at = m_lowerTabs->indexOf(m_directions);
    // Only when it changes (issue 58): Qt 6.4's QTabBar::setTabVisible() forgets that a hidden
    // bar's tabs still need laying out when it is called again with the same value, so a run
    // opened while the Live page was out of sight (runUpdated follows reset) left the tab
    // without a place in the bar until the window was resized.
    if (m_lowerTabs->isTabVisible(at) != shown)
        m_lowerTabs->setTabVisible(at, shown);
    if (!shown)
        return;
    // The iteration the results show; while the running one has no record yet, the last one.
    const IterationResult *it = run.iterationByNumber(m_model->shownIteration());
    const bool live = !it && m_model->isFollowingLive();
    if (live)
        it = run.lastRecorded();
    m_directions->show(it, in, live);
}

bool LiveRunPanel::showIteration(int iteration)
{
    return m_model->setIteration(iteration);
}

void LiveRunPanel::followLive()
{
    m_model->followLive();
}

bool LiveRunPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (m_resultsView && watched == m_resultsView->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

void LiveRunPanel::followChart(EfficacyChartView *chart)
{
    connect(chart, &EfficacyChartView::iterationActivated, this, [this](int iteration) {
        showIteration(iteration);
        emit compareIterationRequested(iteration);
    });
}

void LiveRunPanel::updateIterationLabel()
{
    m_steps->setIteration(m_session->currentIteration(), m_session->run().userInput.maxIterations);
}

void LiveRunPanel::updateRate()
{
    // Only while scans are still to come: once the last is in, the next step is moments away.
    const bool scanning = m_session->isLive() && m_session->step() == "scan"_L1 &&
                          (m_session->scanTotal() == 0 || m_session->scanCompleted() < m_session->scanTotal());
    m_rateLabel->setVisible(scanning);
    if (scanning) {
        if (const QString text = m_rate.text(); text != m_rateLabel->text()) {
            m_rateLabel->setText(text);
            pinSize(m_rateLabel, m_rateLabel->fontMetrics().averageCharWidth() * 4);
        }
    }
}

void LiveRunPanel::onReset()
{
    if (m_session->lastError().isEmpty())
        m_errorBanner->hide();
    else
        m_errorBanner->showError(m_session->lastError());
    updateIterationLabel();
    m_rate.reset();
    updateRate();
    m_steps->setActiveStep(m_session->isLive() ? StepStrip::stepFor(m_session->step()) : -1);
    showProgress();
    const QStringList &log = m_session->log();
    m_log->setPlainText(log.mid(qMax(0, int(log.size()) - MaxLogLines)).join(u'\n'));
    m_log->moveCursor(QTextCursor::End); // the newest lines in view; appends then follow them
    m_log->ensureCursorVisible();
    updateIterationChoices();
    updateTopic();
    updateFilterLabels();
    updateStepMode();
    updateDirections();
}

int LiveRunPanel::scansOf(const IterationResult &it, const RunSettings &settings)
{
    // As the scan step sends them: the working suite, each benchmark prompt `scanRepeats`
    // times, the response tests and the rewrites.
    int scans = int(it.testResults.size()) + int(it.robustness.size());
    if (it.benchmark)
        scans += int(it.benchmark->results.size()) * std::max(1, settings.scanRepeats);
    if (it.responses)
        scans += int(it.responses->results.size());
    return scans;
}

void LiveRunPanel::showProgress()
{
    if (m_session->isLive())
        return setProgress(m_session->scanCompleted(), m_session->scanTotal());
    // A stored run, or one that just ended (its last step may have scanned nothing, issue 58):
    // the scans of the iteration shown, as its scan step counted them while it ran.
    const RunState &run = m_session->run();
    if (const IterationResult *it = run.iterationByNumber(m_model->shownIteration())) {
        const int scans = scansOf(*it, run.userInput);
        return setProgress(scans, scans);
    }
    const ResultsTableModel::Counts c = m_model->counts(); // one left unfinished: its rows
    setProgress(c.total, c.total);
}

void LiveRunPanel::setProgress(int completed, int total)
{
    m_progressTimer.stop();
    // QProgressBar::setValue() paints the bar at once (QWidget::repaint()), in the middle of
    // whatever signal changed it: at an iteration's start that was a paint of its own on top of
    // the frame's. With updates held off, the bar is only marked and is painted with the frame.
    m_progress->setUpdatesEnabled(false);
    const auto paintWithFrame = qScopeGuard([this] { m_progress->setUpdatesEnabled(true); });
    if (total <= 0) {
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
        m_progress->setFormat(m_session->isLive() ? waitingText(m_session->step()) : tr("No scans"));
        return;
    }
    // The usage line's scans are shown in the same pass as the bar's: read at one moment, the
    // two never disagree while scans stream in (issue 58; the line alone refreshes 4× a second).
    if (m_session->isLive())
        m_usage->refresh();
    m_progress->setRange(0, total);
    m_progress->setValue(qBound(0, completed, total));
    m_progress->setFormat(tr("%1/%2 scanned").arg(QLocale().toString(qBound(0, completed, total)), QLocale().toString(total)));
    updateRate();
}

QString LiveRunPanel::waitingText(const QString &step)
{
    // What a live run with no scan under way waits for (issue 40): not always scans.
    if (step == "review"_L1)
        return tr("Waiting for your decision on the proposal…");
    if (step == "apply"_L1)
        return tr("Deploying the topic; the scans start once AIRS has it…");
    if (step == "generate"_L1 || step == "analyze"_L1 || step == "test"_L1 || step == "recover"_L1
        || step == "benchmark"_L1 || step == "load-memory"_L1)
        return tr("Waiting for the LLM…");
    if (step == "finish"_L1 || step == "clean-up"_L1)
        return tr("Finishing the run…");
    return tr("Waiting for scans…");
}

void LiveRunPanel::updateIterationChoices()
{
    const QSignalBlocker blocker(m_iterationChoice);
    const RunState &run = m_session->run();
    const int current = m_session->currentIteration();
    struct Choice
    {
        QString text;
        int iteration;
        bool running;
    };
    QList<Choice> choices;
    // The iteration in progress (or the one a stopped run left unfinished) has no record yet.
    const bool unrecorded = current > 0 && !run.iterationByNumber(current);
    if (unrecorded && (m_session->isLive() || m_model->shownIteration() == current))
        choices.append({m_session->isLive() ? tr("Iteration %1 (running)").arg(current)
                                            : tr("Iteration %1 (unfinished)").arg(current),
                        current, true});
    for (auto it = run.iterations.crbegin(); it != run.iterations.crend(); ++it)
        choices.append({tr("Iteration %1 — coverage %2")
                            .arg(it->iteration)
                            .arg(DisplayFormat::percent(Decision(run.userInput).coverage(*it))),
                        it->iteration, false});
    // Refilled only when the choices changed: a refill resizes the box, which re-lays out the
    // window, and this runs on every update of the run.
    bool same = m_iterationChoice->count() == choices.size();
    for (int i = 0; same && i < choices.size(); ++i)
        same = m_iterationChoice->itemText(i) == choices.at(i).text &&
               m_iterationChoice->itemData(i).toInt() == choices.at(i).iteration &&
               m_iterationChoice->itemData(i, RunningRole).toBool() == choices.at(i).running;
    if (!same) {
        m_iterationChoice->clear();
        for (const Choice &choice : std::as_const(choices)) {
            m_iterationChoice->addItem(choice.text, choice.iteration);
            if (choice.running)
                m_iterationChoice->setItemData(m_iterationChoice->count() - 1, true, RunningRole);
        }
    }
    const bool running = m_model->isFollowingLive() && m_iterationChoice->count() > 0 &&
                         m_iterationChoice->itemData(0, RunningRole).toBool();
    const int index = running ? 0 : m_iterationChoice->findData(m_model->shownIteration());
    m_iterationChoice->setCurrentIndex(index);
    m_iterationChoice->setEnabled(m_iterationChoice->count() > 0);
}

void LiveRunPanel::updateTopic()
{
    const int shown = m_model->shownIteration();
    const QString caption = shown > 0 ? tr("Iteration %1").arg(shown) : QString();
    if (!m_model->isFollowingLive()) {
        if (const IterationResult *it = m_session->run().iterationByNumber(shown))
            return m_topic->setTopic(it->topic, caption);
    }
    m_topic->setTopic(m_session->currentTopic(), caption);
}

void LiveRunPanel::updateStepMode()
{
    const bool on = m_session->run().steering.stepMode;
    const QSignalBlocker blocker(m_stepMode);
    m_stepMode->setChecked(on);
    // Only a run driven now can be switched; a stored one shows how it ran.
    m_stepMode->setEnabled(m_context && m_context->isSessionLive());
    m_steps->setReviewShown(on);
}
