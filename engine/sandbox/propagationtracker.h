#pragma once

#include "profilestore.h"
#include "topicstore.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>

#include <optional>

// A scan that reached the emulator before a management change affecting its profile had
// propagated to the scan service.
struct PropagationViolation
{
    QString profileName;
    QString prompt;     // its first 80 characters
    qint64 msEarly = 0; // how long before every affecting change would have propagated
};

// The delay between a management change and its arrival at the scan service (AIRS takes
// seconds to propagate a deployed topic). Each performed change that affects verdicts (a topic
// or a profile created, updated or deleted) stays pending for delayMs, together with the topic
// and profile stores as they were just before it. A scan of a profile a pending change affects
// (the profile itself by name or id, or a topic its policy references in either state) is
// evaluated against the stores before the oldest such change and is recorded as a violation.
// With a delay of 0 nothing is snapshot or recorded. Single-threaded, like EmulatorState.
class PropagationTracker final
{
public:
    struct View // the stores a scan is evaluated against
    {
        const TopicStore *topics = nullptr;
        const ProfileStore *profiles = nullptr;
    };
    struct ProfileRef
    {
        QString value; // a profile_name, or a profile_id when byId
        bool byId = false;
    };

    PropagationTracker();

    int delayMs() const { return m_delayMs; }
    void setDelayMs(int ms); // changes already pending keep their time

    // Around a management write: before() snapshots the stores (only with a delay), after()
    // keeps the write pending when it changed any topic or profile.
    void before(const TopicStore &topics, const ProfileStore &profiles);
    void after(const TopicStore &topics, const ProfileStore &profiles);

    // What a scan of `profile` sees now; records a violation when that is not the live state.
    View viewFor(const ProfileRef &profile, const QString &prompt, const TopicStore &topics,
                 const ProfileStore &profiles);

    QList<PropagationViolation> violations() const { return m_violations; }
    // {"delayMs":N,"pending":N,"violations":[{"profileName","prompt","msEarly"}…]}, where
    // pending counts the changes not propagated yet.
    QJsonObject json() const;

private:
    struct Snapshot
    {
        TopicStore topics;
        ProfileStore profiles;
    };
    struct Change
    {
        qint64 effectiveAt = 0; // on m_clock
        Snapshot before;
        QSet<QString> topicIds;
        QSet<QString> profileIds;
        QSet<QString> profileNames;
    };

    void expire(qint64 now);
    static bool affects(const Change &change, const ProfileRef &profile, const ProfileStore &live);

    int m_delayMs = 0;
    QElapsedTimer m_clock;
    std::optional<Snapshot> m_before;
    QList<Change> m_pending; // in the order performed
    QList<PropagationViolation> m_violations;
};
