#pragma once

#include <QLoggingCategory>

// Logs method, URL without its query, and status. Never headers or bodies: they carry keys.
Q_DECLARE_LOGGING_CATEGORY(lcNet)
