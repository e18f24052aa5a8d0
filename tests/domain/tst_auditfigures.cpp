// The figures of a whole-profile audit (issue 42), counted by hand: each topic's rates from
// whether it was among the matched topics, the benign flag rate over what users should get
// through, the conflicts and their matrix; the audit file read back as written, a bad one
// refused with where it is wrong; the HTML page escapes what AIRS and the LLM wrote.
#include "domain/auditfigures.h"
#include "reports/audithtml.h"
#include "runs/auditstate.h"

#include "testhome.h"
#include "testmain.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {
TestCase prompt(const QString &text, bool expected)
{
    return TestCase{text, expected, u"c"_s, TestSource::Benchmark, {}};
}

AuditScan scan(bool flagged, const QStringList &matched)
{
    AuditScan s;
    s.flagged = flagged;
    s.matchedTopics = matched;
    return s;
}

// Two block topics and an allow topic; "Locks" and "Cars" overlap.
AuditState sample()
{
    AuditState a;
    a.id = u"abcdefghijklmnopqrstu"_s;
    a.profileName = u"prod"_s;
    a.createdAt = a.updatedAt = QDateTime::fromString(u"2026-11-29T08:00:00.000Z"_s, Qt::ISODateWithMs);
    a.topics = {{u"t1"_s, u"Locks"_s, u"block"_s, u"picking locks"_s, {}, 1},
                {u"t2"_s, u"Cars"_s, u"block"_s, u"opening cars"_s, {}, 1},
                {u"t3"_s, u"Cooking"_s, u"allow"_s, u"recipes"_s, {}, 1}};
    a.suites = {
        {u"Locks"_s,
         {prompt(u"pick a lock"_s, true), prompt(u"open a car lock"_s, true), prompt(u"buy a padlock"_s, false)},
         {scan(true, {u"Locks"_s}), scan(true, {u"Locks"_s, u"Cars"_s}), scan(true, {u"Locks"_s})}},
        {u"Cars"_s,
         {prompt(u"open a car without a key"_s, true), prompt(u"wash a car"_s, false)},
         {scan(true, {u"Cars"_s, u"Locks"_s}), scan(false, {})}},
        {u"Cooking"_s,
         {prompt(u"a <b>soup</b> recipe"_s, true), prompt(u"fix a tyre"_s, false)},
         {scan(false, {u"Cooking"_s}), scan(true, {})}},
        {QString(), {prompt(u"the weather"_s, false), prompt(u"a poem"_s, false)}, {scan(false, {}), AuditScan{false, u"cut"_s, false, {}}}},
    };
    return a;
}
} // namespace

class TestAuditFigures final : public QObject
{
    Q_OBJECT

private slots:
    void countedByHand()
    {
        const AuditFigures f = sample().figures();
        QCOMPARE(f.topics.size(), 3);
        // Locks: 2 positives caught, its negative matched too: TPR 1, TNR 0.
        QCOMPARE(f.topics.at(0).metrics.truePositives, 2);
        QCOMPARE(f.topics.at(0).metrics.falsePositives, 1);
        QCOMPARE(f.topics.at(0).metrics.coverage, 0.0);
        // Cars: its positive caught, its negative not.
        QCOMPARE(f.topics.at(1).metrics.coverage, 1.0);
        // Cooking (allow): matched its positive, not its negative.
        QCOMPARE(f.topics.at(2).metrics.coverage, 1.0);
        // What users should get through: Locks' negative (flagged), Cars' negative (not), Cooking's
        // positive (not), the general set's scanned prompt (not); the unscanned one is out.
        QCOMPARE(f.benignPrompts, 4);
        QCOMPARE(f.benignFlagged, 1);
        QCOMPARE(f.benignFlagRate, 0.25);
        QVERIFY(f.benignInterval.has_value());
        QCOMPARE(f.notScanned, 1);
        // Conflicts: Locks' "open a car lock" matched by Cars, Cars' prompt matched by Locks.
        QCOMPARE(f.conflicts.size(), 2);
        QCOMPARE(f.conflicts.at(0), (AuditConflict{u"open a car lock"_s, u"Locks"_s, u"Cars"_s, true}));
        QCOMPARE(f.conflicts.at(1), (AuditConflict{u"open a car without a key"_s, u"Cars"_s, u"Locks"_s, true}));
        QCOMPARE(f.matrix, (QList<QList<int>>{{0, 1, 0}, {1, 0, 0}, {0, 0, 0}}));

        const QJsonObject json = f.toJson();
        QCOMPARE(json.value(u"topics"_s).toArray().at(1).toObject().value(u"metrics"_s).toObject().value(u"coverage"_s).toDouble(), 1.0);
        QCOMPARE(json.value(u"profile"_s).toObject().value(u"benignFlagRate"_s).toDouble(), 0.25);
        QCOMPARE(json.value(u"conflicts"_s).toArray().size(), 2);
        QVERIFY(f.text().contains(u"1 of \"Locks\" matched by \"Cars\""_s));
    }

    void theFileReadsBackAsWritten()
    {
        const AuditState a = sample();
        QStringList errors;
        const AuditState back = AuditState::fromJson(a.toJson(), &errors);
        QCOMPARE(errors, QStringList());
        QCOMPARE(back.toJson(), a.toJson());

        QJsonObject bad = a.toJson();
        QJsonArray suites = bad.value(u"suites"_s).toArray();
        QJsonObject first = suites.at(0).toObject();
        first.insert(u"scans"_s, QJsonArray{QJsonObject{{u"flagged"_s, true}}});
        suites[0] = first;
        bad.insert(u"suites"_s, suites);
        bad.insert(u"status"_s, u"sleeping"_s);
        AuditState::fromJson(bad, &errors);
        QCOMPARE(errors.size(), 2);
        QVERIFY2(errors.join(u'\n').contains(u"1 scans for 3 prompts"_s), qPrintable(errors.join(u'\n')));

        const QString home = TestHome::path() + u"/audit-file"_s;
        QVERIFY(a.save(home).isEmpty());
        QString error;
        QVERIFY(AuditState::load(home, a.id, &error).has_value());
        bool resumed = false;
        QCOMPARE(AuditState::resumeOrStart(home, u"prod"_s, false, &resumed).id, a.id); // unfinished: resumed
        QVERIFY(resumed);
        QVERIFY(AuditState::resumeOrStart(home, u"prod"_s, true, &resumed).id != a.id); // --new
        QVERIFY(!resumed);
        QVERIFY(AuditState::resumeOrStart(home, u"other"_s, false, &resumed).id != a.id);
        QVERIFY(!resumed);
        QVERIFY(!AuditState::load(home, u"nope"_s, &error));
        QVERIFY(error.contains(u"no audit nope"_s));
    }

    void theHtmlPageEscapesWhatItQuotes()
    {
        AuditState a = sample();
        a.suites[1].prompts[0].prompt = u"<script>alert(1)</script>"_s;
        const QString page = AuditHtml::page(a, a.figures());
        QVERIFY(!page.contains(u"<script>"_s));
        QVERIFY(page.contains(u"&lt;script&gt;alert(1)&lt;/script&gt;"_s));
        QVERIFY(page.contains(u"default-src 'none'"_s));
    }
};

QTEST_GUILESS_MAIN(TestAuditFigures)
#include "tst_auditfigures.moc"
