#include "memorybundle.h"

#include "categorymemory.h"
#include "feedbacklog.h"
#include "memorylog.h"
#include "memorymerger.h"
#include "memorystore.h"

#include "domain/jsonfile.h"
#include "domain/jsonin.h"
#include "domain/nanoid.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QSet>

using namespace Qt::StringLiterals;

namespace {

constexpr int ShownErrors = 5;

QString megabytes(qint64 bytes)
{
    return QString::number(double(bytes) / 1e6, 'f', 1) + u" MB"_s;
}

// The checks Learning::fromJson (lenient) leaves to the reader.
void checkLearning(const JsonIn &in, const Learning &l)
{
    const QJsonObject &o = in.raw();
    if (!o.value("id"_L1).isString() || l.id.trimmed().isEmpty())
        in.error("id"_L1, u"expected a non-empty string"_s);
    if (!o.value("insight"_L1).isString() || l.insight.trimmed().isEmpty())
        in.error("insight"_L1, u"expected a non-empty string"_s);
    if (!o.value("extractedAt"_L1).isString() || !l.extractedAt.isValid())
        in.error("extractedAt"_L1, u"expected an ISO-8601 time"_s);
    if (o.contains("outcome"_L1) && !Learning::isValidOutcome(l.outcome))
        in.error("outcome"_L1, u"expected improved, degraded or neutral"_s);
    if (o.contains("changeType"_L1) && !Learning::isValidChangeType(l.changeType))
        in.error("changeType"_L1, u"expected description-only, examples-only, both or initial"_s);
    const QJsonValue c = o.value("corroborations"_L1);
    if (!c.isUndefined() &&
        (!c.isDouble() || c.toDouble() < 0 || c.toDouble() != double(qint64(c.toDouble()))))
        in.error("corroborations"_L1, u"expected a whole number of at least 0"_s);
    if (l.confidence && (*l.confidence < 0 || *l.confidence > 1))
        in.error("confidence"_L1, u"expected a number from 0 to 1"_s);
    if (l.status && *l.status != "active"_L1 && *l.status != "pending"_L1)
        in.error("status"_L1, u"expected active or pending"_s);
}

} // namespace

int MemoryBundle::learningCount() const
{
    int n = 0;
    for (const Category &c : categories)
        n += int(c.learnings.size());
    return n;
}

int MemoryBundle::antiPatternCount() const
{
    int n = 0;
    for (const Category &c : categories)
        n += int(c.antiPatterns.size());
    return n;
}

QJsonObject MemoryBundle::toJson() const
{
    QJsonArray list;
    for (const Category &c : categories) {
        QJsonArray learnings;
        for (const Learning &l : c.learnings)
            learnings.append(l.toJson());
        list.append(QJsonObject{{u"category"_s, c.key},
                                {u"learnings"_s, learnings},
                                {u"antiPatterns"_s, QJsonArray::fromStringList(c.antiPatterns)}});
    }
    QJsonObject bundle{{u"format"_s, QString(Format)}, {u"version"_s, Version}, {u"categories"_s, list}};
    // A bundle read without the time it was exported (the reader allows that) is written back
    // without one: an empty time would not read back.
    if (exportedAt.isValid())
        bundle.insert(u"exportedAt"_s, toIsoString(exportedAt));
    return bundle;
}

std::optional<MemoryBundle> MemoryBundle::fromJson(const QJsonObject &object, QStringList *errors)
{
    QStringList problems;
    const JsonIn in(object, QString(), &problems);
    MemoryBundle b;
    if (object.value("format"_L1).toString() != Format) {
        problems.append(u"format: expected \"%1\" (this is not a Daystrom memory bundle)"_s.arg(
            QString(Format)));
        if (errors)
            errors->append(problems);
        return std::nullopt;
    }
    const QJsonValue version = object.value("version"_L1);
    if (!version.isDouble() || version.toDouble() != double(version.toInt())) {
        in.error("version"_L1, u"expected a whole number"_s);
    } else if (version.toInt() != Version) {
        in.error("version"_L1, u"version %1 is not readable by this version of Daystrom (it reads "
                               "version %2)"_s.arg(version.toInt())
                                   .arg(Version));
    }
    if (object.contains("exportedAt"_L1))
        b.exportedAt = in.timestamp("exportedAt"_L1);
    const QJsonValue categories = object.value("categories"_L1);
    if (!categories.isArray())
        in.error("categories"_L1, u"expected an array"_s);
    const QJsonArray list = categories.toArray();
    QSet<QString> keys;
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (!list.at(i).isObject()) {
            problems.append(u"categories[%1]: expected an object"_s.arg(i));
            continue;
        }
        const JsonIn c = in.element("categories"_L1, i, list.at(i));
        Category out;
        out.key = c.string("category"_L1);
        if (c.raw().value("category"_L1).isString() && !MemoryStore::isValidCategory(out.key))
            c.error("category"_L1, u"not a valid category name"_s);
        else if (keys.contains(out.key))
            c.error("category"_L1, u"listed twice"_s);
        keys.insert(out.key);
        const QJsonValue learnings = c.raw().value("learnings"_L1);
        if (!learnings.isUndefined() && !learnings.isArray())
            c.error("learnings"_L1, u"expected an array"_s);
        const QJsonArray items = learnings.toArray();
        QSet<QString> ids;
        for (qsizetype j = 0; j < items.size(); ++j) {
            if (!items.at(j).isObject()) {
                problems.append(c.pathOf("learnings"_L1) + u"[%1]: expected an object"_s.arg(j));
                continue;
            }
            const JsonIn li = c.element("learnings"_L1, j, items.at(j));
            Learning l = Learning::fromJson(li);
            checkLearning(li, l);
            if (!l.id.isEmpty() && ids.contains(l.id))
                li.error("id"_L1, u"used twice in this category"_s);
            ids.insert(l.id);
            out.learnings.append(l);
        }
        const QJsonValue anti = c.raw().value("antiPatterns"_L1);
        if (!anti.isUndefined()) {
            out.antiPatterns = c.strings("antiPatterns"_L1);
            for (const QString &a : std::as_const(out.antiPatterns)) {
                if (a.trimmed().isEmpty())
                    c.error("antiPatterns"_L1, u"an anti-pattern cannot be empty"_s);
            }
        }
        b.categories.append(out);
    }
    if (!problems.isEmpty()) {
        if (errors)
            errors->append(problems);
        return std::nullopt;
    }
    return b;
}

MemoryBundle::Read MemoryBundle::readFile(const QString &path)
{
    Read r;
    const QString name = QDir::toNativeSeparators(path);
    const QFileInfo info(path);
    if (!info.exists()) {
        r.error = u"%1 does not exist"_s.arg(name);
        return r;
    }
    if (info.isFile() && info.size() >= MaxBytes) {
        r.error = u"%1 is too large (%2): a bundle must be smaller than %3"_s.arg(
            name, megabytes(info.size()), megabytes(MaxBytes));
        return r;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        r.error = u"cannot read %1: %2"_s.arg(name, f.errorString());
        return r;
    }
    const QByteArray bytes = f.read(MaxBytes); // a pipe or a file that grew: read no more
    if (bytes.size() >= MaxBytes) {
        r.error =
            u"%1 is too large: a bundle must be smaller than %2"_s.arg(name, megabytes(MaxBytes));
        return r;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError) {
        r.error = u"%1 is not valid JSON (at offset %2: %3)"_s.arg(name).arg(pe.offset).arg(
            pe.errorString());
        return r;
    }
    if (!doc.isObject()) {
        r.error =
            u"%1 is not a Daystrom memory bundle (the top level is not a JSON object)"_s.arg(name);
        return r;
    }
    QStringList errors;
    r.bundle = fromJson(doc.object(), &errors);
    if (!r.bundle) {
        QStringList shown = errors.mid(0, ShownErrors);
        if (errors.size() > ShownErrors)
            shown.append(u"and %1 more"_s.arg(errors.size() - ShownErrors));
        r.error = u"%1 is not a valid memory bundle: %2"_s.arg(name, shown.join(u"; "_s));
    }
    return r;
}

QString MemoryBundle::writeFile(const QString &path) const
{
    const QString name = QDir::toNativeSeparators(path);
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath()))
        return u"cannot create the directory of "_s + name;
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return u"cannot write %1: %2"_s.arg(name, f.errorString());
    f.write(JsonFile::toIndentedJson(toJson()));
    f.write("\n");
    if (!f.commit())
        return u"cannot write %1: %2"_s.arg(name, f.errorString());
    return {};
}

// --- export and import ----------------------------------------------------------------------

MemoryBundles::Exported MemoryBundles::collect(const MemoryStore &store, const QStringList &keys,
                                               const QDateTime &now)
{
    Exported out;
    out.bundle.exportedAt = (now.isValid() ? now : QDateTime::currentDateTimeUtc()).toUTC();
    const QStringList all = store.categories();
    const QStringList wanted = keys.isEmpty() ? all : keys;
    for (const QString &key : wanted) {
        if (!all.contains(key)) {
            out.error =
                u"no category \"%1\" in %2"_s.arg(key, QDir::toNativeSeparators(store.directory()));
            return out;
        }
        const MemoryStore::Loaded loaded = store.load(key);
        if (!loaded.ok() || !loaded.memory.shadowedFields().isEmpty()) {
            const QString why =
                loaded.ok()
                    ? u"it has fields that cannot be read (%1)"_s.arg(loaded.problems.join(u"; "_s))
                    : loaded.error;
            if (!keys.isEmpty()) {
                out.error = u"%1: %2"_s.arg(key, why);
                return out;
            }
            out.skipped.append(u"%1: %2"_s.arg(key, why));
            continue;
        }
        if (loaded.memory.learnings.isEmpty() && loaded.memory.antiPatterns.isEmpty())
            continue;
        // The category's own name, not its file's: a category longer than a file name allows
        // lives in a file named by its first words and a hash (MemoryStore::fileKeyFor).
        const QString name = loaded.memory.category.isEmpty() ? key : loaded.memory.category;
        out.bundle.categories.append({name, loaded.memory.learnings, loaded.memory.antiPatterns});
    }
    return out;
}

int MemoryBundles::Plan::count(Item::Kind kind) const
{
    return int(std::count_if(items.cbegin(), items.cend(),
                             [kind](const Item &i) { return i.kind == kind; }));
}

QList<MemoryBundles::Item> MemoryBundles::mergeCategory(CategoryMemory &memory,
                                                        const MemoryBundle::Category &category)
{
    QList<Item> items;
    // What this home held before the import: the only learnings a bundle learning may merge
    // with. Kept in step with `memory` (corroborations change both).
    CategoryMemory home;
    home.category = memory.category;
    home.learnings = memory.learnings;
    for (const Learning &record : category.learnings) {
        Item item;
        item.category = category.key;
        item.text = record.insight;
        item.bundleId = record.id;
        const qsizetype before = home.learnings.size();
        const MergeOutcome o = MemoryMerger::merge(home, {record}, std::nullopt, {});
        if (!o.corroboratedIds.isEmpty()) {
            const QString id = o.corroboratedIds.constFirst();
            if (Learning *target = memory.learning(id); target && home.learning(id))
                *target = *home.learning(id);
            item.kind = Item::Corroborate;
            item.targetId = id;
            items.append(item);
            continue;
        }
        // Added: take it as the merge stored it, but leave it out of `home`.
        Learning added = home.learnings.size() > before ? home.learnings.takeLast() : record;
        if (memory.learning(added.id))
            added.id = NanoId::generate(); // the id is taken here by another learning
        memory.learnings.append(added);
        item.kind = Item::Add;
        item.targetId = added.id;
        items.append(item);
    }
    const MergeOutcome o = MemoryMerger::merge(memory, {}, std::nullopt, category.antiPatterns);
    QStringList added = o.addedAntiPatterns;
    for (const QString &a : category.antiPatterns) {
        Item item;
        item.category = category.key;
        item.antiPattern = true;
        item.text = a;
        if (const qsizetype i = added.indexOf(a); i >= 0) {
            added.removeAt(i);
            item.kind = Item::Add;
        } else {
            item.kind = Item::Skip;
            item.reason = u"already listed"_s;
        }
        items.append(item);
    }
    return items;
}

namespace {

// Why the bundle's category `key` must not be merged into the file it maps to, which holds
// `held`: a category name longer than a file name allows maps to a file named by its first
// words and a hash, and a bundle could name that file (or collide with it) for another
// category (issue 41). Empty when the file is this category's, or a file of the original tool
// whose short name differs from its category field (as it always was, merged).
QString otherCategoryIn(const QString &key, const QString &held)
{
    if (held.isEmpty() || held == key)
        return {};
    const bool longName = MemoryStore::fileKeyFor(held) != held || MemoryStore::fileKeyFor(key) != key;
    if (!longName)
        return {};
    return u"this home's file %1.json holds the category \"%2\", not \"%3\"; a bundle written by "
           u"an earlier version names a long category by its file: export it again"_s
        .arg(MemoryStore::fileKeyFor(key), held, key);
}

QList<MemoryBundles::Item> skipAll(const MemoryBundle::Category &c, const QString &reason)
{
    QList<MemoryBundles::Item> items;
    for (const Learning &l : c.learnings)
        items.append({MemoryBundles::Item::Skip, c.key, false, l.insight, l.id, {}, reason});
    for (const QString &a : c.antiPatterns)
        items.append({MemoryBundles::Item::Skip, c.key, true, a, {}, {}, reason});
    return items;
}

} // namespace

MemoryBundles::Plan MemoryBundles::plan(const MemoryStore &store, const MemoryBundle &bundle)
{
    Plan out;
    for (const MemoryBundle::Category &c : bundle.categories) {
        const MemoryStore::Loaded loaded = store.load(c.key);
        if (!loaded.ok() || !loaded.memory.shadowedFields().isEmpty()) {
            out.items.append(
                skipAll(c, u"this home's file cannot be read: "_s +
                               (loaded.ok() ? loaded.problems.join(u"; "_s) : loaded.error)));
            continue;
        }
        if (const QString other = otherCategoryIn(c.key, loaded.exists ? loaded.memory.category : QString());
            !other.isEmpty()) {
            out.items.append(skipAll(c, other));
            continue;
        }
        CategoryMemory memory = loaded.memory;
        out.items.append(mergeCategory(memory, c));
    }
    return out;
}

MemoryBundles::Plan MemoryBundles::apply(const MemoryStore &store, const MemoryBundle &bundle,
                                         const QDateTime &now)
{
    Plan out;
    const QDateTime when = (now.isValid() ? now : QDateTime::currentDateTimeUtc()).toUTC();
    const FeedbackLog log = store.feedbackLog();
    for (const MemoryBundle::Category &c : bundle.categories) {
        QList<Item> items;
        CategoryMemory before, after;
        QString other;
        const MemoryStore::Updated u = store.update(
            c.key,
            [&](CategoryMemory &m) {
                other = otherCategoryIn(c.key, m.category);
                if (!other.isEmpty())
                    return false; // left as it is
                before = m;
                items = mergeCategory(m, c);
                after = m;
                return true;
            },
            when,
            [&](const QString &stateBefore, const QString &stateAfter) {
                // Write-ahead: the entries are in the log before the file is replaced.
                FeedbackLog::Entry e;
                e.id = NanoId::generate();
                e.timestamp = when;
                e.category = c.key;
                e.action = u"import"_s;
                e.source = u"person"_s;
                e.stateBefore = stateBefore;
                e.stateAfter = stateAfter;
                QList<FeedbackLog::Entry> entries;
                QSet<QString> logged;
                for (const Item &i : std::as_const(items)) {
                    if (i.kind == Item::Skip || (!i.antiPattern && logged.contains(i.targetId)))
                        continue;
                    e.learningId = i.antiPattern ? QString() : i.targetId;
                    e.before = QJsonValue();
                    e.after = QJsonValue();
                    if (i.antiPattern) {
                        e.after = i.text;
                    } else {
                        logged.insert(i.targetId);
                        if (const Learning *b = before.learning(i.targetId))
                            e.before = b->toJson();
                        if (const Learning *a = after.learning(i.targetId))
                            e.after = a->toJson();
                    }
                    entries.append(e);
                }
                return log.append(entries);
            });
        if (!u.ok() || !other.isEmpty()) {
            const QString why = u.ok() ? other : u.error;
            out.errors.append(u.ok() ? u"%1: %2"_s.arg(c.key, other) : u.error);
            out.items.append(skipAll(c, why));
            continue;
        }
        out.items.append(items);
        if (u.written)
            out.writtenCategories.append(c.key);
    }
    return out;
}
