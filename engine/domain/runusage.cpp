#include "runusage.h"

#include "jsonin.h"

using namespace Qt::StringLiterals;

RunUsage &RunUsage::operator+=(const RunUsage &o)
{
    const bool thisPriced = estimatedCost.has_value() || llmCalls == 0;
    const bool otherPriced = o.estimatedCost.has_value() || o.llmCalls == 0;
    if (thisPriced && otherPriced && (estimatedCost || o.estimatedCost))
        estimatedCost = estimatedCost.value_or(0) + o.estimatedCost.value_or(0);
    else if (!(thisPriced && otherPriced))
        estimatedCost.reset();
    inputTokens += o.inputTokens;
    outputTokens += o.outputTokens;
    llmCalls += o.llmCalls;
    scans += o.scans;
    return *this;
}

RunUsage RunUsage::operator-(const RunUsage &o) const
{
    RunUsage d;
    d.inputTokens = inputTokens - o.inputTokens;
    d.outputTokens = outputTokens - o.outputTokens;
    d.llmCalls = llmCalls - o.llmCalls;
    d.scans = scans - o.scans;
    if (estimatedCost && (o.estimatedCost || o.llmCalls == 0))
        d.estimatedCost = *estimatedCost - o.estimatedCost.value_or(0);
    return d;
}

QJsonObject RunUsage::toJson() const
{
    return {{u"inputTokens"_s, inputTokens},
            {u"outputTokens"_s, outputTokens},
            {u"llmCalls"_s, llmCalls},
            {u"scans"_s, scans},
            {u"estimatedCost"_s, estimatedCost ? QJsonValue(*estimatedCost) : QJsonValue()}};
}

RunUsage RunUsage::fromJson(const JsonIn &in)
{
    RunUsage u;
    u.inputTokens = in.integerOr("inputTokens"_L1, 0);
    u.outputTokens = in.integerOr("outputTokens"_L1, 0);
    u.llmCalls = int(in.integerOr("llmCalls"_L1, 0));
    u.scans = int(in.integerOr("scans"_L1, 0));
    u.estimatedCost = in.optNumber("estimatedCost"_L1);
    return u; // ranges are checked by RunFileCheck on the raw JSON
}
