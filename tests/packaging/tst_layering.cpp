// The house's rules, read from the sources (issue 59): widgets talk to controllers and models,
// never to the engine's tenant, AIRS client or run store (views without I/O); engine/ and
// memorystore/ include no widget; the headless session layer (models/session) includes nothing
// of QtGui, QtWidgets, ui/ or the rest of models/, and it is all the CLI links; no command of
// the CLI and no part of the engine spins a nested event loop. A new line that breaks a rule
// fails here with its file and line.
#include "testmain.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>

#include <functional>
#include <optional>

using namespace Qt::StringLiterals;

class TestLayering : public QObject
{
    Q_OBJECT

    // What the session layer may not include: QtGui and QtWidgets (by module or by class), the
    // views, and the app's models outside models/session.
    static QRegularExpression sessionForbidden()
    {
        return QRegularExpression(
            u"^(QtGui/|QtWidgets/|QtCharts/|ui/|models/(?!session/)|Q(Gui)?(Application|Widget|Dialog|Label|PushButton|"
            "MainWindow|Color|Brush|Pen|Font|FontMetrics|Icon|Image|Pixmap|Painter|Palette|TextDocument|"
            "StandardItemModel|DesktopServices|Clipboard|Screen)$)"_s);
    }

    // The files under `folder` whose names match `patterns`, as paths from the source root.
    static QStringList filesUnder(const QString &folder, const QStringList &patterns)
    {
        const QString root = QStringLiteral(DAYSTROM_SOURCE_DIR);
        QStringList paths;
        QDirIterator it(root + u'/' + folder, patterns, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            paths.append(it.next().mid(root.size() + 1));
        return paths;
    }

    static QString readSource(const QString &file)
    {
        QFile f(QStringLiteral(DAYSTROM_SOURCE_DIR) + u'/' + file);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

    // "file:line" and what `finding` says of the line, for every line of a source (.h, .cpp)
    // under `folder` it says something of (nullopt: nothing).
    static QStringList linesUnder(const QString &folder,
                                  const std::function<std::optional<QString>(const QString &)> &finding)
    {
        QStringList found;
        for (const QString &path : filesUnder(folder, {u"*.h"_s, u"*.cpp"_s})) {
            QFile f(QStringLiteral(DAYSTROM_SOURCE_DIR) + u'/' + path);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            int line = 0;
            while (!f.atEnd()) {
                ++line;
                if (const std::optional<QString> what = finding(QString::fromUtf8(f.readLine())))
                    found.append(u"%1:%2"_s.arg(path).arg(line) + *what);
            }
        }
        return found;
    }

    // "file:line: the include" for every include under `folder` that `forbidden` matches.
    static QStringList offending(const QString &folder, const QRegularExpression &forbidden)
    {
        static const QRegularExpression include(QStringLiteral("^\\s*#\\s*include\\s*[<\"]([^>\"]+)[>\"]"));
        return linesUnder(folder, [&](const QString &text) -> std::optional<QString> {
            const QRegularExpressionMatch m = include.match(text);
            if (m.hasMatch() && forbidden.match(m.captured(1)).hasMatch())
                return u": "_s + m.captured(1);
            return std::nullopt;
        });
    }

    // "file:line" for every line of a source under `folder` that contains `word`.
    static QStringList containing(const QString &folder, const QString &word)
    {
        return linesUnder(folder, [&](const QString &text) -> std::optional<QString> {
            if (text.contains(word))
                return QString();
            return std::nullopt;
        });
    }

    // The libraries a target_link_libraries() call of `target` in `cmake` names (keywords aside).
    static QStringList linkedBy(const QString &cmake, const QString &target)
    {
        const QRegularExpression call(u"target_link_libraries\\(\\s*"_s + QRegularExpression::escape(target)
                                      + u"\\s([^)]*)\\)"_s);
        static const QRegularExpression keyword(u"^(PUBLIC|PRIVATE|INTERFACE)$"_s);
        QStringList libraries;
        for (QRegularExpressionMatchIterator it = call.globalMatch(cmake); it.hasNext();) {
            for (const QString &word : it.next().captured(1).split(QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts)) {
                if (!keyword.match(word).hasMatch())
                    libraries.append(word);
            }
        }
        return libraries;
    }

    // Every library target defined under `folder` (add_library in its CMakeLists.txt files).
    static QStringList librariesUnder(const QString &folder)
    {
        QStringList names;
        static const QRegularExpression library(u"add_library\\(\\s*([A-Za-z0-9_]+)"_s);
        for (const QString &path : filesUnder(folder, {u"CMakeLists.txt"_s})) {
            for (QRegularExpressionMatchIterator m = library.globalMatch(readSource(path)); m.hasNext();)
                names.append(m.next().captured(1));
        }
        return names;
    }

private slots:
    void widgetsDoNoTenantOrStoreIo()
    {
        const QStringList found = offending(u"ui"_s, QRegularExpression(u"^(engine/)?(tenant|airs|runs)/"_s));
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }

    void theEngineIncludesNoWidget()
    {
        const QRegularExpression widgets(u"^(QtWidgets/|ui/|Q(Widget|Dialog|Label|PushButton|MainWindow|Application)$)"_s);
        QStringList found = offending(u"engine"_s, widgets);
        found += offending(u"memorystore"_s, widgets);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }

    // The session layer is what the CLI and the app share: QtCore + QtNetwork, no view, and
    // nothing of the app's own models (which bring the keychain and DBus).
    void theSessionLayerIsHeadless()
    {
        const QStringList found = offending(u"models/session"_s, sessionForbidden());
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }

    // The CLI's library names the session layer, not the engine's libraries one by one.
    void theCliLinksOnlyTheSessionLayer()
    {
        const QString cmake = readSource(u"app/CMakeLists.txt"_s);
        QVERIFY(!cmake.isEmpty());
        const QStringList linked = linkedBy(cmake, u"daystrom_cli"_s);
        QVERIFY2(linked.contains(u"daystrom_session"_s), qPrintable(linked.join(u' ')));
        const QStringList engine = librariesUnder(u"engine"_s) + librariesUnder(u"memorystore"_s);
        QVERIFY2(engine.contains(u"daystrom_loop"_s) && engine.contains(u"daystrom_memorystore"_s),
                 qPrintable(engine.join(u' ')));
        QStringList direct;
        for (const QString &library : linked) {
            const bool otherQt = library.startsWith(u"Qt6::"_s) && library != u"Qt6::Core"_s && library != u"Qt6::Network"_s;
            if (engine.contains(library) || otherQt)
                direct.append(library);
        }
        QVERIFY2(direct.isEmpty(), qPrintable(u"daystrom_cli links "_s + direct.join(u", "_s) + u" directly"_s));
    }

    // A command is a small state of its own driven by the one event loop, not a wait.
    void theCliSpinsNoNestedEventLoop()
    {
        const QStringList found = containing(u"app/cli"_s, u"QEventLoop"_s) + containing(u"models/session"_s, u"QEventLoop"_s);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }

    void theEngineSpinsNoNestedEventLoop()
    {
        const QStringList found = containing(u"engine"_s, u"QEventLoop"_s);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }

    // No page of the app (a folder under ui/ with its own library) includes another page's
    // folder or the window's own files: what two pages share lives in ui/widgets/, which
    // includes no page.
    void pagesIncludeNoOtherPage()
    {
        const QString root = QStringLiteral(DAYSTROM_SOURCE_DIR);
        const QStringList folders = QDir(root + u"/ui"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QVERIFY(folders.contains(u"widgets"_s) && folders.contains(u"live"_s) && folders.contains(u"compare"_s));
        QStringList found;
        for (const QString &folder : folders) {
            const QString own = folder == "widgets"_L1 ? QString() : u"|"_s + folder + u"/"_s;
            found += offending(u"ui/"_s + folder, QRegularExpression(u"^ui/(?!widgets/"_s + own + u")"_s));
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }

    // Every output format is written in engine/reports (issue 59: formats in one room): no
    // source elsewhere is named for HTML, a report, JUnit, Terraform or an apply plan's text,
    // and the reports include nothing of Qt GUI, widgets, models or views (charts come in as PNG
    // bytes, colours as CSS names).
    void everyOutputFormatIsInEngineReports()
    {
        const QRegularExpression format(u"(html|report|junit|terraform|plantext)[a-z]*\\.cpp$"_s);
        // Named so, yet no format: the LLM's analysis (a domain value) and the CLI's `report`
        // command, which calls engine/reports.
        const QStringList notFormats{u"engine/domain/analysisreport.cpp"_s, u"app/cli/reportcommand.cpp"_s};
        QStringList found;
        for (const QString &folder : {u"engine"_s, u"models"_s, u"ui"_s, u"app"_s, u"memorystore"_s}) {
            for (const QString &path : filesUnder(folder, {u"*.cpp"_s})) {
                if (!path.startsWith("engine/reports/"_L1) && !notFormats.contains(path)
                    && format.match(path.section(u'/', -1)).hasMatch())
                    found.append(path);
            }
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
        // The rule looks where they are.
        QVERIFY(QFile::exists(QStringLiteral(DAYSTROM_SOURCE_DIR) + u"/engine/reports/htmlreport.cpp"_s));

        const QRegularExpression gui(
            u"^(QtGui/|QtWidgets/|ui/|models/|Q(Image|Color|Palette|Painter|Pixmap|Font|Pen|Brush|Widget|Application)$)"_s);
        const QStringList included = offending(u"engine/reports"_s, gui);
        QVERIFY2(included.isEmpty(), qPrintable(included.join(u'\n')));
    }

    // The rule itself catches what it should (a test of the test).
    void theRuleSeesAnOffendingInclude()
    {
        const QRegularExpression rule(u"^(engine/)?(tenant|airs|runs)/"_s);
        QVERIFY(rule.match(u"tenant/topicapplier.h"_s).hasMatch());
        QVERIFY(rule.match(u"engine/runs/runstore.h"_s).hasMatch());
        QVERIFY(!rule.match(u"models/session/runfiles.h"_s).hasMatch());
        QVERIFY(!rule.match(u"reports/usagetext.h"_s).hasMatch());

        const QRegularExpression session = sessionForbidden();
        QVERIFY(session.match(u"QColor"_s).hasMatch());
        QVERIFY(session.match(u"QtGui/QImage"_s).hasMatch());
        QVERIFY(session.match(u"ui/compare/applydialog.h"_s).hasMatch());
        QVERIFY(session.match(u"models/studiocontext.h"_s).hasMatch());
        QVERIFY(!session.match(u"models/session/runenvironment.h"_s).hasMatch());
        QVERIFY(!session.match(u"QCoreApplication"_s).hasMatch());
        QVERIFY(!session.match(u"QNetworkAccessManager"_s).hasMatch());

        const QStringList linked = linkedBy(u"target_link_libraries(daystrom_x PUBLIC a_b\n    c PRIVATE Qt6::Gui)"_s,
                                            u"daystrom_x"_s);
        QCOMPARE(linked, (QStringList{u"a_b"_s, u"c"_s, u"Qt6::Gui"_s}));
    }
};

QTEST_GUILESS_MAIN(TestLayering)
#include "tst_layering.moc"
