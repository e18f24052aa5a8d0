#include "runsteering.h"

#include "jsonin.h"
#include "testcomposition.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {
QJsonArray testsToJson(const QList<TestCase> &tests)
{
    QJsonArray a;
    for (const TestCase &t : tests)
        a.append(t.toJson());
    return a;
}

QList<TestCase> testsFromJson(const JsonIn &in, QLatin1StringView key)
{
    QList<TestCase> out;
    const QJsonArray a = in.arrayOr(key);
    for (qsizetype i = 0; i < a.size(); ++i)
        out.append(TestCase::fromJson(in.element(key, i, a.at(i))));
    return out;
}
} // namespace

QString proposalKindName(ProposalKind kind)
{
    switch (kind) {
    case ProposalKind::Improve:
        return u"improve"_s;
    case ProposalKind::Simplify:
        return u"simplify"_s;
    case ProposalKind::Generate:
        break;
    }
    return u"generate"_s;
}

std::optional<ProposalKind> proposalKindFromName(const QString &name)
{
    for (ProposalKind k : {ProposalKind::Generate, ProposalKind::Improve, ProposalKind::Simplify}) {
        if (proposalKindName(k) == name)
            return k;
    }
    return std::nullopt;
}

QString promptTargetName(PromptTarget target)
{
    return target == PromptTarget::Benchmark ? u"benchmark"_s : u"working-suite"_s;
}

QJsonObject PendingProposal::toJson() const
{
    QJsonObject o{{u"kind"_s, proposalKindName(kind)},
                  {u"iteration"_s, iteration},
                  {u"proposal"_s, proposal.toJson()}};
    if (current)
        o.insert(u"current"_s, current->toJson());
    if (!notes.isEmpty())
        o.insert(u"notes"_s, QJsonArray::fromStringList(notes));
    return o;
}

PendingProposal PendingProposal::fromJson(const JsonIn &in)
{
    PendingProposal p;
    const QString kind = in.string("kind"_L1);
    if (const auto k = proposalKindFromName(kind))
        p.kind = *k;
    else
        in.error("kind"_L1, u"unknown proposal kind "_s + kind);
    p.iteration = int(in.integer("iteration"_L1));
    p.proposal = Topic::fromJson(in.child("proposal"_L1));
    if (in.has("current"_L1))
        p.current = Topic::fromJson(in.child("current"_L1));
    p.notes = in.stringsOr("notes"_L1);
    return p;
}

QString ProposalDecision::actionName(Action action)
{
    return action == Action::Retry ? u"retry"_s : u"accept"_s;
}

QString ProposalDecision::name() const
{
    if (action == Action::Accept && edited)
        return u"edit"_s;
    return actionName(action);
}

QJsonObject ProposalDecision::toJson() const
{
    QJsonObject o{{u"action"_s, name()}};
    if (edited)
        o.insert(u"topic"_s, edited->toJson());
    if (!hint.isEmpty())
        o.insert(u"hint"_s, hint);
    return o;
}

QJsonObject LabelCorrection::toJson() const
{
    QJsonObject o{{u"prompt"_s, prompt}, {u"expectedTriggered"_s, expectedTriggered}, {u"at"_s, toIsoString(at)}};
    if (!response.isEmpty())
        o.insert(u"response"_s, response);
    return o;
}

LabelCorrection LabelCorrection::fromJson(const JsonIn &in)
{
    return {in.string("prompt"_L1), in.boolean("expectedTriggered"_L1), in.timestamp("at"_L1),
            in.stringOr("response"_L1, {})};
}

int RunSteering::benchmarkSize(int version, int fallback) const
{
    if (version < 1 || version > benchmarkSizes.size())
        return fallback;
    return benchmarkSizes.at(version - 1);
}

const LabelCorrection *RunSteering::correctionFor(const QString &prompt) const
{
    return correctionFor(prompt, {});
}

const LabelCorrection *RunSteering::correctionFor(const QString &prompt, const QString &response) const
{
    const QString key = dedupKey(prompt);
    for (const LabelCorrection &c : corrections) {
        if (dedupKey(c.prompt) == key && c.response.trimmed() == response.trimmed())
            return &c;
    }
    return nullptr;
}

bool RunSteering::isDefault() const
{
    return *this == RunSteering{};
}

QJsonObject RunSteering::toJson() const
{
    QJsonObject o{{u"stepMode"_s, stepMode}};
    if (pending)
        o.insert(u"pending"_s, pending->toJson());
    if (!hint.isEmpty())
        o.insert(u"hint"_s, hint);
    if (!hints.isEmpty())
        o.insert(u"hints"_s, QJsonArray::fromStringList(hints));
    if (!keptExamples.isEmpty())
        o.insert(u"keptExamples"_s, QJsonArray::fromStringList(keptExamples));
    if (!corrections.isEmpty()) {
        QJsonArray a;
        for (const LabelCorrection &c : corrections)
            a.append(c.toJson());
        o.insert(u"corrections"_s, a);
    }
    if (!addedTests.isEmpty())
        o.insert(u"addedTests"_s, testsToJson(addedTests));
    if (!pendingBenchmark.isEmpty())
        o.insert(u"pendingBenchmark"_s, testsToJson(pendingBenchmark));
    if (!benchmarkSizes.isEmpty()) {
        QJsonArray a;
        for (int n : benchmarkSizes)
            a.append(n);
        o.insert(u"benchmarkSizes"_s, a);
    }
    return o;
}

RunSteering RunSteering::fromJson(const JsonIn &in)
{
    RunSteering s;
    s.stepMode = in.booleanOr("stepMode"_L1, false);
    if (in.has("pending"_L1))
        s.pending = PendingProposal::fromJson(in.child("pending"_L1));
    s.hint = in.stringOr("hint"_L1, {});
    s.hints = in.stringsOr("hints"_L1);
    s.keptExamples = in.stringsOr("keptExamples"_L1);
    const QJsonArray corrections = in.arrayOr("corrections"_L1);
    for (qsizetype i = 0; i < corrections.size(); ++i)
        s.corrections.append(
            LabelCorrection::fromJson(in.element("corrections"_L1, i, corrections.at(i))));
    s.addedTests = testsFromJson(in, "addedTests"_L1);
    s.pendingBenchmark = testsFromJson(in, "pendingBenchmark"_L1);
    const QJsonArray sizes = in.arrayOr("benchmarkSizes"_L1);
    for (qsizetype i = 0; i < sizes.size(); ++i) {
        if (!sizes.at(i).isDouble() || sizes.at(i).toDouble() < 0)
            in.error("benchmarkSizes"_L1, u"expected counts"_s);
        else
            s.benchmarkSizes.append(sizes.at(i).toInt());
    }
    return s;
}
