#pragma once

#include "mcpserver.h"
#include "mcptoolcontext.h"

// apply_plan, apply and revert: `daystrom apply` and `daystrom revert` as tools. The plan is
// shown with its hash and writes nothing; apply and revert write only when the server was
// started with --allow-writes and the call carries the hash of the plan (the command checks it
// against the plan it is about to write, under the profile's lock).
namespace McpApplyTools {
QList<McpTool> tools(const McpToolContext &context);
}
