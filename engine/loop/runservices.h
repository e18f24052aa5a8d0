#pragma once

#include "airs/airssettings.h"
#include "config/pricetable.h"

#include <QPointer>
#include <QString>

#include "airs/managementclient.h"
#include "airs/promptsetclient.h"
#include "llm/llmprovider.h"

class LlmProvider;
class ManagementClient;
class PromptSetClient;
class RunMemory;

// Everything a run talks to. Built inside the run's worker thread (the clients use that
// thread's QNetworkAccessManager); the run does not own these objects.
struct RunServices
{
    QPointer<LlmProvider> llm;
    QPointer<ManagementClient> management;
    QPointer<PromptSetClient> promptSets; // optional: prompt-set export
    RunMemory *memory = nullptr;          // optional: null means no memory
    AirsSettings airs;                    // for the scan batches
    QString runsDirectory;
    QString source;                       // provider/model, recorded with extracted learnings
    PriceTable prices;                    // config.json llmPrices: the estimated cost of calls

    // Start each piece of work as soon as its inputs exist (RefinementRun); false runs every
    // step strictly after the one before, as the original tool did (for comparison).
    bool overlapSteps = true;
    int scanConcurrency = 5;
    double scanRate = 0;
    int propagationDelayMs = 10000; // AIRS needs time after a topic or profile change
    int llmStepTimeoutMs = 15 * 60 * 1000;
    int airsStepTimeoutMs = 10 * 60 * 1000;
    int scanStepTimeoutMs = 60 * 60 * 1000;
};
