#include "domain/nanoid.h"
#include "runs/runstore.h"
#include "samplerun.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

class TestRunStore : public QObject
{
    Q_OBJECT

    QString m_dir;

    static void writeRaw(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }

private slots:
    void init()
    {
        static int n = 0;
        m_dir = TestHome::path() + u"/runs-"_s + QString::number(++n);
    }

    void saveAndLoadRoundTrip()
    {
        const RunStore store(m_dir);
        const RunState run = SampleRun::make();
        QCOMPARE(store.save(run), QString());
        QVERIFY(store.exists(run.id));
        const RunStore::Loaded loaded = store.load(run.id);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        QCOMPARE(loaded.run, run);
        // No temporary files are left behind by the atomic write.
        QCOMPARE(QDir(m_dir).entryList(QDir::Files), QStringList{run.id + u".json"_s});
        // The file is 2-space indented like the original tool's.
        QFile f(store.pathFor(run.id));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().startsWith("{\n  \""));
    }

    void saveOverwritesAtomically()
    {
        const RunStore store(m_dir);
        RunState run = SampleRun::make();
        QCOMPARE(store.save(run), QString());
        run.status = RunStatus::Paused;
        run.stopReason = u"paused by the user"_s;
        QCOMPARE(store.save(run), QString());
        QCOMPARE(store.load(run.id).run.status, RunStatus::Paused);
    }

    void listSummaries()
    {
        const RunStore store(m_dir);
        RunState older = SampleRun::make(u"olderolderolderolder1"_s);
        older.updatedAt = older.updatedAt.addDays(-1);
        RunState newer = SampleRun::make(u"newernewernewernewer2"_s);
        newer.userInput.topicDescription = u"Allow cooking questions"_s;
        newer.usage = RunUsage{1234, 567, 8, 90, 0.05};
        newer.userInput.maxTokens = 20000;
        QCOMPARE(store.save(older), QString());
        QCOMPARE(store.save(newer), QString());
        const RunStore::Listing listing = store.list();
        QVERIFY(listing.problems.isEmpty());
        QCOMPARE(listing.runs.size(), 2);
        QCOMPARE(listing.runs.at(0).id, newer.id); // newest update first
        QCOMPARE(listing.runs.at(0).topicDescription, u"Allow cooking questions"_s);
        QCOMPARE(listing.runs.at(1).iterationCount, 2);
        QCOMPARE(listing.runs.at(1).status, RunStatus::Completed);
        QCOMPARE(listing.runs.at(1).bestCoverage, older.bestCoverage);
        QCOMPARE(listing.runs.at(1).bestIteration, 3);
        QCOMPARE(listing.runs.at(0).usage, newer.usage); // what each run used, for the Runs view
        QCOMPARE(listing.runs.at(0).maxTokens.value_or(0), 20000);
        QVERIFY(!listing.runs.at(0).maxCost);
        QVERIFY(listing.runs.at(1).usage.isEmpty());
    }

    // With a cache, a listing reads only the files that changed: an unchanged file's summary
    // is the cached one even when its bytes were swapped behind the store's back with the
    // size and times kept; a saved (atomically replaced), corrupted or deleted file is seen.
    void listReadsOnlyChangedFiles()
    {
        const RunStore store(m_dir);
        RunState a = SampleRun::make(u"aaaaaaaaaaaaaaaaaaaa1"_s);
        RunState b = SampleRun::make(u"bbbbbbbbbbbbbbbbbbbb2"_s);
        a.userInput.topicDescription = u"Block gun purchases"_s;
        b.userInput.topicDescription = u"Block bomb makers"_s;
        b.updatedAt = a.updatedAt.addSecs(-60);
        QCOMPARE(store.save(a), QString());
        QCOMPARE(store.save(b), QString());
        RunStore::ListingCache cache;
        RunStore::Listing listing = store.list(&cache);
        QCOMPARE(listing.runs.size(), 2);
        QCOMPARE(cache.size(), 2);

        // Same size, same times, other bytes: not read again.
        QFile file(store.pathFor(b.id));
        const QDateTime modified = QFileInfo(file).lastModified();
        QVERIFY(file.open(QIODevice::ReadWrite));
        QByteArray bytes = file.readAll();
        QVERIFY(bytes.contains("bomb"));
        bytes.replace("bomb", "boat"); // as long
        QVERIFY(file.seek(0));
        QCOMPARE(file.write(bytes), bytes.size());
        file.close();
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(modified, QFileDevice::FileModificationTime));
        file.close();
        listing = store.list(&cache);
        QCOMPARE(listing.runs.at(1).topicDescription, u"Block bomb makers"_s); // from the cache
        QCOMPARE(store.list().runs.at(1).topicDescription, u"Block boat makers"_s); // without: read

        // A save replaces the file: read again.
        a.userInput.topicDescription = u"Block gun purchases online"_s;
        QCOMPARE(store.save(a), QString());
        listing = store.list(&cache);
        QCOMPARE(listing.runs.at(0).topicDescription, u"Block gun purchases online"_s);

        // Corrupted: reported, and still reported from the cache next time.
        writeRaw(store.pathFor(a.id), "{\"id\": \"aaaaaaaaaaaaaaaaaaaa1\", \"iterations\": [");
        listing = store.list(&cache);
        QCOMPARE(listing.runs.size(), 1);
        QCOMPARE(listing.problems.size(), 1);
        listing = store.list(&cache);
        QCOMPARE(listing.problems.size(), 1);

        // Deleted: gone from the listing and from the cache.
        QVERIFY(QFile::remove(store.pathFor(a.id)));
        listing = store.list(&cache);
        QCOMPARE(listing.runs.size(), 1);
        QVERIFY(listing.problems.isEmpty());
        QVERIFY(!cache.contains(a.id + u".json"_s));
    }

    void listOfMissingDirectoryIsEmpty()
    {
        const RunStore::Listing listing = RunStore(m_dir + u"/nope"_s).list();
        QVERIFY(listing.runs.isEmpty());
        QVERIFY(listing.problems.isEmpty());
    }

    void corruptFileIsReportedKeptAndSkipped()
    {
        const RunStore store(m_dir);
        const RunState good = SampleRun::make();
        QCOMPARE(store.save(good), QString());
        const QString badId = u"brokenbrokenbrokenbro"_s;
        const QByteArray garbage = "{\"id\": \"brokenbrokenbrokenbro\", \"iterations\": [";
        writeRaw(store.pathFor(badId), garbage);

        const RunStore::Listing listing = store.list();
        QCOMPARE(listing.runs.size(), 1); // listing goes on without it
        QCOMPARE(listing.problems.size(), 1);
        QVERIFY2(listing.problems.first().contains(badId + u".json"_s), qPrintable(listing.problems.first()));
        QVERIFY(listing.problems.first().contains(u"corrupt"_s));

        const QStringList copies = QDir(m_dir).entryList({badId + u".json.corrupt-*"_s});
        QCOMPARE(copies.size(), 1);
        store.list(); // listing again makes no second copy
        QCOMPARE(QDir(m_dir).entryList({badId + u".json.corrupt-*"_s}).size(), 1);

        const RunStore::Loaded loaded = store.load(badId);
        QVERIFY(!loaded.ok());
        QVERIFY(loaded.error.contains(u"corrupt"_s));

        // Saving over it is refused and the bytes stay as they were.
        RunState again = SampleRun::make(badId);
        QVERIFY(!store.save(again).isEmpty());
        QFile f(store.pathFor(badId));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), garbage);
    }

    void wrongShapeIsReportedWithItsPath()
    {
        const RunStore store(m_dir);
        QDir().mkpath(m_dir);
        writeRaw(store.pathFor(u"shapeshapeshapeshape1"_s),
                 R"({"id":"shapeshapeshapeshape1","createdAt":"2026-03-08T10:00:00.000Z",
                    "updatedAt":"2026-03-08T10:00:00.000Z","userInput":{"topicDescription":"t",
                    "intent":"block","profileName":"p"},"iterations":"oops","status":"completed"})");
        const RunStore::Loaded loaded = store.load(u"shapeshapeshapeshape1"_s);
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.error.contains(u"iterations: expected an array"_s), qPrintable(loaded.error));
        QCOMPARE(store.list().problems.size(), 1);
    }

    void idMustMatchFileName()
    {
        const RunStore store(m_dir);
        QVERIFY(store.save(SampleRun::make(u"aaaaaaaaaaaaaaaaaaaaa"_s)).isEmpty());
        QVERIFY(QFile::copy(store.pathFor(u"aaaaaaaaaaaaaaaaaaaaa"_s), store.pathFor(u"bbbbbbbbbbbbbbbbbbbbb"_s)));
        const RunStore::Loaded loaded = store.load(u"bbbbbbbbbbbbbbbbbbbbb"_s);
        QVERIFY(!loaded.ok());
        QVERIFY(loaded.error.contains(u"holds run aaaaaaaaaaaaaaaaaaaaa"_s));
    }

    void badIdsNeverTouchFiles_data()
    {
        QTest::addColumn<QString>("id");
        QTest::newRow("traversal") << u"../config"_s;
        QTest::newRow("slash") << u"a/b"_s;
        QTest::newRow("empty") << QString();
        QTest::newRow("space") << u"a b"_s;
        QTest::newRow("too long") << QString(65, u'a');
    }
    void badIdsNeverTouchFiles()
    {
        QFETCH(QString, id);
        const RunStore store(m_dir);
        const RunStore::Loaded loaded = store.load(id);
        QVERIFY(!loaded.ok());
        QVERIFY(!store.exists(id));
        QVERIFY(!store.remove(id).isEmpty());
        RunState run = SampleRun::make(id);
        QVERIFY(!store.save(run).isEmpty());
    }

    void missingRun()
    {
        const RunStore::Loaded loaded = RunStore(m_dir).load(u"nosuchrunnosuchrunnos"_s);
        QVERIFY(!loaded.ok());
        QVERIFY(loaded.error.startsWith(u"no run with id nosuchrunnosuchrunnos"_s));
    }

    void remove()
    {
        const RunStore store(m_dir);
        const RunState run = SampleRun::make();
        QVERIFY(store.save(run).isEmpty());
        QCOMPARE(store.remove(run.id), QString());
        QVERIFY(!store.exists(run.id));
        QVERIFY(!store.remove(run.id).isEmpty());
    }

    void nanoIds()
    {
        QSet<QString> seen;
        for (int i = 0; i < 2000; ++i) {
            const QString id = NanoId::generate();
            QCOMPARE(id.size(), 21);
            QVERIFY(NanoId::isValid(id));
            QVERIFY2(!id.startsWith(u'-'), qPrintable(id)); // 1 in 64 would, unchecked
            seen.insert(id);
        }
        QCOMPARE(seen.size(), 2000);
        QCOMPARE(NanoId::shortId(u"abcdefghijk"_s), u"abcdefg"_s);
    }
};

QTEST_GUILESS_MAIN(TestRunStore)
#include "tst_runstore.moc"
