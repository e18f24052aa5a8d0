#include "config/config.h"
#include "domain/boundedread.h"
#include "domain/numbercheck.h"
#include "domain/printable.h"

#include "testmain.h"

#include <QFile>
#include <QTemporaryDir>

#include <sys/stat.h>

#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

// The shared number check (CLI flags, environment, config.json), the bounded reader and the
// escaping of text quoted in messages.
class TestInputChecks : public QObject
{
    Q_OBJECT
private slots:
    void parseFinite_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("number") << u"0.5"_s << true;
        QTest::newRow("spaces") << u" 12 "_s << true;
        QTest::newRow("nan") << u"nan"_s << false;
        QTest::newRow("NaN") << u"NaN"_s << false;
        QTest::newRow("inf") << u"inf"_s << false;
        QTest::newRow("-inf") << u"-inf"_s << false;
        QTest::newRow("overflow") << u"1e999"_s << false;
        QTest::newRow("garbage") << u"12abc"_s << false;
        QTest::newRow("empty") << QString() << false;
    }
    void parseFinite()
    {
        QFETCH(QString, text);
        QFETCH(bool, accepted);
        QCOMPARE(NumberCheck::parseFinite(text).has_value(), accepted);
    }

    void within()
    {
        QVERIFY(NumberCheck::within(0, 0, 1));
        QVERIFY(NumberCheck::within(1, 0, 1));
        QVERIFY(!NumberCheck::within(1.0001, 0, 1));
        QVERIFY(!NumberCheck::within(std::numeric_limits<double>::quiet_NaN(), 0, 1));
        QVERIFY(!NumberCheck::within(std::numeric_limits<double>::infinity(), 0, 1e308));
        QCOMPARE(NumberCheck::rangeText(10, 100), u"10 to 100"_s);
    }

    // Every double of the config cascade refuses NaN and infinity, naming the variable and range.
    void configRefusesNonFinite_data()
    {
        QTest::addColumn<QString>("env");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("SCAN_RATE=nan")
            << u"SCAN_RATE"_s << u"nan"_s
            << u"scanRate = \"nan\" (from SCAN_RATE) is out of range: allowed 0 to 1000"_s;
        QTest::newRow("SCAN_RATE=inf")
            << u"SCAN_RATE"_s << u"inf"_s
            << u"scanRate = \"inf\" (from SCAN_RATE) is out of range: allowed 0 to 1000"_s;
        QTest::newRow("half life nan")
            << u"MEMORY_HALF_LIFE_DAYS"_s << u"NaN"_s
            << u"memoryHalfLifeDays = \"NaN\" (from MEMORY_HALF_LIFE_DAYS) is out of range: allowed 0 to 3650"_s;
        QTest::newRow("int inf")
            << u"SCAN_CONCURRENCY"_s << u"inf"_s
            << u"scanConcurrency = \"inf\" (from SCAN_CONCURRENCY) is out of range: allowed 1 to 20"_s;
    }
    void configRefusesNonFinite()
    {
        QFETCH(QString, env);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        ConfigLayers layers;
        layers.environment = QProcessEnvironment();
        layers.environment.insert(env, value);
        const Config::Result r = Config::resolve(layers);
        QCOMPARE(r.errors, QStringList{expected});
    }

    void configFileAndFlagsToo()
    {
        ConfigLayers layers;
        layers.environment = QProcessEnvironment();
        layers.file.insert(u"scanRate"_s, u"-inf"_s);
        QCOMPARE(Config::resolve(layers).errors.size(), 1);
        ConfigLayers flags;
        flags.environment = QProcessEnvironment();
        flags.flags.insert(u"scanRate"_s, u"nan"_s);
        const Config::Result r = Config::resolve(flags);
        QCOMPARE(r.errors.size(), 1);
        QVERIFY(r.errors.first().contains(u"allowed 0 to 1000"_s));
    }

    void boundedReadRegularFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"big.json"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(2049, 'x'));
        f.close();
        const BoundedRead::Result over = BoundedRead::file(path, 2048, u"big.json"_s);
        QCOMPARE(over.error, u"big.json is larger than 2 KiB; use a smaller file"_s);
        QVERIFY(over.bytes.isEmpty());
        const BoundedRead::Result fits = BoundedRead::file(path, 4096);
        QVERIFY2(fits.ok(), qPrintable(fits.error));
        QCOMPARE(fits.bytes.size(), 2049);
    }

    void boundedReadDevices()
    {
        const BoundedRead::Result zero = BoundedRead::file(u"/dev/zero"_s, 3 * 1024 * 1024);
        QCOMPARE(zero.error, u"/dev/zero is larger than 3 MiB; use a smaller file"_s);
        QTemporaryDir dir;
        QCOMPARE(BoundedRead::file(dir.path(), 10).error,
                 u"cannot read %1: it is a directory"_s.arg(dir.path()));
        const BoundedRead::Result missing = BoundedRead::file(dir.filePath(u"none"_s), 10);
        QVERIFY(!missing.exists);
        QVERIFY(!missing.ok());
    }

    void boundedReadFifo()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(u"pipe"_s);
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        // A writer that sends more than the limit, then closes.
        QProcess writer;
        writer.start(u"sh"_s, {u"-c"_s, u"head -c 5000 /dev/zero > \"$0\""_s, fifo});
        QVERIFY(writer.waitForStarted());
        const BoundedRead::Result r = BoundedRead::file(fifo, 4096, u"pipe"_s);
        QCOMPARE(r.error, u"pipe is larger than 4 KiB; use a smaller file"_s);
        writer.kill();
        writer.waitForFinished();
    }

    void printable_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("shown");
        QTest::newRow("plain") << u"hello"_s << u"hello"_s;
        QTest::newRow("escape sequence") << u"\x1b[31mred"_s << u"\\x1b[31mred"_s;
        QTest::newRow("newline and tab") << u"a\nb\tc\r"_s << u"a\\nb\\tc\\r"_s;
        QTest::newRow("C1 CSI") << QString(QChar(0x9b)) + u"2J"_s << u"\\x9b2J"_s;
        QTest::newRow("bidi override") << QString(QChar(0x202e)) + u"abc"_s << u"\\u202eabc"_s;
        QTest::newRow("accents kept") << u"café ü"_s << u"café ü"_s;
    }
    void printable()
    {
        QFETCH(QString, text);
        QFETCH(QString, shown);
        QCOMPARE(Printable::escaped(text), shown);
    }

    void printableShortens()
    {
        QCOMPARE(Printable::escaped(QString(100, u'a'), 10), QString(10, u'a') + u"…"_s);
        QCOMPARE(Printable::escaped(QString(10, u'a'), 10), QString(10, u'a'));
    }
};

QTEST_GUILESS_MAIN(TestInputChecks)
#include "tst_inputchecks.moc"
