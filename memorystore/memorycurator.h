#pragma once

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
// atomic) and, when it changed something, is appended to `feedback-log.jsonl` as
// {timestamp, category, learningId, action, before, after}.
class MemoryCurator final
{
public:
    explicit MemoryCurator(const MemoryStore &store);

    struct Result
    {
        QString error;
        std::optional<Learning> learning; // after the step (absent after remove)
        bool ok() const { return error.isEmpty(); }
    };

    Result edit(const QString &category, const QString &id, const LearningPatch &patch) const;
    Result remove(const QString &category, const QString &id) const;
    Result confirm(const QString &category, const QString &id) const; // confidence +0.1
    // confidence −0.15; below 0.15 the learning turns into an anti-pattern (logged as "invert").
    Result reject(const QString &category, const QString &id) const;
    Result approve(const QString &category, const QString &id) const; // pending -> active
    // source "person", status active; creates the category file when needed.
    Result add(const QString &category, const NewLearning &learning) const;
    // `keepId` absorbs `mergedId`: their seen counts add up (corroborations a + b + 1), tags
    // are united, the later extractedAt/lastRecalledAt and the higher confidence are kept, and
    // `mergedId` is removed.
    Result merge(const QString &category, const QString &keepId, const QString &mergedId) const;

    QString addAntiPattern(const QString &category, const QString &text) const;
    QString editAntiPattern(const QString &category, int index, const QString &text) const;
    QString removeAntiPattern(const QString &category, int index) const;

    void setClock(std::function<QDateTime()> clock) { m_clock = std::move(clock); } // tests
    FeedbackLog log() const { return m_log; }

private:
    // Changes the learning; may rename the logged action. Returns an error message, or empty.
    using LearningStep = std::function<QString(Learning &, QString &action)>;
    Result change(const QString &category, const QString &id, const QString &action,
                  const LearningStep &step) const;
    QString
    changeList(const QString &category, const QString &action,
               const std::function<QString(QStringList &, QJsonValue &, QJsonValue &)> &step) const;
    void record(const QString &category, const QString &id, const QString &action,
                const QJsonValue &before, const QJsonValue &after) const;
    QDateTime now() const;

    const MemoryStore &m_store;
    FeedbackLog m_log;
    std::function<QDateTime()> m_clock;
};
