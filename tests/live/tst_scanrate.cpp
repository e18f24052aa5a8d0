// The scan step's rate and time left (ScanRate): measured over the last few seconds, unknown
// until enough time has passed, started again by a new scan step.
#include "models/live/scanrate.h"
#include "translations/translations.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

class TestScanRate : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void unknownUntilTimeHasPassed()
    {
        ScanRate rate;
        QVERIFY(!rate.isKnown());
        QCOMPARE(rate.remainingMs(), -1);
        rate.add(1, 100, 1000);
        rate.add(2, 100, 1100); // 100 ms: too short to tell
        QVERIFY(!rate.isKnown());
        QCOMPARE(rate.text(), u"Measuring the scan rate…"_s);
    }

    void rateAndTimeLeft()
    {
        ScanRate rate;
        for (int i = 0; i <= 20; ++i)
            rate.add(i, 100, 1000 + i * 100); // 10 scans a second
        QCOMPARE(rate.perSecond(), 10.0);
        QCOMPARE(rate.remainingMs(), 8000); // 80 left
        QCOMPARE(rate.text(), u"10 scans/s · about 8 s left"_s);
        rate.add(100, 100, 9000);
        QCOMPARE(rate.remainingMs(), 0);
        QVERIFY(!rate.text().contains(u"left"_s));
    }

    // A stall (a rate limit, a pause) slows the estimate; old samples leave the window, so a
    // rate that picks up again is seen within WindowMs.
    void theWindowForgetsOldSamples()
    {
        ScanRate rate;
        rate.add(0, 1000, 0);
        rate.add(10, 1000, 1000);  // 10/s
        rate.add(11, 1000, 31000); // a 30 s stall
        QVERIFY(rate.perSecond() < 1.0);
        for (int i = 1; i <= 40; ++i)
            rate.add(11 + i * 5, 1000, 31000 + i * 500); // 10/s again
        QCOMPARE(rate.perSecond(), 10.0);
    }

    void aNewScanStepStartsAgain()
    {
        ScanRate rate;
        rate.add(50, 100, 0);
        rate.add(90, 100, 1000);
        QVERIFY(rate.isKnown());
        rate.add(1, 80, 2000); // fewer done: the next iteration's scan
        QVERIFY(!rate.isKnown());
        QCOMPARE(rate.total(), 80);
    }

    void durations_data()
    {
        QTest::addColumn<qint64>("ms");
        QTest::addColumn<QString>("text");
        QTest::newRow("seconds") << qint64(40000) << u"40 s"_s;
        QTest::newRow("rounded up") << qint64(1200) << u"2 s"_s;
        QTest::newRow("minutes") << qint64(125000) << u"2 min 05 s"_s;
        QTest::newRow("hours") << qint64(3780000) << u"1 h 03 min"_s;
    }

    void durations()
    {
        QFETCH(qint64, ms);
        QFETCH(QString, text);
        QCOMPARE(ScanRate::duration(ms), text);
    }

    void germanNumbers()
    {
        QVERIFY(!Translations::install(QLocale(QLocale::German, QLocale::Germany)).isEmpty());
        ScanRate rate;
        rate.add(0, 100, 0);
        rate.add(5, 100, 2000); // 2.5 a second
        QVERIFY2(rate.text().startsWith(u"2,5 "_s), qPrintable(rate.text()));
        Translations::install(QLocale(QLocale::English, QLocale::UnitedStates));
    }
};

QTEST_GUILESS_MAIN(TestScanRate)
#include "tst_scanrate.moc"
