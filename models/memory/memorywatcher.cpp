#include "memorywatcher.h"

#include <QDir>
#include <QFileSystemWatcher>

using namespace Qt::StringLiterals;

MemoryWatcher::MemoryWatcher(QString directory, QObject *parent)
    : QObject(parent)
    , m_dir(std::move(directory))
    , m_watcher(new QFileSystemWatcher(this))
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(DebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, [this] {
        rewatch();
        emit changed();
    });
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, &MemoryWatcher::onEvent);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &MemoryWatcher::onEvent);
    // The directory must exist to be watched; an empty one is what a new home holds anyway.
    QDir().mkpath(m_dir);
    rewatch();
}

QStringList MemoryWatcher::watchedFiles() const
{
    return m_watcher->files();
}

void MemoryWatcher::onEvent()
{
    m_debounce.start();
}

void MemoryWatcher::rewatch()
{
    if (!m_watcher->directories().contains(m_dir) && QDir(m_dir).exists())
        m_watcher->addPath(m_dir);
    const QDir dir(m_dir);
    QStringList wanted;
    for (const QString &name : dir.entryList({u"*.json"_s}, QDir::Files))
        wanted.append(dir.filePath(name));
    const QStringList watched = m_watcher->files();
    QStringList stale;
    for (const QString &f : watched) {
        if (!wanted.contains(f))
            stale.append(f);
    }
    if (!stale.isEmpty())
        m_watcher->removePaths(stale);
    QStringList fresh;
    for (const QString &f : std::as_const(wanted)) {
        if (!watched.contains(f))
            fresh.append(f);
    }
    if (!fresh.isEmpty())
        m_watcher->addPaths(fresh);
}
