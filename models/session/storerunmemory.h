#pragma once

#include "loop/runmemory.h"

#include "memorystore/memoryinjector.h"

#include <QObject>

#include <memory>
#include <optional>

class Config;
class LlmLearningExtractor;
class LlmProvider;
class MemoryStore;

// How a run uses the learnings memory: plain values, copied into the worker thread.
struct RunMemorySettings
{
    QString directory; // <home>/memory unless MEMORY_DIR says otherwise
    int maxChars = InjectorOptions::DefaultChars;
    double halfLifeDays = InjectorOptions::DefaultHalfLifeDays;
    bool requireReview = false; // extracted learnings wait for a person's approval

    // memoryDir, maxMemoryChars, memoryHalfLifeDays and memoryRequireReview; nothing when
    // memoryEnabled is false (MEMORY_ENABLED=false, --no-memory, "memoryEnabled": false).
    static std::optional<RunMemorySettings> fromConfig(const Config &config);
};

// The real RunMemory (behaviour reference §4): load() builds the memory section from the
// categories related to the topic (MemoryStore::inject, which also stamps lastRecalledAt on
// what it injected); extract() asks the run's LLM for learnings and merges them into the
// topic's category (ExtractionRecorder). File I/O is small and runs on the calling (worker)
// thread. Owned by the run's worker object; must not outlive `provider`'s thread.
class StoreRunMemory final : public QObject, public RunMemory
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StoreRunMemory)
public:
    // `providerModel` ("provider/model") goes into each learning's source, after the run id.
    StoreRunMemory(RunMemorySettings settings, LlmProvider *provider, QString providerModel,
                   QObject *parent = nullptr);
    ~StoreRunMemory() override;

    void load(const RunSettings &settings, std::function<void(const Loaded &)> done) override;
    void extract(const RunState &run, std::function<void(const Extracted &)> done) override;
    void cancel() override;
    bool extractsWithLlm() const override { return true; }
    void logLabelCorrection(const RunState &run, const QString &prompt, bool label, bool undo) override;

    const RunMemorySettings &settings() const { return m_settings; }
    InjectorOptions injectorOptions() const;

private:
    RunMemorySettings m_settings;
    QString m_providerModel;
    std::unique_ptr<MemoryStore> m_store;
    LlmLearningExtractor *m_extractor; // a child: destroyed before m_store
};

// Appends a label correction in `run` (action "relabel", or "relabel-undo" when taken back, with
// the prompt's label before and after and the run's id) to the feedback log of the memory in
// `memoryDirectory`, under the category the run's learnings go to. Returns an error, or empty.
QString logLabelCorrection(const QString &memoryDirectory, const RunState &run, const QString &prompt, bool label,
                           bool undo);
