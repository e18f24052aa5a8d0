// The Debian package: cpack -G DEB on this build tree into a temporary directory, its control
// fields, its contents extracted with dpkg-deb -x into a temporary root, and both installed
// binaries answering --version from there. The whole build tree must be built first.
#include "toolrunner.h"

#include "testmain.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

namespace {
const QString AppId = u"io.github.daystrom.Studio"_s;
// The man pages and shell completions (issue 60), as `dpkg -c` lists them.
const QStringList DocFiles{u"share/man/man1/daystrom.1.gz"_s, u"share/man/man1/daystrom-studio.1.gz"_s,
                           u"share/bash-completion/completions/daystrom"_s, u"share/zsh/vendor-completions/_daystrom"_s,
                           u"share/fish/vendor_completions.d/daystrom.fish"_s};
const QString Version = QStringLiteral(DAYSTROM_VERSION);
constexpr int CpackTimeoutMs = 300000;
} // namespace

class TestDebPackage : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir{QDir::tempPath() + u"/daystrom-deb-XXXXXX"_s};
    QString m_deb;  // the built package
    QString m_root; // where it was extracted

    QString field(const QString &name) const
    {
        const ToolRun run = ToolRunner::run(u"dpkg-deb"_s, {u"--field"_s, m_deb, name});
        return run.ok() ? run.out.trimmed() : run.what;
    }

    QString installed(const QString &relative) const { return m_root + u"/usr/"_s + relative; }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        if (ToolRunner::find(u"dpkg-deb"_s).isEmpty())
            QSKIP("dpkg-deb is not installed: not a Debian system, no DEB to build");
        const QString cpack = QStringLiteral(DAYSTROM_CPACK);
        QVERIFY2(QFileInfo(cpack).isExecutable(), qPrintable(cpack));

        // cpack installs this build tree into <dir>/out/_CPack_Packages and packs it there.
        const QString out = m_dir.filePath(u"out"_s);
        const ToolRun pack = ToolRunner::run(
            cpack,
            {u"-G"_s, u"DEB"_s, u"--config"_s, QStringLiteral(DAYSTROM_CPACK_CONFIG), u"-B"_s, out},
            CpackTimeoutMs, QProcessEnvironment::systemEnvironment(), m_dir.path());
        QVERIFY2(pack.ok(), qPrintable(pack.what));

        const QStringList debs = QDir(out).entryList({u"*.deb"_s}, QDir::Files);
        QVERIFY2(debs.size() == 1, qPrintable(debs.join(u", "_s) + u'\n' + pack.what));
        m_deb = QDir(out).filePath(debs.first());

        m_root = m_dir.filePath(u"root"_s);
        const ToolRun extract = ToolRunner::run(u"dpkg-deb"_s, {u"-x"_s, m_deb, m_root});
        QVERIFY2(extract.ok(), qPrintable(extract.what));
    }

    void controlFields()
    {
        QCOMPARE(QFileInfo(m_deb).fileName().section(u'_', 0, 1), u"daystrom-studio_"_s + Version);
        QCOMPARE(field(u"Package"_s), u"daystrom-studio"_s);
        QCOMPARE(field(u"Version"_s), Version);
        QCOMPARE(field(u"Section"_s), u"devel"_s);
        QVERIFY(field(u"Maintainer"_s).contains(u'@'));
        const QString depends = field(u"Depends"_s);
        qInfo().noquote() << "Depends:" << depends;
        for (const char *library : {"libqt6core6", "libqt6widgets6", "libqt6svg6", "libqt6charts6"})
            QVERIFY2(depends.contains(QLatin1StringView(library)), qPrintable(depends));
    }

    void contents_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("gui") << u"bin/daystrom-studio"_s;
        QTest::newRow("cli") << u"bin/daystrom"_s;
        QTest::newRow("desktop") << u"share/applications/"_s + AppId + u".desktop"_s;
        QTest::newRow("metainfo") << u"share/metainfo/"_s + AppId + u".metainfo.xml"_s;
        QTest::newRow("svg") << u"share/icons/hicolor/scalable/apps/"_s + AppId + u".svg"_s;
        for (int size : {16, 32, 48, 64, 128, 256})
            QTest::addRow("png%d", size)
                << u"share/icons/hicolor/%1x%1/apps/"_s.arg(size) + AppId + u".png"_s;
        for (const QString &doc : DocFiles)
            QTest::newRow(qPrintable(doc.section(u'/', -1))) << doc;
    }

    // `dpkg -c` (dpkg-deb --contents) lists the man pages and the completion scripts.
    void listedManPagesAndCompletions()
    {
        const ToolRun list = ToolRunner::run(u"dpkg-deb"_s, {u"--contents"_s, m_deb});
        QVERIFY2(list.ok(), qPrintable(list.what));
        QStringList paths;
        for (const QString &line : list.out.split(u'\n', Qt::SkipEmptyParts))
            paths.append(line.section(u' ', -1));
        for (const QString &doc : DocFiles)
            QVERIFY2(paths.contains(u"./usr/"_s + doc), qPrintable(doc + u" is not in\n"_s + list.out));
        // A page is gzip'ed without a name or a time stamp (gzip -9n, as Debian policy asks).
        QFile page(installed(DocFiles.constFirst()));
        QVERIFY(page.open(QIODevice::ReadOnly));
        const QByteArray head = page.read(10);
        QCOMPARE(head.left(2), QByteArray("\x1f\x8b"));
        QCOMPARE(int(head.at(3)) & 0x08, 0);
        QCOMPARE(head.mid(4, 4), QByteArray(4, '\0'));
    }

    void contents()
    {
        QFETCH(QString, path);
        const QFileInfo info(installed(path));
        QVERIFY2(info.isFile(), qPrintable(info.filePath()));
        if (path.startsWith(u"bin/"_s))
            QVERIFY(info.isExecutable());
        if (path.endsWith(u".png"_s)) {
            const int size = path.section(u'/', 3, 3).section(u'x', 0, 0).toInt();
            QImageReader reader(info.filePath());
            QCOMPARE(reader.size(), QSize(size, size));
        }
    }

    void nothingElseIsInstalled()
    {
        QStringList unexpected;
        QDirIterator it(m_root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString relative = QDir(m_root).relativeFilePath(it.next());
            if (!relative.startsWith(u"usr/bin/"_s) && !relative.startsWith(u"usr/share/"_s))
                unexpected << relative;
        }
        QVERIFY2(unexpected.isEmpty(), qPrintable(unexpected.join(u'\n')));
    }

    void installedTreeValidates()
    {
        const QString tool = ToolRunner::find(u"appstreamcli"_s);
        if (tool.isEmpty())
            QSKIP("appstreamcli is not installed (Debian: appstream)");
        // The metainfo, its launchable .desktop file and the icons, as installed together.
        const ToolRun run = ToolRunner::run(tool, {u"validate-tree"_s, u"--no-net"_s, m_root});
        QVERIFY2(run.ok(), qPrintable(run.what));
    }

    void guiBinaryStarts()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        const ToolRun run =
            ToolRunner::run(installed(u"bin/daystrom-studio"_s), {u"--version"_s}, 60000, env);
        QVERIFY2(run.ok(), qPrintable(run.what));
        QCOMPARE(run.out.trimmed(), u"Daystrom Studio "_s + Version);
    }

    void guiBinarySpeaksGermanInAGermanSession()
    {
        // The embedded catalogue is chosen from LANG by the installed binary itself.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        env.insert(u"LANG"_s, u"de_DE.UTF-8"_s);
        for (const QString &name : {u"LC_ALL"_s, u"LC_MESSAGES"_s, u"LANGUAGE"_s})
            env.remove(name);
        const ToolRun run =
            ToolRunner::run(installed(u"bin/daystrom-studio"_s), {u"--help"_s}, 60000, env);
        QVERIFY2(run.ok(), qPrintable(run.what));
        QVERIFY2(run.out.contains(u"Prisma-AIRS-Guardrails für eigene Themen entwerfen"_s),
                 qPrintable(run.what));
    }

    void cliBinaryStarts()
    {
        const ToolRun run = ToolRunner::run(installed(u"bin/daystrom"_s), {u"--version"_s});
        QVERIFY2(run.ok(), qPrintable(run.what));
        QCOMPARE(run.out.trimmed(), u"daystrom "_s + Version);
    }
};

QTEST_GUILESS_MAIN(TestDebPackage)
#include "tst_debpackage.moc"
