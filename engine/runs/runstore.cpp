#include "runstore.h"

#include "domain/decision.h"
#include "domain/printable.h"

#include "domain/jsonfile.h"
#include "domain/jsonin.h"
#include "domain/lockfiles.h"
#include "domain/nanoid.h"

#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QFile>

#include <algorithm>

using namespace Qt::StringLiterals;

RunStore::RunStore(QString directory)
    : m_dir(std::move(directory))
{
}

QString RunStore::pathFor(const QString &id) const
{
    return QDir(m_dir).filePath(id + u".json"_s);
}

bool RunStore::exists(const QString &id) const
{
    return NanoId::isValid(id) && QFile::exists(pathFor(id));
}

RunStore::Loaded RunStore::parse(const QJsonObject &object, const QString &origin)
{
    Loaded out;
    QStringList errors;
    out.run = RunState::fromJson(JsonIn(object, QString(), &errors));
    if (!errors.isEmpty()) {
        const qsizetype shown = std::min<qsizetype>(errors.size(), 3);
        out.error = u"%1 is not a valid run file: %2"_s.arg(origin, errors.mid(0, shown).join(u"; "_s));
        if (errors.size() > shown)
            out.error += u" (and %1 more)"_s.arg(errors.size() - shown);
    }
    return out;
}

RunStore::Loaded RunStore::load(const QString &id) const
{
    if (!NanoId::isValid(id))
        return Loaded{{}, u"\"%1\" is not a run id (ids are at most 64 of A-Z a-z 0-9 _ -)"_s.arg(Printable::escaped(id))};
    const JsonFile::ReadResult file = JsonFile::read(pathFor(id));
    if (!file.exists)
        return Loaded{{}, u"no run with id %1 in %2"_s.arg(id, QDir::toNativeSeparators(m_dir))};
    if (!file.ok())
        return Loaded{{}, file.error};
    Loaded loaded = parse(file.object, id + u".json"_s);
    if (loaded.ok() && loaded.run.id != id)
        loaded.error = u"%1.json holds run %2, not %1"_s.arg(id, loaded.run.id);
    return loaded;
}

QString RunStore::save(const RunState &run) const
{
    if (!NanoId::isValid(run.id))
        return u"cannot save a run without a valid id"_s;
    return JsonFile::write(pathFor(run.id), run.toJson());
}

RunSummary RunStore::summarize(const RunState &run)
{
    RunSummary s;
    s.id = run.id;
    s.status = run.status;
    s.topicDescription = run.userInput.topicDescription;
    if (const IterationResult *shown = run.bestResult())
        s.topicName = shown->topic.name;
    else if (run.checkpoint && run.checkpoint->currentTopic)
        s.topicName = run.checkpoint->currentTopic->name;
    else if (run.checkpoint)
        s.topicName = run.checkpoint->lockedName;
    s.stopReason = run.stopReason;
    s.iterationCount = int(run.iterations.size());
    s.currentIteration = run.currentIteration;
    if (const IterationResult *last = run.lastRecorded())
        s.lastRecordedIteration = last->iteration;
    s.bestIteration = run.bestIteration;
    s.bestCoverage = run.bestCoverage;
    if (const IterationResult *best = run.iterationByNumber(run.bestIteration); best && !run.benchmarkSet.isEmpty())
        s.bestInterval = MetricIntervals::of(Decision(run.userInput).metrics(*best)).coverage;
    s.createdAt = run.createdAt;
    s.updatedAt = run.updatedAt;
    s.usage = run.usage;
    s.maxTokens = run.userInput.maxTokens;
    s.maxCost = run.userInput.maxCost;
    return s;
}

int RunStore::removeStaleLocks() const
{
    int removed = 0;
    const QDir dir(m_dir);
    for (const QString &name : dir.entryList({u"*.lock"_s}, QDir::Files | QDir::Hidden)) {
        QLockFile lock(dir.filePath(name));
        if (LockFiles::tryLock(lock)) { // stale only when its process is gone, as RefinementRun locks
            lock.unlock(); // removes the file
            ++removed;
        }
    }
    return removed;
}

RunStore::Listing RunStore::list(ListingCache *cache) const
{
    removeStaleLocks();
    Listing out;
    ListingCache now;
    const QDir dir(m_dir);
    const QFileInfoList files = dir.entryInfoList({u"*.json"_s}, QDir::Files, QDir::Name);
    for (const QFileInfo &info : files) {
        const QString name = info.fileName();
        ListedFile listed{info.size(), info.lastModified(), info.birthTime(), {}, {}};
        const auto known = cache ? cache->constFind(name) : ListingCache::const_iterator();
        if (cache && known != cache->cend() && known->size == listed.size &&
            known->modified == listed.modified && known->born == listed.born) {
            listed = *known;
        } else if (const JsonFile::ReadResult file = JsonFile::read(info.filePath()); !file.ok()) {
            listed.problem = file.error;
        } else if (const Loaded loaded = parse(file.object, name); !loaded.ok()) {
            listed.problem = loaded.error;
        } else {
            listed.summary = summarize(loaded.run);
        }
        if (listed.problem.isEmpty())
            out.runs.append(listed.summary);
        else
            out.problems.append(listed.problem);
        if (cache)
            now.insert(name, std::move(listed));
    }
    if (cache)
        *cache = std::move(now);
    std::stable_sort(out.runs.begin(), out.runs.end(), [](const RunSummary &a, const RunSummary &b) {
        return a.updatedAt > b.updatedAt;
    });
    return out;
}

QString RunStore::remove(const QString &id) const
{
    if (!exists(id))
        return u"no run with id %1"_s.arg(Printable::escaped(id));
    QFile f(pathFor(id));
    if (!f.remove())
        return u"cannot delete %1: %2"_s.arg(QDir::toNativeSeparators(f.fileName()), f.errorString());
    return {};
}
