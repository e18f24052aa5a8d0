// Issue 54: every fuzz target over its seed corpus and every input that ever failed, in the
// ordinary suite (GCC, no libFuzzer): tests/fuzz/corpus/<target>/ and
// tests/fuzz/regressions/<target>/. An input that makes a target break its property aborts
// the test (Qt Test names the row); one that runs longer than 10 s fails it by the watchdog.
#include "fuzztarget.h"

#include "testmain.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

using namespace Qt::StringLiterals;

class TestFuzzReplay : public QObject
{
    Q_OBJECT

    static QString root() { return QStringLiteral(DAYSTROM_FUZZ_DIR); }

    // Runs `target` on `data` in a thread of its own, waiting at most `limit`: a hang ends the
    // process with the input's name (nothing can stop a thread that never returns).
    static void runBounded(const Fuzz::Target &target, const QByteArray &data, const QString &name,
                           std::chrono::seconds limit)
    {
        std::mutex m;
        std::condition_variable cv;
        bool done = false;
        std::thread worker([&] {
            target.function(data);
            std::lock_guard lock(m);
            done = true;
            cv.notify_all();
        });
        std::unique_lock lock(m);
        if (!cv.wait_for(lock, limit, [&] { return done; })) {
            std::fprintf(stderr, "FAIL!  : fuzz target %s did not return within %lld s on %s\n",
                         target.name, static_cast<long long>(limit.count()), qPrintable(name));
            std::fflush(stderr);
            std::_Exit(1);
        }
        lock.unlock();
        worker.join();
    }

private slots:
    void everyTargetHasASeedCorpus()
    {
        QVERIFY(Fuzz::targets().size() >= 12);
        for (const Fuzz::Target &t : Fuzz::targets()) {
            const QDir corpus(root() + u"/corpus/"_s + QLatin1StringView(t.name));
            QVERIFY2(!corpus.entryList(QDir::Files).isEmpty(),
                     qPrintable(u"no seed inputs in "_s + corpus.path()));
        }
        // Every folder of inputs belongs to a target (a renamed target keeps its inputs).
        for (const QString &kind : {u"corpus"_s, u"regressions"_s}) {
            for (const QString &folder : QDir(root() + u'/' + kind).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
                QVERIFY2(Fuzz::find(folder.toUtf8()), qPrintable(kind + u'/' + folder + u" names no fuzz target"_s));
        }
    }

    void replay_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("file");
        for (const Fuzz::Target &t : Fuzz::targets()) {
            for (const QString &kind : {u"corpus"_s, u"regressions"_s}) {
                QDirIterator it(root() + u'/' + kind + u'/' + QLatin1StringView(t.name), QDir::Files);
                while (it.hasNext()) {
                    const QString file = it.next();
                    QTest::addRow("%s/%s/%s", t.name, qPrintable(kind), qPrintable(QFileInfo(file).fileName()))
                        << QString::fromLatin1(t.name) << file;
                }
            }
        }
    }
    void replay()
    {
        QFETCH(QString, target);
        QFETCH(QString, file);
        const Fuzz::Target *t = Fuzz::find(target.toUtf8());
        QVERIFY(t);
        QFile f(file);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(file));
        Fuzz::setInputName(file);
        runBounded(*t, f.readAll(), file, std::chrono::seconds(10));
    }
};

QTEST_GUILESS_MAIN(TestFuzzReplay)
#include "tst_fuzzreplay.moc"
