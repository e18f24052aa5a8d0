#include "domain/nanoid.h"
#include "memorystore/memorystore.h"

#include "testmain.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QLockFile>
#include <QProcess>
#include <QTemporaryDir>

#include <memory>

using namespace Qt::StringLiterals;

// Many `daystrom memory` edits of one large memory file at once: each waits its turn for the
// file's lock (no 10 s refusals), and every edit is in the file afterwards.
class TestCliMemoryLock : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString home() const { return m_dir.filePath(u"home"_s); }
    QString memoryDir() const { return home() + u"/memory"_s; }
    static inline const QString Category = u"block-weapons-discussions"_s;

    QProcessEnvironment env() const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"DAYSTROM_HOME"_s, home());
        e.remove(u"MEMORY_DIR"_s);
        return e;
    }

    std::unique_ptr<QProcess> start(const QStringList &args) const
    {
        auto p = std::make_unique<QProcess>();
        p->setProcessEnvironment(env());
        p->start(QStringLiteral(DAYSTROM_CLI), args);
        return p;
    }

    // A memory file of about `bytes` bytes: learnings with long, distinct text.
    QStringList seedLargeFile(qint64 bytes) const
    {
        CategoryMemory memory;
        memory.category = Category;
        QStringList ids;
        const QDateTime when = QDateTime(QDate(2026, 1, 5), QTime(10, 0), Qt::UTC);
        for (int i = 0; i * 1500 < bytes; ++i) {
            Learning l;
            l.id = NanoId::generate();
            l.runId = NanoId::generate();
            l.extractedAt = when;
            l.topicCategory = Category;
            l.topicDescription = u"discussions of weapons"_s;
            l.insight = u"Insight %1: "_s.arg(i) + QString(700, u'i');
            l.strategy = u"Strategy %1: "_s.arg(i) + QString(300, u's');
            l.outcome = u"improved"_s;
            memory.learnings.append(l);
            ids.append(l.id);
        }
        memory.updatedAt = when;
        const QString error = MemoryStore(memoryDir()).save(memory);
        if (!error.isEmpty())
            qFatal("%s", qPrintable(error));
        return ids;
    }

private slots:
    void twentyParallelEditsAllLand()
    {
        QVERIFY(m_dir.isValid());
        const QStringList ids = seedLargeFile(2500 * 1024);
        const QString path = MemoryStore(memoryDir()).pathFor(Category);
        const qint64 size = QFileInfo(path).size();
        QVERIFY2(size >= 2500 * 1024, qPrintable(QString::number(size)));

        QElapsedTimer timer;
        timer.start();
        std::vector<std::unique_ptr<QProcess>> procs;
        for (int i = 0; i < 10; ++i)
            procs.push_back(start({u"memory"_s, u"confirm"_s, ids.at(i * 7)}));
        for (int i = 0; i < 10; ++i)
            procs.push_back(
                start({u"memory"_s, u"add"_s, u"--category"_s, Category, u"--insight"_s,
                       u"parallel edit %1"_s.arg(i), u"--strategy"_s, u"added at once"_s}));
        int failed = 0, waitedLines = 0;
        for (auto &p : procs) {
            QVERIFY(p->waitForFinished(180000));
            const QString err = QString::fromUtf8(p->readAllStandardError());
            waitedLines += int(err.count(u"waiting for the memory file lock (held by pid "_s));
            if (p->exitStatus() != QProcess::NormalExit || p->exitCode() != 0) {
                ++failed;
                qWarning().noquote() << "edit failed:" << p->exitCode() << err;
            }
        }
        qInfo().noquote()
            << u"20 parallel edits of a %1-byte memory file: %2 failed, %3 ms in all, %4 announced a wait"_s
                   .arg(size)
                   .arg(failed)
                   .arg(timer.elapsed())
                   .arg(waitedLines);
        QCOMPARE(failed, 0);

        const MemoryStore::Loaded after = MemoryStore(memoryDir()).load(Category);
        QVERIFY2(after.ok(), qPrintable(after.error));
        QCOMPARE(after.memory.learnings.size(), ids.size() + 10);
        for (int i = 0; i < 10; ++i) {
            const Learning *l = after.memory.learning(ids.at(i * 7));
            QVERIFY(l);
            QVERIFY2(l->lastConfirmedAt.has_value(), qPrintable(ids.at(i * 7)));
        }
        QStringList added;
        for (const Learning &l : after.memory.learnings) {
            if (l.insight.startsWith(u"parallel edit "_s))
                added.append(l.insight);
        }
        added.sort();
        QCOMPARE(added.size(), 10);
        QVERIFY(!QFile::exists(path + u".lock"_s));
    }

    // A lock left by a process that is gone is taken over at once.
    void staleLockOfDeadProcessTakenOver()
    {
        const QString lockPath = MemoryStore(memoryDir()).lockPathFor(Category);
        QProcess dead;
        dead.start(u"true"_s);
        QVERIFY(dead.waitForFinished());
        const qint64 pid = dead.processId() > 0 ? dead.processId() : 999999;
        QFile f(lockPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // QLockFile's format: pid, application name, host name.
        f.write(QByteArray::number(pid) + "\ndaystrom\n" + QSysInfo::machineHostName().toUtf8() +
                '\n');
        f.close();
        QElapsedTimer timer;
        timer.start();
        auto p = start({u"memory"_s, u"add"_s, u"--category"_s, Category, u"--insight"_s,
                        u"after a crash"_s, u"--strategy"_s, u"took over the lock"_s});
        QVERIFY(p->waitForFinished(60000));
        QCOMPARE(p->exitCode(), 0);
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
    }
};

QTEST_GUILESS_MAIN(TestCliMemoryLock)
#include "tst_climemorylock.moc"
