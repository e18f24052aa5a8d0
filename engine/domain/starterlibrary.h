#pragma once

#include "runsettings.h"
#include "topic.h"

#include <QList>
#include <QString>

#include <optional>

// Starter topics (issue 44): about twenty custom topics enterprises commonly need, written for
// this tool and shipped as a resource (":/library/starter-topics.json"), each within the AIRS
// topic limits, with its intent and a note on what it is for. A starting point for a run's
// request and seed examples, not a finished guardrail.
struct StarterTopic
{
    QString key; // short and stable: "weapons", "it-helpdesk-only"
    Intent intent = Intent::Block;
    Topic topic;
    QString note;
    friend bool operator==(const StarterTopic &, const StarterTopic &) = default;
};

namespace StarterLibrary {

// Every entry, in the library's order; an unreadable library gives none and says why.
QList<StarterTopic> all(QString *error = nullptr);
// By key, or by name ignoring case.
std::optional<StarterTopic> find(const QString &keyOrName);
// What a run is asked from an entry: the description as the request, the examples as seeds.
RunSettings settingsFor(const StarterTopic &entry, RunSettings base = {});

} // namespace StarterLibrary
