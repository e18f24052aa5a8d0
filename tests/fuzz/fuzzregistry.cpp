#include "fuzztarget.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace Fuzz {

namespace {
QList<Target> &registry()
{
    static QList<Target> all;
    return all;
}

QString &inputName()
{
    static QString name;
    return name;
}
} // namespace

void setInputName(const QString &name)
{
    inputName() = name;
}

bool add(const char *name, Function function)
{
    if (find(name)) {
        std::fprintf(stderr, "two fuzz targets are named %s\n", name);
        std::abort();
    }
    registry().append({name, function});
    return true;
}

const QList<Target> &targets()
{
    return registry();
}

const Target *find(const QByteArray &name)
{
    for (const Target &t : registry()) {
        if (name == t.name)
            return &t;
    }
    return nullptr;
}

void failed(const char *file, int line, const char *condition, const QString &what)
{
    std::fprintf(stderr, "%s:%d: fuzz property failed: %s\n  %s\n", file, line, condition,
                 what.toLocal8Bit().constData());
    if (!inputName().isEmpty())
        std::fprintf(stderr, "  input: %s\n", inputName().toLocal8Bit().constData());
    std::fflush(stderr);
    std::abort();
}

QStringList split(const QByteArray &data, int max)
{
    QStringList parts;
    qsizetype start = 0;
    while (parts.size() < max - 1) {
        const qsizetype nul = data.indexOf('\0', start);
        if (nul < 0)
            break;
        parts.append(QString::fromUtf8(data.mid(start, nul - start)));
        start = nul + 1;
    }
    parts.append(QString::fromUtf8(data.mid(start)));
    return parts;
}

} // namespace Fuzz
