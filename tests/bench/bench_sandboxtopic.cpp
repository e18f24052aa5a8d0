// Benchmark: the sandbox LLM reading a topic text (issue 41, item 7). A 120,000-character topic
// took 80 s: the subject was shortened a word at a time, joining every word again each time.
// Times SandboxSubject::fromText and the whole generate_topic answer (SandboxBrain) for topic
// texts of 1,000, 10,000 and 120,000 characters, and prints the time per 1,000 characters of
// each against the 1,000-character one: linear work keeps the ratio near 1, quadratic work
// multiplies it by the length (120 at 120,000). Target: the 120,000-character ratio <= 5, and the
// whole answer under a second.
#include "llm/prompts/promptbook.h"
#include "sandbox/sandboxbrain.h"
#include "sandbox/sandboxcorpus.h"
#include "sandbox/sandboxsubject.h"

#include "testmain.h"

#include <QElapsedTimer>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {
// One long clause of ordinary words (no sentence break): the subject is cut from all of it.
QString topicText(qsizetype chars)
{
    static const QStringList words{u"weapons"_s, u"manufacturing"_s, u"and"_s,        u"the"_s,
                                   u"sale"_s,    u"of"_s,            u"unregistered"_s, u"firearms"_s,
                                   u"parts"_s,   u"kits"_s,          u"or"_s,         u"plans"_s};
    QString text = u"Block requests about "_s;
    for (qsizetype i = 0; text.size() < chars; ++i)
        text += words.at(i % words.size()) + u' ';
    return text.left(chars);
}

// The median of `runs` timings of `work`, in microseconds.
template<typename Work>
double medianMicros(int runs, Work work)
{
    QList<double> times;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        work();
        times.append(double(t.nsecsElapsed()) / 1000.0);
    }
    std::sort(times.begin(), times.end());
    return times.at(times.size() / 2);
}
} // namespace

class BenchSandboxTopic final : public QObject
{
    Q_OBJECT

private slots:
    void linearInTheTopicLength()
    {
        const SandboxBrain brain(SandboxCorpus::bundled());
        const QList<qsizetype> sizes{1000, 10000, 120000};
        double subjectPerK1 = 0, answerPerK1 = 0, worstRatio = 0, longestAnswerMs = 0;
        std::printf("%-12s %14s %10s %14s %10s\n", "characters", "subject µs", "ratio", "answer µs", "ratio");
        for (const qsizetype size : sizes) {
            const QString text = topicText(size);
            const int runs = size >= 100000 ? 3 : 9;
            QString subject;
            const double subjectUs = medianMicros(runs, [&] { subject = SandboxSubject::fromText(text); });
            const LlmPrompt prompt = PromptBook::generateTopic({text, Intent::Block, {}, {}, {}});
            std::optional<QJsonObject> answer;
            const double answerUs =
                medianMicros(runs, [&] { answer = brain.answer(prompt.callName, prompt.system, prompt.user); });
            QVERIFY(answer.has_value());
            QVERIFY(!subject.isEmpty());
            const double subjectPerK = subjectUs * 1000.0 / double(size);
            const double answerPerK = answerUs * 1000.0 / double(size);
            if (size == sizes.first()) {
                subjectPerK1 = subjectPerK;
                answerPerK1 = answerPerK;
            }
            const double subjectRatio = subjectPerK / subjectPerK1;
            const double answerRatio = answerPerK / answerPerK1;
            worstRatio = std::max({worstRatio, subjectRatio, answerRatio});
            longestAnswerMs = std::max(longestAnswerMs, answerUs / 1000.0);
            std::printf("%-12lld %14.0f %10.2f %14.0f %10.2f\n", static_cast<long long>(size), subjectUs,
                        subjectRatio, answerUs, answerRatio);
        }
        std::printf("worst per-character ratio to 1,000 characters: %.2f (target <= 5); longest answer %.1f ms "
                    "(target < 1000)\n",
                    worstRatio, longestAnswerMs);
        std::fflush(stdout);
        QVERIFY2(worstRatio <= 5, "the sandbox reads a topic in more than linear time");
        QVERIFY2(longestAnswerMs < 1000, "the sandbox took a second or more for one topic");
    }
};

QTEST_GUILESS_MAIN(BenchSandboxTopic)
#include "bench_sandboxtopic.moc"
