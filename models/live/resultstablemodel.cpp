#include "resultstablemodel.h"

#include "domain/testcomposition.h"
#include "models/compare/labelcorrectionmark.h"
#include "models/runsession.h"

#include "reports/displayformat.h"

#include <QFont>

#include <algorithm>

using namespace Qt::StringLiterals;

ResultsTableModel::ResultsTableModel(RunSession *session, QObject *parent)
    : QAbstractTableModel(parent)
    , m_session(session)
{
    Q_ASSERT(session);
    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(25);
    connect(&m_flushTimer, &QTimer::timeout, this, &ResultsTableModel::flush);
    connect(session, &RunSession::reset, this, &ResultsTableModel::onSessionReset);
    connect(session, &RunSession::iterationStarted, this, &ResultsTableModel::onIterationStarted);
    connect(session, &RunSession::resultScanned, this, &ResultsTableModel::enqueue);
    connect(session, &RunSession::iterationAdded, this, &ResultsTableModel::onIterationAdded);
    connect(session, &RunSession::labelCorrected, this,
            [this](const QString &prompt, bool expected) { onLabelCorrected(prompt, expected); });
    connect(session, &RunSession::runUpdated, this, &ResultsTableModel::onRunUpdated);
    connect(session, &RunSession::liveChanged, this, &ResultsTableModel::onLiveChanged);
    onSessionReset();
}

ResultsTableModel::~ResultsTableModel() = default;

ResultsTableModel::Outcome ResultsTableModel::outcomeOf(const TestResult &r)
{
    if (!r.counts())
        return Outcome::NotScanned;
    if (r.testCase.expectedTriggered)
        return r.actualTriggered ? Outcome::TruePositive : Outcome::FalseNegative;
    return r.actualTriggered ? Outcome::FalsePositive : Outcome::TrueNegative;
}

bool ResultsTableModel::isRegression(const TestResult &r)
{
    return r.testCase.source == TestSource::Regression && !r.correct;
}

void ResultsTableModel::setBatchInterval(int milliseconds)
{
    m_flushTimer.setInterval(qBound(0, milliseconds, 1000));
}

int ResultsTableModel::shownIteration() const
{
    return m_following ? m_liveIteration : m_storedIteration;
}

void ResultsTableModel::onSessionReset()
{
    m_flushTimer.stop();
    m_pending.clear();
    m_live.clear();
    m_liveIteration = m_session->isLive() ? m_session->currentIteration() : 0;
    const IterationResult *last = m_session->isLive() ? nullptr : m_session->run().lastRecorded();
    if (!last)
        return showRows(true, m_liveIteration, {});
    showStored(*last);
}

void ResultsTableModel::showStored(const IterationResult &it)
{
    QList<Row> stored;
    stored.reserve(it.testResults.size());
    for (int i = 0; i < it.testResults.size(); ++i)
        stored.append(Row{i, it.testResults.at(i)});
    showRows(false, it.iteration, std::move(stored));
}

void ResultsTableModel::onLiveChanged(bool live)
{
    // A run that ended on an iteration it never recorded and never scanned (a topic skipped as
    // a duplicate) would leave the page on an empty "unfinished" table: show its best
    // iteration instead (issue 40). A paused run keeps what it scanned: it resumes there.
    // Nor an empty table for an iteration it recorded before it was resumed and did not scan
    // again (issue 58: the bar then read "No scans"): that iteration's record.
    const RunState &run = m_session->run();
    if (live || !m_following || run.status == RunStatus::Paused)
        return;
    flush(); // anything still queued is shown first
    if (!m_live.isEmpty())
        return;
    const IterationResult *shown = run.iterationByNumber(m_liveIteration);
    if (!shown)
        shown = run.bestResult();
    if (shown)
        showStored(*shown);
}

void ResultsTableModel::onIterationStarted(int iteration)
{
    m_flushTimer.stop();
    m_pending.clear(); // anything still queued belongs to the previous iteration
    if (m_following)
        beginResetModel();
    m_liveIteration = iteration;
    m_live.clear();
    if (!m_following)
        return;
    endResetModel();
    recount();
    emit shownIterationChanged(iteration);
}

void ResultsTableModel::onIterationAdded(const IterationResult &result)
{
    if (result.iteration != m_liveIteration)
        return;
    // The recorded iteration is the complete, index-aligned list: fill in anything missed.
    for (int i = 0; i < result.testResults.size(); ++i)
        enqueue(i, result.testResults.at(i));
    flush();
}

void ResultsTableModel::onLabelCorrected(const QString &prompt, bool expectedTriggered)
{
    // The iteration being scanned has no record yet: relabel its rows here. Recorded ones are
    // brought in line with the run on runUpdated, which follows.
    const QString key = dedupKey(prompt);
    const auto relabel = [&key, expectedTriggered](Row &row) {
        TestCase &t = row.result.testCase;
        if (t.expectedTriggered == expectedTriggered || dedupKey(t.prompt) != key)
            return false;
        t.expectedTriggered = expectedTriggered;
        row.result.correct = row.result.counts() && row.result.actualTriggered == expectedTriggered;
        return true;
    };
    for (Row &row : m_pending)
        relabel(row);
    int first = INT_MAX;
    int last = -1;
    for (int r = 0; r < m_live.size(); ++r) {
        if (relabel(m_live[r])) {
            first = qMin(first, r);
            last = qMax(last, r);
        }
    }
    if (!m_following || last < 0)
        return;
    emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
    recount();
}

void ResultsTableModel::onRunUpdated()
{
    // A recorded iteration changes only when a label is corrected (or the correction undone).
    const IterationResult *it = m_session->run().iterationByNumber(shownIteration());
    if (!it)
        return;
    QList<Row> &shown = m_following ? m_live : m_stored;
    int first = INT_MAX;
    int last = -1;
    for (int r = 0; r < shown.size(); ++r) {
        Row &row = shown[r];
        if (row.index < 0 || row.index >= it->testResults.size() || row.result == it->testResults.at(row.index))
            continue;
        row.result = it->testResults.at(row.index);
        first = qMin(first, r);
        last = qMax(last, r);
    }
    if (last < 0)
        return;
    emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
    recount();
}

void ResultsTableModel::enqueue(int index, const TestResult &result)
{
    m_pending.append(Row{index, result});
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void ResultsTableModel::flush()
{
    merge(m_following);
}

int ResultsTableModel::liveRowOf(int index) const
{
    const auto it = std::lower_bound(m_live.cbegin(), m_live.cend(), index,
                                     [](const Row &row, int i) { return row.index < i; });
    return it != m_live.cend() && it->index == index ? int(it - m_live.cbegin()) : -1;
}

void ResultsTableModel::merge(bool notify)
{
    m_flushTimer.stop();
    if (m_pending.isEmpty())
        return;
    const Counts before = m_counts;
    // Scans finish out of order (several run at once): rows are kept in suite order, so a
    // batch is sorted and merged in, each run of rows that lands in one place inserted at once.
    std::stable_sort(m_pending.begin(), m_pending.end(), [](const Row &a, const Row &b) { return a.index < b.index; });
    QList<Row> batch; // new rows, ascending, one per index (the latest wins)
    int firstChanged = INT_MAX;
    int lastChanged = -1;
    for (Row &row : m_pending) {
        if (const int existingRow = liveRowOf(row.index); existingRow >= 0) {
            Row &existing = m_live[existingRow];
            if (existing.result == row.result)
                continue;
            if (notify) {
                count(existing.result, -1);
                count(row.result, +1);
            }
            existing.result = std::move(row.result);
            firstChanged = qMin(firstChanged, existingRow);
            lastChanged = qMax(lastChanged, existingRow);
        } else if (!batch.isEmpty() && batch.last().index == row.index) {
            batch.last().result = std::move(row.result);
        } else {
            batch.append(std::move(row));
        }
    }
    m_pending.clear();
    if (notify && lastChanged >= 0)
        emit dataChanged(index(firstChanged, 0), index(lastChanged, ColumnCount - 1));
    for (qsizetype b = 0; b < batch.size();) {
        const auto at = std::lower_bound(m_live.cbegin(), m_live.cend(), batch.at(b).index,
                                         [](const Row &row, int i) { return row.index < i; });
        const int position = int(at - m_live.cbegin());
        // Every batch row below the next live row's index goes in here, together.
        const int limit = position < m_live.size() ? m_live.at(position).index : INT_MAX;
        qsizetype end = b + 1;
        while (end < batch.size() && batch.at(end).index < limit)
            ++end;
        const int n = int(end - b);
        if (notify)
            beginInsertRows({}, position, position + n - 1);
        m_live.insert(position, n, Row{});
        for (int k = 0; k < n; ++k) {
            if (notify)
                count(batch.at(b + k).result, +1);
            m_live[position + k] = std::move(batch[b + k]);
        }
        if (notify)
            endInsertRows();
        b = end;
    }
    if (notify && !(before == m_counts))
        emit countsChanged();
}

bool ResultsTableModel::setIteration(int number)
{
    const IterationResult *it = m_session->run().iterationByNumber(number);
    if (!it) {
        if (m_session->isLive() && number == m_liveIteration) {
            followLive();
            return true;
        }
        return false;
    }
    QList<Row> stored;
    stored.reserve(it->testResults.size());
    for (int i = 0; i < it->testResults.size(); ++i)
        stored.append(Row{i, it->testResults.at(i)});
    showRows(false, number, std::move(stored));
    return true;
}

void ResultsTableModel::followLive()
{
    if (!m_following)
        showRows(true, m_liveIteration, {});
}

void ResultsTableModel::showRows(bool following, int iteration, QList<Row> stored)
{
    merge(false); // anything queued joins the live rows; the reset below tells the views
    beginResetModel();
    m_following = following;
    if (following)
        m_liveIteration = iteration;
    else
        m_storedIteration = iteration;
    m_stored = std::move(stored);
    endResetModel();
    recount();
    emit shownIterationChanged(shownIteration());
}

void ResultsTableModel::count(const TestResult &r, int sign)
{
    m_counts.total += sign;
    if (r.correct)
        m_counts.correct += sign;
    switch (outcomeOf(r)) {
    case Outcome::FalsePositive:
        m_counts.falsePositives += sign;
        break;
    case Outcome::FalseNegative:
        m_counts.falseNegatives += sign;
        break;
    case Outcome::NotScanned:
        m_counts.notScanned += sign;
        break;
    case Outcome::TruePositive:
    case Outcome::TrueNegative:
        break;
    }
    if (isRegression(r))
        m_counts.regressions += sign;
}

void ResultsTableModel::recount()
{
    const Counts before = m_counts;
    m_counts = {};
    for (const Row &row : rows())
        count(row.result, +1);
    if (!(before == m_counts))
        emit countsChanged();
}

int ResultsTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(rows().size());
}

int ResultsTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

static QString sourceText(TestSource source)
{
    switch (source) {
    case TestSource::CarriedFp:
        return ResultsTableModel::tr("carried-fp");
    case TestSource::CarriedFn:
        return ResultsTableModel::tr("carried-fn");
    case TestSource::Regression:
        return ResultsTableModel::tr("regression");
    case TestSource::Benchmark:
        return ResultsTableModel::tr("benchmark");
    case TestSource::Added:
        return ResultsTableModel::tr("added by you");
    case TestSource::Generated:
        break;
    }
    return ResultsTableModel::tr("generated");
}

static QString outcomeText(ResultsTableModel::Outcome outcome)
{
    switch (outcome) {
    case ResultsTableModel::Outcome::TruePositive:
        return ResultsTableModel::tr("Correct: triggered, as expected");
    case ResultsTableModel::Outcome::TrueNegative:
        return ResultsTableModel::tr("Correct: not triggered, as expected");
    case ResultsTableModel::Outcome::FalsePositive:
        return ResultsTableModel::tr("Wrong, a false positive: triggered on a prompt it should let through");
    case ResultsTableModel::Outcome::FalseNegative:
        return ResultsTableModel::tr("Wrong, a false negative: not triggered on a prompt it should catch");
    case ResultsTableModel::Outcome::NotScanned:
        return ResultsTableModel::tr("Not scanned: AIRS gave no verdict, so this prompt is in no figure");
    }
    return {};
}

bool ResultsTableModel::isCorrected(const TestResult &result) const
{
    return m_session && LabelCorrectionMark::find(m_session->run().steering, result.testCase.prompt);
}

QVariant ResultsTableModel::display(const TestResult &r, int column) const
{
    switch (column) {
    case PromptColumn:
        return r.testCase.prompt.simplified();
    case ExpectedColumn: {
        const QString label = DisplayFormat::triggered(r.testCase.expectedTriggered);
        return isCorrected(r) ? LabelCorrectionMark::marked(label) : label;
    }
    case ActualColumn:
        return r.counts() ? DisplayFormat::triggered(r.actualTriggered) : tr("no verdict");
    case CorrectColumn:
        if (!r.counts())
            return tr("– not scanned");
        return QString((r.correct ? u"✓ "_s : u"✗ "_s) + DisplayFormat::outcome(r.correct));
    case CategoryColumn:
        return r.testCase.category;
    case SourceColumn:
        return sourceText(r.testCase.source);
    case ActionColumn:
        return r.scanAction;
    default:
        return {};
    }
}

QVariant ResultsTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = rows().at(index.row());
    const TestResult &r = row.result;
    switch (role) {
    case Qt::DisplayRole:
        return display(r, index.column());
    case Qt::ToolTipRole:
        if (index.column() == PromptColumn)
            return r.testCase.prompt;
        if (index.column() == ExpectedColumn && isCorrected(r))
            return LabelCorrectionMark::toolTip(r.testCase.expectedTriggered);
        if (index.column() == CorrectColumn && !r.counts())
            return QString(outcomeText(Outcome::NotScanned) + u'\n' + r.notScannedReason);
        if (index.column() == CorrectColumn)
            return outcomeText(outcomeOf(r));
        return display(r, index.column()); // the whole text of a narrowed column
    case Qt::AccessibleTextRole:
        if (index.column() == CorrectColumn)
            return r.counts() ? DisplayFormat::outcome(r.correct) : outcomeText(Outcome::NotScanned);
        if (index.column() == ExpectedColumn && isCorrected(r))
            return LabelCorrectionMark::toolTip(r.testCase.expectedTriggered);
        return display(r, index.column());
    case Qt::FontRole:
        if (index.column() == ExpectedColumn && isCorrected(r)) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == ExpectedColumn || index.column() == ActualColumn ||
            index.column() == CorrectColumn)
            return QVariant::fromValue(Qt::AlignCenter);
        return {};
    case ResultIndexRole:
        return row.index;
    case PromptRole:
        return r.testCase.prompt;
    case CategoryRole:
        return r.testCase.category;
    case ExpectedRole:
        return r.testCase.expectedTriggered;
    case ActualRole:
        return r.actualTriggered;
    case CorrectRole:
        return r.correct;
    case SourceRole:
        return int(r.testCase.source);
    case OutcomeRole:
        return int(outcomeOf(r));
    case FalsePositiveRole:
        return outcomeOf(r) == Outcome::FalsePositive;
    case FalseNegativeRole:
        return outcomeOf(r) == Outcome::FalseNegative;
    case RegressionRole:
        return isRegression(r);
    case CorrectedRole:
        return isCorrected(r);
    default:
        return {};
    }
}

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole && section >= 0 && section < rows().size())
            return rows().at(section).index + 1;
        return {};
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case ExpectedColumn:
            return tr("Whether the guardrail should be triggered by the prompt");
        case ActualColumn:
            return tr("Whether the guardrail was triggered by the prompt");
        case CorrectColumn:
            return tr("Correct when the actual result matches the expected one; a wrong one is a "
                      "false positive or a false negative");
        case SourceColumn:
            return tr("Where the test came from: newly generated, a carried false positive or "
                      "false negative, or a regression check");
        case ActionColumn:
            return tr("The scan's action (informational)");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PromptColumn:
        return tr("Prompt");
    case ExpectedColumn:
        return tr("Expected");
    case ActualColumn:
        return tr("Actual");
    case CorrectColumn:
        return tr("Result");
    case CategoryColumn:
        return tr("Category");
    case SourceColumn:
        return tr("Source");
    case ActionColumn:
        return tr("Scan action");
    default:
        return {};
    }
}
