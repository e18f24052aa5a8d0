// Two real processes merge into one category at the same time: with the per-category lock and
// the re-read inside it, nothing is lost (behaviour reference §6 item 3).
#include "memorytestdata.h"

#include "memorystore/memorystore.h"

#include "testmain.h"

#include <QProcess>
#include <QSignalSpy>

using namespace Qt::StringLiterals;
using namespace MemoryTestData;

class TestMemoryConcurrency : public QObject
{
    Q_OBJECT
private slots:
    void twoProcessesLoseNothing_data()
    {
        QTest::addColumn<bool>("existing");
        QTest::newRow("new category") << false;
        QTest::newRow("file written by the original") << true;
    }
    void twoProcessesLoseNothing()
    {
        QFETCH(bool, existing);
        constexpr int N = 40;
        const QString category = u"block-use-weapons"_s;
        const QString dir = existing ? dirWith(u"original"_s, {category}) : freshDir();
        const int before = existing ? 3 : 0;

        QProcess a, b;
        for (QProcess *p : {&a, &b})
            p->setProgram(QStringLiteral(MEMORY_WRITER));
        a.setArguments({dir, category, u"writer-a"_s, QString::number(N)});
        b.setArguments({dir, category, u"writer-b"_s, QString::number(N)});
        QSignalSpy doneA(&a, &QProcess::finished);
        QSignalSpy doneB(&b, &QProcess::finished);
        a.start();
        b.start();
        QVERIFY(a.waitForStarted());
        QVERIFY(b.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(doneA.size() == 1 && doneB.size() == 1, 120000);
        const QByteArray errA = a.readAllStandardError();
        const QByteArray errB = b.readAllStandardError();
        QVERIFY2(a.exitStatus() == QProcess::NormalExit && a.exitCode() == 0, errA.constData());
        QVERIFY2(b.exitStatus() == QProcess::NormalExit && b.exitCode() == 0, errB.constData());

        QStringList ids;
        for (QProcess *p : {&a, &b}) {
            for (const QByteArray &line : p->readAllStandardOutput().split('\n')) {
                if (!line.isEmpty())
                    ids.append(QString::fromUtf8(line));
            }
        }
        QCOMPARE(ids.size(), 2 * N);

        const MemoryStore store(dir);
        const MemoryStore::Loaded loaded = store.load(category);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        const CategoryMemory &m = loaded.memory;
        QCOMPARE(m.learnings.size(), before + 2 * N);
        for (const QString &id : std::as_const(ids))
            QVERIFY2(m.learning(id), qPrintable(id));
        QCOMPARE(m.antiPatterns.size(), (existing ? 2 : 0) + 2 * N);
        // Each writer's own learnings are in its own order.
        QStringList fromA;
        for (const Learning &l : m.learnings) {
            if (l.runId.startsWith(u"writer-a/"_s))
                fromA.append(l.id);
        }
        QCOMPARE(fromA, ids.mid(0, N));
        QVERIFY(store.problems().isEmpty());
        QVERIFY(!QFile::exists(store.lockPathFor(category))); // released
        QVERIFY(QDir(dir).entryList({u"*.corrupt-*"_s}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestMemoryConcurrency)
#include "tst_memoryconcurrency.moc"
