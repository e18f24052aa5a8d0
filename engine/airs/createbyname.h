#pragma once

#include "airserror.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

// Creating an AIRS object (topic, profile, prompt set) so that it exists once.
//
// A create whose outcome is unknown (no answer, a cut connection or body, a timeout, a 5xx)
// may have been performed, so it is never simply sent again: the object is looked up by name
// first, and the create is repeated only when it is not there. A 409 is looked up too: Qt's
// HTTP stack itself re-sends a request whose connection closed unanswered, so a create AIRS
// performed can come back as "already exists". The object found counts as this create's only
// when its content is what was sent; someone else's object of that name stays a conflict.
template<typename T>
struct CreateByName
{
    using Done = std::function<void(const AirsResult<T> &)>;
    using Found = std::function<void(const AirsResult<std::optional<T>> &)>;

    std::function<void(Done)> send;        // one POST, not re-sent by the transport (429 aside)
    std::function<void(Found)> find;       // the object of that name, if any
    std::function<bool(const T &)> isSent; // does the object found hold what was sent?
    int attempts = 3;                      // sends at most, while the lookup finds nothing
};

template<typename T>
void createByName(std::shared_ptr<const CreateByName<T>> spec, QPointer<QObject> guard,
                  typename CreateByName<T>::Done done, int sent = 0)
{
    spec->send([=](const AirsResult<T> &created) {
        if (!guard)
            return;
        const bool conflict = created.error.kind == AirsError::Kind::Conflict;
        if (created.ok() || !(conflict || created.error.leavesOutcomeOpen()))
            return done(created);
        spec->find([=](const AirsResult<std::optional<T>> &found) {
            if (!guard)
                return;
            if (!found.ok()) // cannot tell: report the create's own failure, send nothing more
                return done(created);
            if (found.value)
                return done(spec->isSent(*found.value) ? AirsResult<T>{*found.value, {}} : created);
            if (conflict || sent + 1 >= spec->attempts)
                return done(created);
            createByName<T>(spec, guard, done, sent + 1);
        });
    });
}
