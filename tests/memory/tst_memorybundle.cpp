// Team bundles: export -> import into an empty home reproduces the learnings, an import into a
// home holding the same learnings only corroborates, bad bundles (bad JSON, wrong types,
// 50 MB) are refused with a clear message and nothing written, and `daystrom memory
// export | import` (dry run unless --yes).
#include "memorytestdata.h"

#include "cli/cli.h"
#include "memorystore/feedbacklog.h"
#include "memorystore/memorybundle.h"
#include "memorystore/memorystore.h"

#include "testmain.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;
using namespace MemoryTestData;

namespace {

const QStringList kOriginal{u"allow-medical-questions"_s, u"block-use-weapons"_s,
                            u"discussions-violence-weapons"_s};
const QDateTime kNow = QDateTime::fromString(u"2025-09-09T09:09:09.009Z"_s, Qt::ISODateWithMs);

// Every file of `dir` with its bytes (lock files and the log included).
QMap<QString, QByteArray> snapshot(const QString &dir)
{
    QMap<QString, QByteArray> out;
    for (const QString &name : QDir(dir).entryList(QDir::Files | QDir::Hidden))
        out.insert(name, readBytes(dir + u'/' + name));
    return out;
}

QByteArray validBundle()
{
    return R"({"format": "daystrom-memory-bundle", "version": 1,
               "exportedAt": "2025-09-01T10:00:00.000Z",
               "categories": [{"category": "block-use-weapons", "antiPatterns": ["Avoid X"],
                 "learnings": [{"id": "abcdefghijklmnopqrstu", "insight": "Keep it short",
                                "extractedAt": "2025-08-01T10:00:00.000Z",
                                "outcome": "improved", "changeType": "initial",
                                "corroborations": 2, "tags": ["brevity"]}]}]})";
}

} // namespace

class TestMemoryBundle : public QObject
{
    Q_OBJECT

    QString bundlePath() const { return TestHome::path() + u"/bundle.json"_s; }

private slots:
    void exportThenImportIntoEmptyHomeReproduces()
    {
        const MemoryStore source(dirWith(u"original"_s, kOriginal));
        const MemoryBundles::Exported e = MemoryBundles::collect(source, {}, kNow);
        QVERIFY(e.ok());
        QCOMPARE(e.bundle.categories.size(), 3);
        QCOMPARE(e.bundle.learningCount(), 6);
        QVERIFY(e.bundle.writeFile(bundlePath()).isEmpty());

        const MemoryBundle::Read read = MemoryBundle::readFile(bundlePath());
        QVERIFY2(read.ok(), qPrintable(read.error));
        QCOMPARE(read.bundle->exportedAt, kNow);
        const MemoryStore target(freshDir());
        const MemoryBundles::Plan plan = MemoryBundles::plan(target, *read.bundle);
        QCOMPARE(plan.count(MemoryBundles::Item::Add), 6 + e.bundle.antiPatternCount());
        QCOMPARE(plan.count(MemoryBundles::Item::Corroborate), 0);
        QVERIFY(target.categories().isEmpty()); // the dry run wrote nothing

        const MemoryBundles::Plan done = MemoryBundles::apply(target, *read.bundle, kNow);
        QVERIFY(done.errors.isEmpty());
        QCOMPARE(done.writtenCategories, kOriginal);
        for (const QString &key : kOriginal) {
            const CategoryMemory a = source.load(key).memory;
            const CategoryMemory b = target.load(key).memory;
            QCOMPARE(b.learnings, a.learnings); // ids, provenance, counts: all of it
            QCOMPARE(b.antiPatterns, a.antiPatterns);
        }
        // Every added learning and anti-pattern is in the log, as "import".
        const QList<FeedbackLog::Entry> log = FeedbackLog(target.feedbackLogPath()).read();
        QCOMPARE(log.size(), 6 + e.bundle.antiPatternCount());
        for (const FeedbackLog::Entry &entry : log)
            QCOMPARE(entry.action, u"import"_s);
    }

    void importIntoTheSameLearningsOnlyCorroborates()
    {
        const MemoryStore home(dirWith(u"original"_s, kOriginal));
        const MemoryBundles::Exported e = MemoryBundles::collect(home, {}, kNow);
        QVERIFY(e.ok());
        const MemoryBundles::Plan plan = MemoryBundles::plan(home, e.bundle);
        QCOMPARE(plan.count(MemoryBundles::Item::Add), 0);
        QCOMPARE(plan.count(MemoryBundles::Item::Corroborate), 6);
        QCOMPARE(plan.count(MemoryBundles::Item::Skip), e.bundle.antiPatternCount());
        for (const MemoryBundles::Item &i : plan.items) {
            if (i.kind == MemoryBundles::Item::Corroborate)
                QCOMPARE(i.targetId, i.bundleId); // each corroborates itself, not a sibling
            else
                QCOMPARE(i.reason, u"already listed"_s);
        }

        QMap<QString, int> seen;
        for (const QString &key : kOriginal) {
            for (const Learning &l : home.load(key).memory.learnings)
                seen.insert(l.id, l.corroborations);
        }
        MemoryBundles::apply(home, e.bundle, kNow);
        for (const QString &key : kOriginal) {
            const CategoryMemory m = home.load(key).memory;
            const MemoryBundle::Category *c = nullptr;
            for (const MemoryBundle::Category &bc : e.bundle.categories)
                c = bc.key == key ? &bc : c;
            QVERIFY(c);
            QCOMPARE(m.learnings.size(), c->learnings.size()); // nothing added
            QCOMPARE(m.antiPatterns, c->antiPatterns);
            for (const Learning &l : m.learnings)
                QCOMPARE(l.corroborations, seen.value(l.id) + 1);
        }
    }

    void exportOneCategory()
    {
        const MemoryStore home(dirWith(u"original"_s, kOriginal));
        const MemoryBundles::Exported e =
            MemoryBundles::collect(home, {u"block-use-weapons"_s}, kNow);
        QVERIFY(e.ok());
        QCOMPARE(e.bundle.categories.size(), 1);
        QCOMPARE(e.bundle.categories.first().key, u"block-use-weapons"_s);
        QVERIFY(!MemoryBundles::collect(home, {u"no-such-category"_s}).ok());
    }

    // Issue 41: a category longer than a file name lives in a file named by its first words
    // and a hash. A bundle naming that file as its category was merged into the long
    // category's file; now it is refused, the file untouched, and an export names the long
    // category by its own name, so a round trip still merges where it should.
    void aBundleNamingALongCategorysFileIsRefused()
    {
        const MemoryStore home(freshDir());
        QStringList words;
        for (int i = 0; i < 40; ++i)
            words.append(u"subject%1"_s.arg(i));
        const QString longCategory = words.join(u'-');
        const QString fileKey = MemoryStore::fileKeyFor(longCategory);
        QVERIFY(fileKey != longCategory);
        Learning held;
        held.id = u"abcdefghijklmnopqrstu"_s;
        held.insight = u"Name the subject in the description"_s;
        held.extractedAt = kNow;
        QVERIFY(home.update(longCategory, [&](CategoryMemory &m) {
                        m.learnings.append(held);
                        return true;
                    }, kNow).ok());
        const QString file = home.pathFor(longCategory);
        const QByteArray before = readBytes(file);

        MemoryBundle crafted;
        Learning other = held;
        other.id = u"zyxwvutsrqponmlkjihgf"_s;
        other.insight = u"Something else entirely, about another subject"_s;
        crafted.categories.append({fileKey, {other}, {u"Avoid the other thing"_s}});
        const MemoryBundles::Plan plan = MemoryBundles::plan(home, crafted);
        QCOMPARE(plan.count(MemoryBundles::Item::Skip), 2);
        QVERIFY2(plan.items.first().reason.contains(u"holds the category"_s), qPrintable(plan.items.first().reason));
        const MemoryBundles::Plan done = MemoryBundles::apply(home, crafted, kNow);
        QCOMPARE(done.errors.size(), 1);
        QVERIFY(done.writtenCategories.isEmpty());
        QCOMPARE(readBytes(file), before);

        // Exported, the long category goes by its own name, and comes back to its own file.
        const MemoryBundles::Exported e = MemoryBundles::collect(home, {}, kNow);
        QVERIFY(e.ok());
        QCOMPARE(e.bundle.categories.size(), 1);
        QCOMPARE(e.bundle.categories.first().key, longCategory);
        QCOMPARE(MemoryBundles::plan(home, e.bundle).count(MemoryBundles::Item::Corroborate), 1);
        const MemoryStore elsewhere(freshDir());
        QVERIFY(MemoryBundles::apply(elsewhere, e.bundle, kNow).errors.isEmpty());
        QCOMPARE(elsewhere.load(longCategory).memory.learnings.size(), 1);
        QCOMPARE(elsewhere.load(longCategory).memory.category, longCategory);
    }

    void takenIdGetsAFreshOne()
    {
        const MemoryStore home(freshDir());
        Learning other;
        other.id = u"abcdefghijklmnopqrstu"_s;
        other.insight = u"Something else entirely, about the number of examples"_s;
        other.extractedAt = kNow;
        QVERIFY(home.update(u"block-use-weapons"_s,
                            [&](CategoryMemory &m) {
                                m.learnings.append(other);
                                return true;
                            })
                    .ok());
        QVERIFY(writeBytes(bundlePath(), validBundle()));
        const MemoryBundle::Read read = MemoryBundle::readFile(bundlePath());
        QVERIFY2(read.ok(), qPrintable(read.error));
        const MemoryBundles::Plan done = MemoryBundles::apply(home, *read.bundle);
        QCOMPARE(done.count(MemoryBundles::Item::Add), 2);
        const CategoryMemory m = home.load(u"block-use-weapons"_s).memory;
        QCOMPARE(m.learnings.size(), 2);
        QCOMPARE(m.learnings.at(0), other);
        QVERIFY(m.learnings.at(1).id != other.id);
        QCOMPARE(m.learnings.at(1).insight, u"Keep it short"_s);
        QCOMPARE(m.learnings.at(1).corroborations, 2);
    }

    void badBundlesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        QByteArray v = validBundle();
        const auto with = [&v](const char *from, const char *to) {
            QByteArray b = v;
            return b.replace(from, to);
        };
        QTest::newRow("bad JSON") << QByteArray("{\"format\": \"daystrom-memory-bundle\", ")
                                  << u"is not valid JSON"_s;
        QTest::newRow("an array") << QByteArray("[]") << u"not a JSON object"_s;
        QTest::newRow("not a bundle")
            << QByteArray(R"({"category": "x", "learnings": []})") << u"format: expected"_s;
        QTest::newRow("newer version")
            << with("\"version\": 1", "\"version\": 2") << u"version 2 is not readable"_s;
        QTest::newRow("version as text") << with("\"version\": 1", "\"version\": \"1\"")
                                         << u"version: expected a whole number"_s;
        QTest::newRow("categories not a list")
            << QByteArray(R"({"format": "daystrom-memory-bundle", "version": 1, "categories": {}})")
            << u"categories: expected an array"_s;
        QTest::newRow("corroborations as text")
            << with("\"corroborations\": 2", "\"corroborations\": \"2\"")
            << u"categories[0].learnings[0].corroborations"_s;
        QTest::newRow("negative corroborations")
            << with("\"corroborations\": 2", "\"corroborations\": -1")
            << u"categories[0].learnings[0].corroborations"_s;
        QTest::newRow("tags not strings")
            << with("[\"brevity\"]", "[1]") << u"categories[0].learnings[0].tags"_s;
        QTest::newRow("no insight") << with("\"insight\": \"Keep it short\",", "")
                                    << u"categories[0].learnings[0].insight"_s;
        QTest::newRow("no extractedAt")
            << with("\"extractedAt\": \"2025-08-01T10:00:00.000Z\",", "")
            << u"categories[0].learnings[0].extractedAt"_s;
        QTest::newRow("unknown outcome")
            << with("\"improved\"", "\"better\"") << u"categories[0].learnings[0].outcome"_s;
        QTest::newRow("learning not an object")
            << with("\"learnings\": [{", "\"learnings\": [3, {")
            << u"categories[0].learnings[0]: expected an object"_s;
        QTest::newRow("category with a slash")
            << with("block-use-weapons", "../etc") << u"categories[0].category"_s;
        QTest::newRow("anti-patterns not strings")
            << with("[\"Avoid X\"]", "[{}]") << u"categories[0].antiPatterns"_s;
    }
    void badBundlesAreRefused()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        const QString dir = dirWith(u"original"_s, kOriginal);
        const QMap<QString, QByteArray> before = snapshot(dir);
        QVERIFY(writeBytes(bundlePath(), bytes));
        const MemoryBundle::Read read = MemoryBundle::readFile(bundlePath());
        QVERIFY(!read.ok());
        QVERIFY2(read.error.contains(message), qPrintable(read.error));
        QVERIFY(read.error.contains(QDir::toNativeSeparators(bundlePath())));
        // The CLI refuses it too, with the message, and writes nothing.
        QString out, err;
        QCOMPARE(cli({u"memory"_s, u"import"_s, u"--yes"_s, bundlePath()}, dir, &out, &err),
                 ExitCode::Usage);
        QVERIFY2(err.contains(message) && err.contains(u"nothing was imported"_s), qPrintable(err));
        QCOMPARE(snapshot(dir), before);
    }

    void fiftyMegabytesAreRefused()
    {
        // A well-formed bundle padded with a long anti-pattern to exactly 50 MB.
        QByteArray bytes = validBundle();
        const QByteArray tail = "\"]}]}";
        bytes = bytes.left(bytes.indexOf("\"Avoid X\"]")) + "\"Avoid X\", \"";
        bytes.append(QByteArray(MemoryBundle::MaxBytes - bytes.size() - tail.size(), 'x'));
        bytes.append(tail);
        QCOMPARE(bytes.size(), 50'000'000);
        QVERIFY(QJsonDocument::fromJson(bytes).isObject());
        QVERIFY(writeBytes(bundlePath(), bytes));
        const QString dir = dirWith(u"original"_s, kOriginal);
        const QMap<QString, QByteArray> before = snapshot(dir);
        const MemoryBundle::Read read = MemoryBundle::readFile(bundlePath());
        QVERIFY(!read.ok());
        QVERIFY2(
            read.error.contains(u"too large (50.0 MB): a bundle must be smaller than 50.0 MB"_s),
            qPrintable(read.error));
        QString out, err;
        QCOMPARE(cli({u"memory"_s, u"import"_s, u"--yes"_s, bundlePath()}, dir, &out, &err),
                 ExitCode::Usage);
        QVERIFY2(err.contains(u"too large"_s), qPrintable(err));
        QCOMPARE(snapshot(dir), before);
        QFile::remove(bundlePath());
    }

    void cliExportImport()
    {
        const QString from = dirWith(u"original"_s, kOriginal);
        QString out, err;
        QCOMPARE(cli({u"memory"_s, u"export"_s, u"--category"_s, u"Block the use of weapons"_s,
                      bundlePath()},
                     from, &out, &err),
                 ExitCode::Ok);
        QVERIFY2(out.contains(u"Exported 3 learnings and 2 anti-patterns from 1 categories"_s),
                 qPrintable(out));
        QCOMPARE(
            cli({u"memory"_s, u"export"_s, u"--category"_s, u"nothing-like-this"_s, bundlePath()},
                from, &out, &err),
            ExitCode::Usage);
        QVERIFY(err.contains(u"no category"_s));

        // Dry run by default: the plan, and nothing written.
        const QString to = freshDir();
        QCOMPARE(cli({u"memory"_s, u"import"_s, bundlePath()}, to, &out, &err), ExitCode::Ok);
        QVERIFY2(out.contains(u"5 to add, 0 to corroborate, 0 to skip"_s), qPrintable(out));
        QVERIFY(out.contains(u"+ add          \"Short descriptions"_s));
        QVERIFY(out.contains(u"Dry run: nothing was written"_s));
        QVERIFY(snapshot(to).isEmpty());
        // --yes writes; a second import only corroborates and skips.
        QCOMPARE(cli({u"memory"_s, u"import"_s, u"--yes"_s, bundlePath()}, to, &out, &err),
                 ExitCode::Ok);
        QVERIFY2(out.contains(u"Imported into"_s), qPrintable(out));
        QVERIFY(QFile::exists(to + u"/block-use-weapons.json"_s));
        QCOMPARE(cli({u"memory"_s, u"import"_s, bundlePath()}, to, &out, &err), ExitCode::Ok);
        QVERIFY2(out.contains(u"0 to add, 3 to corroborate, 2 to skip"_s), qPrintable(out));
        QVERIFY(out.contains(u"- skip         anti-pattern"_s));
    }

private:
    // Runs the CLI in-process on the memory directory `memoryDir`.
    static int cli(const QStringList &args, const QString &memoryDir, QString *out, QString *err)
    {
        out->clear();
        err->clear();
        QTextStream o(out), e(err);
        CliContext ctx{o, e};
        ctx.env.insert(u"DAYSTROM_HOME"_s, TestHome::path());
        ctx.env.insert(u"MEMORY_DIR"_s, memoryDir);
        const int code = runCli(args, ctx);
        o.flush();
        e.flush();
        return code;
    }
};

QTEST_GUILESS_MAIN(TestMemoryBundle)
#include "tst_memorybundle.moc"
