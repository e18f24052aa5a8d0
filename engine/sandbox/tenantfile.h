#pragma once

#include <QDateTime>
#include <QString>

#include <memory>

class ProfileStore;
class QLockFile;
class TopicStore;

// The sandbox's tenant on disk (issue 58): its topics and profiles with every revision, so
// what was applied in the sandbox is still there after a restart, and the app and the CLI —
// separate processes, each serving its own emulator — act on one tenant.
//
// Every request re-reads the file when another process has replaced it since this one last
// read or wrote it (its size and modification times tell); a management write holds the
// file's lock from that re-read to its own atomic save, so two processes never lose each
// other's changes. Tokens, prompt sets and the propagation model stay per process.
class TenantFile final
{
public:
    enum class Opened {
        Created, // no file yet: the stores are left as they are (the caller seeds them)
        Loaded,
        Reset,   // unreadable or malformed: kept aside as <path>.broken-<time>, started afresh
    };

    explicit TenantFile(QString path);
    ~TenantFile();

    QString path() const { return m_path; }

    // Loads the file into the stores. `note` (Reset only) says what was wrong and where the
    // old file went.
    Opened open(TopicStore &topics, ProfileStore &profiles, QString *note);
    // Re-reads the file if another process wrote it since; a file that has become unreadable
    // is left alone (the next save replaces it).
    void refresh(TopicStore &topics, ProfileStore &profiles);
    bool save(const TopicStore &topics, const ProfileStore &profiles, QString *error);

    // The cross-process lock for one read-modify-write; null when it could not be taken
    // within `timeoutMs` (another process holds it).
    std::unique_ptr<QLockFile> lock(int timeoutMs);

private:
    struct Stamp
    {
        qint64 size = -1;
        QDateTime modified;
        QDateTime changed;
        // Where the system has them: the inode (every atomic save makes a new file) and the
        // modification time in nanoseconds, so two saves within a millisecond still differ.
        quint64 inode = 0;
        qint64 modifiedNs = 0;
        friend bool operator==(const Stamp &, const Stamp &) = default;
    };
    Stamp stampNow() const;
    bool read(TopicStore &topics, ProfileStore &profiles, QString *error);

    QString m_path;
    Stamp m_seen; // the file as this process last read or wrote it
};
