#include "loopevents.h"

#include <QMetaMethod>

LoopEvents::LoopEvents(QObject *parent)
    : QObject(parent)
{
}

void LoopEvents::relay(const LoopEvents *from, LoopEvents *to)
{
    // Every signal LoopEvents declares (not QObject's, nor a subclass's own): by index, so a
    // new event is relayed without a line here.
    const QMetaObject &mo = LoopEvents::staticMetaObject;
    for (int i = mo.methodOffset(); i < mo.methodCount(); ++i) {
        const QMetaMethod signal = mo.method(i);
        if (signal.methodType() == QMetaMethod::Signal)
            QObject::connect(from, signal, to, signal);
    }
}
