#include "benchmarkgridmodel.h"

#include "labelcorrectionmark.h"
#include "reports/displayformat.h"

#include <QBrush>
#include <QColor>
#include <QFont>

using namespace Qt::StringLiterals;

BenchmarkGridModel::BenchmarkGridModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void BenchmarkGridModel::setRun(const RunState &run)
{
    beginResetModel();
    m_run = run;
    m_prompts = m_run.benchmarkSet;
    m_iterations.clear();
    m_columns.clear();
    for (const IterationResult &it : std::as_const(m_run.iterations)) {
        // An earlier version's set is the first prompts of the later ones.
        if (it.benchmark && it.benchmark->results.size() <= m_prompts.size()) {
            m_iterations.append(it.iteration);
            m_columns.append(&it);
        }
    }
    endResetModel();
}

int BenchmarkGridModel::iterationAt(int column) const
{
    const int i = column - FirstIterationColumn;
    return i >= 0 && i < m_iterations.size() ? m_iterations.at(i) : 0;
}

int BenchmarkGridModel::versionAt(int column) const
{
    const int i = column - FirstIterationColumn;
    return i >= 0 && i < m_columns.size() ? m_columns.at(i)->benchmark->version : 0;
}

int BenchmarkGridModel::rowVersion(int row) const
{
    const QList<int> &sizes = m_run.steering.benchmarkSizes;
    for (int v = 0; v < sizes.size(); ++v) {
        if (row < sizes.at(v))
            return v + 1;
    }
    return 1;
}

const TestResult *BenchmarkGridModel::result(int row, int column) const
{
    const int i = column - FirstIterationColumn;
    if (i < 0 || i >= m_columns.size() || row < 0 || row >= m_prompts.size())
        return nullptr;
    const QList<TestResult> &results = m_columns.at(i)->benchmark->results;
    return row < results.size() ? &results.at(row) : nullptr; // asked from a later version on
}

bool BenchmarkGridModel::rowFlips(int row) const
{
    bool right = false, wrong = false;
    for (int c = 0; c < m_columns.size(); ++c) {
        if (const TestResult *r = result(row, FirstIterationColumn + c); r && r->counts())
            (r->correct ? right : wrong) = true;
    }
    return right && wrong;
}

int BenchmarkGridModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_prompts.size());
}

int BenchmarkGridModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : FirstIterationColumn + int(m_iterations.size());
}

QVariant BenchmarkGridModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const int row = index.row();
    const TestCase &t = m_prompts.at(row);
    if (role == FlipsRole)
        return rowFlips(row);
    if (role == PromptRole)
        return t.prompt;
    if (role == ExpectedRole)
        return t.expectedTriggered;
    const bool corrected = (role == CorrectedRole || index.column() == ExpectedColumn)
                           && LabelCorrectionMark::find(m_run.steering, t.prompt);
    if (role == CorrectedRole)
        return corrected;
    switch (index.column()) {
    case PromptColumn:
        if (role == Qt::DisplayRole)
            return t.prompt;
        if (role == Qt::ToolTipRole) {
            const int version = rowVersion(row);
            return version > 1 ? tr("%1\n\nAdded by you: in the benchmark from version %2 on").arg(t.prompt, QString::number(version))
                               : t.prompt;
        }
        return {};
    case ExpectedColumn: {
        const QString label = DisplayFormat::triggered(t.expectedTriggered);
        if (role == Qt::DisplayRole)
            return corrected ? LabelCorrectionMark::marked(label) : label;
        if (role == Qt::ToolTipRole)
            return corrected ? tr("%1\nCategory: %2").arg(LabelCorrectionMark::toolTip(t.expectedTriggered), t.category)
                             : tr("Category: %1").arg(t.category);
        if (role == Qt::AccessibleTextRole)
            return corrected ? LabelCorrectionMark::toolTip(t.expectedTriggered) : label;
        if (role == Qt::FontRole && corrected) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        if (role == Qt::UserRole) // sorts positives first
            return t.expectedTriggered ? 0 : 1;
        return {};
    }
    default:
        break;
    }
    const TestResult *r = result(row, index.column());
    if (role == AskedRole)
        return r != nullptr;
    if (!r) {
        // The iteration was scored on an earlier benchmark version, before this prompt joined.
        switch (role) {
        case Qt::DisplayRole:
            return u"\u00B7"_s;
        case Qt::AccessibleTextRole:
            return tr("not asked");
        case Qt::ToolTipRole:
            return tr("Iteration %1 was scored on benchmark version %2, before this prompt was added")
                .arg(QString::number(iterationAt(index.column())), QString::number(versionAt(index.column())));
        case Qt::TextAlignmentRole:
            return Qt::AlignCenter;
        case IterationRole:
            return iterationAt(index.column());
        default:
            return {};
        }
    }
    if (!r->counts()) { // AIRS gave no verdict: neither right nor wrong
        switch (role) {
        case Qt::DisplayRole:
            return u"–"_s;
        case Qt::AccessibleTextRole:
            return tr("not scanned");
        case Qt::ToolTipRole:
            return tr("Iteration %1: not scanned, so left out of the figures\n%2")
                .arg(QString::number(iterationAt(index.column())), r->notScannedReason);
        case Qt::TextAlignmentRole:
            return Qt::AlignCenter;
        case IterationRole:
            return iterationAt(index.column());
        default:
            return {};
        }
    }
    switch (role) {
    case Qt::DisplayRole:
        return r->correct ? u"✓"_s : u"✗"_s;
    case Qt::AccessibleTextRole:
        return tr("%1, %2").arg(DisplayFormat::triggered(r->actualTriggered), DisplayFormat::outcome(r->correct));
    case Qt::ToolTipRole: {
        // What was expected follows from what AIRS did and whether that was correct.
        const bool expected = r->correct ? r->actualTriggered : !r->actualTriggered;
        const QString result = r->correct
                                   ? tr("%1 as expected: correct").arg(DisplayFormat::triggered(r->actualTriggered))
                                   : tr("%1, expected %2: wrong (a %3)")
                                         .arg(DisplayFormat::triggered(r->actualTriggered),
                                              DisplayFormat::triggered(expected), DisplayFormat::errorKind(expected));
        return tr("Iteration %1: %2\nAIRS action: %3, category: %4")
            .arg(QString::number(iterationAt(index.column())), result,
                 r->scanAction.isEmpty() ? tr("no action") : r->scanAction,
                 r->scanCategory.isEmpty() ? tr("none") : r->scanCategory);
    }
    case Qt::TextAlignmentRole:
        return Qt::AlignCenter;
    case Qt::ForegroundRole:
        return QBrush(r->correct ? QColor(0x1a, 0x7f, 0x37) : QColor(0xc0, 0x1c, 0x28));
    case CorrectRole:
        return r->correct;
    case IterationRole:
        return iterationAt(index.column());
    default:
        return {};
    }
}

QVariant BenchmarkGridModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    const bool versions = versionCount() > 1;
    if (role == Qt::ToolTipRole && section >= FirstIterationColumn) {
        const QString click = tr("Click to compare iteration %1 with the one before it").arg(iterationAt(section));
        if (!versions)
            return click;
        const int version = versionAt(section);
        const int prompts = m_run.steering.benchmarkSize(version, int(m_prompts.size()));
        return QString(tr("Scored on benchmark version %1 (%2 prompts).").arg(version).arg(prompts) + u'\n' + click);
    }
    if (role != Qt::DisplayRole)
        return {};
    if (section == PromptColumn)
        return tr("Benchmark prompt");
    if (section == ExpectedColumn)
        return tr("Expected");
    // With several versions each column says which one it was scored on.
    return versions ? tr("%1 (v%2)").arg(iterationAt(section)).arg(versionAt(section)) : QString::number(iterationAt(section));
}

void BenchmarkGridFilter::setOnlyFlips(bool on)
{
    m_onlyFlips = on;
    invalidateFilter();
}

void BenchmarkGridFilter::setSearch(const QString &text)
{
    m_search = text.trimmed();
    invalidateFilter();
}

bool BenchmarkGridFilter::filterAcceptsRow(int row, const QModelIndex &parent) const
{
    const QModelIndex prompt = sourceModel()->index(row, BenchmarkGridModel::PromptColumn, parent);
    if (m_onlyFlips && !prompt.data(BenchmarkGridModel::FlipsRole).toBool())
        return false;
    return m_search.isEmpty() || prompt.data().toString().contains(m_search, Qt::CaseInsensitive);
}
