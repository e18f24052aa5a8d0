// The desktop entry and the AppStream metainfo in packaging/: both pass their validators
// (desktop-file-validate, appstreamcli validate --strict --no-net) and agree with the project:
// the application id, the icon, the binaries, the release version and the screenshots.
#include "toolrunner.h"

#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QSettings>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

namespace {
const QString AppId = u"io.github.daystrom.Studio"_s;
const QString PackagingDir = QStringLiteral(DAYSTROM_PACKAGING_DIR);
const QString ScreenshotBase =
    u"https://github.com/daystrom/studio/raw/main/packaging/screenshots/"_s;

QString desktopFile()
{
    return PackagingDir + u'/' + AppId + u".desktop"_s;
}
QString metainfoFile()
{
    return PackagingDir + u'/' + AppId + u".metainfo.xml"_s;
}

// What the metainfo says, read with QXmlStreamReader (the validators check the schema).
struct Metainfo
{
    QString error;
    QString id;
    QString launchable;
    QStringList binaries;
    QStringList releases;
    QStringList screenshots;
};

Metainfo readMetainfo()
{
    Metainfo m;
    QFile file(metainfoFile());
    if (!file.open(QIODevice::ReadOnly)) {
        m.error = file.errorString();
        return m;
    }
    QXmlStreamReader xml(&file);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const auto name = xml.name();
        if (name == "id"_L1)
            m.id = xml.readElementText();
        else if (name == "launchable"_L1)
            m.launchable = xml.readElementText();
        else if (name == "binary"_L1)
            m.binaries << xml.readElementText();
        else if (name == "image"_L1)
            m.screenshots << xml.readElementText();
        else if (name == "release"_L1)
            m.releases << xml.attributes().value("version"_L1).toString();
    }
    if (xml.hasError())
        m.error = xml.errorString();
    return m;
}
} // namespace

class TestDesktopMetadata : public QObject
{
    Q_OBJECT

private slots:
    void desktopFileValidates()
    {
        const QString tool = ToolRunner::find(u"desktop-file-validate"_s);
        if (tool.isEmpty())
            QSKIP("desktop-file-validate is not installed (Debian: desktop-file-utils; studio.sh "
                  "installs it)");
        const ToolRun run = ToolRunner::run(tool, {desktopFile()});
        QVERIFY2(run.ok(), qPrintable(run.what));
        // Errors fail the tool; warnings do not, so they are refused here. Hints are advice.
        const QStringList lines = QString(run.out + run.err).split(u'\n', Qt::SkipEmptyParts);
        for (const QString &line : lines)
            QVERIFY2(line.contains(u": hint: "_s), qPrintable(run.what));
    }

    void metainfoValidates()
    {
        const QString tool = ToolRunner::find(u"appstreamcli"_s);
        if (tool.isEmpty())
            QSKIP("appstreamcli is not installed (Debian: appstream; studio.sh installs it)");
        // --strict fails on any warning or info; --no-net: the screenshot URLs are not fetched.
        const ToolRun run =
            ToolRunner::run(tool, {u"validate"_s, u"--no-net"_s, u"--strict"_s, metainfoFile()});
        QVERIFY2(run.ok(), qPrintable(run.what));
        qInfo().noquote() << run.out.trimmed();
    }

    void desktopFileMatchesTheProject()
    {
        QSettings desktop(desktopFile(), QSettings::IniFormat);
        desktop.beginGroup(u"Desktop Entry"_s);
        QCOMPARE(desktop.value(u"Type"_s).toString(), u"Application"_s);
        QCOMPARE(desktop.value(u"Exec"_s).toString(), u"daystrom-studio"_s);
        QCOMPARE(desktop.value(u"Icon"_s).toString(), AppId); // the hicolor icons' name
        QCOMPARE(desktop.value(u"Name"_s).toString(), u"Daystrom Studio"_s);
    }

    void metainfoMatchesTheProject()
    {
        const Metainfo m = readMetainfo();
        QVERIFY2(m.error.isEmpty(), qPrintable(m.error));
        QCOMPARE(m.id, AppId);
        QCOMPARE(m.launchable, AppId + u".desktop"_s);
        QVERIFY(QFile::exists(PackagingDir + u'/' + m.launchable));
        QCOMPARE(m.binaries, (QStringList{u"daystrom-studio"_s, u"daystrom"_s}));
        QVERIFY(!m.releases.isEmpty());
        QCOMPARE(m.releases.first(), QStringLiteral(DAYSTROM_VERSION)); // newest first
    }

    void screenshotsAreTheMainPages()
    {
        const Metainfo m = readMetainfo();
        QStringList expected;
        for (const char *name :
             {"new-run", "live-run", "charts", "compare", "memory", "memory-preview"})
            expected << ScreenshotBase + QLatin1StringView(name) + u".png"_s;
        QCOMPARE(m.screenshots, expected);
    }

    void screenshotsAreInTheRepository()
    {
        const QDir dir(PackagingDir + u"/screenshots"_s);
        QVERIFY(dir.exists());
        for (const QString &url : readMetainfo().screenshots) {
            const QString path = dir.filePath(url.section(u'/', -1));
            QImageReader reader(path);
            QVERIFY2(reader.canRead(), qPrintable(path + u": "_s + reader.errorString()));
            QCOMPARE(reader.format(), QByteArray("png"));
        }
    }
};

QTEST_GUILESS_MAIN(TestDesktopMetadata)
#include "tst_desktopmetadata.moc"
