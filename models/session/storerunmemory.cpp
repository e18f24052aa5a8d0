#include "storerunmemory.h"

#include "config/config.h"
#include "llmlearningextractor.h"
#include "loop/looplog.h"

#include <QDir>

#include "memorystore/categorykey.h"
#include "memorystore/extractionrecorder.h"
#include "memorystore/feedbacklog.h"
#include "memorystore/memorystore.h"

using namespace Qt::StringLiterals;

std::optional<RunMemorySettings> RunMemorySettings::fromConfig(const Config &config)
{
    if (!config.boolean(ConfigKeys::MemoryEnabled))
        return std::nullopt;
    RunMemorySettings s;
    s.directory = config.memoryDir();
    s.maxChars = config.integer(ConfigKeys::MaxMemoryChars);
    s.halfLifeDays = config.number(ConfigKeys::MemoryHalfLifeDays);
    s.requireReview = config.boolean(ConfigKeys::MemoryRequireReview);
    return s;
}

StoreRunMemory::StoreRunMemory(RunMemorySettings settings, LlmProvider *provider,
                               QString providerModel, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_providerModel(std::move(providerModel))
    , m_store(std::make_unique<MemoryStore>(m_settings.directory))
    , m_extractor(new LlmLearningExtractor(provider, this))
{}

StoreRunMemory::~StoreRunMemory()
{
    // The extractor's callback refers to m_store: end it first.
    delete m_extractor;
}

InjectorOptions StoreRunMemory::injectorOptions() const
{
    InjectorOptions o;
    o.maxChars = m_settings.maxChars;
    o.halfLifeDays = m_settings.halfLifeDays;
    return o;
}

void StoreRunMemory::load(const RunSettings &settings, std::function<void(const Loaded &)> done)
{
    InjectorOptions options = injectorOptions();
    options.intent = settings.intent; // no learnings of the other intent (unless neutral)
    const Injection injection = m_store->inject(settings.topicDescription, options, true);
    Loaded loaded;
    loaded.section = injection.text;
    loaded.learningCount = injection.learningCount;
    loaded.error = m_store->problems().join(u"; "_s);
    qCDebug(lcLoop).noquote() << u"memory: %1 learnings and %2 anti-patterns from %3"_s
                                     .arg(injection.learningCount)
                                     .arg(injection.antiPatternCount)
                                     .arg(injection.matchedCategories.isEmpty()
                                              ? u"no related category"_s
                                              : injection.matchedCategories.join(u", "_s));
    done(loaded);
}

void StoreRunMemory::extract(const RunState &run, std::function<void(const Extracted &)> done)
{
    MergeOptions options;
    options.requireReview = m_settings.requireReview;
    const ExtractRequest request = ExtractRequest::fromRun(run, m_providerModel);
    m_extractor->takeUsage(); // from an extraction that was cancelled: not this one's
    ExtractionRecorder::run(*m_store, *m_extractor, request, options,
                            [this, done = std::move(done)](RecordResult r) {
                                Extracted e;
                                e.learningCount = r.returnedCount;
                                e.error = r.error;
                                const LlmLearningExtractor::Usage used = m_extractor->takeUsage();
                                e.usage = used.tokens;
                                e.llmCalls = used.answered;
                                done(e);
                            });
}

void StoreRunMemory::cancel()
{
    m_extractor->abort(); // ExtractionRecorder merges only from the extractor's answer
}

void StoreRunMemory::logLabelCorrection(const RunState &run, const QString &prompt, bool label, bool undo)
{
    const QString error = ::logLabelCorrection(m_settings.directory, run, prompt, label, undo);
    if (!error.isEmpty())
        qCWarning(lcLoop).noquote() << "run" << run.id << ": label correction not logged:" << error;
}

QString logLabelCorrection(const QString &memoryDirectory, const RunState &run, const QString &prompt, bool label,
                           bool undo)
{
    const auto labelled = [&](bool expected) {
        return QJsonObject{{u"runId"_s, run.id}, {u"prompt"_s, prompt}, {u"expectedTriggered"_s, expected}};
    };
    FeedbackLog::Entry e;
    e.timestamp = QDateTime::currentDateTimeUtc();
    e.category = CategoryKey::fromDescription(run.userInput.topicDescription);
    e.action = undo ? u"relabel-undo"_s : u"relabel"_s;
    e.before = labelled(!label);
    e.after = labelled(label);
    QDir().mkpath(memoryDirectory);
    return FeedbackLog(QDir(memoryDirectory).filePath(FeedbackLog::FileName)).append(e);
}
