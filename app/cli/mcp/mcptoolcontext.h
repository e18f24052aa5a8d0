#pragma once

#include <QJsonObject>
#include <QProcessEnvironment>
#include <QString>

// What every tool of `daystrom mcp` shares: the environment the server was started with (the
// config cascade reads it), its flags, and the program the one-shot commands run as.
struct McpToolContext
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    bool sandboxByDefault = false; // `daystrom mcp --sandbox`
    bool allowWrites = false;      // `daystrom mcp --allow-writes`
    QString program;               // this executable, for eval, compare, audit, library, apply, revert

    // A call's "sandbox" argument, or the server's default.
    bool sandboxFor(const QJsonObject &arguments) const
    {
        return arguments.contains(QStringLiteral("sandbox")) ? arguments.value(QStringLiteral("sandbox")).toBool()
                                                              : sandboxByDefault;
    }
};
