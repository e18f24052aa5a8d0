#include "llmlog.h"

Q_LOGGING_CATEGORY(lcLlm, "daystrom.llm", QtInfoMsg)
