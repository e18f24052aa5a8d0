#include "learningtablemodel.h"

#include "memoryundo.h"

#include "memorystore/memorycurator.h"
#include "reports/displayformat.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace {
QString shownDate(const QDateTime &t)
{
    return t.isValid() ? t.toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s) : QString();
}

// A confidence (0…1) with two decimals in the user's locale ("0.65" / "0,65"); a tiny one is
// "<0.01", as ConfidenceExplanation::number writes it.
QString shownConfidence(double value)
{
    if (value > 0 && value < 0.005)
        return u"<"_s + DisplayFormat::number(0.01, 2);
    return DisplayFormat::number(value, 2);
}

QStringList splitTags(const QString &text)
{
    QStringList tags;
    for (const QString &t : text.split(u',', Qt::SkipEmptyParts)) {
        const QString tag = t.trimmed();
        if (!tag.isEmpty() && !tags.contains(tag))
            tags.append(tag);
    }
    return tags;
}
} // namespace

LearningTableModel::LearningTableModel(const MemoryStore &store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
}

void LearningTableModel::setCategory(const QString &key)
{
    if (key == m_category)
        return reload();
    beginResetModel();
    m_category = key;
    m_memory = {};
    m_error.clear();
    if (!key.isEmpty()) {
        const MemoryStore::Loaded loaded = m_store.load(key);
        m_memory = loaded.memory;
        m_error = loaded.error;
    }
    endResetModel();
}

void LearningTableModel::reload()
{
    if (m_category.isEmpty())
        return;
    const MemoryStore::Loaded loaded = m_store.load(m_category);
    if (loaded.memory == m_memory && loaded.error == m_error)
        return;
    bool sameIds = loaded.memory.learnings.size() == m_memory.learnings.size();
    for (qsizetype i = 0; sameIds && i < m_memory.learnings.size(); ++i)
        sameIds = loaded.memory.learnings.at(i).id == m_memory.learnings.at(i).id;
    if (sameIds) {
        // Same rows: update in place so an open editor, the selection and the sort survive.
        m_memory = loaded.memory;
        m_error = loaded.error;
        if (!m_memory.learnings.isEmpty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_memory = loaded.memory;
    m_error = loaded.error;
    endResetModel();
}

void LearningTableModel::setDecay(double halfLifeDays, const QDateTime &now)
{
    m_halfLifeDays = halfLifeDays;
    m_now = now;
    if (rowCount() > 0)
        emit dataChanged(index(0, ConfidenceColumn), index(rowCount() - 1, ConfidenceColumn));
}

QDateTime LearningTableModel::now() const
{
    return m_now.isValid() ? m_now : QDateTime::currentDateTimeUtc();
}

QString LearningTableModel::idAt(int row) const
{
    return row >= 0 && row < m_memory.learnings.size() ? m_memory.learnings.at(row).id
                                                       : QString();
}

int LearningTableModel::rowOf(const QString &id) const
{
    return int(m_memory.indexOf(id));
}

int LearningTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_memory.learnings.size());
}

int LearningTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString LearningTableModel::changeTypeText(const QString &key)
{
    if (key == "initial"_L1)
        return tr("First topic of the run");
    if (key == "description-only"_L1)
        return tr("Description only");
    if (key == "examples-only"_L1)
        return tr("Examples only");
    if (key == "both"_L1)
        return tr("Description and examples");
    return key;
}

QString LearningTableModel::outcomeText(const QString &key)
{
    if (key == "improved"_L1)
        return tr("improved");
    if (key == "degraded"_L1)
        return tr("degraded");
    if (key == "neutral"_L1)
        return tr("neutral");
    return key;
}

QVariant LearningTableModel::display(const Learning &l, int column) const
{
    switch (column) {
    case InsightColumn:
        return l.insight;
    case StrategyColumn:
        return l.strategy;
    case OutcomeColumn:
        return outcomeText(l.outcome);
    case ChangeTypeColumn:
        return changeTypeText(l.changeType);
    case SeenColumn:
        return tr("%1×").arg(l.corroborations + 1);
    case ConfidenceColumn:
        return shownConfidence(l.effectiveConfidence(now(), m_halfLifeDays));
    case TypeColumn:
        return l.isAntiPattern() ? tr("anti-pattern") : tr("learning");
    case StatusColumn:
        return l.isPending() ? tr("pending") : tr("active");
    case SourceColumn:
        return l.source.value_or(l.runId.isEmpty() ? QString() : tr("run %1").arg(l.runId));
    case ExtractedColumn:
        return shownDate(l.extractedAt);
    case RecalledColumn:
        return l.lastRecalledAt ? shownDate(*l.lastRecalledAt) : tr("never");
    case TagsColumn:
        return l.tags.join(u", "_s);
    default:
        return {};
    }
}

QString LearningTableModel::confidenceToolTip(const Learning &l) const
{
    const ConfidenceExplanation e = l.explainConfidence(now(), m_halfLifeDays);
    const auto n = [](double v) { return shownConfidence(v); };
    const auto when = [](const QDateTime &t) {
        return t.isValid() ? shownDate(t) : tr("never");
    };
    QStringList lines;
    if (e.halfLifeDays <= 0)
        lines << tr("Confidence %1 = base %2 (decay off)").arg(n(e.shown), n(e.base));
    else if (!e.clock.isValid())
        lines << tr("Confidence %1 = base %2 (never confirmed or used: no decay yet)")
                     .arg(n(e.shown), n(e.base));
    else
        lines << tr("Confidence %1 = base %2 × 0.5^(%3 days ÷ %4-day half-life)")
                     .arg(n(e.shown), n(e.base), DisplayFormat::number(e.ageDays, 1),
                          QLocale().toString(e.halfLifeDays, 'g', 6));
    if (e.baseFromCorroborations)
        lines << tr("Base %1 = %2 + %3 × %4 corroborations, at most %5")
                     .arg(n(e.base), n(Learning::DefaultConfidence),
                          n(Learning::CorroborationStep))
                     .arg(e.seen - 1)
                     .arg(n(Learning::CorroborationCap));
    else
        lines << tr("Base %1: stored (confirmations +%2, rejections −%3, corroborations +%4)")
                     .arg(n(e.base), n(Learning::ConfirmStep), n(Learning::RejectStep),
                          n(Learning::CorroborationStep));
    lines << tr("Seen %1×").arg(e.seen) << tr("Last confirmed: %1").arg(when(e.lastConfirmed))
          << tr("Last used: %1").arg(when(e.lastUsed));
    if (e.clock.isValid())
        lines << tr("Decay clock: %1 (%2 days ago)")
                     .arg(shownDate(e.clock), DisplayFormat::number(e.ageDays, 1));
    lines << (e.halfLifeDays > 0
                  ? tr("Half-life: %1 days").arg(QLocale().toString(e.halfLifeDays, 'g', 6))
                  : tr("Half-life: decay off"));
    return lines.join(u'\n');
}

QVariant LearningTableModel::sortValue(const Learning &l, int column) const
{
    switch (column) {
    case SeenColumn:
        return l.corroborations + 1;
    case ConfidenceColumn:
        return l.effectiveConfidence(now(), m_halfLifeDays);
    case ExtractedColumn:
        return l.extractedAt;
    case RecalledColumn:
        return l.lastRecalledAt.value_or(QDateTime());
    default:
        return display(l, column);
    }
}

QVariant LearningTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Learning &l = m_memory.learnings.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(l, index.column());
    case Qt::EditRole:
        return index.column() == TagsColumn ? l.tags.join(u", "_s) : display(l, index.column());
    case Qt::ToolTipRole:
        if (index.column() == InsightColumn || index.column() == StrategyColumn)
            return display(l, index.column());
        if (index.column() == ConfidenceColumn || index.column() == SeenColumn ||
            index.column() == RecalledColumn)
            return confidenceToolTip(l);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == SeenColumn || index.column() == ConfidenceColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case IdRole:
        return l.id;
    case SortRole:
        return sortValue(l, index.column());
    case SearchRole:
        return QString(l.insight + u'\n' + l.strategy + u'\n' + l.tags.join(u' ')).toLower();
    default:
        return {};
    }
}

QVariant LearningTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case InsightColumn:
        return tr("Insight");
    case StrategyColumn:
        return tr("Strategy");
    case OutcomeColumn:
        return tr("Outcome");
    case ChangeTypeColumn:
        return tr("Change");
    case SeenColumn:
        return tr("Seen");
    case ConfidenceColumn:
        return tr("Confidence");
    case TypeColumn:
        return tr("Type");
    case StatusColumn:
        return tr("Status");
    case SourceColumn:
        return tr("Source");
    case ExtractedColumn:
        return tr("Extracted");
    case RecalledColumn:
        return tr("Last used");
    case TagsColumn:
        return tr("Tags");
    default:
        return {};
    }
}

Qt::ItemFlags LearningTableModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (!index.isValid())
        return f;
    switch (index.column()) {
    case InsightColumn:
    case StrategyColumn:
    case OutcomeColumn:
    case TagsColumn:
        return f | Qt::ItemIsEditable;
    default:
        return f;
    }
}

bool LearningTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid) ||
        !(flags(index) & Qt::ItemIsEditable))
        return false;
    const QString id = m_memory.learnings.at(index.row()).id;
    const QString text = value.toString();
    LearningPatch patch;
    switch (index.column()) {
    case InsightColumn: // edit() refuses an empty one
        patch.insight = text;
        break;
    case StrategyColumn:
        patch.strategy = text;
        break;
    case OutcomeColumn:
        if (!Learning::isValidOutcome(text)) {
            emit editFailed(tr("The outcome is one of improved, degraded or neutral."));
            return false;
        }
        patch.outcome = text;
        break;
    case TagsColumn:
        patch.tags = splitTags(text);
        break;
    default:
        return false;
    }
    return edit(id, patch);
}

bool LearningTableModel::edit(const QString &id, const LearningPatch &patch)
{
    if (patch.insight && patch.insight->trimmed().isEmpty()) {
        emit editFailed(tr("An insight cannot be empty."));
        return false;
    }
    MemoryCurator::Result r;
    const auto step = [&] {
        r = MemoryCurator(m_store).edit(m_category, id, patch);
        return r.error;
    };
    if (m_undo)
        m_undo->perform(tr("Edit learning"), {m_category}, step);
    else
        step();
    if (!r.ok()) {
        emit editFailed(r.error);
        return false;
    }
    const int row = rowOf(id);
    if (row >= 0 && r.learning) {
        m_memory.learnings[row] = *r.learning;
        emit dataChanged(this->index(row, 0), this->index(row, ColumnCount - 1));
    }
    emit edited(id);
    return true;
}
