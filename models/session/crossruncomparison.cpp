#include "crossruncomparison.h"

#include "airs/managementclient.h"
#include "domain/labelledcsv.h"
#include "domain/nanoid.h"
#include "runs/runstore.h"
#include "tenant/tenantcleaner.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>

using namespace Qt::StringLiterals;

namespace {
constexpr std::array<CrossRun::Source, 4> kSources = {CrossRun::Source::Common, CrossRun::Source::Run,
                                                      CrossRun::Source::Union, CrossRun::Source::Csv};

std::optional<CrossRun::Source> sourceNamed(const QString &name)
{
    for (CrossRun::Source s : kSources) {
        if (CrossRun::sourceName(s) == name)
            return s;
    }
    return std::nullopt;
}

int countLabel(const QList<TestCase> &prompts, bool positive)
{
    return int(std::count_if(prompts.cbegin(), prompts.cend(),
                             [positive](const TestCase &t) { return t.expectedTriggered == positive; }));
}

// The run files the candidates come from, each read once.
class RunFiles
{
public:
    explicit RunFiles(const QString &dir)
        : m_store(dir)
    {}
    const RunState *get(const QString &id, QString *error)
    {
        if (const auto it = m_runs.constFind(id); it != m_runs.cend())
            return &*it;
        const RunStore::Loaded loaded = m_store.load(id);
        if (!loaded.ok()) {
            *error = loaded.error;
            return nullptr;
        }
        return &*m_runs.insert(id, loaded.run);
    }

private:
    RunStore m_store;
    QHash<QString, RunState> m_runs;
};

// What is on the tenant now: `current` (the candidate's scan) and what earlier scans could not
// remove, in one footprint (their copies as extra profiles), so cleanup finds all of it.
TenantFootprint merged(const TenantFootprint &current, const TenantFootprint &leftover)
{
    if (leftover.isClear())
        return current;
    TenantFootprint out = current;
    if (out.productionProfile.isEmpty())
        out.productionProfile = leftover.productionProfile;
    if (!leftover.scratchProfile.isEmpty())
        out.extraProfiles.append({leftover.scratchProfile, leftover.scratchProfileId});
    out.extraProfiles += leftover.extraProfiles;
    out.topics += leftover.topics;
    return out;
}
} // namespace

int CrossRunComparison::Plan::scans() const
{
    return int(toScan.size() * benchmark.prompts.size());
}

CrossRunComparison::CrossRunComparison(ManagementClient *management, AirsSettings airs, QString home,
                                       CandidateScan::Options options, QObject *parent)
    : QObject(parent)
    , m_management(management)
    , m_airs(std::move(airs))
    , m_home(std::move(home))
    , m_options(options)
{
}

CrossRunComparison::~CrossRunComparison() = default;

QString CrossRunComparison::statePath(const QString &home, const QString &id)
{
    return ComparisonState::pathOf(home, id);
}

QString CrossRunComparison::unfinished(const QString &home, const Plan &plan)
{
    if (!plan.error.isEmpty() || plan.toScan.isEmpty())
        return {};
    const auto samePrompts = [&](const QList<TestCase> &prompts) {
        if (prompts.size() != plan.benchmark.prompts.size())
            return false;
        for (qsizetype i = 0; i < prompts.size(); ++i) {
            if (dedupKey(prompts.at(i).prompt) != dedupKey(plan.benchmark.prompts.at(i).prompt)
                || prompts.at(i).expectedTriggered != plan.benchmark.prompts.at(i).expectedTriggered)
                return false;
        }
        return true;
    };
    const auto sameCandidates = [&](const QList<ComparisonState::Candidate> &candidates) {
        if (candidates.size() != plan.candidates.size())
            return false;
        for (qsizetype i = 0; i < candidates.size(); ++i) {
            if (candidates.at(i).runId != plan.candidates.at(i).runId
                || candidates.at(i).iteration != plan.candidates.at(i).iteration)
                return false;
        }
        return true;
    };
    for (const ComparisonState &s : ComparisonState::all(home)) { // newest first
        if (s.status != ComparisonState::Status::Cancelled && s.status != ComparisonState::Status::Running)
            continue;
        if (!sameCandidates(s.candidates) || !samePrompts(s.prompts))
            continue;
        if (!ComparisonState::lock(home, s.id)) // a live process works on it (released at once otherwise)
            continue;
        return s.id;
    }
    return {};
}

CrossRunComparison::Plan CrossRunComparison::plan(const Request &request)
{
    Plan p;
    if (request.labels.size() < 2) {
        p.error = u"a comparison needs two or more runs (RUN or RUN:ITERATION)"_s;
        return p;
    }
    p.runsDirectory = request.runsDirectory;
    RunFiles runs(request.runsDirectory);
    for (const QString &label : request.labels) {
        QString runId;
        int iteration = 0;
        if (!CrossRun::parseLabel(label, &runId, &iteration)) {
            p.error = u"\"%1\" is not RUN or RUN:ITERATION"_s.arg(label);
            return p;
        }
        const RunState *run = runs.get(runId, &p.error);
        if (!run)
            return p;
        std::optional<CrossRun::Candidate> candidate = CrossRun::candidateOf(*run, iteration, &p.error);
        if (!candidate)
            return p;
        for (const CrossRun::Candidate &c : std::as_const(p.candidates)) {
            if (c.label == candidate->label) {
                p.error = u"%1 is named twice"_s.arg(c.label);
                return p;
            }
        }
        p.candidates.append(*candidate);
    }
    p.decisionSettings = runs.get(p.candidates.first().runId, &p.error)->userInput;
    const QList<TestCase> common = CrossRun::commonPrompts(p.candidates);
    p.commonPrompts = int(common.size());
    p.benchmark.source = request.source.value_or(CrossRun::Source::Common);
    switch (p.benchmark.source) {
    case CrossRun::Source::Common:
        if (!request.source && !CrossRun::enough(common)) {
            p.error = u"the runs' benchmarks share %1 prompts (%2 positive, %3 negative); comparing on them needs at "
                      "least %4, with %5 of each label. Choose the benchmark: one run's, the union of them all, "
                      "or a labelled CSV"_s.arg(common.size())
                          .arg(countLabel(common, true))
                          .arg(countLabel(common, false))
                          .arg(CrossRun::MinShared)
                          .arg(CrossRun::MinPerLabel);
            return p;
        }
        p.benchmark.prompts = common;
        break;
    case CrossRun::Source::Run: {
        const auto named = std::find_if(p.candidates.cbegin(), p.candidates.cend(),
                                        [&](const CrossRun::Candidate &c) { return c.runId == request.sourceDetail; });
        if (named == p.candidates.cend()) {
            p.error = u"the benchmark of run \"%1\": that run is not one of those compared"_s.arg(request.sourceDetail);
            return p;
        }
        p.benchmark.sourceDetail = request.sourceDetail;
        p.benchmark.prompts = runs.get(request.sourceDetail, &p.error)->benchmarkSet;
        break;
    }
    case CrossRun::Source::Union:
        p.benchmark.prompts = CrossRun::unionPrompts(p.candidates);
        break;
    case CrossRun::Source::Csv: {
        const LabelledCsv::Parsed parsed = LabelledCsv::readFile(request.sourceDetail);
        if (!parsed.ok()) {
            p.error = parsed.error;
            return p;
        }
        p.benchmark.sourceDetail = QFileInfo(request.sourceDetail).fileName();
        for (const LabelledCsv::Row &row : parsed.rows)
            p.benchmark.prompts.append(row.test);
        break;
    }
    }
    if (p.benchmark.prompts.isEmpty()) {
        p.error = p.benchmark.source == CrossRun::Source::Common
                      ? u"the runs' benchmarks share no prompt: choose one run's benchmark, the union, or a labelled CSV"_s
                      : u"the chosen benchmark (%1) holds no prompt"_s.arg(CrossRun::sourceName(p.benchmark.source));
        return p;
    }
    for (qsizetype i = 0; i < p.candidates.size(); ++i) {
        if (!CrossRun::storedVerdicts(p.candidates.at(i), p.benchmark.prompts))
            p.toScan.append(int(i));
    }
    return p;
}

QString CrossRunComparison::save()
{
    m_state.updatedAt = QDateTime::currentDateTimeUtc();
    return m_state.save(m_home);
}

void CrossRunComparison::start(const QString &id, const Plan &plan)
{
    if (m_scan || m_cleaner || m_lock) { // working on another: that one's state stays as it is
        const QString error = u"comparison %1 is still working"_s.arg(m_id);
        QMetaObject::invokeMethod(this, [this, error] { emit finished({}, error, {}); }, Qt::QueuedConnection);
        return;
    }
    m_id = id;
    m_plan = plan;
    m_cancelRequested = false;
    if (!plan.error.isEmpty())
        return stop(ComparisonState::Status::Failed, plan.error);
    if (!NanoId::isValid(id))
        return stop(ComparisonState::Status::Failed, u"\"%1\" is not a comparison id"_s.arg(id));
    qint64 holder = 0;
    m_lock = ComparisonState::lock(m_home, id, &holder);
    if (!m_lock)
        return stop(ComparisonState::Status::Failed,
                    u"comparison %1 is being worked on by another process (pid %2)"_s.arg(id).arg(holder));
    m_state = ComparisonState{};
    m_state.id = id;
    m_state.createdAt = QDateTime::currentDateTimeUtc();
    m_state.runsDirectory = plan.runsDirectory;
    m_state.source = CrossRun::sourceName(plan.benchmark.source);
    m_state.sourceDetail = plan.benchmark.sourceDetail;
    m_state.commonPrompts = plan.commonPrompts;
    m_state.prompts = plan.benchmark.prompts;
    for (qsizetype i = 0; i < plan.candidates.size(); ++i)
        m_state.candidates.append({plan.candidates.at(i).runId, plan.candidates.at(i).iteration,
                                   plan.toScan.contains(int(i)), std::nullopt});
    begin();
}

bool CrossRunComparison::resume(const QString &id, QString *error)
{
    if (m_scan || m_cleaner || m_lock) {
        *error = u"comparison %1 is still working"_s.arg(m_id);
        return false;
    }
    std::optional<ComparisonState> state = ComparisonState::load(m_home, id, error);
    if (!state)
        return false;
    qint64 holder = 0;
    std::unique_ptr<QLockFile> lock = ComparisonState::lock(m_home, id, &holder);
    if (!lock) {
        *error = u"comparison %1 is being worked on by another process (pid %2)"_s.arg(id).arg(holder);
        return false;
    }
    Plan p;
    p.runsDirectory = state->runsDirectory;
    RunFiles runs(state->runsDirectory);
    for (qsizetype i = 0; i < state->candidates.size(); ++i) {
        ComparisonState::Candidate &c = state->candidates[i];
        QString problem;
        const RunState *run = runs.get(c.runId, &problem);
        std::optional<CrossRun::Candidate> candidate =
            run ? CrossRun::candidateOf(*run, c.iteration, &problem) : std::nullopt;
        if (!candidate) {
            *error = u"comparison %1 cannot go on: %2"_s.arg(id, problem);
            return false;
        }
        p.candidates.append(*candidate);
    }
    p.decisionSettings = runs.get(p.candidates.first().runId, error)->userInput;
    p.benchmark.source = sourceNamed(state->source).value_or(CrossRun::Source::Common);
    p.benchmark.sourceDetail = state->sourceDetail;
    p.benchmark.prompts = state->prompts;
    p.commonPrompts = state->commonPrompts;
    for (qsizetype i = 0; i < state->candidates.size(); ++i) {
        ComparisonState::Candidate &c = state->candidates[i];
        // A run resumed since may have replaced the verdicts the comparison was going to read.
        if (!c.scan && !CrossRun::storedVerdicts(p.candidates.at(i), p.benchmark.prompts))
            c.scan = true;
        if (c.scan)
            p.toScan.append(int(i));
    }
    m_id = id;
    m_plan = p;
    m_state = *state;
    m_lock = std::move(lock);
    m_cancelRequested = false;
    begin();
    return true;
}

void CrossRunComparison::begin()
{
    m_leftover = {};
    m_cleanupProblems.clear();
    m_promptsDone = 0;
    m_promptsTotal = int(m_state.missing().size() * m_state.prompts.size());
    m_state.status = ComparisonState::Status::Running;
    m_state.error.clear();
    if (const QString error = save(); !error.isEmpty())
        return stop(ComparisonState::Status::Failed, error);
    // The first step after start() or resume() has returned, so that its signals reach the caller.
    QMetaObject::invokeMethod(this, [this] {
        if (m_state.tenant.isClear())
            scanNext();
        else
            cleanLeftover();
    }, Qt::QueuedConnection);
}

void CrossRunComparison::cleanLeftover()
{
    emit progress(u"removing what an earlier attempt left on the tenant"_s, 0, m_promptsTotal);
    m_cleaner = new TenantCleaner(m_management, this);
    m_cleaner->clean(
        m_state.tenant,
        [this](const TenantCleaner::Outcome &outcome) {
            m_cleaner->deleteLater();
            m_cleaner = nullptr;
            m_state.tenant = outcome.remaining;
            if (!outcome.remaining.isClear()) {
                return stop(ComparisonState::Status::Failed,
                            u"what an earlier attempt left on the tenant could not be removed (%1); `daystrom "
                            "cleanup` lists it"_s.arg(outcome.problems.join(u"; "_s)));
            }
            if (const QString error = save(); !error.isEmpty())
                return stop(ComparisonState::Status::Failed, error);
            if (m_cancelRequested)
                return stop(ComparisonState::Status::Cancelled, {});
            scanNext();
        },
        [this](const TenantFootprint &remaining) {
            m_state.tenant = remaining;
            save();
        });
}

void CrossRunComparison::scanNext()
{
    if (m_cancelRequested)
        return stop(ComparisonState::Status::Cancelled, {});
    const QList<int> missing = m_state.missing();
    if (missing.isEmpty())
        return complete();
    const int index = missing.first();
    m_state.tenant = m_leftover;
    auto *scan = new CandidateScan(m_management, m_airs, m_options, this);
    m_scan = scan;
    connect(scan, &CandidateScan::progress, this, [this](const QString &step, int done, int) {
        emit progress(step, m_promptsDone + done, m_promptsTotal);
    });
    // The candidate's scratch objects are named after the comparison and the candidate, so a
    // resume after a kill (which removes them first) creates them under the same names again.
    scan->run(
        u"cmp-%1-%2"_s.arg(m_id).arg(index + 1), m_plan.candidates.at(index), m_plan.benchmark.prompts,
        [this](const TenantFootprint &footprint) {
            m_state.tenant = merged(footprint, m_leftover);
            return save().isEmpty();
        },
        [this, scan, index](const CandidateScan::Result &result) {
            scan->deleteLater();
            m_scan = nullptr;
            m_leftover = m_state.tenant.isClear() ? TenantFootprint{} : m_state.tenant;
            if (!result.cleanupProblems.isEmpty())
                m_cleanupProblems.append(result.cleanupProblems);
            if (result.cancelled)
                return stop(ComparisonState::Status::Cancelled, {});
            if (!result.error.isEmpty())
                return stop(ComparisonState::Status::Failed, result.error);
            m_state.candidates[index].results = result.results;
            m_promptsDone += int(m_state.prompts.size());
            if (const QString error = save(); !error.isEmpty())
                return stop(ComparisonState::Status::Failed, error);
            scanNext();
        });
}

void CrossRunComparison::complete()
{
    QList<QList<TestResult>> results;
    for (qsizetype i = 0; i < m_state.candidates.size(); ++i) {
        if (const auto &scanned = m_state.candidates.at(i).results) {
            results.append(*scanned);
        } else if (const auto stored = CrossRun::storedVerdicts(m_plan.candidates.at(i), m_plan.benchmark.prompts)) {
            results.append(*stored);
        } else {
            return stop(ComparisonState::Status::Failed,
                        u"%1's stored verdicts no longer cover the benchmark (its run file changed); resume the "
                        "comparison to scan it"_s.arg(m_plan.candidates.at(i).label));
        }
    }
    const CrossRun::Leaderboard leaderboard =
        CrossRun::Leaderboard::build(m_plan.candidates, results, m_plan.benchmark, m_plan.decisionSettings);
    m_state.status = ComparisonState::Status::Completed;
    m_state.error.clear();
    const QString error = save();
    m_lock.reset();
    QString problems = m_cleanupProblems.join(u"; "_s);
    if (!error.isEmpty())
        problems = problems.isEmpty() ? error : problems + u"; "_s + error;
    emit finished(leaderboard, {}, problems);
}

void CrossRunComparison::stop(ComparisonState::Status status, const QString &error)
{
    if (m_lock) { // the state is this object's: it says how the comparison ended
        m_state.status = status;
        m_state.error = status == ComparisonState::Status::Cancelled ? u"cancelled"_s : error;
        save();
        m_lock.reset();
    }
    const QString problems = m_cleanupProblems.join(u"; "_s);
    QMetaObject::invokeMethod(this, [this, status, error, problems] {
        if (status == ComparisonState::Status::Cancelled)
            emit cancelled();
        else
            emit finished({}, error, problems);
    }, Qt::QueuedConnection);
}

void CrossRunComparison::cancel()
{
    m_cancelRequested = true;
    if (m_scan)
        m_scan->abort(); // cleans up, then its result says cancelled
    // A clean-up of an earlier attempt's objects finishes first; scanNext() sees the request.
}
