#include "testscreen.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

bool TestScreen::configure(const QTemporaryDir &dir)
{
    const QStringList size =
        qEnvironmentVariable("DAYSTROM_TEST_SCREEN", u"1024x700"_s).split(u'x');
    const QJsonObject screen{{u"name"_s, u"small"_s},
                             {u"x"_s, 0},
                             {u"y"_s, 0},
                             {u"width"_s, size.value(0).toInt()},
                             {u"height"_s, size.value(1).toInt()},
                             {u"logicalDpi"_s, 96},
                             {u"logicalBaseDpi"_s, 96},
                             {u"dpr"_s, 1.0}};
    const QString config = dir.filePath(u"screen.json"_s);
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(QJsonDocument(QJsonObject{{u"screens"_s, QJsonArray{screen}}}).toJson()) < 0)
        return false;
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + QFile::encodeName(config));
    return true;
}
