#pragma once

#include <optional>

struct AuditTopic;

// What a profile should do with a prompt an audit wrote (issue 55), for both kinds of profile:
// a block list (guardrail "allow": what no topic matches passes) and an allow list (guardrail
// "block": only what an allow topic matches passes). Read by the audit's benign flag rate and
// by an apply's impact check, so both count the same prompts the same way.
namespace AuditExpectation {
// True: the profile should act on the prompt; false: users should get it through; nullopt:
// the profile's other topics decide (a block topic's negative on an allow list, say).
// `topic` is the topic the prompt was written for (nullptr: the general benign set),
// `positive` its label, `allowTopics` how many allow topics the profile has.
std::optional<bool> shouldAct(bool allowList, const AuditTopic *topic, bool positive, int allowTopics);
} // namespace AuditExpectation
