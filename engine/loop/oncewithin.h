#pragma once

#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>

// Settles asynchronous work once, in `owner`'s thread: `then` runs with the work's outcome, or,
// when that has not come within `ms`, with the outcome `late` gives (`late` also aborts the
// work). Whatever comes second is ignored. Returns the callback to hand to the work.
template<typename Outcome>
std::function<void(const Outcome &)> onceWithin(QObject *owner, int ms, std::function<Outcome()> late,
                                                std::function<void(const Outcome &)> then)
{
    auto *deadline = new QTimer(owner);
    deadline->setSingleShot(true);
    auto settled = std::make_shared<bool>(false);
    std::function<void(const Outcome &)> settle = [deadline, settled, then = std::move(then)](const Outcome &o) {
        if (std::exchange(*settled, true))
            return;
        deadline->deleteLater();
        then(o);
    };
    QObject::connect(deadline, &QTimer::timeout, owner, [settle, late = std::move(late)] { settle(late()); });
    deadline->start(ms);
    return settle;
}
