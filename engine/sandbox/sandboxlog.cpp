#include "sandboxlog.h"

Q_LOGGING_CATEGORY(lcSandbox, "daystrom.sandbox", QtInfoMsg)
