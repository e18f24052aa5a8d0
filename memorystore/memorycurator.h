#pragma once

#include "categorymemory.h"
#include "feedbacklog.h"
#include "learning.h"

#include <QDateTime>
#include <QStringList>

#include <functional>
#include <optional>

class MemoryStore;

// The fields a person may change on a learning.
struct LearningPatch
{
    std::optional<QString> insight;
    std::optional<QString> strategy;
    std::optional<QString> outcome;
    std::optional<QString> changeType;
    std::optional<QStringList> tags;
    std::optional<double> confidence; // clamped to 0.01–1.0
    std::optional<QString> status;    // active | pending
};

// A learning written by hand.
struct NewLearning
{
    QString insight;
    QString strategy;
    QString outcome = QStringLiteral("improved");
    QString changeType = QStringLiteral("initial");
    QStringList tags;
    QString topicDescription; // empty = the category key
};

// Curation of the memory by a person: every step goes through MemoryStore::update() (locked,
// atomic) and, when it changed the file, is logged to `feedback-log.jsonl` as {id, timestamp,
// category, learningId, action, source "person", before, after, stateBefore, stateAfter}
// *before* the file is replaced (write-ahead, see FeedbackLog), so a crash can never leave a
// change without its entry.
class MemoryCurator final
{
public:
    explicit MemoryCurator(const MemoryStore &store);

    struct Result
    {
        QString error;
        // After the step (absent after remove). After an inversion: the inverted learning,
        // which has left the learnings for the anti-pattern list (see reject()).
        std::optional<Learning> learning;
        bool inverted = false;
        QString antiPattern;                // the text an inversion added to the list
        std::optional<CategoryMemory> memoryBefore; // the whole file before and after a
        std::optional<CategoryMemory> memoryAfter;  // successful step (for undo)
        bool ok() const { return error.isEmpty(); }
    };

    Result edit(const QString &category, const QString &id, const LearningPatch &patch) const;
    Result remove(const QString &category, const QString &id) const;
    // Base confidence +0.1 and the decay clock restarts (lastConfirmedAt = now), so the shown
    // confidence right after is the new base.
    Result confirm(const QString &category, const QString &id) const;
    // Base confidence −0.15 (the decay clock is not restarted). A learning that drops below
    // 0.15 is inverted (logged as "invert"): it leaves the learnings and "KNOWN PITFALL:
    // <insight>" joins the category's anti-pattern list at once (unless its normal form is
    // already there). A legacy anti-pattern learning only falls, to 0.01.
    Result reject(const QString &category, const QString &id) const;
    Result approve(const QString &category, const QString &id) const; // pending -> active
    // source "person", status active; creates the category file when needed.
    Result add(const QString &category, const NewLearning &learning) const;
    // `keepId` absorbs `mergedId` (MemoryMerger::absorb: seen counts add up, tags united,
    // provenance of both kept in mergedFrom) and `mergedId` is removed. Refused when
    // MemoryMerger::mergeConflict() objects (different outcomes, a pitfall with a learning,
    // different intents, opposite directions).
    Result merge(const QString &category, const QString &keepId, const QString &mergedId) const;
    // Writes `snapshot` back as the whole file, with its updatedAt, so an undo restores the
    // file byte for byte; logged as `action`.
    Result restore(const QString &category, const CategoryMemory &snapshot,
                   const QString &action = QStringLiteral("restore")) const;

    QString addAntiPattern(const QString &category, const QString &text) const;
    QString editAntiPattern(const QString &category, int index, const QString &text) const;
    QString removeAntiPattern(const QString &category, int index) const;

    void setClock(std::function<QDateTime()> clock) { m_clock = std::move(clock); } // tests
    FeedbackLog log() const { return m_log; }

private:
    // Changes the memory, fills in the entries to log (before/after, action, learningId) and
    // returns an error message, or empty. Returning an error writes nothing.
    using Step = std::function<QString(CategoryMemory &, QList<FeedbackLog::Entry> &)>;
    // `updatedAt`: the file's updatedAt when written (invalid = now).
    Result apply(const QString &category, const Step &step, const QDateTime &updatedAt = {}) const;
    // Changes one learning; may rename the logged action.
    using LearningStep = std::function<QString(Learning &, QString &action)>;
    Result change(const QString &category, const QString &id, const QString &action,
                  const LearningStep &step) const;
    QString
    changeList(const QString &category, const QString &action,
               const std::function<QString(QStringList &, QJsonValue &, QJsonValue &)> &step) const;
    QDateTime now() const;

    const MemoryStore &m_store;
    FeedbackLog m_log;
    std::function<QDateTime()> m_clock;
};
