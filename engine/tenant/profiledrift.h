#pragma once

#include "domain/runsettings.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

// How a production profile differs from an earlier read of it (issue 38: "drift" between the
// run reading production and an apply), and whether its topic guardrails' action fits a run's
// intent.
namespace ProfileDrift {

struct Change
{
    enum class Kind {
        Pinned,   // topic pinned since (to: its bucket)
        Unpinned, // topic no longer pinned
        Moved,    // topic in another bucket (from → to)
        Revision, // topic pinned at another revision (from → to)
        Action,   // the action for unmatched prompts (from → to; "" unset)
        Other     // something outside the topic guardrails
    };
    Kind kind = Kind::Other;
    QString topic;
    QString from, to;
    friend bool operator==(const Change &, const Change &) = default;
};

// Empty when nothing differs: pins by topic, then the action, then "other settings".
QList<Change> changes(const QJsonObject &then, const QJsonObject &now);
QString text(const Change &change); // one line, English (the CLI; the app words its own)

// A warning when `policy` pins topics and its action for unmatched prompts is not the one a
// run of `settings`' intent writes: the run measures its candidate with that action changed,
// and an apply would change production's (it asks first). Empty when it fits.
QString actionMisfit(const QJsonObject &policy, const RunSettings &settings);

} // namespace ProfileDrift
