#include "netlog.h"

Q_LOGGING_CATEGORY(lcNet, "daystrom.net", QtInfoMsg)
