#pragma once

#include <QLoggingCategory>

// Logs method, path and status of emulator traffic. Never headers or bodies: they carry keys.
Q_DECLARE_LOGGING_CATEGORY(lcSandbox)
