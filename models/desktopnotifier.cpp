#include "desktopnotifier.h"

#include "models/sessionbusaddress.h"

#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QLoggingCategory>
#include <QVariantMap>

Q_LOGGING_CATEGORY(lcNotify, "daystrom.notify")

using namespace Qt::StringLiterals;

namespace {
QDBusConnection sessionBus()
{
    SessionBusAddress::ensureNoAutolaunch(); // a missing bus means no notifications, not a new bus
    return QDBusConnection::sessionBus();
}
const QString DesktopEntry = u"io.github.daystrom.Studio"_s;
} // namespace

DesktopNotifier::DesktopNotifier(QObject *parent)
    : DesktopNotifier(sessionBus(), parent)
{}

DesktopNotifier::DesktopNotifier(const QDBusConnection &bus, QObject *parent)
    : QObject(parent)
    , m_bus(bus)
{
    if (!m_bus.isConnected()) {
        qCDebug(lcNotify) << "no session bus; desktop notifications are off:"
                          << m_bus.lastError().message();
        return;
    }
    // Any sender (no service name): naming one would ask the bus for its owner, a blocking call.
    m_bus.connect(QString(), Path, Service, u"ActionInvoked"_s, this,
                  SLOT(onActionInvoked(uint, QString)));
    // A server that supports body markup reads "<", ">" and "&" as markup; one that does not
    // would show escapes literally. Ask once, without waiting for the answer.
    const QDBusMessage caps =
        QDBusMessage::createMethodCall(Service, Path, Service, u"GetCapabilities"_s);
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(caps), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        const QDBusPendingReply<QStringList> reply = *w;
        if (!reply.isError())
            m_bodyMarkup = reply.value().contains(u"body-markup"_s);
    });
}

void DesktopNotifier::notify(const QString &summary, const QString &body, Urgency urgency)
{
    if (!m_bus.isConnected()) {
        qCDebug(lcNotify) << "not shown (no session bus):" << summary;
        emit notDelivered(tr("no session bus"));
        return;
    }
    QDBusMessage call = QDBusMessage::createMethodCall(Service, Path, Service, u"Notify"_s);
    const QVariantMap hints{{u"urgency"_s, QVariant::fromValue(uchar(urgency))},
                            {u"desktop-entry"_s, DesktopEntry}};
    QString text = body;
    if (m_bodyMarkup)
        text.replace(u'&', u"&amp;"_s).replace(u'<', u"&lt;"_s).replace(u'>', u"&gt;"_s);
    call << u"Daystrom Studio"_s << m_lastId << DesktopEntry << summary << text
         << QStringList{u"default"_s, tr("Show")} << hints << qint32(-1);
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, summary](QDBusPendingCallWatcher *w) {
                w->deleteLater();
                const QDBusPendingReply<uint> reply = *w;
                if (reply.isError()) {
                    qCDebug(lcNotify) << "not shown:" << summary << reply.error().name()
                                      << reply.error().message();
                    emit notDelivered(reply.error().message());
                    return;
                }
                m_lastId = reply.value();
                emit delivered(m_lastId);
            });
}

void DesktopNotifier::onActionInvoked(uint id, const QString &action)
{
    if (id != 0 && id == m_lastId && action == "default"_L1)
        emit activated();
}
