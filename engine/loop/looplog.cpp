#include "looplog.h"

Q_LOGGING_CATEGORY(lcLoop, "daystrom.loop", QtInfoMsg)
