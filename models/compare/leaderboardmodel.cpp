#include "leaderboardmodel.h"

#include "reports/displayformat.h"

#include <QLocale>

using namespace Qt::StringLiterals;

// Top-level rows carry internal id 0; a separating prompt carries its candidate's row + 1.

LeaderboardModel::LeaderboardModel(QObject *parent)
    : QAbstractItemModel(parent)
{}

void LeaderboardModel::setLeaderboard(const CrossRun::Leaderboard &leaderboard)
{
    beginResetModel();
    m_board = leaderboard;
    m_promptIndex.clear();
    for (int i = 0; i < m_board.benchmark.prompts.size(); ++i)
        m_promptIndex.insert(m_board.benchmark.prompts.at(i).prompt, i);
    endResetModel();
}

void LeaderboardModel::setRunDates(const QHash<QString, QDateTime> &updated)
{
    m_updated = updated;
    if (rowCount() > 0)
        emit dataChanged(index(0, RunColumn), index(rowCount() - 1, RunColumn));
}

void LeaderboardModel::setColors(const QColor &better, const QColor &worse, const QColor &noise)
{
    m_better = better;
    m_worse = worse;
    m_noise = noise;
    if (rowCount() > 0)
        emit dataChanged(index(0, VerdictColumn), index(rowCount() - 1, VerdictColumn),
                         {Qt::ForegroundRole});
}

QModelIndex LeaderboardModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    return createIndex(row, column, parent.isValid() ? quintptr(parent.row() + 1) : quintptr(0));
}

QModelIndex LeaderboardModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int LeaderboardModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_board.rows.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0; // prompts have no children
    return int(m_board.rows.at(parent.row()).separating.size());
}

int LeaderboardModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant LeaderboardModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == 0)
        return candidateData(index.row(), index.column(), role);
    return promptData(int(index.internalId() - 1), index.row(), index.column(), role);
}

QString LeaderboardModel::runText(const CrossRun::Row &row) const
{
    const CrossRun::Candidate &c = row.candidate;
    QString text = c.topic.name.isEmpty() ? c.label : c.topic.name;
    QStringList details;
    if (!c.model.isEmpty())
        details.append(c.model);
    if (const QDateTime when = m_updated.value(c.runId); when.isValid())
        details.append(QLocale().toString(when.toLocalTime().date(), QLocale::ShortFormat));
    //: A candidate of the cross-run leaderboard: %1 its run and iteration ("RUN:3").
    details.append(tr("run %1").arg(c.label));
    return text + u" — "_s + details.join(u", "_s);
}

QString LeaderboardModel::verdictText(const CrossRun::Row &row)
{
    if (!row.verdict)
        return tr("—", "no verdict: the only candidate");
    const QString word = row.verdict->word();
    if (row.leader) { // the first row: against the runner-up
        if (word == u"better"_s)
            return tr("Better than #2");
        if (word == u"equal"_s)
            return tr("Equal to #2");
        return tr("Within noise of #2");
    }
    if (word == u"worse"_s)
        return tr("Worse", "against the leader");
    if (word == u"better"_s) // not expected (the leader leads), said as it is
        return tr("Better", "against the leader");
    if (word == u"equal"_s)
        return tr("Equal", "against the leader");
    return tr("Within noise", "against the leader");
}

QString LeaderboardModel::verdictSentence(const CrossRun::Row &row)
{
    if (!row.verdict)
        return tr("—", "no verdict: the only candidate");
    const QString word = row.verdict->word();
    if (row.leader) {
        if (word == u"better"_s)
            return tr("Leader: better than #2 beyond noise");
        if (word == u"equal"_s)
            return tr("Leader: equal to #2");
        return tr("Leader: within noise of #2");
    }
    if (word == u"worse"_s)
        return tr("Worse than the leader");
    if (word == u"better"_s)
        return tr("Better than the leader");
    if (word == u"equal"_s)
        return tr("Equal to the leader");
    return tr("Within noise of the leader");
}

QString LeaderboardModel::verdictDetail(const CrossRun::Row &row)
{
    if (!row.paired)
        return verdictSentence(row);
    const PairedComparison &p = *row.paired;
    // The leader is A for a row, B for the leader itself (against the runner-up).
    const int leaderOnly = row.leader ? p.fixed : p.broken;
    const int otherOnly = row.leader ? p.broken : p.fixed;
    //: Tool tip of a verdict: %1 prompts both were scanned on, %2 the leader right and the other
    //: wrong, %3 the other way round, %4 McNemar's p.
    return verdictSentence(row) + u". "_s +
           tr("On %1 shared prompts the leader is right where the other is wrong on %2, and the "
              "other way round on %3 (paired test, p = %4).")
               .arg(p.shared)
               .arg(leaderOnly)
               .arg(otherOnly)
               .arg(QLocale().toString(p.pValue, 'g', 2));
}

QColor LeaderboardModel::verdictColor(const CrossRun::Row &row) const
{
    if (!row.verdict)
        return {};
    const QString word = row.verdict->word();
    if (word == u"better"_s)
        return m_better;
    if (word == u"worse"_s)
        return m_worse;
    if (word == u"within-noise"_s)
        return m_noise;
    return {};
}

QVariant LeaderboardModel::candidateData(int r, int column, int role) const
{
    const CrossRun::Row &row = m_board.rows.at(r);
    const EfficacyMetrics &m = row.metrics;
    if (role == CandidateRole)
        return r;
    if (role == VerdictRole)
        return row.verdict ? row.verdict->word() : QString();
    if (role == Qt::DisplayRole || role == Qt::AccessibleTextRole) {
        switch (Column(column)) {
        case RankColumn:
            return QString::number(r + 1);
        case RunColumn:
            return runText(row);
        case CoverageColumn:
            return DisplayFormat::withInterval(m.coverage, row.intervals.coverage);
        case TprColumn: // the rates' intervals are in their tool tips: the table stays narrow
            return role == Qt::DisplayRole
                       ? DisplayFormat::percent(m.truePositiveRate)
                       : DisplayFormat::withInterval(m.truePositiveRate,
                                                     row.intervals.truePositiveRate);
        case TnrColumn:
            return role == Qt::DisplayRole
                       ? DisplayFormat::percent(m.trueNegativeRate)
                       : DisplayFormat::withInterval(m.trueNegativeRate,
                                                     row.intervals.trueNegativeRate);
        case VerdictColumn:
            return verdictText(row);
        case SeparatingColumn:
            return QString::number(row.separating.size());
        case ColumnCount:
            break;
        }
        return {};
    }
    if (role == SortRole) {
        switch (Column(column)) {
        case RankColumn:
            return r;
        case RunColumn:
            return runText(row);
        case CoverageColumn:
            return m.coverage;
        case TprColumn:
            return m.truePositiveRate;
        case TnrColumn:
            return m.trueNegativeRate;
        case VerdictColumn:
            return row.verdict ? int(row.verdict->change) : -1;
        case SeparatingColumn:
            return int(row.separating.size());
        case ColumnCount:
            break;
        }
        return {};
    }
    if (role == Qt::ToolTipRole) {
        switch (Column(column)) {
        case RunColumn:
            return QString(runText(row) + u"\n\n"_s + row.candidate.topic.description);
        case CoverageColumn:
            //: %1 true positives, %2 false negatives, %3 true negatives, %4 false positives.
            return tr("TP %1, FN %2, TN %3, FP %4 on the shared prompts")
                .arg(m.truePositives)
                .arg(m.falseNegatives)
                .arg(m.trueNegatives)
                .arg(m.falsePositives);
        case TprColumn:
            //: %1 the rate with its 95 % interval, %2 true positives, %3 the prompts that should
            //: trigger.
            return tr("%1: %2 of %3 that should trigger")
                .arg(
                    DisplayFormat::withInterval(m.truePositiveRate, row.intervals.truePositiveRate))
                .arg(m.truePositives)
                .arg(m.truePositives + m.falseNegatives);
        case TnrColumn:
            //: %1 the rate with its 95 % interval, %2 true negatives, %3 the prompts that should
            //: pass.
            return tr("%1: %2 of %3 that should pass")
                .arg(
                    DisplayFormat::withInterval(m.trueNegativeRate, row.intervals.trueNegativeRate))
                .arg(m.trueNegatives)
                .arg(m.trueNegatives + m.falsePositives);
        case VerdictColumn:
            return verdictDetail(row);
        case SeparatingColumn:
            return tr("Shared prompts on which this topic and the leader's disagree (expand the "
                      "row to list them)");
        default:
            return {};
        }
    }
    if (role == Qt::ForegroundRole && column == VerdictColumn) {
        const QColor c = verdictColor(row);
        return c.isValid() ? QVariant(c) : QVariant();
    }
    if (role == Qt::TextAlignmentRole && column != RunColumn && column != VerdictColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

int LeaderboardModel::promptIndex(const QString &prompt) const
{
    return m_promptIndex.value(prompt, -1);
}

QVariant LeaderboardModel::promptData(int r, int prompt, int column, int role) const
{
    const CrossRun::Row &row = m_board.rows.at(r);
    const QString text = row.separating.at(prompt);
    if (role == CandidateRole)
        return r;
    if (role == PromptRole)
        return text;
    if (role == SortRole)
        return column == RunColumn ? QVariant(text) : QVariant(prompt);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != Qt::AccessibleTextRole)
        return {};
    if (column == RunColumn)
        return text;
    const int at = promptIndex(text);
    if (at < 0)
        return {};
    if (column == CoverageColumn)
        return m_board.benchmark.prompts.at(at).expectedTriggered ? tr("should trigger")
                                                                  : tr("should pass");
    if (column == VerdictColumn && at < row.results.size()) {
        const bool right = row.results.at(at).correct;
        if (row.leader) // its separating prompts are those against the runner-up
            return right ? tr("the leader right, #2 wrong") : tr("#2 right, the leader wrong");
        return right ? tr("this one right, the leader wrong")
                     : tr("the leader right, this one wrong");
    }
    return {};
}

QVariant LeaderboardModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (Column(section)) {
        case RankColumn:
            return tr("#", "the leaderboard's rank column: narrow");
        case RunColumn:
            return tr("Topic, date, run"); // the LLM too when known (run files do not record it yet)
        case CoverageColumn:
            return tr("Coverage");
        case TprColumn:
            return tr("TPR");
        case TnrColumn:
            return tr("TNR");
        case VerdictColumn:
            return tr("Verdict");
        case SeparatingColumn:
            return tr("Separating");
        case ColumnCount:
            break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case RankColumn:
            return tr("Rank");
        case CoverageColumn:
            return tr("min(TPR, TNR) on the shared prompts, with its 95 % interval");
        case TprColumn:
            return tr("True positive rate on the shared prompts (its 95 % interval in each cell's "
                      "tool tip)");
        case TnrColumn:
            return tr("True negative rate on the shared prompts (its 95 % interval in each cell's "
                      "tool tip)");
        case VerdictColumn:
            return tr("The paired verdict against the leader on the same prompts (the rule the "
                      "loop decides by)");
        case SeparatingColumn:
            return tr("How many shared prompts this topic and the leader's answer differently");
        default:
            return {};
        }
    }
    return {};
}
