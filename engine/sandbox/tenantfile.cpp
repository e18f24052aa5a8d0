#include "tenantfile.h"

#include "profilestore.h"
#include "sandboxlog.h"
#include "topicstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QSaveFile>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

using namespace Qt::StringLiterals;

namespace {
constexpr QLatin1StringView kFormat = "daystrom-sandbox-tenant"_L1;
constexpr int kVersion = 1;
} // namespace

TenantFile::TenantFile(QString path)
    : m_path(std::move(path))
{}

TenantFile::~TenantFile() = default;

TenantFile::Stamp TenantFile::stampNow() const
{
    const QFileInfo info(m_path);
    if (!info.exists())
        return {};
    Stamp stamp{info.size(), info.lastModified(), info.metadataChangeTime()};
#ifdef Q_OS_UNIX
    struct stat st{};
    if (::stat(QFile::encodeName(m_path).constData(), &st) == 0) {
        stamp.inode = quint64(st.st_ino);
        stamp.modifiedNs = qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    }
#endif
    return stamp;
}

bool TenantFile::read(TopicStore &topics, ProfileStore &profiles, QString *error)
{
    const Stamp before = stampNow(); // a replacement after this is seen by the next refresh
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return false;
    }
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
    if (parse.error != QJsonParseError::NoError) {
        *error = u"not JSON (%1 at byte %2)"_s.arg(parse.errorString()).arg(parse.offset);
        return false;
    }
    const QJsonObject root = doc.object();
    if (root.value(u"format"_s).toString() != kFormat || root.value(u"version"_s).toInt() != kVersion) {
        *error = u"not a sandbox tenant file of version %1"_s.arg(kVersion);
        return false;
    }
    // Both or neither: a profile must never point at topics from another state.
    TopicStore newTopics = topics;
    ProfileStore newProfiles = profiles;
    if (!newTopics.restore(root.value(u"topics"_s).toArray(), error) ||
        !newProfiles.restore(root.value(u"profiles"_s).toArray(), error))
        return false;
    topics = std::move(newTopics);
    profiles = std::move(newProfiles);
    m_seen = before;
    return true;
}

TenantFile::Opened TenantFile::open(TopicStore &topics, ProfileStore &profiles, QString *note)
{
    if (!QFileInfo::exists(m_path))
        return Opened::Created;
    QString error;
    if (read(topics, profiles, &error))
        return Opened::Loaded;
    const QString aside = m_path + u".broken-"_s + QDateTime::currentDateTimeUtc().toString(u"yyyyMMdd-hhmmss"_s);
    const bool moved = QFile::rename(m_path, aside);
    *note = moved ? u"The sandbox's tenant file could not be read (%1); it was kept as %2 and the sandbox "
                    "started with a fresh tenant."_s.arg(error, QDir::toNativeSeparators(aside))
                  : u"The sandbox's tenant file could not be read (%1) and started afresh."_s.arg(error);
    qCWarning(lcSandbox).noquote() << *note;
    m_seen = {};
    return Opened::Reset;
}

void TenantFile::refresh(TopicStore &topics, ProfileStore &profiles)
{
    const Stamp now = stampNow();
    if (now == m_seen || now.size < 0)
        return;
    QString error;
    if (!read(topics, profiles, &error))
        qCWarning(lcSandbox).noquote() << "the sandbox's tenant file changed but could not be read:" << error;
}

bool TenantFile::save(const TopicStore &topics, const ProfileStore &profiles, QString *error)
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    const QJsonObject root{{u"format"_s, QString(kFormat)},
                           {u"version"_s, kVersion},
                           {u"topics"_s, topics.snapshot()},
                           {u"profiles"_s, profiles.snapshot()}};
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(root).toJson(QJsonDocument::Indented)) < 0 ||
        !file.commit()) {
        *error = file.errorString();
        qCWarning(lcSandbox).noquote() << "the sandbox's tenant file could not be saved:" << *error;
        return false;
    }
    m_seen = stampNow();
    return true;
}

std::unique_ptr<QLockFile> TenantFile::lock(int timeoutMs)
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    auto lock = std::make_unique<QLockFile>(m_path + u".lock"_s);
    lock->setStaleLockTime(30 * 1000);
    if (!lock->tryLock(timeoutMs))
        return nullptr;
    return lock;
}
