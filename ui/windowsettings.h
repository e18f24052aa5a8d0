#pragma once

#include <QByteArray>
#include <QString>

#include <memory>

class QSettings;

// What the desktop window remembers between launches, and nothing else: its geometry, whether
// the person dismissed the welcome, whether they last left the app in the sandbox. Kept in
// <home>/studio.ini beside config.json (the settings the CLI shares stay there, untouched).
// Every key, with its default, is in the table in windowsettings.cpp.
class WindowSettings final
{
public:
    // `homeDir` empty: the Daystrom home ($DAYSTROM_HOME, default ~/.daystrom).
    explicit WindowSettings(const QString &homeDir = {});
    ~WindowSettings();
    WindowSettings(const WindowSettings &) = delete;
    WindowSettings &operator=(const WindowSettings &) = delete;

    QString filePath() const;

    // The person chose "Not now" (or Escape) on the welcome: it is not offered again.
    bool welcomeDismissed() const;
    void setWelcomeDismissed(bool dismissed);
    // The sandbox was on when the person last used it: with still no account, the next launch
    // starts in it instead of asking again.
    bool startInSandbox() const;
    void setStartInSandbox(bool on);
    // QWidget::saveGeometry() of the main window.
    QByteArray geometry() const;
    void setGeometry(const QByteArray &geometry);
    // QWidget::saveGeometry() of the Compare runs window (issue 61).
    QByteArray crossRunGeometry() const;
    void setCrossRunGeometry(const QByteArray &geometry);

private:
    std::unique_ptr<QSettings> m_settings;
};
