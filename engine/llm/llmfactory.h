#pragma once

#include "llmprovider.h"

class Config;

namespace LlmFactory {
// The providers this build can talk to.
QStringList providerNames();
QString defaultModel(const QString &provider);
// Endpoint for the configured provider: its model (or the default), base URL and key, and
// for the cloud providers their project, location or region and credentials (read here,
// synchronously; tokens are fetched at send time).
// Returns an empty provider name with `error` set when something required is missing.
LlmEndpoint endpointFromConfig(const Config &config, QString *error);
// A provider object for `endpoint`, or null (with `error`) for an unknown provider name.
LlmProvider *create(QNetworkAccessManager *manager, const LlmEndpoint &endpoint, QObject *parent,
                    QString *error);
} // namespace LlmFactory
