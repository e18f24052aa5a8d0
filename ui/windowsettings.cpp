#include "windowsettings.h"

#include "config/config.h"

#include <QDir>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace {
struct Key
{
    QString name;
    QVariant defaultValue;
};
// The table of every key this file holds.
const Key WelcomeDismissed{u"welcome/dismissed"_s, false};
const Key StartInSandbox{u"sandbox/startInSandbox"_s, false};
const Key Geometry{u"window/geometry"_s, QByteArray()};
const Key CrossRunGeometry{u"crossRunWindow/geometry"_s, QByteArray()};

QVariant read(const QSettings &settings, const Key &key)
{
    return settings.value(key.name, key.defaultValue);
}

void write(QSettings &settings, const Key &key, const QVariant &value)
{
    if (value == key.defaultValue)
        settings.remove(key.name);
    else
        settings.setValue(key.name, value);
    settings.sync();
}
} // namespace

WindowSettings::WindowSettings(const QString &homeDir)
{
    const QString home = homeDir.isEmpty() ? Config::homeDir() : homeDir;
    m_settings =
        std::make_unique<QSettings>(QDir(home).filePath(u"studio.ini"_s), QSettings::IniFormat);
}

WindowSettings::~WindowSettings() = default;

QString WindowSettings::filePath() const
{
    return m_settings->fileName();
}

bool WindowSettings::welcomeDismissed() const
{
    return read(*m_settings, WelcomeDismissed).toBool();
}

void WindowSettings::setWelcomeDismissed(bool dismissed)
{
    write(*m_settings, WelcomeDismissed, dismissed);
}

bool WindowSettings::startInSandbox() const
{
    return read(*m_settings, StartInSandbox).toBool();
}

void WindowSettings::setStartInSandbox(bool on)
{
    write(*m_settings, StartInSandbox, on);
}

QByteArray WindowSettings::geometry() const
{
    return read(*m_settings, Geometry).toByteArray();
}

void WindowSettings::setGeometry(const QByteArray &geometry)
{
    write(*m_settings, Geometry, geometry);
}

QByteArray WindowSettings::crossRunGeometry() const
{
    return read(*m_settings, CrossRunGeometry).toByteArray();
}

void WindowSettings::setCrossRunGeometry(const QByteArray &geometry)
{
    write(*m_settings, CrossRunGeometry, geometry);
}
