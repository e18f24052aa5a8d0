#pragma once

#include <QDateTime>
#include <QLockFile>
#include <QString>

#include <memory>
#include <optional>

// What an audit or an impact check holds while it works (issue 55), in `<home>/audits`:
//  - the profile's lock: one audit or impact check of a profile at a time per home; whoever
//    finds it held is told the holder's pid and command (kept next to the lock, in
//    `profile-<key>.owner`, since QLockFile keeps only a pid);
//  - its own footprint's lock (`<audit id>.lock`, `impact-<id>.lock`): what an audit or a
//    check left on the tenant is an orphan only once that lock is free, i.e. its owner is gone.
// Every lock here is stale only when its process is gone (LockFiles::tryLock).
class AuditLock final
{
    Q_DISABLE_COPY_MOVE(AuditLock)
public:
    struct Holder
    {
        qint64 pid = 0;   // 0: the lock file names no process yet
        QString command;  // what it runs ("daystrom audit"), when it said
        QDateTime since;
    };

    ~AuditLock();

    // Takes `profile`'s lock for `command` (what a person reads: "daystrom audit"). Null with
    // `error` (in a person's words, naming the holder) when another process holds it.
    static std::unique_ptr<AuditLock> forProfile(const QString &home, const QString &profile, const QString &command,
                                                 QString *error);
    // Also holds the lock of footprint `stem` (an audit id, or "impact-<id>") until destroyed.
    // False with `error` when a live process holds it.
    bool own(const QString &stem, QString *error);

    // A footprint's lock for someone about to clean up what it left: null while a live process
    // holds it (`holder` then says which).
    static std::unique_ptr<QLockFile> footprint(const QString &home, const QString &stem, qint64 *holder = nullptr);

    // Who holds `profile`'s lock now, if anyone (for tests and messages).
    static std::optional<Holder> holderOf(const QString &home, const QString &profile);

private:
    AuditLock(const QString &home, const QString &profile);
    static QString profileStem(const QString &home, const QString &profile);

    QString m_home;
    QLockFile m_profile;
    QString m_ownerFile;
    std::unique_ptr<QLockFile> m_footprint;
};
