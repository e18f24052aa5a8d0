#include "memorylog.h"

Q_LOGGING_CATEGORY(lcMemory, "daystrom.memory", QtInfoMsg)
