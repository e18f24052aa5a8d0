#include "runprinter.h"

#include "domain/benchmarkscore.h"
#include "domain/decision.h"
#include "domain/format.h"
#include "domain/robustness.h"
#include "loop/loopeventjson.h"
#include "models/session/runcontroller.h"
#include "reports/usagetext.h"

#include <QJsonDocument>

#include <cstdio>
#include <unistd.h>

using namespace Qt::StringLiterals;
namespace E = LoopEventJson;

RunPrinter::RunPrinter(CliContext &ctx, Mode mode, QObject *parent)
    : QObject(parent)
    , m_ctx(ctx)
    , m_mode(mode)
    , m_progressOnTty(isatty(fileno(stderr)) != 0)
{
}

void RunPrinter::json(const QJsonObject &event)
{
    m_ctx.out << QString::fromUtf8(QJsonDocument(event).toJson(QJsonDocument::Compact)) << '\n';
    m_ctx.out.flush();
}

void RunPrinter::line(const QString &text)
{
    m_ctx.out << text << '\n';
    m_ctx.out.flush();
}

void RunPrinter::attach(RunController *c)
{
    if (m_mode == Mode::JsonLines) {
        E::connectAll(c, this, E::Audience::Stream, [this](const QJsonObject &event) { json(event); });
        connect(c, &RunController::warning, this, [this](const QString &w) { m_ctx.err << "daystrom: warning: " << w << '\n'; m_ctx.err.flush(); });
        return;
    }
    connect(c, &RunController::memoryLoaded, this, [this](int n) {
        line(n > 0 ? u"Memory: loaded %1 learnings"_s.arg(n) : u"Memory: no previous learnings found"_s);
    });
    connect(c, &RunController::iterationStarted, this, [this](int i) { line(u"Iteration %1"_s.arg(i)); });
    connect(c, &RunController::generateComplete, this, [this](const Topic &t) {
        line(u"  topic: %1 — %2 (%3 examples)"_s.arg(t.name, t.description, QString::number(t.examples.size())));
    });
    connect(c, &RunController::companionCreated, this, [this](const QString &, const Topic &t) {
        line(u"  companion allow topic: %1"_s.arg(t.name));
    });
    connect(c, &RunController::testsComposed, this, [this](int g, int cf, int r, int t) {
        line(u"  tests: %1 new, %2 carried failures, %3 regression checks → %4"_s.arg(g).arg(cf).arg(r).arg(t));
    });
    connect(c, &RunController::testProgress, this, [this](int done, int total) {
        if (m_progressOnTty) {
            m_ctx.err << "\r  scanning " << done << '/' << total << (done == total ? "\n" : "");
            m_ctx.err.flush();
        }
    });
    connect(c, &RunController::iterationComplete, this, [this](const IterationResult &r) {
        const EfficacyMetrics &m = r.metrics;
        line(u"  coverage %1  TPR %2  TNR %3  accuracy %4  F1 %5  (FP %6, FN %7, %8 tests, %9 s)"_s
                 .arg(Format::percent(m.coverage), Format::percent(m.truePositiveRate),
                      Format::percent(m.trueNegativeRate), Format::percent(m.accuracy), Format::percent(m.f1Score))
                 .arg(m.falsePositives)
                 .arg(m.falseNegatives)
                 .arg(r.testResults.size())
                 .arg(QString::number(r.durationMs / 1000.0, 'f', 1)));
        if (r.benchmark) { // the figures the run decides on, with their 95 % intervals
            const EfficacyMetrics &b = r.benchmark->metrics;
            const MetricIntervals i = MetricIntervals::of(b);
            const auto range = [](const std::optional<ProportionStats::Interval> &x) {
                return x ? u" [%1–%2]"_s.arg(Format::percent(x->low), Format::percent(x->high)) : QString();
            };
            line(u"  benchmark: coverage %1%2  TPR %3  TNR %4  (%5 held-out prompts%6)"_s
                     .arg(Format::percent(b.coverage), range(i.coverage), Format::percent(b.truePositiveRate),
                          Format::percent(b.trueNegativeRate), QString::number(r.benchmark->results.size()),
                          r.benchmark->unstableIndexes.isEmpty()
                              ? QString()
                              : u", %1 unstable left out"_s.arg(r.benchmark->unstableIndexes.size())));
        }
        if (r.responses) { // the response side, judged on response_detected (issue 43)
            const EfficacyMetrics &m = r.responses->metrics;
            const MetricIntervals i = MetricIntervals::of(m);
            line(u"  responses: coverage %1  TPR %2  TNR %3  (%4 prompt+response pairs%5)"_s
                     .arg(Format::withInterval(m.coverage, i.coverage), Format::withInterval(m.truePositiveRate, i.truePositiveRate),
                          Format::withInterval(m.trueNegativeRate, i.trueNegativeRate), QString::number(r.responses->results.size()),
                          m.notScanned > 0 ? u", %1 not scanned"_s.arg(m.notScanned) : QString()));
        }
        if (!r.robustness.isEmpty()) {
            line(u"  robustness (coverage kept under each rewrite; not in the decision):"_s);
            for (const QString &l : Robustness::tableLines(Robustness::table(r, m_settings.robustnessFamilies)))
                line(u"    "_s + l);
        }
        if (r.judgement == u"better")
            line(u"  the new best"_s);
        else if (r.judgement == u"within-noise")
            line(u"  within noise of the best (iteration %1), which stays"_s.arg(r.judgedAgainst));
        else if (r.judgement == u"worse")
            line(u"  worse than the best (iteration %1)"_s.arg(r.judgedAgainst));
        line(u"  usage: "_s + UsageText::summary(r.usage, m_model));
    });
    connect(c, &RunController::topicDuplicate, this, [this](const Topic &, int of) {
        line(u"  duplicate of iteration %1: skipped"_s.arg(of));
    });
    connect(c, &RunController::topicReverted, this, [this](const Topic &, int to) {
        line(u"  two regressions: reverting to the best topic (iteration %1)"_s.arg(to));
    });
    connect(c, &RunController::topicSimplified, this, [this](const Topic &t) {
        line(u"  simplifying the best topic: %1"_s.arg(t.description));
    });
    connect(c, &RunController::decisionMade, this, [this](const ProposalDecision &d, const Topic &) {
        line(d.action == ProposalDecision::Action::Retry ? u"  another proposal asked for%1"_s.arg(d.hint.isEmpty() ? QString() : u": "_s + d.hint)
             : d.edited                                   ? u"  your edited topic accepted"_s
                                                          : u"  proposal accepted"_s);
    });
    connect(c, &RunController::labelCorrected, this, [this](const LabelCorrection &l, bool undone, const RunState &s) {
        const QString what = l.response.isEmpty() ? u"\"%1\""_s.arg(l.prompt)
                                                  : u"response test \"%1\" → \"%2\""_s.arg(l.prompt, l.response);
        line(u"  label %1: %2 %3; best iteration now %4"_s.arg(undone ? u"restored"_s : u"corrected"_s, what,
                                                                l.expectedTriggered ? u"should trigger"_s : u"should not trigger"_s)
                 .arg(s.bestIteration));
    });
    connect(c, &RunController::promptsAdded, this, [this](int n, int dup, PromptTarget t, int v) {
        line(u"  %1 prompt(s) added to the %2 from the next iteration on%3"_s.arg(n)
                 .arg(t == PromptTarget::Benchmark ? u"benchmark (version %1)"_s.arg(v) : u"working suite"_s,
                      dup > 0 ? u" (%1 already in the run)"_s.arg(dup) : QString()));
    });
    connect(c, &RunController::stepModeChanged, this, [this](bool on) {
        line(on ? u"  step mode: the run waits for you after each proposal"_s : u"  auto mode: the run goes on by itself"_s);
    });
    connect(c, &RunController::loopPlateau, this, [this](double a, double b, double) {
        line(u"Coverage plateaued between %1 and %2"_s.arg(Format::percent(a), Format::percent(b)));
    });
    connect(c, &RunController::memoryExtracted, this, [this](int n) { line(u"Memory: %1 learnings extracted"_s.arg(n)); });
    connect(c, &RunController::promptSetCreated, this, [this](const QString &id, const QString &n, int k) {
        line(u"Prompt set \"%1\" (%2) created with %3 prompts"_s.arg(n, id, QString::number(k)));
    });
    connect(c, &RunController::loopComplete, this, [this](const IterationResult &best, const RunState &s) {
        line(u"\nRun %1 completed: %2"_s.arg(s.id, s.stopReason));
        line(u"Usage: "_s + UsageText::summary(s.usage, m_model));
        if (s.iterations.isEmpty())
            return;
        const Decision decision(s.userInput);
        const bool onBenchmark = decision.onBenchmark(best);
        const bool both = decision.bothDirections(best);
        line(u"Best: iteration %1, %2coverage %3"_s.arg(QString::number(best.iteration),
                                                         both ? u"the weaker direction's "_s : onBenchmark ? u"benchmark "_s : QString(),
                                                         Format::percent(decision.coverage(best))));
        line(u"  name:        %1"_s.arg(best.topic.name));
        line(u"  description: %1"_s.arg(best.topic.description));
        for (const QString &e : best.topic.examples)
            line(u"  example:     %1"_s.arg(e));
        line(u"Report: daystrom report %1"_s.arg(s.id));
    });
    connect(c, &RunController::loopPaused, this, [this](const RunState &s) {
        line(u"\nRun %1 paused after %2 recorded iterations. Resume with: daystrom resume %1"_s.arg(s.id).arg(s.iterations.size()));
        if (!s.stopReason.isEmpty() && s.stopReason != "paused"_L1)
            line(u"Reason: "_s + s.stopReason);
        line(u"Usage: "_s + UsageText::summary(s.usage, m_model));
    });
    connect(c, &RunController::loopCancelled, this, [this](const RunState &s) {
        line(u"\nRun %1 cancelled. Resume with: daystrom resume %1"_s.arg(s.id));
        line(u"Usage: "_s + UsageText::summary(s.usage, m_model));
    });
    connect(c, &RunController::loopFailed, this, [this](const QString &e) {
        m_ctx.err << "daystrom: the run failed: " << e << '\n';
        m_ctx.err.flush();
    });
    connect(c, &RunController::warning, this, [this](const QString &w) {
        m_ctx.err << "daystrom: warning: " << w << '\n';
        m_ctx.err.flush();
    });
}
