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
