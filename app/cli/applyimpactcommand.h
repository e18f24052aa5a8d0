#pragma once

#include "cli.h"

#include "tenant/topicapplier.h"

#include <functional>

struct AirsSettings;

// `daystrom apply <run> --impact`: what the plan would do to the profile's other topics,
// measured on the stored prompts of the profile's latest audit (issue 42). Prints it, then
// `done(-1)` when measured (the apply goes on as without --impact), else `done(exit code)`.
// Asynchronous: it runs on the application's event loop, and `plan`, `management` and `ctx`
// must outlive `done`.
struct ImpactSettings
{
    QString home; // where audits/ is
    int concurrency = 5;
    double ratePerSecond = 0;
    int propagationDelayMs = 10000;
};
void printApplyImpact(const TopicApplier::Plan &plan, ManagementClient *management, const AirsSettings &airs,
                      const ImpactSettings &settings, CliContext &ctx, const std::function<void(int)> &done);
