#include "extratests.h"

#include "robustness.h"

using namespace Qt::StringLiterals;

QString ExtraTests::problem(const RunSettings &s)
{
    if (s.responseTests > 0 && s.intent == Intent::Allow)
        return u"response tests need block intent: for an allow topic, AIRS's answer has no per-direction match signal we could confirm"_s;
    if (s.decideOnBothDirections && s.responseTests <= 0)
        return u"deciding on both directions needs response tests"_s;
    if (!s.robustnessFamilies.isEmpty() && s.benchmarkTests.isEmpty() && s.benchmarkSize <= 0)
        return u"the robustness set rewrites benchmark prompts: it needs a benchmark"_s;
    return Robustness::familiesProblem(s.robustnessFamilies);
}

ExtraTests::Cost ExtraTests::costOf(const RunSettings &s)
{
    Cost c;
    c.responseScans = std::max(0, s.responseTests);
    if (!s.robustnessFamilies.isEmpty()) {
        const int benchmark = s.benchmarkTests.isEmpty() ? s.benchmarkSize : int(s.benchmarkTests.size());
        c.rewriteScans = Robustness::scansPerIteration(s.robustnessFamilies, std::min(s.robustnessSample, benchmark));
    }
    c.llmCalls = (c.responseScans > 0 ? 1 : 0)
        + (std::any_of(s.robustnessFamilies.cbegin(), s.robustnessFamilies.cend(), Robustness::isLlmFamily) ? 1 : 0);
    return c;
}

QString ExtraTests::costLine(const RunSettings &s)
{
    const Cost c = costOf(s);
    QStringList parts;
    if (c.responseScans > 0)
        parts.append(u"%1 response tests"_s.arg(c.responseScans));
    if (c.rewriteScans > 0)
        parts.append(u"up to %1 robustness rewrites (%2 families)"_s.arg(c.rewriteScans).arg(s.robustnessFamilies.size()));
    if (parts.isEmpty())
        return {};
    return u"Extra tests: %1, scanned in every iteration (%2 more scans each); %3 LLM call%4 at the start."_s
        .arg(parts.join(u" and "_s))
        .arg(c.responseScans + c.rewriteScans)
        .arg(c.llmCalls)
        .arg(c.llmCalls == 1 ? QString() : u"s"_s);
}
