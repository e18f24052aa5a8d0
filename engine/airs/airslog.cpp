#include "airslog.h"

Q_LOGGING_CATEGORY(lcAirs, "daystrom.airs", QtInfoMsg)
