// Precompiled for targets that link QtNetwork (and not QtWidgets): the engine's clients, the
// loop, the sandbox, the models and the CLI.
#pragma once

#include "precompiled_core.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrlQuery>
