#include "testhome.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>

namespace {
QTemporaryDir *s_home = nullptr;

void removeHome()
{
    delete s_home;
    s_home = nullptr;
}

// Runs when the test's QCoreApplication is constructed, before any test function.
void isolateHome()
{
    s_home = new QTemporaryDir(QDir::tempPath() + QStringLiteral("/daystrom-test-XXXXXX"));
    if (!s_home->isValid()) {
        std::fprintf(stderr, "testhome: cannot create a temporary home\n");
        std::abort();
    }
    const QByteArray root = QFile::encodeName(s_home->path());
    qputenv("HOME", root);
    qputenv("DAYSTROM_HOME", root + "/daystrom");
    qputenv("XDG_CONFIG_HOME", root + "/xdg-config");
    qputenv("XDG_DATA_HOME", root + "/xdg-data");
    qputenv("XDG_CACHE_HOME", root + "/xdg-cache");
    QStandardPaths::setTestModeEnabled(true);
    qAddPostRoutine(removeHome);
}
} // namespace

Q_COREAPP_STARTUP_FUNCTION(isolateHome)

QString TestHome::path()
{
    return s_home ? s_home->path() : QString();
}
