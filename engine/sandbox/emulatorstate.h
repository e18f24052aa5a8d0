#pragma once

#include "airsoptions.h"
#include "profilestore.h"
#include "propagationtracker.h"
#include "promptsetstore.h"
#include "tokenstore.h"
#include "topicstore.h"

// Everything the AIRS emulator remembers, shared by its route handlers. Single-threaded: it
// lives in the emulator's thread and is only touched from there.
struct EmulatorState
{
    explicit EmulatorState(const AirsEmulatorOptions &opts)
        : options(opts)
        , topics(opts.topicStartRevision)
        , profiles(opts.credentials.tsgId)
    {}

    AirsEmulatorOptions options;
    TokenStore tokens;
    TopicStore topics;
    ProfileStore profiles;
    PromptSetStore promptSets;
    PropagationTracker propagation; // what the scan service has not seen yet
};
