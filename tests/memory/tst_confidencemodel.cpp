// The confidence model (README "How confidence works"): one table of cases through
// Learning::explainConfidence(), the function behind the GUI tooltip and the CLI, plus the
// extension fields' JSON round trip and their defaults in the original's files.
#include "memorystore/learning.h"

#include "domain/jsonin.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

namespace {

const QDateTime kNow = QDateTime::fromString(u"2025-07-01T00:00:00.000Z"_s, Qt::ISODateWithMs);

} // namespace

class TestConfidenceModel : public QObject
{
    Q_OBJECT
private slots:
    void table_data()
    {
        QTest::addColumn<int>("corroborations");
        QTest::addColumn<QString>("steps");        // c = confirm now, r = reject
        QTest::addColumn<int>("recalledDaysAgo");  // -1 = never
        QTest::addColumn<int>("confirmedDaysAgo"); // -1 = never (applied after the steps)
        QTest::addColumn<int>("extractedDaysAgo");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("shown");

        QTest::newRow("fresh") << 0 << u""_s << -1 << -1 << 0 << 0.5 << 0.5;
        QTest::newRow("corroborated 3x (seen 4x)") << 3 << u""_s << -1 << -1 << 0 << 0.65 << 0.65;
        QTest::newRow("corroboration alone stops at 0.80")
            << 12 << u""_s << -1 << -1 << 0 << 0.8 << 0.8;
        QTest::newRow("confirmed") << 0 << u"c"_s << -1 << -1 << 0 << 0.6 << 0.6;
        QTest::newRow("confirmed on a corroborated one")
            << 3 << u"c"_s << -1 << -1 << 0 << 0.75 << 0.75;
        QTest::newRow("rejected") << 0 << u"r"_s << -1 << -1 << 0 << 0.35 << 0.35;
        QTest::newRow("rejected twice, seen 4x") << 3 << u"rr"_s << -1 << -1 << 0 << 0.35 << 0.35;
        // The original's file: seen 4x, extracted two years ago, never confirmed nor recalled.
        QTest::newRow("old original file") << 3 << u""_s << -1 << -1 << 730 << 0.65 << 0.65;
        QTest::newRow("recalled recently")
            << 3 << u""_s << 1 << -1 << 730 << 0.65 << 0.65 * std::pow(0.5, 1.0 / 90);
        QTest::newRow("decayed: used one half-life ago")
            << 0 << u""_s << 90 << -1 << 400 << 0.5 << 0.25;
        QTest::newRow("decayed: used two half-lives ago")
            << 3 << u""_s << 180 << -1 << 400 << 0.65 << 0.1625;
        QTest::newRow("confirmed after a long silence restarts the clock")
            << 0 << u"c"_s << 180 << 0 << 400 << 0.6 << 0.6;
        QTest::newRow("the later of confirmation and recall counts")
            << 0 << u"c"_s << 90 << 180 << 400 << 0.6 << 0.3;
    }
    void table()
    {
        QFETCH(int, corroborations);
        QFETCH(QString, steps);
        QFETCH(int, recalledDaysAgo);
        QFETCH(int, confirmedDaysAgo);
        QFETCH(int, extractedDaysAgo);
        QFETCH(double, base);
        QFETCH(double, shown);
        Learning l;
        l.insight = u"Two sharp examples beat five"_s;
        l.corroborations = corroborations;
        l.extractedAt = kNow.addDays(-extractedDaysAgo);
        for (QChar s : steps) {
            if (s == u'c')
                l.confirm(kNow);
            else
                l.reject();
        }
        if (recalledDaysAgo >= 0)
            l.lastRecalledAt = kNow.addDays(-recalledDaysAgo);
        if (confirmedDaysAgo >= 0)
            l.lastConfirmedAt = kNow.addDays(-confirmedDaysAgo);
        const ConfidenceExplanation e = l.explainConfidence(kNow, 90);
        QCOMPARE(e.base, base);
        QCOMPARE(e.shown, shown);
        QCOMPARE(l.effectiveConfidence(kNow, 90), shown);
        QCOMPARE(e.seen, corroborations + 1);
        QCOMPARE(e.halfLifeDays, 90.0);
        QCOMPARE(e.baseFromCorroborations, steps.isEmpty());
        QCOMPARE(l.effectiveConfidence(kNow, 0), base); // decay off
        QVERIFY(e.shown > 0.005);                       // never "0.00" for a learning with evidence
    }

    void explanationNamesItsInputs()
    {
        Learning l;
        l.corroborations = 3;
        l.lastRecalledAt = kNow.addDays(-90);
        const ConfidenceExplanation e = l.explainConfidence(kNow, 90);
        QCOMPARE(e.lastUsed, kNow.addDays(-90));
        QVERIFY(!e.lastConfirmed.isValid());
        QCOMPARE(e.clock, e.lastUsed);
        QCOMPARE(e.ageDays, 90.0);
        QCOMPARE(e.decayFactor, 0.5);
        QCOMPARE(e.formula(), u"0.33 = base 0.65 × 0.5^(90.0 days ÷ 90) since last used"_s);
        QCOMPARE(e.baseText(), u"0.50 + 0.05 × 3 corroborations = 0.65"_s);
        QCOMPARE(e.details(),
                 (QStringList{u"confidence: 0.33 = base 0.65 × 0.5^(90.0 days ÷ 90) since last "
                              "used"_s,
                              u"base: 0.50 + 0.05 × 3 corroborations = 0.65"_s, u"seen: 4×"_s,
                              u"last confirmed: never"_s, u"last used: 2025-04-02 00:00Z"_s,
                              u"age: 90.0 days"_s, u"half-life: 90 days"_s}));
        Learning fresh;
        QCOMPARE(fresh.explainConfidence(kNow, 90).formula(),
                 u"0.50 = base 0.50 (never confirmed or used: no decay)"_s);
        QCOMPARE(fresh.explainConfidence(kNow, 0).formula(), u"0.50 = base 0.50 (decay off)"_s);
        fresh.confirm(kNow.addDays(-45));
        QCOMPARE(fresh.explainConfidence(kNow, 90).formula(),
                 u"0.42 = base 0.60 × 0.5^(45.0 days ÷ 90) since last confirmed"_s);
        QVERIFY(fresh.explainConfidence(kNow, 90).baseText().startsWith(u"0.60 (stored"_s));
        QCOMPARE(ConfidenceExplanation::number(0.001), u"<0.01"_s);
        QCOMPARE(ConfidenceExplanation::number(0), u"0.00"_s);
    }

    void corroborationRaisesAStoredConfidence()
    {
        Learning l;
        l.confidence = 0.5;
        l.corroborate();
        QCOMPARE(l.corroborations, 1);
        QCOMPARE(*l.confidence, 0.55);
        l.confidence = 0.78;
        l.corroborate();
        QCOMPARE(*l.confidence, 0.8); // capped
        l.confidence = 0.9;           // confirmed above the cap: kept
        l.corroborate();
        QCOMPARE(*l.confidence, 0.9);
        Learning original; // no stored confidence: the base follows the count
        original.corroborate();
        QVERIFY(!original.confidence);
        QCOMPARE(original.baseConfidence(), 0.55);
    }

    void rejectingEnoughInverts()
    {
        Learning l;
        l.insight = u"Long lists help"_s;
        l.outcome = u"improved"_s;
        QVERIFY(!l.reject()); // 0.35
        QVERIFY(!l.reject()); // 0.20
        QVERIFY(l.reject());  // 0.05 < 0.15
        QVERIFY(l.isAntiPattern());
        QVERIFY(l.isPitfall());
        QCOMPARE(l.insight, u"KNOWN PITFALL: Long lists help"_s);
        QCOMPARE(l.outcome, u"degraded"_s);
        QVERIFY(!l.reject()); // never inverted again
    }

    void extensionsRoundTrip()
    {
        Learning l;
        l.id = u"x"_s;
        l.extractedAt = kNow;
        l.confidence = 0.6;
        l.lastConfirmedAt = kNow;
        l.lastRecalledAt = kNow.addDays(-1);
        l.intent = Intent::Allow;
        l.intentNeutral = true;
        l.iteration = 3;
        l.mergedFrom = {LearningOrigin{u"old"_s, u"run-1"_s, u"run-1 a/b"_s, u"cat"_s, kNow}};
        const QJsonObject o = l.toJson();
        QCOMPARE(o.value(u"intent"_s).toString(), u"allow"_s);
        QCOMPARE(o.value(u"intentNeutral"_s).toBool(), true);
        QCOMPARE(o.value(u"lastConfirmedAt"_s).toString(), u"2025-07-01T00:00:00.000Z"_s);
        QCOMPARE(o.value(u"iteration"_s).toInt(), 3);
        QStringList problems;
        QCOMPARE(Learning::fromJson(JsonIn(o, QString(), &problems)), l);
        QVERIFY(problems.isEmpty());
    }

    void originalFilesGetDefaults()
    {
        const QJsonObject original{{u"id"_s, u"a"_s},
                                   {u"insight"_s, u"x"_s},
                                   {u"outcome"_s, u"improved"_s},
                                   {u"corroborations"_s, 3}};
        QStringList problems;
        const Learning l = Learning::fromJson(JsonIn(original, QString(), &problems));
        QVERIFY(!l.intent); // unknown
        QVERIFY(!l.intentNeutral);
        QVERIFY(!l.lastConfirmedAt && !l.iteration && l.mergedFrom.isEmpty());
        QVERIFY(!l.hasExtensions());
        QCOMPARE(l.baseConfidence(), 0.65);
        // Nothing is added on the way back out.
        for (const QString &key : {u"intent"_s, u"intentNeutral"_s, u"lastConfirmedAt"_s,
                                   u"iteration"_s, u"mergedFrom"_s, u"confidence"_s})
            QVERIFY2(!l.toJson().contains(key), qPrintable(key));
        // An intent this version does not know is kept verbatim.
        QJsonObject future = original;
        future.insert(u"intent"_s, u"redirect"_s);
        const Learning f = Learning::fromJson(JsonIn(future, QString(), &problems));
        QVERIFY(!f.intent);
        QCOMPARE(f.toJson().value(u"intent"_s).toString(), u"redirect"_s);
    }
};

QTEST_GUILESS_MAIN(TestConfidenceModel)
#include "tst_confidencemodel.moc"
