#include "routepath.h"

using namespace Qt::StringLiterals;

bool RoutePath::stripPrefix(const QString &path, QStringView prefix, QString *rest)
{
    if (!path.startsWith(prefix))
        return false;
    const QString tail = path.mid(prefix.size());
    if (!tail.isEmpty() && !tail.startsWith(u'/'))
        return false;
    if (rest)
        *rest = tail;
    return true;
}

bool RoutePath::match(const QString &path, QStringView pattern, QStringList *params)
{
    QString trimmed = path;
    if (trimmed.size() > 1 && trimmed.endsWith(u'/'))
        trimmed.chop(1);
    const QStringList have = trimmed.split(u'/');
    const QList<QStringView> want = pattern.split(u'/');
    if (have.size() != want.size())
        return false;
    QStringList found;
    for (qsizetype i = 0; i < want.size(); ++i) {
        if (want.at(i) == u"{}") {
            if (have.at(i).isEmpty())
                return false;
            found.append(have.at(i));
        } else if (want.at(i) != have.at(i)) {
            return false;
        }
    }
    if (params)
        *params = found;
    return true;
}
