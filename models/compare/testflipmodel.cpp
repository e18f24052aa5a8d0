#include "testflipmodel.h"

#include "labelcorrectionmark.h"
#include "reports/displayformat.h"

#include <QFont>

using namespace Qt::StringLiterals;

TestFlipModel::TestFlipModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void TestFlipModel::setComparison(const IterationComparison &comparison)
{
    beginResetModel();
    m_all = comparison.tests();
    m_a = comparison.iterationA();
    m_b = comparison.iterationB();
    rebuild();
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, AColumn, BColumn);
}

void TestFlipModel::setCorrections(const QList<LabelCorrection> &corrections)
{
    if (corrections == m_steering.corrections)
        return;
    m_steering.corrections = corrections;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void TestFlipModel::setFilter(Filter filter)
{
    if (filter == m_filter)
        return;
    beginResetModel();
    m_filter = filter;
    rebuild();
    endResetModel();
}

void TestFlipModel::setColors(const QColor &better, const QColor &worse)
{
    m_better = better;
    m_worse = worse;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1), {Qt::ForegroundRole});
}

bool TestFlipModel::matches(Filter filter, TestFlip::Kind kind)
{
    using K = TestFlip::Kind;
    switch (filter) {
    case Filter::Flips:
        return kind == K::Fixed || kind == K::Broken;
    case Filter::Fixed:
        return kind == K::Fixed;
    case Filter::Broken:
        return kind == K::Broken;
    case Filter::OneSide:
        return kind == K::OnlyInA || kind == K::OnlyInB;
    case Filter::All:
        return true;
    }
    return false;
}

int TestFlipModel::count(Filter filter) const
{
    return int(std::count_if(m_all.cbegin(), m_all.cend(),
                             [filter](const TestFlip &f) { return matches(filter, f.kind); }));
}

void TestFlipModel::rebuild()
{
    m_rows.clear();
    for (const TestFlip &f : std::as_const(m_all)) {
        if (matches(m_filter, f.kind))
            m_rows.append(f);
    }
}

QString TestFlipModel::kindText(TestFlip::Kind kind)
{
    switch (kind) {
    case TestFlip::Kind::Fixed:
        return tr("✓ Fixed");
    case TestFlip::Kind::Broken:
        return tr("✗ Broken");
    case TestFlip::Kind::StillRight:
        return tr("Still correct");
    case TestFlip::Kind::StillWrong:
        return tr("Still wrong");
    case TestFlip::Kind::OnlyInA:
        return tr("Only in A");
    case TestFlip::Kind::OnlyInB:
        return tr("Only in B");
    }
    return {};
}

QString TestFlipModel::outcome(const std::optional<bool> &actual,
                               const std::optional<bool> &correct) const
{
    if (!actual)
        return tr("—");
    const bool right = correct.value_or(false);
    //: A test's result in one iteration: %1 "triggered" / "not triggered", %2 "correct" / "wrong".
    return (right ? u"✓ "_s : u"✗ "_s)
           + tr("%1, %2").arg(DisplayFormat::triggered(*actual), DisplayFormat::outcome(right));
}

QString TestFlipModel::outcomeToolTip(const TestFlip &f, const std::optional<bool> &actual,
                                      const std::optional<bool> &correct, int iteration) const
{
    if (!actual)
        return tr("Iteration %1 did not scan this prompt.").arg(iteration);
    const QString expected = DisplayFormat::triggered(f.expectedTriggered);
    if (correct.value_or(false))
        return tr("Iteration %1: %2 as expected: correct.").arg(QString::number(iteration), DisplayFormat::triggered(*actual));
    //: %2 what AIRS did, %3 what was expected, %4 "false positive" / "false negative".
    return tr("Iteration %1: %2, expected %3: wrong (a %4).")
        .arg(QString::number(iteration), DisplayFormat::triggered(*actual), expected,
             DisplayFormat::errorKind(f.expectedTriggered));
}

int TestFlipModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TestFlipModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TestFlipModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const TestFlip &f = m_rows.at(index.row());
    if (role == KindRole)
        return int(f.kind);
    if (role == PromptRole)
        return f.prompt;
    if (role == ExpectedRole)
        return f.expectedTriggered;
    const bool corrected = (role == CorrectedRole || index.column() == ExpectedColumn)
                           && LabelCorrectionMark::find(m_steering, f.prompt);
    if (role == CorrectedRole)
        return corrected;
    if (corrected && index.column() == ExpectedColumn) {
        if (role == Qt::ToolTipRole || role == Qt::AccessibleTextRole)
            return LabelCorrectionMark::toolTip(f.expectedTriggered);
        if (role == Qt::FontRole) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
    }
    if (role == Qt::ForegroundRole && (index.column() == ChangeColumn)) {
        if (f.kind == TestFlip::Kind::Fixed && m_better.isValid())
            return m_better;
        if (f.kind == TestFlip::Kind::Broken && m_worse.isValid())
            return m_worse;
        return {};
    }
    if (role == Qt::ToolTipRole && index.column() == PromptColumn)
        return f.prompt;
    if (role == Qt::ToolTipRole && index.column() == AColumn)
        return outcomeToolTip(f, f.actualA, f.correctA, m_a);
    if (role == Qt::ToolTipRole && index.column() == BColumn)
        return outcomeToolTip(f, f.actualB, f.correctB, m_b);
    if (role != Qt::DisplayRole && role != Qt::AccessibleTextRole)
        return {};
    switch (index.column()) {
    case ChangeColumn:
        return kindText(f.kind);
    case PromptColumn:
        return f.prompt;
    case ExpectedColumn: {
        const QString label = DisplayFormat::triggered(f.expectedTriggered);
        return corrected ? LabelCorrectionMark::marked(label) : label;
    }
    case AColumn:
        return outcome(f.actualA, f.correctA);
    case BColumn:
        return outcome(f.actualB, f.correctB);
    case CategoryColumn:
        return f.category;
    default:
        return {};
    }
}

QVariant TestFlipModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ChangeColumn:
        return tr("Change");
    case PromptColumn:
        return tr("Prompt");
    case ExpectedColumn:
        return tr("Expected");
    case AColumn:
        return m_a > 0 ? tr("A (#%1)").arg(m_a) : tr("A");
    case BColumn:
        return m_b > 0 ? tr("B (#%1)").arg(m_b) : tr("B");
    case CategoryColumn:
        return tr("Category");
    default:
        return {};
    }
}
