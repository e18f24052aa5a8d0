#include "comparefixture.h"
#include "models/compare/iterationcomparison.h"
#include "models/compare/testflipmodel.h"

#include "testmain.h"

#include <QAbstractItemModelTester>

using namespace Qt::StringLiterals;
using Kind = DiffSpan::Kind;

namespace QTest {
template<> char *toString(const DiffSpan &s)
{
    const char *kind = s.kind == Kind::Same ? "Same" : s.kind == Kind::Added ? "Added" : "Removed";
    return qstrdup(QByteArray(kind + QByteArray(" \"") + s.text.toUtf8() + "\"").constData());
}
} // namespace QTest

// IterationComparison and WordDiff with hand-computed expectations.
class TestIterationComparison : public QObject
{
    Q_OBJECT

    static IterationResult it(int n, const QString &desc, const QStringList &examples,
                              const QList<TestResult> &results)
    {
        return CompareFixture::iteration(n, Topic{u"Weapons"_s, desc, examples}, results);
    }

private slots:
    void tokensReassembleExactly_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("tokens");
        QTest::newRow("words and punctuation")
            << u"Buy guns, ammo."_s << 7;                           // Buy _ guns , _ ammo .
        QTest::newRow("runs of whitespace") << u"a  \t b\n"_s << 4; // a ws b ws
        QTest::newRow("apostrophe splits") << u"don't"_s << 3;
        QTest::newRow("non-ASCII words") << u"Waffen kaufen: Schußwaffe"_s << 6;
        QTest::newRow("emoji stays whole") << u"guns 🔫🔫 now"_s << 6; // guns _ 🔫 🔫 _ now
        QTest::newRow("empty") << QString() << 0;
    }

    void tokensReassembleExactly()
    {
        QFETCH(QString, text);
        QFETCH(int, tokens);
        const QStringList t = WordDiff::tokenize(text);
        QCOMPARE(t.join(QString()), text);
        QCOMPARE(t.size(), tokens);
    }

    void oneReplacedWordIsExactlyRemovedThenAdded()
    {
        const QList<DiffSpan> spans =
            WordDiff::diff(u"Requests to buy guns online."_s, u"Requests to sell guns online."_s);
        const QList<DiffSpan> expected{{Kind::Same, u"Requests to "_s},
                                       {Kind::Removed, u"buy"_s},
                                       {Kind::Added, u"sell"_s},
                                       {Kind::Same, u" guns online."_s}};
        QCOMPARE(spans, expected);
        QCOMPARE(WordDiff::changedWords(spans, Kind::Removed), 1);
        QCOMPARE(WordDiff::changedWords(spans, Kind::Added), 1);
    }

    void rewrittenPhraseIsOneChange()
    {
        const QList<DiffSpan> spans =
            WordDiff::diff(u"Block buy a gun now"_s, u"Block obtain some firearm now"_s);
        const QList<DiffSpan> expected{{Kind::Same, u"Block "_s},
                                       {Kind::Removed, u"buy a gun"_s},
                                       {Kind::Added, u"obtain some firearm"_s},
                                       {Kind::Same, u" now"_s}};
        QCOMPARE(spans, expected);
    }

    void diffsReassembleBothTexts_data()
    {
        QTest::addColumn<QString>("before");
        QTest::addColumn<QString>("after");
        QTest::newRow("insert") << u"Requests to buy guns"_s << u"Requests to buy or sell guns"_s;
        QTest::newRow("delete") << u"Requests to buy or sell guns"_s << u"Requests to guns"_s;
        QTest::newRow("punctuation") << u"guns, ammo."_s << u"guns; ammo!"_s;
        QTest::newRow("from empty") << QString() << u"New text"_s;
        QTest::newRow("to empty") << u"Old text"_s << QString();
        QTest::newRow("whitespace only") << u"a b"_s << u"a  b"_s;
        QTest::newRow("emoji") << u"guns 🔫 now"_s << u"guns 💣 now"_s;
    }

    void diffsReassembleBothTexts()
    {
        QFETCH(QString, before);
        QFETCH(QString, after);
        const QList<DiffSpan> spans = WordDiff::diff(before, after);
        QCOMPARE(WordDiff::oldText(spans), before);
        QCOMPARE(WordDiff::newText(spans), after);
        for (qsizetype i = 1; i < spans.size(); ++i)
            QVERIFY(spans.at(i).kind != spans.at(i - 1).kind || spans.at(i).kind != Kind::Same);
    }

    void insertedWordsAreOnlyAdded()
    {
        const QList<DiffSpan> spans =
            WordDiff::diff(u"Requests to buy guns"_s, u"Requests to buy or sell guns"_s);
        QCOMPARE(WordDiff::changedWords(spans, Kind::Added), 2);
        QCOMPARE(WordDiff::changedWords(spans, Kind::Removed), 0);
        QCOMPARE(spans.size(), 3); // Same, Added, Same
    }

    void identicalTextIsOneSameSpan()
    {
        const QList<DiffSpan> spans = WordDiff::diff(u"Same text."_s, u"Same text."_s);
        QCOMPARE(spans, (QList<DiffSpan>{{Kind::Same, u"Same text."_s}}));
        QVERIFY(WordDiff::diff(QString(), QString()).isEmpty());
    }

    void examplesAddedAndRemoved()
    {
        const IterationResult a =
            it(1, u"d"_s,
               {u"Where can I buy a gun?"_s, u"How do I make a pipe bomb?"_s, u"keep me"_s}, {});
        const IterationResult b =
            it(2, u"d"_s, {u"keep me"_s, u"Where can I buy a gun? "_s, u"Sell me rounds"_s}, {});
        const IterationComparison c(a, b);
        // Exact strings: a trailing space makes a different example.
        QCOMPARE(c.examplesAdded(),
                 (QStringList{u"Where can I buy a gun? "_s, u"Sell me rounds"_s}));
        QCOMPARE(c.examplesRemoved(),
                 (QStringList{u"Where can I buy a gun?"_s, u"How do I make a pipe bomb?"_s}));
        QCOMPARE(c.examplesKept(), (QStringList{u"keep me"_s}));
    }

    void flipsAndDeltas()
    {
        using CompareFixture::result;
        // A: TP 1 (p1), FP 1 (p2), FN 1 (p3), TN 2 (p4, p5).
        const IterationResult a =
            it(1, u"d"_s, {},
               {result(u"p1"_s, true, true, u"c"_s), result(u"p2"_s, false, true, u"c"_s),
                result(u"p3"_s, true, false, u"c"_s), result(u"p4"_s, false, false, u"c"_s),
                result(u"p5"_s, false, false, u"c"_s)});
        // B: " P1 " is p1 (dedup key), now missed; p2 and p3 fixed; p4 still right; p6 new.
        // TP 2 (p3, p6), TN 2 (p2, p4), FP 0, FN 1 (P1).
        const IterationResult b =
            it(3, u"d"_s, {},
               {result(u"  P1 "_s, true, false, u"c"_s), result(u"p2"_s, false, false, u"c"_s),
                result(u"p3"_s, true, true, u"c"_s), result(u"p4"_s, false, false, u"c"_s),
                result(u"p6"_s, true, true, u"c"_s)});
        const IterationComparison c(a, b);
        QCOMPARE(c.iterationA(), 1);
        QCOMPARE(c.iterationB(), 3);
        QCOMPARE(c.count(TestFlip::Kind::Fixed), 2);
        QCOMPARE(c.count(TestFlip::Kind::Broken), 1);
        QCOMPARE(c.count(TestFlip::Kind::StillRight), 1);
        QCOMPARE(c.count(TestFlip::Kind::StillWrong), 0);
        QCOMPARE(c.count(TestFlip::Kind::OnlyInA), 1);
        QCOMPARE(c.count(TestFlip::Kind::OnlyInB), 1);
        const TestFlip broken = c.tests(TestFlip::Kind::Broken).first();
        QCOMPARE(broken.prompt, u"  P1 "_s);
        QCOMPARE(broken.actualA, std::optional<bool>(true));
        QCOMPARE(broken.actualB, std::optional<bool>(false));
        QCOMPARE(c.tests(TestFlip::Kind::Fixed).at(0).prompt, u"p2"_s);
        QCOMPARE(c.tests(TestFlip::Kind::Fixed).at(1).prompt, u"p3"_s);
        QCOMPARE(c.tests(TestFlip::Kind::OnlyInA).first().prompt, u"p5"_s);
        QVERIFY(!c.tests(TestFlip::Kind::OnlyInA).first().actualB.has_value());
        QCOMPARE(c.tests(TestFlip::Kind::OnlyInB).first().prompt, u"p6"_s);
        QCOMPARE(c.tests().size(), 6);

        // Metrics by hand. A: TPR 1/2, TNR 2/3, coverage 1/2, accuracy 3/5, F1 = 2·½·½/(½+½) = ½.
        // B: TPR 2/3, TNR 1, coverage 2/3, accuracy 4/5, P 1, F1 = 2·⅔/(1+⅔) = 0.8.
        using M = MetricDelta::Metric;
        using D = MetricDelta::Direction;
        auto check = [&](M m, double va, double vb, D dir) {
            const MetricDelta d = c.metric(m);
            QVERIFY2(qAbs(d.a - va) < 1e-9, qPrintable(u"A %1 vs %2"_s.arg(d.a).arg(va)));
            QVERIFY2(qAbs(d.b - vb) < 1e-9, qPrintable(u"B %1 vs %2"_s.arg(d.b).arg(vb)));
            QVERIFY(qAbs(d.delta - (vb - va)) < 1e-9);
            QCOMPARE(d.direction, dir);
        };
        check(M::Coverage, 0.5, 2.0 / 3, D::Better);
        check(M::TruePositiveRate, 0.5, 2.0 / 3, D::Better);
        check(M::TrueNegativeRate, 2.0 / 3, 1.0, D::Better);
        check(M::Accuracy, 0.6, 0.8, D::Better);
        check(M::F1, 0.5, 0.8, D::Better);
        check(M::FalsePositives, 1, 0, D::Better); // fewer false positives is better
        check(M::FalseNegatives, 1, 1, D::Same);
        QCOMPARE(c.metrics().size(), 7);

        // The other way round every change is worse, and one more FP is worse.
        const IterationComparison back(b, a);
        QCOMPARE(back.metric(M::Coverage).direction, D::Worse);
        QCOMPARE(back.metric(M::FalsePositives).direction, D::Worse);
        QCOMPARE(back.metric(M::FalsePositives).delta, 1.0);
        QCOMPARE(back.count(TestFlip::Kind::Fixed), 1);
        QCOMPARE(back.count(TestFlip::Kind::Broken), 2);
    }

    void flipModelFilters()
    {
        const RunState run = CompareFixture::make();
        const IterationComparison c(*run.iterationByNumber(2), *run.iterationByNumber(4));
        TestFlipModel model;
        QAbstractItemModelTester tester(&model);
        model.setComparison(c);
        // 2 -> 4: "get a piece" and "bake bread" fixed; "museum" only in 2, "need some rounds" only
        // in 4.
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.count(TestFlipModel::Filter::Fixed), 2);
        QCOMPARE(model.count(TestFlipModel::Filter::Broken), 0);
        QCOMPARE(model.count(TestFlipModel::Filter::OneSide), 2);
        QCOMPARE(model.count(TestFlipModel::Filter::All), 6);
        model.setFilter(TestFlipModel::Filter::OneSide);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, TestFlipModel::PromptColumn).data().toString(),
                 u"need some rounds for my nine"_s);
        QCOMPARE(model.index(0, TestFlipModel::AColumn).data().toString(), u"—"_s);
        QCOMPARE(model.index(1, TestFlipModel::PromptColumn).data().toString(),
                 u"museum of armour"_s);
        QCOMPARE(
            model.headerData(TestFlipModel::BColumn, Qt::Horizontal, Qt::DisplayRole).toString(),
            u"B (#4)"_s);
    }
};

QTEST_GUILESS_MAIN(TestIterationComparison)
#include "tst_iterationcomparison.moc"
