// The house's rules, read from the sources (issue 59): widgets talk to controllers and models,
// never to the engine's tenant, AIRS client or run store (views without I/O); engine/ and
// memorystore/ include no widget. A new include that breaks a rule fails here with its file
// and line.
#include "testmain.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

class TestLayering : public QObject
{
    Q_OBJECT

    // "file:line: the include" for every include under `folder` that `forbidden` matches.
    static QStringList offending(const QString &folder, const QRegularExpression &forbidden)
    {
        QStringList found;
        const QString root = QStringLiteral(DAYSTROM_SOURCE_DIR);
        QDirIterator it(root + u'/' + folder, {u"*.h"_s, u"*.cpp"_s}, QDir::Files, QDirIterator::Subdirectories);
        static const QRegularExpression include(QStringLiteral("^\\s*#\\s*include\\s*[<\"]([^>\"]+)[>\"]"));
        while (it.hasNext()) {
            const QString path = it.next();
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            int line = 0;
            while (!f.atEnd()) {
                ++line;
                const QRegularExpressionMatch m = include.match(QString::fromUtf8(f.readLine()));
                if (m.hasMatch() && forbidden.match(m.captured(1)).hasMatch())
                    found.append(u"%1:%2: %3"_s.arg(path.mid(root.size() + 1)).arg(line).arg(m.captured(1)));
            }
        }
        return found;
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
        const QString root = QStringLiteral(DAYSTROM_SOURCE_DIR);
        const QRegularExpression format(u"(html|report|junit|terraform|plantext)[a-z]*\\.cpp$"_s);
        // Named so, yet no format: the LLM's analysis (a domain value) and the CLI's `report`
        // command, which calls engine/reports.
        const QStringList notFormats{u"engine/domain/analysisreport.cpp"_s, u"app/cli/reportcommand.cpp"_s};
        QStringList found;
        for (const QString &folder : {u"engine"_s, u"models"_s, u"ui"_s, u"app"_s, u"memorystore"_s}) {
            QDirIterator it(root + u'/' + folder, {u"*.cpp"_s}, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next().mid(root.size() + 1);
                if (!path.startsWith("engine/reports/"_L1) && !notFormats.contains(path)
                    && format.match(path.section(u'/', -1)).hasMatch())
                    found.append(path);
            }
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
        QVERIFY(QFile::exists(root + u"/engine/reports/htmlreport.cpp"_s)); // the rule looks where they are

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
    }
};

QTEST_GUILESS_MAIN(TestLayering)
#include "tst_layering.moc"
