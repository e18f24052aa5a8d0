#include "comparepanel.h"

#include "applydialog.h"
#include "benchmarkgrid.h"
#include "comparescrollareas.h"
#include "ui/widgets/diffstyle.h"
#include "domain/decision.h"
#include "flipspanel.h"
#include "ui/widgets/labelcorrectionmenu.h"
#include "metricdeltatable.h"
#include "models/compare/benchmarkgridmodel.h"
#include "models/session/productioncheck.h"
#include "models/compare/testflipmodel.h"
#include "reports/displayformat.h"
#include "models/runsession.h"
#include "models/studiocontext.h"
#include "ui/widgets/heightcachinglabel.h"
#include "ui/widgets/hiddenpage.h"
#include "ui/widgets/wheelguard.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QEvent>
#include <QHash>
#include <QLabel>
#include <QLocale>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>

using namespace Qt::StringLiterals;


ComparePanel::ComparePanel(RunSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(u"comparePanel"_s);
    setAccessibleName(tr("Compare iterations"));
    buildUi();
    connect(session, &RunSession::reset, this, [this] {
        m_userPicked = false;
        repopulateWhenSeen();
    });
    connect(session, &RunSession::runUpdated, this, &ComparePanel::repopulateWhenSeen);
    connect(session, &RunSession::liveChanged, this, &ComparePanel::updateApplyButton);
    repopulate();
}

ComparePanel::~ComparePanel() = default;

void ComparePanel::buildUi()
{
    m_a = new QComboBox(this);
    m_a->setObjectName(u"compareIterationA"_s);
    m_a->setAccessibleName(tr("Iteration A (before)"));
    m_b = new QComboBox(this);
    m_b->setObjectName(u"compareIterationB"_s);
    m_b->setAccessibleName(tr("Iteration B (after)"));
    auto *labelA = new QLabel(tr("Compar&e iteration A:"), this);
    labelA->setBuddy(m_a);
    auto *labelB = new QLabel(tr("with iteration &B:"), this);
    labelB->setBuddy(m_b);
    auto *swap = new QToolButton(this);
    swap->setObjectName(u"swapIterationsButton"_s);
    swap->setText(tr("⇄ Swap"));
    swap->setAccessibleName(tr("Swap iterations A and B"));
    swap->setToolTip(tr("Swap A and B (Ctrl+Shift+S)"));
    swap->setShortcut(QKeySequence(tr("Ctrl+Shift+S")));
    connect(swap, &QToolButton::clicked, this,
            [this] { selectIterations(iterationB(), iterationA()); });
    for (QComboBox *combo : {m_a, m_b}) {
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            if (m_populating)
                return;
            m_userPicked = true;
            compare();
        });
    }
    m_verdict = new HeightCachingLabel(this);
    m_verdict->setObjectName(u"compareVerdict"_s);
    m_verdict->setAccessibleName(tr("Is B better than A?"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary = new HeightCachingLabel(this);
    m_summary->setObjectName(u"compareSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *pick = new QHBoxLayout;
    pick->addWidget(labelA);
    pick->addWidget(m_a, 1);
    pick->addSpacing(12);
    pick->addWidget(labelB);
    pick->addWidget(m_b, 1);
    pick->addWidget(swap);

    // Topic: description diff and example lists.
    m_description = new QTextBrowser(this);
    m_description->setObjectName(u"descriptionDiff"_s);
    m_description->setAccessibleName(tr("Description changes"));
    m_description->setOpenLinks(false);
    // Its headings and a few lines of the description in sight, whatever the window's height.
    m_description->setMinimumHeight(m_description->fontMetrics().lineSpacing() * 7 + 2 * m_description->frameWidth() + 8);
    m_added = new QListWidget(this);
    m_added->setObjectName(u"examplesAdded"_s);
    m_added->setAccessibleName(tr("Examples added in B"));
    m_removed = new QListWidget(this);
    m_removed->setObjectName(u"examplesRemoved"_s);
    m_removed->setAccessibleName(tr("Examples removed from A"));
    for (QListWidget *list : {m_added, m_removed}) {
        list->setWordWrap(true);
        list->setTextElideMode(Qt::ElideNone);
        list->setUniformItemSizes(false);
        // Three examples in sight (a wrapped one is taller): the page scrolls before they shrink.
        list->setMinimumHeight((list->fontMetrics().lineSpacing() + 8) * 3 + 2 * list->frameWidth());
    }
    auto *addedLabel = new QLabel(tr("Examples a&dded"), this);
    addedLabel->setBuddy(m_added);
    auto *removedLabel = new QLabel(tr("E&xamples removed"), this);
    removedLabel->setBuddy(m_removed);
    auto *examples = new QGridLayout;
    examples->addWidget(addedLabel, 0, 0);
    examples->addWidget(removedLabel, 0, 1);
    examples->addWidget(m_added, 1, 0);
    examples->addWidget(m_removed, 1, 1);
    examples->setRowStretch(1, 1);
    auto *topicPage = new QWidget(this);
    topicPage->setObjectName(u"topicChangesPage"_s);
    auto *topicLayout = new QVBoxLayout(topicPage);
    topicLayout->setContentsMargins(0, 6, 0, 0);
    topicLayout->addWidget(m_description, 3);
    topicLayout->addLayout(examples, 2);

    // The table without a box around it: its header names it, and the box's title cost the
    // rows of a table below on a small screen.
    m_metrics = new MetricDeltaTable(this);
    m_metrics->setAccessibleName(tr("Metrics"));
    auto *metricsBox = new QWidget(this);
    metricsBox->setObjectName(u"compareMetricsBox"_s);
    auto *metricsLayout = new QVBoxLayout(metricsBox);
    metricsLayout->setContentsMargins(0, 0, 0, 0);
    metricsLayout->addWidget(m_metrics);
    metricsLayout->addStretch(1);
    // One short line; the whole explanation is its tooltip (room is short on a small screen).
    auto *legend = new HeightCachingLabel(tr("▲▼ from A to B: green better, red worse; pp = percentage points"), this);
    legend->setObjectName(u"metricLegend"_s);
    legend->setWordWrap(true);
    legend->setToolTip(tr("▲/▼ show which way a metric moved from A to B; green is better, red "
                          "is worse. Rates change in percentage points (pp); for false positives "
                          "and false negatives fewer is better."));
    m_metrics->setToolTip(legend->toolTip());

    m_flips = new FlipsPanel(this);
    m_grid = new BenchmarkGrid(this);
    connect(m_grid, &BenchmarkGrid::iterationActivated, this, &ComparePanel::showIteration);
    // The details, one at a time with the whole height: what changed in the topic, which tests
    // flipped, the benchmark grid. Above them stays what decides: the metrics and the verdict.
    m_lower = new QTabWidget(this);
    m_lower->setObjectName(u"compareLowerTabs"_s);
    m_lower->setDocumentMode(true); // no frame: its rows go to the tables
    m_lower->addTab(topicPage, tr("&Topic changes"));
    m_lower->addTab(m_flips, tr("Tests that fl&ipped"));
    m_lower->addTab(m_grid, tr("Benchmark &grid"));
    // Right-click (or Ctrl+L on) a test to mark its expected label as wrong. The window's
    // session belongs to the StudioContext, which changes the live run or the stored one.
    if (auto *context = qobject_cast<StudioContext *>(m_session->parent())) {
        LabelCorrectionMenu::install(m_flips->view(), context, TestFlipModel::PromptRole, TestFlipModel::ExpectedRole);
        LabelCorrectionMenu::install(m_grid->view(), context, BenchmarkGridModel::PromptRole,
                                     BenchmarkGridModel::ExpectedRole);
    }

    m_apply = new QPushButton(this);
    m_apply->setObjectName(u"applyIterationButton"_s);
    m_apply->setAccessibleName(tr("Apply iteration B to AIRS"));
    m_apply->setShortcut(QKeySequence(tr("Ctrl+Shift+A")));
    connect(m_apply, &QPushButton::clicked, this, [this] { openApplyDialog(); });
    // Said under the summary: the metrics box has no room to spare.
    m_versionNote = new HeightCachingLabel(this);
    m_versionNote->setObjectName(u"benchmarkVersionNote"_s);
    m_versionNote->setWordWrap(true);
    m_versionNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_versionNote->hide();
    m_production = new HeightCachingLabel(this);
    m_production->setObjectName(u"compareProduction"_s);
    m_production->setWordWrap(true);
    m_production->setTextFormat(Qt::RichText);
    m_production->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_production->hide();
    // Revert lives in the Apply dialog (with its confirmation): open it on the applied one.
    connect(m_production, &QLabel::linkActivated, this, [this] { openApplyDialog(); });
    m_productionCheck = new ProductionCheck(this);
    connect(m_productionCheck, &ProductionCheck::stateChanged, this, &ComparePanel::updateApplyButton);
    // Beside the metrics: the summary, the verdict, what is in production, and Apply.
    auto *verdictPane = new QWidget(this);
    verdictPane->setObjectName(u"compareVerdictPane"_s);
    auto *texts = new QVBoxLayout(verdictPane);
    texts->setContentsMargins(0, 0, 0, 0);
    texts->addWidget(m_summary);
    texts->addWidget(m_versionNote);
    texts->addWidget(m_verdict);
    texts->addWidget(m_production);
    texts->addWidget(legend);
    texts->addStretch(1);

    // Laid out, not split: the verdict's wrapped lines get the height their width needs (a
    // splitter does not ask its panes for that), and the details take the rest.
    auto *top = new QWidget(this);
    top->setObjectName(u"compareTop"_s);
    auto *topLayout = new QHBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(metricsBox);
    // In a scroll area only for a window too short for it (1.5× on a small screen, a long
    // German verdict): its lines then scroll instead of being cut off. Its height is the
    // pane's height for its width, so at ordinary sizes there is nothing to scroll.
    // Apply stays below it, always in view.
    auto *verdictColumn = new QVBoxLayout;
    verdictColumn->addWidget(new VerdictScrollArea(verdictPane, this), 1);
    verdictColumn->addWidget(m_apply, 0, Qt::AlignRight);
    topLayout->addLayout(verdictColumn, 1);

    // The whole page scrolls when the window is too short for it (its minimum size, 1.5× on a
    // small screen, German; issue 58): every part keeps the height it needs to be read — the
    // description and the example lists their lines, the tables three rows — instead of being
    // squeezed under one another. With room to spare nothing scrolls and the details take it.
    auto *content = new QWidget(this);
    content->setObjectName(u"compareContent"_s);
    auto *layout = new QVBoxLayout(content);
    layout->addLayout(pick);
    layout->addWidget(top);
    layout->addWidget(m_lower, 1);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(new PageScrollArea(content, this));
    // The wheel scrolls the page: it never picks another iteration, nor another tab of the
    // details, that passes under the pointer (unless the person gave it focus first).
    WheelGuard::install(this);
    if (QObject *guard = findChild<QObject *>(u"wheelGuard"_s, Qt::FindDirectChildrenOnly))
        m_lower->tabBar()->installEventFilter(guard);
    setTabOrder(m_a, m_b);
    setTabOrder(m_b, swap);
}

void ComparePanel::setManagementClient(ManagementClient *client, const QString &runsDirectory, int propagationDelayMs)
{
    m_client = client;
    m_runsDirectory = runsDirectory;
    m_propagationDelayMs = propagationDelayMs;
    m_productionCheck->setClient(client);
    m_productionChecked.clear(); // another tenant: check again
    updateApplyButton();
}

int ComparePanel::iterationA() const
{
    catchUp();
    return m_a->currentData().toInt();
}

int ComparePanel::iterationB() const
{
    catchUp();
    return m_b->currentData().toInt();
}

void ComparePanel::selectIterations(int a, int b)
{
    catchUp();
    const int ia = m_a->findData(a);
    const int ib = m_b->findData(b);
    if (ia < 0 || ib < 0)
        return;
    m_populating = true;
    m_a->setCurrentIndex(ia);
    m_b->setCurrentIndex(ib);
    m_populating = false;
    m_userPicked = true;
    compare();
}

void ComparePanel::showIteration(int iteration)
{
    if (!m_session)
        return;
    catchUp();
    // B is the clicked iteration (what Apply would apply), A the one before it. The first has
    // none before it: then A is the best (or, when it is the best, the next) — never B itself
    // (issue 40).
    const RunState &run = m_session->run();
    int previous = 0, next = 0;
    for (const IterationResult &it : run.iterations) {
        if (it.iteration < iteration && it.iteration > previous)
            previous = it.iteration;
        if (it.iteration > iteration && (next == 0 || it.iteration < next))
            next = it.iteration;
    }
    if (previous > 0)
        selectIterations(previous, iteration);
    else if (run.bestIteration > 0 && run.bestIteration != iteration && run.iterationByNumber(run.bestIteration))
        selectIterations(run.bestIteration, iteration);
    else
        selectIterations(next > 0 ? next : iteration, iteration);
}

void ComparePanel::repopulateWhenSeen()
{
    // Comparing (word diff, flips, the benchmark grid) at every iteration of a live run cost
    // the window several milliseconds while the person watched the Live page.
    if (onHiddenPage(this))
        m_stale = true;
    else
        repopulate();
}

void ComparePanel::catchUp() const
{
    // Logically const: shows the run as it is.
    auto *self = const_cast<ComparePanel *>(this);
    if (m_stale)
        self->repopulate();
    self->showAllParts();
}

void ComparePanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_productionChecked.clear(); // production may have changed while the page was away
    updateApplyButton();
    if (m_stale) {
        catchUpAfterFirstFrame(this, [this] {
            if (m_stale)
                repopulate(Pace::OnePartPerPass);
        });
    }
}

void ComparePanel::repopulate(Pace pace)
{
    m_stale = false;
    m_partsBehind |= GridPart;
    const RunState &run = m_session->run();
    const int keepA = m_a->currentData().toInt();
    const int keepB = m_b->currentData().toInt();
    m_populating = true;
    m_a->clear();
    m_b->clear();
    const bool versions = run.steering.benchmarkVersion() > 1;
    for (const IterationResult &it : run.iterations) {
        QString text =
            tr("#%1 — %2 coverage").arg(it.iteration).arg(DisplayFormat::percent(Decision(run.userInput).coverage(it)));
        // Each figure is on its own benchmark version.
        if (versions && it.benchmark && !run.userInput.decideOnWorkingSuite)
            text += tr(" (benchmark v%1)").arg(it.benchmark->version);
        if (it.iteration == run.bestIteration)
            text += tr(" (best)");
        m_a->addItem(text, it.iteration);
        m_b->addItem(text, it.iteration);
    }
    const bool keep = m_userPicked && m_a->findData(keepA) >= 0 && m_b->findData(keepB) >= 0;
    if (keep) {
        m_a->setCurrentIndex(m_a->findData(keepA));
        m_b->setCurrentIndex(m_b->findData(keepB));
    } else {
        m_userPicked = false;
        selectDefaults();
    }
    m_populating = false;
    m_a->setEnabled(m_a->count() > 0);
    m_b->setEnabled(m_b->count() > 0);
    compare(pace);
}

void ComparePanel::selectDefaults()
{
    const RunState &run = m_session->run();
    if (run.iterations.isEmpty())
        return;
    // B is what Apply offers: a finished run's best iteration (issue 58), a live run's newest.
    const IterationResult *b = m_session->isLive() ? run.lastRecorded() : run.bestResult();
    // A is what B would replace or improve on: the iteration of this run in production, else
    // the one recorded before B, else (B is the first) the newest — never B itself while the
    // run has another.
    int a = productionIteration();
    if (a == b->iteration || !run.iterationByNumber(a)) {
        a = b->iteration;
        for (const IterationResult &it : run.iterations) {
            if (it.iteration < b->iteration)
                a = it.iteration; // recorded in order: the last one before B
        }
        if (a == b->iteration)
            a = run.lastRecorded()->iteration;
    }
    m_a->setCurrentIndex(m_a->findData(a));
    m_b->setCurrentIndex(m_b->findData(b->iteration));
}

int ComparePanel::productionIteration() const
{
    // Not when the tenant was found not to hold it any more (reverted elsewhere, or reset).
    if (!m_session || m_productionCheck->state() == ProductionCheck::State::Changed)
        return 0;
    RunState applies; // the applies known here: the dialog's latest for this run, else the file's
    applies.applies = m_appliesRunId == m_session->run().id ? m_applies : m_session->run().applies;
    const ApplyRecord *applied = ProductionCheck::lastApplied(applies);
    return applied ? applied->iteration : 0;
}

void ComparePanel::compare(Pace pace)
{
    const RunState &run = m_session->run();
    const IterationResult *a = run.iterationByNumber(m_a->currentData().toInt());
    const IterationResult *b = run.iterationByNumber(m_b->currentData().toInt());
    m_partsBehind |= DescriptionPart | ExamplesPart | FlipsPart;
    if (!a || !b) {
        m_comparison = IterationComparison();
        showAllParts();
        m_versionNote->hide();
        m_summary->clear();
        m_verdict->clear();
        m_verdict->setAccessibleDescription({});
        m_verdict->setToolTip({});
        updateApplyButton();
        return;
    }
    m_comparison = IterationComparison(*a, *b, run.userInput);
    if (pace == Pace::AtOnce)
        showAllParts();
    else
        scheduleNextPart();
    m_versionNote->setVisible(m_comparison.benchmarkVersionsDiffer());
    if (m_comparison.benchmarkVersionsDiffer())
        m_versionNote->setText(versionText(m_comparison));

    const MetricDelta coverage = m_comparison.metric(MetricDelta::Metric::Coverage);
    m_summary->setText((m_comparison.metricsOnBenchmark()
                            ? tr("Iteration %1 → %2: benchmark coverage %3 → %4 (%5); in their own tests, %6 fixed, %7 broken.")
                            : tr("Iteration %1 → %2: coverage %3 → %4 (%5); %6 fixed, %7 broken."))
                           .arg(QString::number(a->iteration), QString::number(b->iteration),
                                DisplayFormat::percent(coverage.a), DisplayFormat::percent(coverage.b),
                                MetricDeltaTable::change(coverage),
                                QString::number(m_comparison.count(TestFlip::Kind::Fixed)),
                                QString::number(m_comparison.count(TestFlip::Kind::Broken))));
    m_summary->setToolTip(QString());
    if (m_comparison.responsesA()) { // issue 43: the response side, beside the table (no room for rows at 1.5×)
        const MetricDelta responses = m_comparison.metric(MetricDelta::Metric::ResponseCoverage);
        const EfficacyMetrics &ra = *m_comparison.responsesA(), &rb = *m_comparison.responsesB();
        m_summary->setText(m_summary->text() + u' '
                           + tr("Responses: %1 → %2 (%3).")
                                 .arg(DisplayFormat::percent(responses.a), DisplayFormat::percent(responses.b),
                                      MetricDeltaTable::change(responses)));
        m_summary->setToolTip(tr("Responses: coverage %1 → %2; TPR %3 → %4, TNR %5 → %6.")
                                  .arg(DisplayFormat::percent(responses.a), DisplayFormat::percent(responses.b),
                                       DisplayFormat::percent(ra.truePositiveRate), DisplayFormat::percent(rb.truePositiveRate),
                                       DisplayFormat::percent(ra.trueNegativeRate), DisplayFormat::percent(rb.trueNegativeRate)));
    }
    const bool both = run.userInput.decideOnBothDirections && a->responses && b->responses;
    m_verdict->setText(verdictText(m_comparison, both, true));
    m_verdict->setAccessibleDescription(verdictText(m_comparison, both, false));
    m_verdict->setToolTip(m_verdict->accessibleDescription());
    updateApplyButton();
}

QString ComparePanel::versionText(const IterationComparison &c)
{
    return tr("Benchmark v%1 vs v%2: compared on the %n prompt(s) both were asked.", nullptr, c.benchmarkPromptsCompared())
        .arg(c.benchmarkVersionA())
        .arg(c.benchmarkVersionB());
}

void ComparePanel::showPart(Part part)
{
    if (!(m_partsBehind & part))
        return;
    m_partsBehind &= ~unsigned(part);
    const bool none = m_comparison.iterationB() <= 0;
    switch (part) {
    case DescriptionPart:
        if (none)
            m_description->setHtml(u"<p style=\"color:%1\">%2</p>"_s.arg(
                DiffStyle::from(palette()).muted.name(),
                tr("Open a run or wait for its first recorded iteration to compare iterations.")
                    .toHtmlEscaped()));
        else
            renderDescription();
        break;
    case ExamplesPart:
        m_added->clear();
        m_removed->clear();
        m_added->addItems(m_comparison.examplesAdded());
        m_removed->addItems(m_comparison.examplesRemoved());
        if (none)
            m_metrics->clearComparison();
        else
            m_metrics->setComparison(m_comparison);
        break;
    case FlipsPart:
        m_flips->model()->setCorrections(m_session->run().steering.corrections);
        m_flips->setComparison(m_comparison);
        break;
    case GridPart:
        m_grid->setRun(m_session->run());
        break;
    }
}

void ComparePanel::scheduleNextPart()
{
    if (m_nextPartScheduled)
        return;
    m_nextPartScheduled = true;
    catchUpAfterFirstFrame(this, [this] { showNextPart(); });
}

void ComparePanel::showNextPart()
{
    m_nextPartScheduled = false;
    for (Part part : Parts) {
        if (m_partsBehind & part) {
            showPart(part);
            break;
        }
    }
    if (m_partsBehind != 0)
        scheduleNextPart();
}

void ComparePanel::showAllParts()
{
    for (Part part : Parts)
        showPart(part);
}

void ComparePanel::renderDescription()
{
    const DiffStyle style = DiffStyle::from(palette());
    const QList<DiffSpan> &name = m_comparison.nameDiff();
    const QList<DiffSpan> &desc = m_comparison.descriptionDiff();
    QString html = u"<p style=\"color:%1; margin-bottom:2px\">%2</p>"_s.arg(
        style.muted.name(), tr("Name").toHtmlEscaped());
    html +=
        u"<p style=\"white-space:pre-wrap; margin-top:0\"><b>%1</b></p>"_s.arg(style.html(name));
    html += u"<p style=\"color:%1; margin-bottom:2px\">%2</p>"_s.arg(
        style.muted.name(), tr("Description").toHtmlEscaped());
    html += u"<p style=\"white-space:pre-wrap; margin-top:0\">%1</p>"_s.arg(style.html(desc));
    const int removed = WordDiff::changedWords(desc, DiffSpan::Kind::Removed);
    const int added = WordDiff::changedWords(desc, DiffSpan::Kind::Added);
    const QString counts = removed == 0 && added == 0
                               ? tr("The description is unchanged.")
                               : tr("Words in the description: %1 removed, %2 added.")
                                     .arg(removed)
                                     .arg(added);
    html += u"<p style=\"color:%1\">%2</p>"_s.arg(style.muted.name(), counts.toHtmlEscaped());
    m_description->setHtml(html);
    m_description->setAccessibleDescription(
        tr("A: %1\nB: %2\n%3").arg(WordDiff::oldText(desc), WordDiff::newText(desc), counts));
}

void ComparePanel::updateApplyButton()
{
    if (m_stale)
        return; // catching up ends here too
    const int b = m_b->currentData().toInt();
    m_apply->setText(b > 0 ? tr("Apply iteration %1 to AIRS…").arg(b)
                           : tr("Apply iteration B to AIRS…"));
    QString why;
    if (b <= 0)
        why = tr("Pick an iteration to apply.");
    else if (!m_client)
        why = tr("Add AIRS management credentials in the settings to apply topics.");
    else if (m_session->isLive())
        why = tr("The run is still deploying its own topics: pause it or let it finish first.");
    m_apply->setEnabled(why.isEmpty());
    m_apply->setToolTip(
        why.isEmpty()
            ? tr("Write iteration %1's topic to the production profile, or revert an earlier apply (Ctrl+Shift+A)").arg(b)
            : why);
    // What this run put into production, and the way back (issue 40), as the tenant has it
    // now (issue 58), not as the run file remembers it.
    RunState applies; // the applies known here: the dialog's latest for this run, else the file's
    if (m_session) {
        applies = m_session->run();
        if (m_appliesRunId == applies.id)
            applies.applies = m_applies;
    }
    const ApplyRecord *applied = ProductionCheck::lastApplied(applies);
    const QString checkKey = applied ? applies.id + u'/' + applied->appliedAt.toString(Qt::ISODateWithMs) : QString();
    if (checkKey != m_productionChecked && isVisible()) {
        m_productionChecked = checkKey;
        m_productionCheck->check(applies); // answers through stateChanged, back here
    }
    m_production->setVisible(applied != nullptr);
    if (!applied)
        return;
    const QString iteration = QString::number(applied->iteration);
    const QString profile = applied->profileName.toHtmlEscaped();
    const QString when = QLocale().toString(applied->appliedAt.toLocalTime(), QLocale::ShortFormat);
    switch (m_productionCheck->state()) {
    case ProductionCheck::State::InProduction:
        m_production->setText(
            tr("In production: iteration %1 of this run, applied to profile “%2” on %3. <a href=\"#revert\">Revert…</a>")
                .arg(iteration, profile, when));
        break;
    case ProductionCheck::State::Changed:
        m_production->setText(tr("Iteration %1 of this run was applied to profile “%2” on %3, but the profile no "
                                 "longer holds it as applied: it was changed or reverted on AIRS since (or the "
                                 "sandbox's tenant was reset).")
                                  .arg(iteration, profile, when));
        break;
    case ProductionCheck::State::Unknown:
        m_production->setText(tr("Iteration %1 of this run was applied to profile “%2” on %3; whether it is still "
                                 "there could not be read (%4). <a href=\"#revert\">Revert…</a>")
                                  .arg(iteration, profile, when, m_productionCheck->detail().toHtmlEscaped()));
        break;
    case ProductionCheck::State::Checking:
    case ProductionCheck::State::None:
        m_production->setText(tr("Iteration %1 of this run was applied to profile “%2” on %3; reading the profile "
                                 "to see whether it is still there…")
                                  .arg(iteration, profile, when));
        break;
    }
}

ApplyDialog *ComparePanel::openApplyDialog()
{
    catchUp();
    if (!m_apply->isEnabled())
        return nullptr;
    if (m_dialog) {
        m_dialog->raise();
        m_dialog->activateWindow();
        return m_dialog;
    }
    const int iteration = iterationB();
    m_dialog = new ApplyDialog(m_client, m_runsDirectory, m_session->run(), iteration, this);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog->controller()->setPropagationDelayMs(m_propagationDelayMs);
    if (m_impactSource)
        m_dialog->setImpactSource(*m_impactSource);
    // The dialog's controller records the apply in the run file; the page shows it at once.
    const auto noteApplies = [this] {
        m_applies = m_dialog->controller()->run().applies;
        m_appliesRunId = m_dialog->controller()->run().id;
        updateApplyButton();
    };
    connect(m_dialog, &ApplyDialog::applied, this, [this, iteration, noteApplies] {
        noteApplies();
        emit topicApplied(iteration);
    });
    connect(m_dialog, &ApplyDialog::reverted, this, [this, noteApplies] {
        noteApplies();
        emit applyReverted();
    });
    m_dialog->open();
    return m_dialog;
}

void ComparePanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_comparison.iterationB() > 0)
        renderDescription();
}
