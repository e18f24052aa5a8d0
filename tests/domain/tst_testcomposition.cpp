// composeTestSuite and dedupKey (behaviour reference §2.3, with the deviations documented in
// testcomposition.h: the accumulate flag controls the regression tier; a cap drops the oldest
// regression-tier tests first, then trailing generated tests, then trailing carried failures).

#include "domain/testcomposition.h"

#include "testmain.h"

#include <climits>

using namespace Qt::StringLiterals;

namespace {

constexpr int NoCap = INT_MIN; // the `cap` column's "unset"

QString sourceCode(TestSource s)
{
    switch (s) {
    case TestSource::CarriedFp:
        return u"fp"_s;
    case TestSource::CarriedFn:
        return u"fn"_s;
    case TestSource::Regression:
        return u"r"_s;
    case TestSource::Benchmark:
        return u"b"_s;
    case TestSource::Added:
        return u"a"_s;
    case TestSource::Generated:
        break;
    }
    return u"g"_s;
}

TestSource sourceFromCode(const QString &code)
{
    if (code == "fp"_L1)
        return TestSource::CarriedFp;
    if (code == "fn"_L1)
        return TestSource::CarriedFn;
    if (code == "r"_L1)
        return TestSource::Regression;
    if (code.isEmpty() || code == "g"_L1)
        return TestSource::Generated;
    qFatal("bad source code %s", qPrintable(code));
}

// Generated tests: "prompt|T;prompt|F" (prompts are used verbatim, spaces included).
QList<TestCase> parseGenerated(const QString &spec)
{
    QList<TestCase> out;
    for (const QString &token : spec.split(u';', Qt::SkipEmptyParts)) {
        const QStringList parts = token.split(u'|');
        if (parts.size() != 2)
            qFatal("bad generated token %s", qPrintable(token));
        out.append(TestCase{parts[0], parts[1] == "T"_L1, u"cat-"_s + parts[0].trimmed(),
                            TestSource::Generated, {}});
    }
    return out;
}

// Previous results: "prompt|<expected><actual>[|source]", e.g. "gun|TF|r" = a regression-tier
// test that should have fired and did not.
IterationResult parsePrevious(const QString &spec)
{
    IterationResult it;
    it.iteration = 1;
    for (const QString &token : spec.split(u';', Qt::SkipEmptyParts)) {
        const QStringList parts = token.split(u'|');
        if (parts.size() < 2 || parts[1].size() != 2)
            qFatal("bad previous token %s", qPrintable(token));
        TestResult r;
        r.testCase = TestCase{parts[0], parts[1].at(0) == u'T', u"cat-"_s + parts[0].trimmed(),
                              sourceFromCode(parts.value(2)), {}};
        r.actualTriggered = parts[1].at(1) == u'T';
        r.correct = r.testCase.expectedTriggered == r.actualTriggered;
        r.scanAction = r.actualTriggered ? u"block"_s : u"allow"_s;
        r.scanId = u"scan-"_s + parts[0];
        it.testCases.append(r.testCase);
        it.testResults.append(r);
    }
    return it;
}

// A suite as "prompt|T|fn" lines.
QStringList describe(const QList<TestCase> &suite)
{
    QStringList out;
    for (const TestCase &t : suite)
        out.append(QString(t.prompt + u'|' + (t.expectedTriggered ? u'T' : u'F') + u'|'
                           + sourceCode(t.source)));
    return out;
}

} // namespace

class TestTestComposition : public QObject
{
    Q_OBJECT
private slots:
    // Without accumulation, a bounded, evenly spread sample of the last right answers comes
    // back as the regression tier; new tests keep their place under a cap.
    void regressionSampleWithoutAccumulation()
    {
        IterationResult previous;
        previous.iteration = 1;
        for (int i = 0; i < 20; ++i) {
            TestResult r;
            r.testCase = TestCase{u"ok %1"_s.arg(i), true, u"direct"_s, TestSource::Generated, {}};
            r.actualTriggered = r.correct = true;
            previous.testResults.append(r);
        }
        CompositionInput in;
        in.iteration = 2;
        in.previous = &previous;
        in.generated = {TestCase{u"new"_s, true, u"direct"_s, TestSource::Generated, {}}};
        in.regressionSample = 4;
        const CompositionResult out = composeTestSuite(in);
        QStringList prompts;
        for (const TestCase &t : out.suite)
            prompts.append(t.prompt + u'/' + sourceCode(t.source));
        QCOMPARE(prompts, (QStringList{u"ok 0/r"_s, u"ok 5/r"_s, u"ok 10/r"_s, u"ok 15/r"_s, u"new/g"_s}));
        in.cap = 2; // new tests first
        const CompositionResult capped = composeTestSuite(in);
        QCOMPARE(capped.suite.size(), 2);
        QCOMPARE(capped.suite.last().prompt, u"new"_s);
        in.cap.reset();
        in.regressionSample = 0; // runs made before the sample existed
        QCOMPARE(composeTestSuite(in).suite.size(), 1);
    }

    // The benchmark's prompts never enter the working suite, whatever the LLM writes.
    void heldOutPromptsAreDropped()
    {
        CompositionInput in;
        in.generated = {TestCase{u"Keep me"_s, true, u"direct"_s, TestSource::Generated, {}},
                        TestCase{u"  On the BENCHMARK "_s, false, u"benign"_s, TestSource::Generated, {}}};
        in.heldOut.insert(::dedupKey(u"on the benchmark"_s));
        const CompositionResult out = composeTestSuite(in);
        QCOMPARE(out.suite.size(), 1);
        QCOMPARE(out.suite.first().prompt, u"Keep me"_s);
    }

    void dedupKey_data()
    {
        QTest::addColumn<QString>("prompt");
        QTest::addColumn<QString>("key");
        QTest::newRow("plain") << u"hello"_s << u"hello"_s;
        QTest::newRow("upper case") << u"HeLLo World"_s << u"hello world"_s;
        QTest::newRow("leading and trailing blanks") << u" \t hello \n"_s << u"hello"_s;
        QTest::newRow("inner blanks kept") << u"a  b"_s << u"a  b"_s;
        QTest::newRow("non-ascii lower-cased") << u"\u00c4RGER \u00dcBER"_s << u"\u00e4rger \u00fcber"_s;
        QTest::newRow("no-break spaces trimmed") << u"\u00a0Hi\u00a0"_s << u"hi"_s;
        QTest::newRow("empty") << QString() << QString();
    }
    void dedupKey()
    {
        QFETCH(QString, prompt);
        QFETCH(QString, key);
        QCOMPARE(::dedupKey(prompt), key);
    }

    void compose_data()
    {
        QTest::addColumn<int>("iteration");
        QTest::addColumn<QString>("previous"); // "-" = no previous iteration (nullptr)
        QTest::addColumn<QString>("generated");
        QTest::addColumn<bool>("accumulate");
        QTest::addColumn<int>("cap"); // NoCap = unset
        QTest::addColumn<QStringList>("suite");
        QTest::addColumn<int>("generatedCount");
        QTest::addColumn<int>("carriedCount");
        QTest::addColumn<int>("regressionCount");
        QTest::addColumn<int>("dropped");

        // ---- iteration 1
        QTest::newRow("i1: generated as given")
            << 1 << u"-"_s << u"a|T;b|T;c|F"_s << false << NoCap
            << QStringList{u"a|T|g"_s, u"b|T|g"_s, u"c|F|g"_s} << 3 << 0 << 0 << 0;
        QTest::newRow("i1: dedup on lower-case + trimmed, first wins")
            << 1 << u"-"_s << u"Alpha|T; alpha |F;ALPHA|T;beta|F;  BETA|T"_s << false << NoCap
            << QStringList{u"Alpha|T|g"_s, u"beta|F|g"_s} << 5 << 0 << 0 << 0;
        QTest::newRow("i1: inner blanks are not collapsed")
            << 1 << u"-"_s << u"a b|T;a  b|F"_s << false << NoCap
            << QStringList{u"a b|T|g"_s, u"a  b|F|g"_s} << 2 << 0 << 0 << 0;
        QTest::newRow("i1: a previous iteration is ignored")
            << 1 << u"old|TF;kept|TT"_s << u"new|T"_s << true << NoCap
            << QStringList{u"new|T|g"_s} << 1 << 0 << 0 << 0;
        QTest::newRow("i1: nothing generated") << 1 << u"-"_s << QString() << false << NoCap
                                               << QStringList() << 0 << 0 << 0 << 0;

        // ---- i > 1: pools
        QTest::newRow("i2 without a previous iteration: generated only")
            << 2 << u"-"_s << u"a|T;b|F"_s << true << NoCap
            << QStringList{u"a|T|g"_s, u"b|F|g"_s} << 2 << 0 << 0 << 0;
        QTest::newRow("i2, accumulate off: failures carried, right answers not")
            << 2 << u"p1|TT;p2|TF;p3|FT;p4|FF"_s << u"n1|T;n2|F"_s << false << NoCap
            << QStringList{u"p2|T|fn"_s, u"p3|F|fp"_s, u"n1|T|g"_s, u"n2|F|g"_s} << 2 << 2 << 0
            << 0;
        QTest::newRow("i2, accumulate on: failures, then regression tier, then generated")
            << 2 << u"p1|TT;p2|TF;p3|FT;p4|FF"_s << u"n1|T;n2|F"_s << true << NoCap
            << QStringList{u"p2|T|fn"_s, u"p3|F|fp"_s, u"p1|T|r"_s, u"p4|F|r"_s, u"n1|T|g"_s,
                           u"n2|F|g"_s}
            << 2 << 2 << 2 << 0;
        QTest::newRow("carried failures keep their previous order")
            << 3 << u"f1|FT;f2|TF;f3|FT;f4|TF"_s << QString() << false << NoCap
            << QStringList{u"f1|F|fp"_s, u"f2|T|fn"_s, u"f3|F|fp"_s, u"f4|T|fn"_s} << 0 << 4 << 0
            << 0;
        QTest::newRow("earlier tags are replaced")
            << 4 << u"was-r|TF|r;was-fp|FF|fp;was-fn|TT|fn;was-g|FT|g"_s << QString() << true
            << NoCap
            << QStringList{u"was-r|T|fn"_s, u"was-g|F|fp"_s, u"was-fp|F|r"_s, u"was-fn|T|r"_s}
            << 0 << 2 << 2 << 0;
        QTest::newRow("all previous right, accumulate off: generated only")
            << 2 << u"a|TT;b|FF"_s << u"c|T"_s << false << NoCap << QStringList{u"c|T|g"_s} << 1
            << 0 << 0 << 0;

        // ---- dedup across pools (counts are taken before dedup)
        QTest::newRow("generated equal to a carried failure is dropped")
            << 2 << u"Same prompt|TF"_s << u" same PROMPT |F;fresh|T"_s << false << NoCap
            << QStringList{u"Same prompt|T|fn"_s, u"fresh|T|g"_s} << 2 << 1 << 0 << 0;
        QTest::newRow("generated equal to a regression test is dropped")
            << 2 << u"keep|TT;bad|FT"_s << u"KEEP|F;new|T"_s << true << NoCap
            << QStringList{u"bad|F|fp"_s, u"keep|T|r"_s, u"new|T|g"_s} << 2 << 1 << 1 << 0;
        QTest::newRow("accumulate off: a previously right prompt comes back as generated")
            << 2 << u"keep|TT"_s << u"KEEP|F"_s << false << NoCap << QStringList{u"KEEP|F|g"_s}
            << 1 << 0 << 0 << 0;
        QTest::newRow("a carried failure beats a regression duplicate")
            << 2 << u"x|TT;X |FT"_s << QString() << true << NoCap << QStringList{u"X |F|fp"_s}
            << 0 << 1 << 1 << 0;
        QTest::newRow("duplicates inside the previous suite")
            << 2 << u"dup|TF;DUP|TF;ok|FF;Ok|FF"_s << u"dup|T;ok|F;z|T"_s << true << NoCap
            << QStringList{u"dup|T|fn"_s, u"ok|F|r"_s, u"z|T|g"_s} << 3 << 2 << 2 << 0;

        // ---- cap
        const QString prev = u"r1|TT;r2|FF;f1|TF;r3|TT;f2|FT"_s;
        const QString gen = u"g1|T;g2|F;g3|T"_s;
        const QStringList full{u"f1|T|fn"_s, u"f2|F|fp"_s, u"r1|T|r"_s, u"r2|F|r"_s,
                               u"r3|T|r"_s,  u"g1|T|g"_s,  u"g2|F|g"_s, u"g3|T|g"_s};
        QTest::newRow("cap unset") << 2 << prev << gen << true << NoCap << full << 3 << 2 << 3 << 0;
        QTest::newRow("cap 0 = no cap") << 2 << prev << gen << true << 0 << full << 3 << 2 << 3 << 0;
        QTest::newRow("negative cap = no cap") << 2 << prev << gen << true << -4 << full << 3 << 2
                                               << 3 << 0;
        QTest::newRow("cap larger than the suite") << 2 << prev << gen << true << 50 << full << 3
                                                   << 2 << 3 << 0;
        QTest::newRow("cap equal to the suite") << 2 << prev << gen << true << 8 << full << 3 << 2
                                                << 3 << 0;
        QTest::newRow("cap one under: the oldest regression test goes")
            << 2 << prev << gen << true << 7
            << QStringList{u"f1|T|fn"_s, u"f2|F|fp"_s, u"r2|F|r"_s, u"r3|T|r"_s, u"g1|T|g"_s,
                           u"g2|F|g"_s, u"g3|T|g"_s}
            << 3 << 2 << 3 << 1;
        QTest::newRow("cap drops the oldest regression tests first")
            << 2 << prev << gen << true << 6
            << QStringList{u"f1|T|fn"_s, u"f2|F|fp"_s, u"r3|T|r"_s, u"g1|T|g"_s, u"g2|F|g"_s,
                           u"g3|T|g"_s}
            << 3 << 2 << 3 << 2;
        QTest::newRow("cap drops the whole regression tier before any new test")
            << 2 << prev << gen << true << 5
            << QStringList{u"f1|T|fn"_s, u"f2|F|fp"_s, u"g1|T|g"_s, u"g2|F|g"_s, u"g3|T|g"_s}
            << 3 << 2 << 3 << 3;
        QTest::newRow("cap then trims trailing generated tests")
            << 2 << prev << gen << true << 3 << QStringList{u"f1|T|fn"_s, u"f2|F|fp"_s, u"g1|T|g"_s}
            << 3 << 2 << 3 << 5;
        // Issue 39: half the cap (rounded down) is kept for new tests, so carried failures
        // can never fill a suite on their own.
        QTest::newRow("cap equal to the carried failures: half stays for new tests")
            << 2 << prev << gen << true << 2 << QStringList{u"f1|T|fn"_s, u"g1|T|g"_s} << 3 << 2
            << 3 << 6;
        QTest::newRow("more carried failures than the cap: new tests keep their half")
            << 3 << u"f1|TF;f2|FT;f3|TF;f4|FT;f5|TF"_s << gen << false << 4
            << QStringList{u"f1|T|fn"_s, u"f2|F|fp"_s, u"g1|T|g"_s, u"g2|F|g"_s} << 3 << 5 << 0 << 4;
        QTest::newRow("cap smaller than the carried failures: trailing failures go")
            << 2 << prev << gen << true << 1 << QStringList{u"f1|T|fn"_s} << 3 << 2 << 3 << 7;
        QTest::newRow("cap applies with accumulation off")
            << 2 << prev << gen << false << 3 << QStringList{u"f1|T|fn"_s, u"f2|F|fp"_s, u"g1|T|g"_s}
            << 3 << 2 << 0 << 2;
        QTest::newRow("cap on iteration 1 keeps the first generated tests")
            << 1 << u"-"_s << u"a|T;b|T;c|F;d|F"_s << false << 2
            << QStringList{u"a|T|g"_s, u"b|T|g"_s} << 4 << 0 << 0 << 2;
        // droppedByCap = size after dedup, before the cap, minus the final size: duplicates
        // removed by dedup are not "dropped by the cap".
        QTest::newRow("dropped counts after dedup")
            << 1 << u"-"_s << u"a|T;A|T;b|F;B |F;c|T"_s << false << 2
            << QStringList{u"a|T|g"_s, u"b|F|g"_s} << 5 << 0 << 0 << 1;
    }
    void compose()
    {
        QFETCH(int, iteration);
        QFETCH(QString, previous);
        QFETCH(QString, generated);
        QFETCH(bool, accumulate);
        QFETCH(int, cap);
        QFETCH(QStringList, suite);
        QFETCH(int, generatedCount);
        QFETCH(int, carriedCount);
        QFETCH(int, regressionCount);
        QFETCH(int, dropped);

        const IterationResult prev = parsePrevious(previous == "-"_L1 ? QString() : previous);
        CompositionInput in;
        in.iteration = iteration;
        in.generated = parseGenerated(generated);
        in.previous = previous == "-"_L1 ? nullptr : &prev;
        in.accumulate = accumulate;
        if (cap != NoCap)
            in.cap = cap;

        const CompositionResult out = composeTestSuite(in);
        QCOMPARE(describe(out.suite), suite);
        QCOMPARE(out.total(), int(suite.size()));
        QCOMPARE(out.generated, generatedCount);
        QCOMPARE(out.carriedFailures, carriedCount);
        QCOMPARE(out.regressionTier, regressionCount);
        QCOMPARE(out.droppedByCap, dropped);

        // No two tests share a dedup key.
        QSet<QString> keys;
        for (const TestCase &t : out.suite)
            keys.insert(::dedupKey(t.prompt));
        QCOMPARE(keys.size(), out.suite.size());
        // The cap holds whenever it is set and positive.
        if (cap != NoCap && cap > 0)
            QVERIFY(out.total() <= cap);
    }

    // Everything but the source tag is copied unchanged: prompt text (original case and
    // blanks), expected flag, category and target topic.
    void compose_copiesTestFields()
    {
        IterationResult prev = parsePrevious(u"  Mixed Case |TF;right|FF"_s);
        prev.testResults[0].testCase.category = u"weapons"_s;
        prev.testResults[0].testCase.targetTopic = u"Weapons"_s;
        prev.testResults[1].testCase.category = u"cooking"_s;

        CompositionInput in;
        in.iteration = 2;
        in.previous = &prev;
        in.accumulate = true;
        in.generated = {TestCase{u"New One"_s, true, u"firearms"_s, TestSource::Generated, u"t"_s}};
        const CompositionResult out = composeTestSuite(in);

        QCOMPARE(out.suite.size(), 3);
        QCOMPARE(out.suite[0], (TestCase{u"  Mixed Case "_s, true, u"weapons"_s,
                                         TestSource::CarriedFn, u"Weapons"_s}));
        QCOMPARE(out.suite[1],
                 (TestCase{u"right"_s, false, u"cooking"_s, TestSource::Regression, {}}));
        // Generated tests are taken as the caller gives them.
        QCOMPARE(out.suite[2], in.generated[0]);
        // The previous iteration is not modified.
        QCOMPARE(prev.testResults[0].testCase.source, TestSource::Generated);
    }

    // Composing twice in a row with accumulation: the suite carries everything once.
    void compose_chain()
    {
        CompositionInput first;
        first.iteration = 1;
        first.generated = parseGenerated(u"a|T;b|F;c|T"_s);
        const CompositionResult s1 = composeTestSuite(first);

        IterationResult it1;
        it1.iteration = 1;
        it1.testCases = s1.suite;
        for (const TestCase &t : s1.suite) {
            TestResult r;
            r.testCase = t;
            r.actualTriggered = t.prompt == "b"_L1 ? true : t.expectedTriggered; // b is an FP
            r.correct = r.actualTriggered == t.expectedTriggered;
            it1.testResults.append(r);
        }
        CompositionInput second;
        second.iteration = 3; // a gap: iteration 2 was a duplicate
        second.previous = &it1;
        second.accumulate = true;
        second.generated = parseGenerated(u"C|T;d|F"_s);
        second.cap = 4;
        const CompositionResult s2 = composeTestSuite(second);
        // Pre-cap: b fp, a r, c r, d g = 4 after dedup ("C" duplicates "c").
        QCOMPARE(describe(s2.suite),
                 (QStringList{u"b|F|fp"_s, u"a|T|r"_s, u"c|T|r"_s, u"d|F|g"_s}));
        QCOMPARE(s2.generated, 2);
        QCOMPARE(s2.carriedFailures, 1);
        QCOMPARE(s2.regressionTier, 2);
        QCOMPARE(s2.droppedByCap, 0);
        QVERIFY(s2.generated + s2.carriedFailures + s2.regressionTier > s2.total());
    }
};

QTEST_GUILESS_MAIN(TestTestComposition)
#include "tst_testcomposition.moc"
