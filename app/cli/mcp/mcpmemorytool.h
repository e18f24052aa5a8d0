#pragma once

#include "mcpserver.h"
#include "mcptoolcontext.h"

// memory_search: the learnings a run on a subject would read, with their corroboration.
namespace McpMemoryTool {
McpTool tool(const McpToolContext &context);
}
