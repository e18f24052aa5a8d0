#include "domain/lockfiles.h"

#include "testmain.h"

#include <QLockFile>

using namespace Qt::StringLiterals;

// A lock file whose process died before writing its pid must not block writers for ever, and
// a live holder must never lose its lock.
class TestLockFiles : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_path;

    // Writes `content` to the lock path, dated `ageMs` ago.
    void writeLockFile(const QByteArray &content, qint64 ageMs)
    {
        QFile f(m_path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(f.write(content), content.size());
        QVERIFY(f.flush()); // before dating it: a later flush would date it now
        QVERIFY(f.setFileTime(QDateTime::currentDateTime().addMSecs(-ageMs),
                              QFileDevice::FileModificationTime));
    }

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(u"memory.json.lock"_s);
        QFile::remove(m_path);
    }

    void anOwnerlessLockIsTakenOverAfterTheGrace_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("no pid") << QByteArray("not a pid\n");
    }
    void anOwnerlessLockIsTakenOverAfterTheGrace()
    {
        QFETCH(QByteArray, content);
        writeLockFile(content, 3600 * 1000);
        QLockFile lock(m_path);
        QVERIFY(LockFiles::tryLock(lock));
        QCOMPARE(LockFiles::holder(lock), QCoreApplication::applicationPid());
        QCOMPARE(lock.staleLockTime(), 0); // stale only when its process is gone
        lock.unlock();
        QVERIFY(!QFile::exists(m_path));
    }

    void aFreshOwnerlessLockIsLeftToItsOwner()
    {
        // Its owner may be between creating the file and writing its pid.
        writeLockFile({}, 0);
        QLockFile lock(m_path);
        QVERIFY(!LockFiles::tryLock(lock));
        QCOMPARE(lock.error(), QLockFile::LockFailedError);
        QCOMPARE(LockFiles::holder(lock), 0);
        QVERIFY(QFile::exists(m_path));
    }

    void aLiveHolderIsNeverRobbed()
    {
        QLockFile held(m_path);
        QVERIFY(held.tryLock(0));
        // Even when its file looks ownerless and old, the holder's native lock protects it.
        writeLockFile({}, 3600 * 1000);
        QLockFile other(m_path);
        QVERIFY(!LockFiles::tryLock(other));
        QCOMPARE(other.error(), QLockFile::LockFailedError);
        QVERIFY(QFile::exists(m_path));
        QVERIFY(held.isLocked());
    }

    void aWaiterTakesAnOwnerlessLockOnceTheGraceIsOver()
    {
        writeLockFile({}, LockFiles::OwnerlessGraceMs - 1000); // a second short of the grace
        QLockFile lock(m_path);
        QVERIFY(!LockFiles::tryLock(lock)); // too young to take over
        QVERIFY(LockFiles::lock(lock, 10000)); // but waited for
        QCOMPARE(LockFiles::holder(lock), QCoreApplication::applicationPid());
    }

    void aWaiterIsToldWhoHoldsTheLockAndGivesUp()
    {
        QLockFile held(m_path);
        QVERIFY(held.tryLock(0));
        QLockFile other(m_path);
        QList<qint64> notices;
        QVERIFY(!LockFiles::lock(other, 300, 50, [&](qint64 pid) { notices.append(pid); }));
        QCOMPARE(other.error(), QLockFile::LockFailedError);
        QCOMPARE(notices, QList<qint64>{QCoreApplication::applicationPid()});
    }
};

QTEST_GUILESS_MAIN(TestLockFiles)
#include "tst_lockfiles.moc"
