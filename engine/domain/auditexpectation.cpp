#include "auditexpectation.h"

#include "auditfigures.h"

std::optional<bool> AuditExpectation::shouldAct(bool allowList, const AuditTopic *topic, bool positive, int allowTopics)
{
    if (!topic) // everyday requests: a block list lets them through, an allow list turns them away
        return allowList;
    if (topic->action == u"allow") {
        if (positive)
            return false; // what the allow topic exists to let through
        // Off the allowed subject: an allow list turns it away when no other allow topic could
        // let it through; on a block list the block topics decide.
        if (allowList && allowTopics == 1)
            return true;
        return std::nullopt;
    }
    if (positive)
        return true; // a block topic's own subject
    // Near the block topic but not on it: a block list lets it through; on an allow list it
    // passes only if an allow topic matches it.
    if (allowList)
        return std::nullopt;
    return false;
}
