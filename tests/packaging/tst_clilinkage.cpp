// The headless CLI needs no display stack: every shared library `daystrom` loads (ldd: its
// NEEDED entries and theirs) is free of QtGui, QtWidgets, X11, xcb, EGL/GL and Wayland, so it
// runs in a slim container. The desktop app is checked the same way, the other way round, so
// the check itself is known to see a GUI library when one is there.
#include "toolrunner.h"

#include "testmain.h"

#include <QFileInfo>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {
// Libraries that mean "a display stack": Qt's GUI modules and what libQt6Gui itself loads.
const QStringList DisplayLibraries = {
    u"libQt6Gui"_s,     u"libQt6Widgets"_s, u"libQt6OpenGL"_s,
    u"libQt6Charts"_s,  u"libQt6Svg"_s,     u"libQt6StateMachine"_s,
    u"libX11"_s,        u"libxcb"_s,        u"libEGL"_s,
    u"libGL"_s,         u"libGLX"_s,        u"libOpenGL"_s,
    u"libGLdispatch"_s, u"libxkbcommon"_s,  u"libwayland"_s,
    u"libfontconfig"_s, u"libfreetype"_s};

// The sonames ldd lists for `binary`, or a failure message in `error`.
QStringList loadedLibraries(const QString &binary, QString *error)
{
    const ToolRun run = ToolRunner::run(u"ldd"_s, {binary});
    if (!run.ok()) {
        *error = run.what;
        return {};
    }
    QStringList names;
    static const QRegularExpression soname(u"^\\s*(\\S+\\.so[.\\d]*)\\s"_s);
    for (const QString &line : run.out.split(u'\n')) {
        const QRegularExpressionMatch m = soname.match(line);
        if (m.hasMatch())
            names << m.captured(1);
        if (line.contains(u"not found"_s))
            *error += line.trimmed() + u'\n';
    }
    return names;
}

QStringList displayLibrariesIn(const QStringList &libraries)
{
    QStringList found;
    for (const QString &lib : libraries) {
        for (const QString &prefix : DisplayLibraries) {
            if (lib.startsWith(prefix + u'.') || lib.startsWith(prefix + u'-'))
                found << lib;
        }
    }
    return found;
}
} // namespace

class TestCliLinkage : public QObject
{
    Q_OBJECT

private slots:
    void cliLoadsNoDisplayLibrary()
    {
        const QString cli = QStringLiteral(DAYSTROM_CLI);
        QVERIFY2(QFileInfo(cli).isExecutable(), qPrintable(cli));
        QString error;
        const QStringList libs = loadedLibraries(cli, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(libs.contains(u"libQt6Core.so.6"_s), qPrintable(libs.join(u' ')));
        QVERIFY2(libs.contains(u"libQt6Network.so.6"_s), qPrintable(libs.join(u' ')));
        const QStringList display = displayLibrariesIn(libs);
        QVERIFY2(display.isEmpty(), qPrintable(u"daystrom loads "_s + display.join(u", "_s)));
    }

    void desktopAppLoadsWidgets()
    {
        const QString studio = QStringLiteral(DAYSTROM_STUDIO);
        QVERIFY2(QFileInfo(studio).isExecutable(), qPrintable(studio));
        QString error;
        const QStringList libs = loadedLibraries(studio, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QStringList display = displayLibrariesIn(libs);
        QVERIFY2(display.contains(u"libQt6Widgets.so.6"_s), qPrintable(libs.join(u' ')));
        QVERIFY2(display.contains(u"libQt6Gui.so.6"_s), qPrintable(libs.join(u' ')));
    }
};

QTEST_GUILESS_MAIN(TestCliLinkage)
#include "tst_clilinkage.moc"
