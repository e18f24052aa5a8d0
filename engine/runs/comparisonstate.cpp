#include "comparisonstate.h"

#include "domain/jsonfile.h"
#include "domain/jsonin.h"
#include "domain/lockfiles.h"
#include "domain/nanoid.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>

#include <array>

using namespace Qt::StringLiterals;

namespace {
constexpr std::array<QStringView, 4> kStatus = {u"running", u"completed", u"failed", u"cancelled"};
constexpr std::array<QStringView, 4> kSources = {u"common", u"run", u"union", u"csv"};
constexpr int kVersion = 1;

QJsonObject candidateJson(const ComparisonState::Candidate &c)
{
    QJsonObject o{{u"runId"_s, c.runId}, {u"iteration"_s, c.iteration}, {u"scan"_s, c.scan}};
    if (c.results) {
        QJsonArray results;
        for (const TestResult &r : *c.results)
            results.append(r.toJson());
        o.insert(u"results"_s, results);
    }
    return o;
}

ComparisonState::Candidate candidateFrom(const JsonIn &in, qsizetype prompts)
{
    ComparisonState::Candidate c;
    c.runId = in.string("runId"_L1);
    if (in.has("runId"_L1) && !NanoId::isValid(c.runId))
        in.error("runId"_L1, u"is not a run id"_s);
    c.iteration = int(in.integer("iteration"_L1));
    if (in.has("iteration"_L1) && c.iteration < 1)
        in.error("iteration"_L1, u"must be 1 or more"_s);
    c.scan = in.boolean("scan"_L1);
    if (in.has("results"_L1)) {
        const QJsonArray results = in.array("results"_L1);
        QList<TestResult> list;
        for (qsizetype i = 0; i < results.size(); ++i)
            list.append(TestResult::fromJson(in.element("results"_L1, i, results.at(i))));
        if (list.size() != prompts)
            in.error("results"_L1, u"%1 results for %2 prompts"_s.arg(list.size()).arg(prompts));
        else if (!c.scan)
            in.error("results"_L1, u"a candidate that needs no scan has none"_s);
        c.results = list;
    }
    return c;
}
} // namespace

QString comparisonStatusName(ComparisonState::Status status)
{
    return kStatus[int(status)].toString();
}

QList<int> ComparisonState::missing() const
{
    QList<int> out;
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        if (candidates.at(i).scan && !candidates.at(i).results)
            out.append(int(i));
    }
    return out;
}

QJsonObject ComparisonState::toJson() const
{
    QJsonArray promptList, candidateList;
    for (const TestCase &t : prompts)
        promptList.append(t.toJson());
    for (const Candidate &c : candidates)
        candidateList.append(candidateJson(c));
    QJsonObject benchmark{{u"source"_s, source}, {u"prompts"_s, promptList}};
    if (!sourceDetail.isEmpty())
        benchmark.insert(u"detail"_s, sourceDetail);
    QJsonObject o{{u"version"_s, kVersion},
                  {u"id"_s, id},
                  {u"createdAt"_s, toIsoString(createdAt)},
                  {u"updatedAt"_s, toIsoString(updatedAt)},
                  {u"status"_s, comparisonStatusName(status)},
                  {u"runsDirectory"_s, runsDirectory},
                  {u"commonPrompts"_s, commonPrompts},
                  {u"benchmark"_s, benchmark},
                  {u"candidates"_s, candidateList},
                  {u"tenant"_s, tenant.toJson()}};
    if (!error.isEmpty())
        o.insert(u"error"_s, error);
    return o;
}

ComparisonState ComparisonState::fromJson(const QJsonObject &object, QStringList *errors)
{
    const JsonIn in(object, u"comparison"_s, errors);
    ComparisonState s;
    const qint64 version = in.integer("version"_L1);
    if (in.has("version"_L1) && version != kVersion)
        in.error("version"_L1, u"%1 is not a version this build reads (%2)"_s.arg(version).arg(kVersion));
    s.id = in.string("id"_L1);
    if (in.has("id"_L1) && !NanoId::isValid(s.id))
        in.error("id"_L1, u"is not a comparison id (letters, digits, _ and -)"_s);
    s.createdAt = in.timestamp("createdAt"_L1);
    s.updatedAt = in.timestamp("updatedAt"_L1);
    const QString status = in.string("status"_L1);
    if (const auto found = std::find(kStatus.cbegin(), kStatus.cend(), status); found != kStatus.cend())
        s.status = Status(found - kStatus.cbegin());
    else if (in.has("status"_L1))
        in.error("status"_L1, u"not one of running, completed, failed, cancelled"_s);
    s.error = in.stringOr("error"_L1, {});
    s.runsDirectory = in.string("runsDirectory"_L1);
    s.commonPrompts = int(in.integerOr("commonPrompts"_L1, 0));
    if (s.commonPrompts < 0)
        in.error("commonPrompts"_L1, u"is negative"_s);
    const JsonIn benchmark = in.child("benchmark"_L1);
    s.source = benchmark.string("source"_L1);
    if (benchmark.has("source"_L1) && std::find(kSources.cbegin(), kSources.cend(), s.source) == kSources.cend())
        benchmark.error("source"_L1, u"not one of common, run, union, csv"_s);
    s.sourceDetail = benchmark.stringOr("detail"_L1, {});
    const QJsonArray prompts = benchmark.array("prompts"_L1);
    for (qsizetype i = 0; i < prompts.size(); ++i)
        s.prompts.append(TestCase::fromJson(benchmark.element("prompts"_L1, i, prompts.at(i))));
    if (benchmark.has("prompts"_L1) && s.prompts.isEmpty())
        benchmark.error("prompts"_L1, u"is empty: a comparison needs prompts to compare on"_s);
    const QJsonArray candidates = in.array("candidates"_L1);
    for (qsizetype i = 0; i < candidates.size(); ++i)
        s.candidates.append(candidateFrom(in.element("candidates"_L1, i, candidates.at(i)), s.prompts.size()));
    if (in.has("candidates"_L1) && s.candidates.size() < 2)
        in.error("candidates"_L1, u"a comparison has two or more"_s);
    s.tenant = TenantFootprint::fromJson(in.child("tenant"_L1));
    return s;
}

std::optional<ComparisonState> ComparisonState::parse(const QByteArray &bytes, const QString &origin, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = u"%1 is not JSON (%2 at byte %3)"_s.arg(origin, parseError.errorString()).arg(parseError.offset);
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = u"%1 is not a comparison: its JSON is not an object"_s.arg(origin);
        return std::nullopt;
    }
    QStringList errors;
    ComparisonState s = fromJson(doc.object(), &errors);
    if (!errors.isEmpty()) {
        *error = u"%1: %2"_s.arg(origin, errors.join(u"; "_s));
        return std::nullopt;
    }
    return s;
}

QString ComparisonState::directory(const QString &home)
{
    return home + u"/comparisons"_s;
}

QString ComparisonState::pathOf(const QString &home, const QString &id)
{
    return directory(home) + u'/' + id + u".json"_s;
}

QString ComparisonState::save(const QString &home) const
{
    if (!QDir().mkpath(directory(home)))
        return u"cannot create "_s + QDir::toNativeSeparators(directory(home));
    return JsonFile::write(pathOf(home, id), toJson());
}

std::optional<ComparisonState> ComparisonState::load(const QString &home, const QString &id, QString *error)
{
    if (!NanoId::isValid(id)) {
        *error = u"\"%1\" is not a comparison id"_s.arg(id);
        return std::nullopt;
    }
    const QString file = pathOf(home, id);
    const JsonFile::ReadResult read = JsonFile::read(file);
    if (!read.ok() || !read.exists) {
        *error = read.exists ? read.error
                             : u"no comparison %1 in %2"_s.arg(id, QDir::toNativeSeparators(directory(home)));
        return std::nullopt;
    }
    QStringList errors;
    ComparisonState s = fromJson(read.object, &errors);
    if (errors.isEmpty() && s.id != id)
        errors.append(u"comparison.id: \"%1\", but the file is named after %2"_s.arg(s.id, id));
    if (!errors.isEmpty()) {
        *error = u"%1: %2"_s.arg(QDir::toNativeSeparators(file), errors.join(u"; "_s));
        return std::nullopt;
    }
    return s;
}

QList<ComparisonState> ComparisonState::all(const QString &home, QStringList *problems)
{
    QList<ComparisonState> out;
    for (const QString &name : QDir(directory(home)).entryList({u"*.json"_s}, QDir::Files)) {
        QString error;
        if (const std::optional<ComparisonState> s = load(home, name.chopped(5), &error))
            out.append(*s);
        else if (problems)
            problems->append(error);
    }
    std::sort(out.begin(), out.end(),
              [](const ComparisonState &a, const ComparisonState &b) { return a.updatedAt > b.updatedAt; });
    return out;
}

std::unique_ptr<QLockFile> ComparisonState::lock(const QString &home, const QString &id, qint64 *holder)
{
    QDir().mkpath(directory(home));
    auto lock = std::make_unique<QLockFile>(directory(home) + u'/' + id + u".lock"_s);
    if (LockFiles::tryLock(*lock)) // stale only when its process is gone
        return lock;
    if (holder)
        *holder = LockFiles::holder(*lock);
    return nullptr;
}
