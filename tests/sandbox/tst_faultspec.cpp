// The fault-spec grammar of `daystrom sandbox serve --faults`: what parses, what each error
// says, and how the injector draws from it.
#include "sandbox/faultinjector.h"
#include "sandbox/faultspec.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

using Route = FaultSpec::Route;
using Kind = FaultSpec::Kind;

class TestFaultSpec final : public QObject
{
    Q_OBJECT

private slots:
    void parsesTheConventionExample()
    {
        QString error;
        const auto spec =
            FaultSpec::parse(u"scan.503=0.2,token.cut=0.2,all.truncated=0.1,seed=7"_s, &error);
        QVERIFY2(spec, qPrintable(error));
        QCOMPARE(spec->rate(Route::Scan, Kind::E503), 0.2);
        QCOMPARE(spec->rate(Route::Token, Kind::Cut), 0.2);
        for (int r = 0; r < FaultSpec::RouteCount; ++r)
            QCOMPARE(spec->rate(Route(r), Kind::Truncated), 0.1);
        QCOMPARE(spec->rate(Route::Scan, Kind::Cut), 0.0);
        QCOMPARE(spec->seed, 7u);
        QCOMPARE(spec->retryAfterSeconds, 0.2); // the default
        QVERIFY(!spec->isEmpty());
    }

    void parsesEveryRouteKindAndOption_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("route");
        QTest::addColumn<int>("kind");
        QTest::addColumn<double>("rate");
        const QStringList routes{u"scan"_s, u"token"_s, u"mgmt"_s, u"redteam"_s, u"llm"_s};
        const QStringList kinds{u"503"_s, u"5xx"_s,       u"429"_s, u"hang"_s,
                                u"cut"_s, u"truncated"_s, u"echo"_s};
        for (int r = 0; r < routes.size(); ++r) {
            for (int k = 0; k < kinds.size(); ++k) {
                const QString text = routes[r] + u'.' + kinds[k] + u"=0.25"_s;
                QTest::newRow(qPrintable(text)) << text << r << k << 0.25;
            }
        }
        QTest::newRow("spaces and case") << u" SCAN.Hang = 1 , seed = 3"_s << 0 << 3 << 1.0;
        QTest::newRow("zero rate") << u"llm.echo=0"_s << 4 << 6 << 0.0;
    }

    void parsesEveryRouteKindAndOption()
    {
        QFETCH(QString, text);
        QFETCH(int, route);
        QFETCH(int, kind);
        QFETCH(double, rate);
        QString error;
        const auto spec = FaultSpec::parse(text, &error);
        QVERIFY2(spec, qPrintable(error));
        QCOMPARE(spec->rate(Route(route), Kind(kind)), rate);
        // The canonical form parses back to the same rates.
        const auto again = FaultSpec::parse(spec->toString(), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->rates, spec->rates);
        QCOMPARE(again->seed, spec->seed);
    }

    void routeEntryOverridesAllWhateverTheOrder()
    {
        QString error;
        const auto spec = FaultSpec::parse(u"scan.503=0.5,all.503=0.1,retry-after=2.5"_s, &error);
        QVERIFY2(spec, qPrintable(error));
        QCOMPARE(spec->rate(Route::Scan, Kind::E503), 0.5);
        QCOMPARE(spec->rate(Route::Llm, Kind::E503), 0.1);
        QCOMPARE(spec->retryAfterSeconds, 2.5);
    }

    void emptyTextIsAnEmptySpec()
    {
        QString error;
        const auto spec = FaultSpec::parse(QString(), &error);
        QVERIFY(spec);
        QVERIFY(spec->isEmpty());
        QCOMPARE(spec->seed, 1u);
    }

    void rejects_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("unknown route") << u"disk.503=0.1"_s << u"unknown fault route \"disk\""_s;
        QTest::newRow("unknown kind") << u"scan.404=0.1"_s << u"unknown fault kind \"404\""_s;
        QTest::newRow("no dot") << u"scan=0.1"_s << u"not ROUTE.KIND=RATE"_s;
        QTest::newRow("no value") << u"scan.503="_s << u"not ROUTE.KIND=RATE"_s;
        QTest::newRow("no equals") << u"bad"_s << u"not ROUTE.KIND=RATE"_s;
        QTest::newRow("rate above 1") << u"scan.503=1.5"_s << u"not a number from 0 to 1"_s;
        QTest::newRow("negative rate") << u"scan.503=-0.1"_s << u"not a number from 0 to 1"_s;
        QTest::newRow("nan rate") << u"scan.503=nan"_s << u"not a number from 0 to 1"_s;
        QTest::newRow("inf rate") << u"scan.503=inf"_s << u"not a number from 0 to 1"_s;
        QTest::newRow("word rate") << u"scan.503=lots"_s << u"not a number from 0 to 1"_s;
        QTest::newRow("bad seed") << u"seed=seven"_s << u"seed \"seven\""_s;
        QTest::newRow("negative seed") << u"seed=-1"_s << u"seed \"-1\""_s;
        QTest::newRow("huge seed") << u"seed=99999999999"_s << u"seed \"99999999999\""_s;
        QTest::newRow("nan retry-after") << u"retry-after=nan"_s << u"retry-after \"nan\""_s;
        QTest::newRow("duplicate") << u"scan.503=0.1,scan.503=0.2"_s << u"given twice"_s;
        QTest::newRow("duplicate seed") << u"seed=1,seed=2"_s << u"given twice"_s;
        QTest::newRow("route over 1") << u"scan.503=0.6,scan.cut=0.6"_s << u"add up to 1.2"_s;
        QTest::newRow("all over 1") << u"all.503=0.7,token.429=0.4"_s << u"route token"_s;
    }

    void rejects()
    {
        QFETCH(QString, text);
        QFETCH(QString, says);
        QString error;
        QVERIFY(!FaultSpec::parse(text, &error));
        QVERIFY2(error.contains(says), qPrintable(error));
        QVERIFY(!error.contains(u'\n'));
    }

    void drawsAtTheGivenRatesAndCounts()
    {
        QString error;
        const auto spec = FaultSpec::parse(u"scan.503=0.2,scan.cut=0.3,seed=11"_s, &error);
        QVERIFY2(spec, qPrintable(error));
        FaultInjector injector;
        injector.setSpec(*spec);
        int faults503 = 0, cuts = 0, none = 0;
        for (int i = 0; i < 4000; ++i) {
            const auto d = injector.draw(Route::Scan);
            if (!d)
                ++none;
            else if (d->kind == Kind::E503)
                ++faults503;
            else if (d->kind == Kind::Cut)
                ++cuts;
            else
                QFAIL("a kind that is not in the spec was drawn");
            QVERIFY(!injector.draw(Route::Token)); // no rate on this route
        }
        QVERIFY2(qAbs(faults503 - 800) < 120, qPrintable(QString::number(faults503)));
        QVERIFY2(qAbs(cuts - 1200) < 140, qPrintable(QString::number(cuts)));
        QCOMPARE(injector.count(Route::Scan, Kind::E503), faults503);
        QCOMPARE(injector.count(Route::Scan, Kind::Cut), cuts);
        QCOMPARE(injector.total(), faults503 + cuts);
        QCOMPARE(injector.counts()[u"scan"_s].toObject()[u"cut"_s].toInt(), cuts);
        QCOMPARE(injector.counts()[u"llm"_s].toObject()[u"503"_s].toInt(), 0);
        QVERIFY(injector.tally().startsWith(u"scan 503="_s));
    }

    void sameSeedSameSequencePerRoute()
    {
        QString error;
        const auto spec = FaultSpec::parse(u"all.5xx=0.3,all.hang=0.2,seed=5"_s, &error);
        QVERIFY2(spec, qPrintable(error));
        FaultInjector a, b;
        a.setSpec(*spec);
        b.setSpec(*spec);
        QStringList seqA, seqB;
        for (int i = 0; i < 200; ++i) {
            const auto da = a.draw(Route::Scan);
            seqA.append(da ? FaultSpec::kindName(da->kind) + QString::number(da->status) : u"-"_s);
            // b sees other routes' requests interleaved: scan's sequence is unchanged.
            b.draw(Route::Token);
            b.draw(Route::Llm);
            const auto db = b.draw(Route::Scan);
            seqB.append(db ? FaultSpec::kindName(db->kind) + QString::number(db->status) : u"-"_s);
        }
        QCOMPARE(seqA, seqB);
        QVERIFY(seqA.contains(u"hang0"_s));
    }
};

QTEST_GUILESS_MAIN(TestFaultSpec)
#include "tst_faultspec.moc"
