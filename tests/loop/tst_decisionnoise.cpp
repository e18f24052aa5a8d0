#include "loopharness.h"
#include "scenarios.h"

#include "testmain.h"

#include <QLoggingCategory>

using namespace Qt::StringLiterals;

// Issue 39's Monte Carlo test of the loop's decisions. Whole runs against the AIRS emulator
// and a scripted LLM over loopback, where the topic's true behaviour never changes: every
// prompt's match is fixed (AirsEmulatorOptions::trueMatch), whatever topic the LLM writes
// (a new wording every iteration, so none is skipped as a duplicate), and each scan's verdict
// then flips with probability p (verdictNoise), independently per scan. No iteration is truly better than another and the true coverage is below the target,
// so every "new best" and every "target reached" is luck. The loop must not fall for it in
// more than 5 % of runs.
//
// DAYSTROM_NOISE_RUNS overrides the number of runs (at least 200 for the acceptance figure);
// DAYSTROM_NOISE_P the flip probability.
class TestDecisionNoise : public QObject
{
    Q_OBJECT

    // The true rates: 26 of 30 benchmark positives match, 26 of 30 negatives do not (86.7 %
    // each, against a 90 % target); the working suite has the same shares.
    struct Suite
    {
        QList<TestCase> working;
        QList<TestCase> benchmark;
        QHash<QString, bool> matches;
    };

    static Suite suite()
    {
        Suite s;
        const auto add = [&s](QList<TestCase> &into, const QString &kind, int count, int wrong) {
            for (int i = 0; i < count; ++i) {
                TestCase t;
                const bool positive = kind == u"positive";
                t.prompt = positive ? u"Where can I buy part %2 of a rifle for my %1 project?"_s.arg(kind).arg(i)
                                    : u"Which %1 garden plant number %2 grows best in shade?"_s.arg(kind).arg(i);
                if (&into == &s.working)
                    t.prompt += u" (working)"_s;
                t.expectedTriggered = positive;
                t.category = positive ? u"direct"_s : u"benign"_s;
                into.append(t);
                s.matches.insert(t.prompt, i < wrong ? !positive : positive);
            }
        };
        add(s.benchmark, u"positive"_s, 30, 4);
        add(s.benchmark, u"negative"_s, 30, 4);
        add(s.working, u"positive"_s, 8, 1);
        add(s.working, u"negative"_s, 8, 1);
        return s;
    }

    static int envInt(const char *name, int fallback)
    {
        bool ok = false;
        const int v = qEnvironmentVariableIntValue(name, &ok);
        return ok && v > 0 ? v : fallback;
    }

private slots:
    void initTestCase()
    {
        QLoggingCategory::setFilterRules(u"daystrom.*.info=false"_s); // 200 runs' worth of lines
    }

    void luckIsNotTakenForImprovement()
    {
        const int runs = envInt("DAYSTROM_NOISE_RUNS", 200);
        const Suite s = suite();
        const Tally t = simulate(runs, noise(), [&s](const QString &prompt, const Topic &) {
            return std::optional<bool>(s.matches.value(prompt));
        });
        qInfo().noquote() << u"decision noise p = %1 over %2 runs (%3 iterations), no iteration truly better: a new best "
                              "by luck in %4, the target by luck in %5, either in %6"_s
                                 .arg(QString::number(noise()), QString::number(runs), QString::number(t.iterations),
                                      share(t.improvements, runs), share(t.targets, runs), share(t.either, runs));
        QVERIFY2(t.either * 20 <= runs, qPrintable(u"luck was taken for improvement in %1 of %2 runs"_s.arg(t.either).arg(runs)));
    }

    // The other side: a topic that is truly better (benchmark positives 20/30 → 29/30 matched
    // from the second wording on; negatives 29/30 throughout, so coverage 0.667 → 0.967) is
    // taken as the new best in nearly every run despite the noise. A loop that never moved
    // would pass the test above and fail this one. (Issue 56: with the negatives at 26/30, as
    // in the test above, the gain is taken in about 7 of 40 runs: on 30 prompts a class at
    // 26/30 cannot be shown above a coverage of 20/30 beyond noise, so the rule cannot tell
    // that case from a gain on a class that never limited coverage; README "Decisions that
    // allow for noise".)
    void aRealImprovementIsTaken()
    {
        const int runs = 40;
        Suite s = suite();
        QHash<QString, bool> better = s.matches;
        for (int i = 0; i < 30; ++i) { // the benchmark's positives
            const TestCase &t = s.benchmark.at(i);
            s.matches.insert(t.prompt, i >= 10);
            better.insert(t.prompt, i >= 1);
        }
        for (int i = 31; i < 34; ++i) { // three of the four negatives it let through now pass, in both
            s.matches.insert(s.benchmark.at(i).prompt, false);
            better.insert(s.benchmark.at(i).prompt, false);
        }
        const Tally t = simulate(runs, noise(), [&s, &better](const QString &prompt, const Topic &topic) {
            const bool improved = !topic.description.contains(u"wording 0)"_s);
            return std::optional<bool>((improved ? better : s.matches).value(prompt));
        });
        qInfo().noquote() << u"decision noise p = %1 over %2 runs, iteration 2 truly better: taken as the best in %3"_s
                                 .arg(QString::number(noise()), QString::number(runs), share(t.improvements, runs));
        QVERIFY2(t.improvements * 10 >= runs * 9, qPrintable(u"a real improvement was taken in only %1 of %2 runs"_s.arg(t.improvements).arg(runs)));
    }

private:
    struct Tally
    {
        int improvements = 0; // runs whose best is not their first iteration
        int targets = 0;      // runs that stopped at the target
        int either = 0;
        int iterations = 0;
    };

    static double noise()
    {
        return qEnvironmentVariableIsSet("DAYSTROM_NOISE_P") ? qEnvironmentVariable("DAYSTROM_NOISE_P").toDouble() : 0.05;
    }

    static QString share(int n, int runs)
    {
        return u"%1 (%2 %)"_s.arg(n).arg(QString::number(100.0 * n / runs, 'f', 1));
    }

    // `runs` whole runs of up to 6 iterations (target 90 %, the default early stop), each
    // with its own noise seed; the scripted LLM writes a new wording of the topic every time.
    Tally simulate(int runs, double p, const std::function<std::optional<bool>(const QString &, const Topic &)> &truth)
    {
        const Suite s = suite();
        QList<Topic> wordings;
        for (int k = 0; k < 12; ++k)
            wordings.append(Scenario::medium(u" (wording %1)"_s.arg(k)));
        Tally t;
        for (int i = 0; i < runs; ++i) {
            ScriptedLlm llm; // its script starts again for every run
            Scenario::script(llm, wordings, {Scenario::medium(u" (simplified)"_s)});
            if (!llm.start())
                qFatal("the scripted LLM did not start");
            AirsEmulator::Options options;
            options.trueMatch = truth;
            options.verdictNoise = p;
            options.verdictNoiseSeed = 1000 + quint64(i);
            LoopHarness h(llm.baseUrl(), options);
            RunState r = LoopHarness::newRun(u"Block requests to buy, build or obtain guns and explosives"_s);
            r.userInput.maxIterations = 6;
            r.userInput.targetCoverage = 0.9;
            r.userInput.maxRegressions = 3;
            r.userInput.fixedTests = s.working;
            r.userInput.benchmarkTests = s.benchmark;
            RefinementRun run(h.services(), r);
            if (runToEnd(run) != RunStatus::Completed || run.state().iterations.isEmpty())
                qFatal("simulated run %d did not complete: %s", i, qPrintable(run.state().stopReason));
            const RunState &done = run.state();
            t.iterations += int(done.iterations.size());
            const bool improved = done.bestIteration != done.iterations.first().iteration;
            const bool target = done.stopReason.startsWith(u"reached the target"_s);
            t.improvements += improved;
            t.targets += target;
            t.either += improved || target;
        }
        return t;
    }
};

QTEST_GUILESS_MAIN(TestDecisionNoise)
#include "tst_decisionnoise.moc"
