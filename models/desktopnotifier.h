#pragma once

#include <QDBusConnection>
#include <QObject>

// Desktop notifications through org.freedesktop.Notifications on the session bus (the Desktop
// Notifications Specification: Notify(app_name s, replaces_id u, app_icon s, summary s, body s,
// actions as, hints a{sv}, expire_timeout i) -> id u, on /org/freedesktop/Notifications).
// Never blocks: the call is asynchronous and its answer only logged. With no session bus or
// no notification server nothing is shown (a debug line in daystrom.notify). Each
// notification replaces this app's previous one, so they do not pile up.
class DesktopNotifier final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DesktopNotifier)
public:
    enum class Urgency : uchar { Low = 0, Normal = 1, Critical = 2 };

    static inline const QString Service = QStringLiteral("org.freedesktop.Notifications");
    static inline const QString Path = QStringLiteral("/org/freedesktop/Notifications");

    explicit DesktopNotifier(QObject *parent = nullptr); // the session bus
    DesktopNotifier(const QDBusConnection &bus, QObject *parent);

    void notify(const QString &summary, const QString &body, Urgency urgency = Urgency::Normal);

signals:
    void delivered(uint id);                 // the server took it
    void notDelivered(const QString &error); // no bus, no server, or the server refused
    void activated();                        // the person clicked one of ours

private slots:
    void onActionInvoked(uint id, const QString &action);

private:
    QDBusConnection m_bus;
    uint m_lastId = 0;
    bool m_bodyMarkup = true; // until the server says otherwise (GetCapabilities)
};
