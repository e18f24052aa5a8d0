#include "runsize.h"

#include "extratests.h"

#include "boundedread.h"
#include "utf8.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// A test's fields around its prompt, as a run file writes them (indented JSON), measured by
// tst_runsize on TestCase::toJson() and TestResult::toJson() with room to spare.
constexpr qint64 CaseOverhead = 200;    // a labelled prompt kept in the run's settings
constexpr qint64 ResultOverhead = 700;  // a scanned prompt of an iteration: its case and result
constexpr qint64 GeneratedSuite = 50;   // prompts the LLM writes for an iteration
constexpr qint64 GeneratedPromptBytes = 200;
constexpr qint64 GeneratedResponseBytes = 800; // a response test's answer (issue 43)

qint64 promptBytes(const QList<TestCase> &tests)
{
    qint64 n = 0;
    for (const TestCase &t : tests)
        n += Utf8::size(t.prompt) + Utf8::size(t.category);
    return n;
}

} // namespace

qint64 RunSize::plannedLimit()
{
    return BoundedRead::JsonLimit / 4 * 3;
}

qint64 RunSize::estimate(const RunSettings &s)
{
    const qint64 fixed = s.fixedTests.size();
    const qint64 benchmark = s.benchmarkTests.isEmpty() ? s.benchmarkSize : s.benchmarkTests.size();
    const qint64 kept = fixed * CaseOverhead + promptBytes(s.fixedTests) +
                        s.benchmarkTests.size() * CaseOverhead + promptBytes(s.benchmarkTests);
    // Per iteration: the working suite (imported, or generated) and the benchmark, each scanned
    // scanRepeats times for the benchmark.
    // (An iteration keeps a working-suite prompt twice: in its test case and in its result.)
    const qint64 suiteBytes = fixed > 0 ? fixed * ResultOverhead + 2 * promptBytes(s.fixedTests)
                                        : GeneratedSuite * (ResultOverhead + 2 * GeneratedPromptBytes);
    const qint64 benchmarkBytes =
        s.benchmarkTests.isEmpty() ? benchmark * (ResultOverhead + GeneratedPromptBytes)
                                   : benchmark * ResultOverhead + promptBytes(s.benchmarkTests);
    const qint64 repeats = std::max(1, s.scanRepeats);
    const qint64 iterations = std::max(1, s.maxIterations);
    // Issue 43: the response tests (kept once, scanned every iteration) and the rewrites.
    const ExtraTests::Cost extra = ExtraTests::costOf(s);
    const qint64 responseBytes = extra.responseScans * (ResultOverhead + GeneratedPromptBytes + GeneratedResponseBytes);
    const qint64 rewriteBytes = extra.rewriteScans * (ResultOverhead + GeneratedPromptBytes);
    return kept + responseBytes + rewriteBytes + iterations * (suiteBytes + benchmarkBytes * repeats + responseBytes + rewriteBytes);
}

QString RunSize::problem(const RunSettings &s)
{
    const qint64 bytes = estimate(s);
    if (bytes <= plannedLimit())
        return {};
    const qint64 prompts = s.fixedTests.size() + s.benchmarkTests.size();
    return u"a run of %1 labelled prompts over %2 iteration(s) would need a run file of about %3, more than "
           "the %4 a run file may be (it must stay under the %5 this tool reads back): use fewer "
           "prompts or fewer iterations"_s
        .arg(prompts)
        .arg(s.maxIterations)
        .arg(BoundedRead::sizeText(bytes), BoundedRead::sizeText(plannedLimit()),
             BoundedRead::sizeText(BoundedRead::JsonLimit));
}
