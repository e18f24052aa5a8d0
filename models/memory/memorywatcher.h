#pragma once

#include <QObject>
#include <QTimer>

class QFileSystemWatcher;

// Notices memory files changed on disk (by the CLI, a run, or another window): watches the
// memory directory (files added, removed, or replaced by an atomic rename) and every
// `<category>.json` (in-place writes), and emits changed() once per burst of events. The
// MemoryStore's index then re-reads only the files whose stamp changed.
class MemoryWatcher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryWatcher)
public:
    static constexpr int DebounceMs = 150;

    explicit MemoryWatcher(QString directory, QObject *parent = nullptr);

    QString directory() const { return m_dir; }
    QStringList watchedFiles() const;

signals:
    void changed();

private:
    void rewatch();
    void onEvent();

    QString m_dir;
    QFileSystemWatcher *m_watcher;
    QTimer m_debounce;
};
