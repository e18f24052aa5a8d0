#pragma once

#include "airs/airssettings.h"
#include "llm/llmprovider.h"
#include "runservices.h"

#include <functional>

class Config;
class RunMemory;

// The settings a run's services are built from: plain values, copied into the worker thread,
// where build() creates the network manager and the clients that live there.
struct RunEnvironment
{
    AirsSettings airs;
    LlmEndpoint llm;
    QString runsDirectory;
    int scanConcurrency = 5;
    double scanRate = 0;
    int propagationDelayMs = 10000;
    // Creates the memory for a run inside the worker thread (null: memory off).
    std::function<RunMemory *(QObject *owner, const QString &source)> memoryFactory;

    // From the config cascade; `error` names what is missing (an LLM key, AIRS credentials).
    static RunEnvironment fromConfig(const Config &config, QString *error);

    // Inside the worker thread: a QNetworkAccessManager and the clients, owned by `owner`.
    RunServices build(QObject *owner) const;
};
