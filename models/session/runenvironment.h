#pragma once

#include "airs/airssettings.h"
#include "llm/llmprovider.h"
#include "loop/runservices.h"

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
    PriceTable prices; // config.json llmPrices (PriceTable::fromConfigFile)
    // Creates the memory for a run inside the worker thread, owned by `owner`, with the run's
    // LLM provider (for the extraction call) and `source` = "provider/model". Empty or
    // returning null: memory off.
    std::function<RunMemory *(QObject *owner, const QString &source, LlmProvider *llm)> memoryFactory;

    // From the config cascade; `error` names what is missing (an LLM key, AIRS credentials)
    // or wrong (a malformed llmPrices entry).
    // Memory as useMemoryFrom(config).
    static RunEnvironment fromConfig(const Config &config, QString *error);

    // Sets memoryFactory to a StoreRunMemory in Config::memoryDir() with the config's budget,
    // half-life and review flag, or clears it when memoryEnabled is false.
    void useMemoryFrom(const Config &config);

    // Inside the worker thread: a QNetworkAccessManager and the clients, owned by `owner`.
    RunServices build(QObject *owner) const;
};
