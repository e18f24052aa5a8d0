#pragma once

#include "runs/auditstate.h"

#include <QString>

// A whole-profile audit as one self-contained HTML page (no scripts, no outside resources):
// the topics' figures, the profile's benign flag rate, the topics × topics conflict matrix as
// a heat map and every conflict. Every text from AIRS or the LLM is escaped.
namespace AuditHtml {
QString page(const AuditState &state, const AuditFigures &figures);
}
