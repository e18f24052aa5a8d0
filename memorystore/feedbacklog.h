#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

// `memory/feedback-log.jsonl`: one JSON object per line for every curation step (edit, delete,
// confirm, reject, approve, add, merge, anti-pattern changes), so what a person or a run did
// to the memory can be audited and replayed. Appends are guarded by a QLockFile and issued as
// a single write, so two processes never interleave lines.
class FeedbackLog final
{
public:
    struct Entry
    {
        QDateTime timestamp;
        QString category;
        QString learningId; // empty for anti-pattern list changes
        QString action; // edit | delete | confirm | reject | invert | approve | add | merge | ...
        QJsonValue before; // the learning (or anti-pattern) before; null when it did not exist
        QJsonValue after;  // after; null when it was deleted

        QJsonObject toJson() const;
        static Entry fromJson(const QJsonObject &object);
    };

    explicit FeedbackLog(QString path);

    QString path() const { return m_path; }
    QString append(const Entry &entry) const; // error message, or empty
    // Every readable line, oldest first; unreadable lines are counted in `skipped`.
    QList<Entry> read(int *skipped = nullptr) const;

    static constexpr QLatin1StringView FileName{"feedback-log.jsonl"};

private:
    QString m_path;
};
