// Precompiled for every target that links QtCore only (engine/domain, memorystore, ...): the
// Qt headers nearly every source includes. Only stable library headers belong here, never
// the project's own (a change to one would rebuild everything). See daystrom_precompile() in
// the top-level CMakeLists.txt.
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QLoggingCategory>
#include <QMap>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QUrl>
#include <QVariant>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
