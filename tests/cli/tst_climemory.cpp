#include "memorystore/feedbacklog.h"
#include "memorystore/learning.h"
#include "memorystore/memoryinjector.h"
#include "memorystore/memorystore.h"
#include "cliprocess.h"
#include "testhome.h"

#include "testmain.h"

#include <QFile>

#include <QCryptographicHash>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>

#include <functional>

using namespace Qt::StringLiterals;

// `daystrom memory …` as a person runs it: real processes on a temporary DAYSTROM_HOME holding
// copies of the original tool's memory files. (The memory side of `generate` is in
// tst_cligenerate.)
class TestCliMemory : public QObject
{
    Q_OBJECT

    QString m_home;

    QString memoryDir() const { return m_home + u"/memory"_s; }

    using Run = CliProcess;

    Run cli(const QStringList &args, const QHash<QString, QString> &extraEnv = {},
            int timeoutMs = 30000) const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"DAYSTROM_HOME"_s, m_home);
        e.insert(u"MEMORY_HALF_LIFE_DAYS"_s, u"0"_s); // no decay: output independent of the clock
        for (auto it = extraEnv.cbegin(); it != extraEnv.cend(); ++it)
            e.insert(it.key(), it.value());
        return CliProcess::run(QStringLiteral(DAYSTROM_CLI), args, e, timeoutMs);
    }

    void seed() const
    {
        QDir().mkpath(memoryDir());
        const QString data = QStringLiteral(DAYSTROM_TEST_DATA) + u"/memory/"_s;
        for (const QString &f :
             {u"original/allow-medical-questions.json"_s, u"original/block-use-weapons.json"_s,
              u"original/discussions-violence-weapons.json"_s,
              u"injector/block-violence-weapons.json"_s}) {
            const QString to = memoryDir() + u'/' + f.section(u'/', 1);
            QFile::copy(data + f, to);
            QFile::setPermissions(to, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        }
    }

    // Changes one category file by hand, as a person or another tool would: `edit` gets its
    // JSON. False if the file cannot be read or written.
    bool editCategoryFile(const QString &category, const std::function<void(QJsonObject &)> &edit) const
    {
        QFile file(memoryDir() + u'/' + category + u".json"_s);
        if (!file.open(QIODevice::ReadOnly))
            return false;
        QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
        file.close();
        edit(o);
        return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
               file.write(QJsonDocument(o).toJson()) > 0;
    }

    // A fingerprint of every file under the memory directory.
    QByteArray snapshot() const
    {
        QCryptographicHash h(QCryptographicHash::Sha1);
        QStringList files;
        QDirIterator it(memoryDir(), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            files.append(it.next());
        files.sort();
        for (const QString &f : std::as_const(files)) {
            QFile file(f);
            file.open(QIODevice::ReadOnly);
            h.addData(f.toUtf8());
            h.addData(file.readAll());
        }
        return h.result();
    }

    Learning learning(const QString &id) const
    {
        const auto found = MemoryStore(memoryDir()).find(id);
        return found ? found->learning : Learning();
    }

    // The cells of the table row starting with `first` (split on runs of 2+ spaces).
    static QStringList row(const QString &table, const QString &first)
    {
        for (const QString &line : table.split(u'\n')) {
            if (line.startsWith(first + u' '))
                return line.split(QRegularExpression(u" {2,}"_s));
        }
        return {};
    }

private slots:
    void init()
    {
        static int n = 0;
        m_home = TestHome::path() + u"/memory-home-"_s + QString::number(++n);
        seed();
    }

    // stdout is exactly the section MemoryInjector builds, byte for byte, and nothing else.
    void previewPrintsExactlyTheSection_data()
    {
        QTest::addColumn<QStringList>("budgetArgs");
        QTest::addColumn<QString>("maxMemoryChars"); // MAX_MEMORY_CHARS, empty = unset
        QTest::addColumn<int>("budget");
        QTest::newRow("--budget 500") << QStringList{u"--budget"_s, u"500"_s} << QString() << 500;
        QTest::newRow("--budget 1100")
            << QStringList{u"--budget"_s, u"1100"_s} << QString() << 1100;
        QTest::newRow("--budget 10000")
            << QStringList{u"--budget"_s, u"10000"_s} << QString() << 10000;
        QTest::newRow("default 3000") << QStringList() << QString() << 3000;
        QTest::newRow("MAX_MEMORY_CHARS=700") << QStringList() << u"700"_s << 700;
    }
    void previewPrintsExactlyTheSection()
    {
        QFETCH(QStringList, budgetArgs);
        QFETCH(QString, maxMemoryChars);
        QFETCH(int, budget);
        const QString topic = u"Block the use of weapons"_s;
        InjectorOptions o;
        o.maxChars = budget;
        o.halfLifeDays = 0;
        const Injection expected =
            MemoryInjector::build(MemoryStore(memoryDir()).relevant(topic), o);
        QVERIFY(!expected.isEmpty());
        // block-use-weapons, block-violence-weapons and (by subject: weapons)
        // discussions-violence-weapons
        QCOMPARE(expected.matchedCategories.size(), 3);
        const QByteArray before = snapshot();
        QHash<QString, QString> env;
        if (!maxMemoryChars.isEmpty())
            env.insert(u"MAX_MEMORY_CHARS"_s, maxMemoryChars);
        const Run r =
            cli(QStringList{u"memory"_s, u"preview"_s, u"--topic"_s, topic} + budgetArgs, env);
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.toUtf8(), expected.text.toUtf8());
        QVERIFY2(r.err.contains(u"%1 learnings"_s.arg(expected.learningCount)), qPrintable(r.err));
        QCOMPARE(snapshot(), before); // a preview is not a recall: nothing is written
    }

    void previewBudgetsDiffer()
    {
        const QString topic = u"Block the use of weapons"_s;
        const Run small =
            cli({u"memory"_s, u"preview"_s, u"--topic"_s, topic, u"--budget"_s, u"500"_s});
        const Run large =
            cli({u"memory"_s, u"preview"_s, u"--topic"_s, topic, u"--budget"_s, u"3000"_s});
        QVERIFY(small.out.size() < large.out.size());
        QVERIFY(small.out.startsWith(MemoryInjector::HeaderTitle));
        QVERIFY(large.out.contains(u"Two sharp examples beat five loosely related ones"_s));
        const Run none = cli({u"memory"_s, u"preview"_s, u"--topic"_s, u"Knitting patterns"_s});
        QCOMPARE(none.code, 0);
        QCOMPARE(none.out, QString());
        QVERIFY(none.err.contains(u"no learnings related"_s));
    }

    void listAndShow()
    {
        const Run list = cli({u"memory"_s, u"list"_s});
        QCOMPARE(list.code, 0);
        QVERIFY(list.out.startsWith(u"CATEGORY"_s));
        QCOMPARE(row(list.out, u"block-use-weapons"_s).mid(0, 5),
                 (QStringList{u"block-use-weapons"_s, u"3"_s, u"0"_s, u"2"_s, u"90.0%"_s}));
        QCOMPARE(row(list.out, u"block-violence-weapons"_s).mid(0, 5),
                 (QStringList{u"block-violence-weapons"_s, u"9"_s, u"0"_s, u"3"_s, u"-"_s}));
        QCOMPARE(list.out.count(u'\n'), 5); // the header and four categories

        const Run show = cli({u"memory"_s, u"show"_s, u"block-use-weapons"_s});
        QCOMPARE(show.code, 0);
        QVERIFY(show.out.startsWith(
            u"block-use-weapons: 3 learnings (0 pending), 2 anti-patterns, best 90.0%"_s));
        QCOMPARE(
            row(show.out, u"Xk2_pQ9vLm3RtY7wZa1bC"_s),
            (QStringList{u"Xk2_pQ9vLm3RtY7wZa1bC"_s, u"3×"_s, u"0.60"_s, u"never"_s, u"memory"_s,
                         u"active"_s, u"run V1StGXR8_Z5jdHi6B-myT"_s,
                         u"Short descriptions under 100 characters gave the highest coverage"_s}));
        QCOMPARE(row(show.out, u"Hq7mN2xR5tUv8wYz0AbCd"_s).value(1), u"1×"_s);
        QVERIFY(show.out.contains(u"  - Using more than 4 examples\n"_s));
        // A topic description finds its category too.
        const Run byTopic = cli({u"memory"_s, u"show"_s, u"Block the use of weapons"_s});
        QCOMPARE(byTopic.out, show.out);

        QDir(memoryDir()).removeRecursively();
        const Run empty = cli({u"memory"_s, u"list"_s});
        QCOMPARE(empty.code, 0);
        QVERIFY(empty.out.startsWith(u"No learnings yet"_s));
    }

    // Issue 41: text from a memory file (a bundle someone shared, an LLM's insight) that holds
    // terminal control sequences is printed as visible escapes, never obeyed.
    void controlSequencesArePrintedNotObeyed()
    {
        QVERIFY(editCategoryFile(u"block-use-weapons"_s, [](QJsonObject &o) {
            QJsonArray learnings = o.value(u"learnings"_s).toArray();
            QJsonObject first = learnings.at(0).toObject();
            first.insert(u"insight"_s, u"Red \u001b[31malert\u001b[0m, a CSI \u009b2J and a bell \u0007 here\rover"_s);
            learnings.replace(0, first);
            o.insert(u"learnings"_s, learnings);
            o.insert(u"antiPatterns"_s, QJsonArray{u"\u001b]0;owned\u0007title"_s});
        }));

        const Run show = cli({u"memory"_s, u"show"_s, u"block-use-weapons"_s});
        QCOMPARE(show.code, 0);
        const QByteArray bytes = show.out.toUtf8();
        QVERIFY2(!bytes.contains('\x1b'), bytes.constData());
        QVERIFY(!bytes.contains("\xc2\x9b"));
        QVERIFY(!bytes.contains('\x07'));
        QVERIFY(!bytes.contains('\r'));
        QVERIFY2(show.out.contains(u"Red "_s) && show.out.contains(u"alert"_s), qPrintable(show.out));
    }

    void confirmRejectApproveDelete()
    {
        const Run confirm = cli({u"memory"_s, u"confirm"_s, u"Xk2_pQ9vLm3RtY7wZa1bC"_s});
        QCOMPARE(confirm.code, 0);
        // Seen 3x, no stored confidence: base 0.60; confirmed: 0.70, and the table says so.
        QVERIFY2(confirm.out.contains(u"confidence now 0.70 (was 0.60"_s), qPrintable(confirm.out));
        QCOMPARE(learning(u"Xk2_pQ9vLm3RtY7wZa1bC"_s).confidence.value_or(0), 0.7);
        QCOMPARE(row(cli({u"memory"_s, u"show"_s, u"block-use-weapons"_s}).out,
                     u"Xk2_pQ9vLm3RtY7wZa1bC"_s)
                     .value(2),
                 u"0.70"_s);

        // Seen 4x (base 0.65), four rejects: 0.50, 0.35, 0.20, then below 0.15 -> it moves to
        // its category's anti-patterns (found in any category).
        const QString id = u"Pa1bC3dE5fG7hI9jK1lMn"_s; // discussions-violence-weapons
        for (int i = 0; i < 4; ++i) {
            const Run reject = cli({u"memory"_s, u"reject"_s, id});
            QCOMPARE(reject.code, 0);
            QCOMPARE(reject.out.contains(u"now an anti-pattern"_s), i == 3);
            QCOMPARE(learning(id).id.isEmpty(), i == 3);
        }
        const QString shown =
            cli({u"memory"_s, u"show"_s, u"discussions-violence-weapons"_s}).out;
        QVERIFY(row(shown, id).isEmpty());
        QVERIFY2(shown.contains(
                     u"  - KNOWN PITFALL: Broad descriptions matched benign history questions\n"_s),
                 qPrintable(shown));

        // A pending learning is left out of the section until it is approved.
        const QString pendingId = u"Jr4sT6uV8wX0yZ2aB4cDe"_s;
        QString idAt2;
        QVERIFY(editCategoryFile(u"block-use-weapons"_s, [&](QJsonObject &o) {
            QJsonArray learnings = o.value(u"learnings"_s).toArray();
            QJsonObject l = learnings.at(2).toObject();
            idAt2 = l.value(u"id"_s).toString();
            l.insert(u"status"_s, u"pending"_s);
            learnings[2] = l;
            o.insert(u"learnings"_s, learnings);
        }));
        QCOMPARE(idAt2, pendingId);
        const QStringList preview{u"memory"_s, u"preview"_s, u"--topic"_s,
                                  u"Block the use of weapons"_s};
        QVERIFY(!cli(preview).out.contains(u"Two sharp examples"_s));
        QCOMPARE(row(cli({u"memory"_s, u"show"_s, u"block-use-weapons"_s}).out, pendingId).value(5),
                 u"pending"_s);
        const Run approve = cli({u"memory"_s, u"approve"_s, pendingId});
        QCOMPARE(approve.code, 0);
        QVERIFY2(approve.out.startsWith(u"Approved "_s + pendingId), qPrintable(approve.out));
        QVERIFY(!learning(pendingId).isPending());
        QVERIFY(cli(preview).out.contains(u"Two sharp examples"_s));

        const Run del = cli({u"memory"_s, u"delete"_s, u"Lm5nO7pQ9rS1tU3vW5xYz"_s});
        QCOMPARE(del.code, 0);
        QVERIFY(
            del.out.startsWith(u"Deleted Lm5nO7pQ9rS1tU3vW5xYz (discussions-violence-weapons)"_s));
        QVERIFY(!MemoryStore(memoryDir()).find(u"Lm5nO7pQ9rS1tU3vW5xYz"_s));
        const Run again = cli({u"memory"_s, u"delete"_s, u"Lm5nO7pQ9rS1tU3vW5xYz"_s});
        QCOMPARE(again.code, 2);

        // Every step is in the feedback log, in order.
        QStringList actions;
        for (const FeedbackLog::Entry &e :
             FeedbackLog(MemoryStore(memoryDir()).feedbackLogPath()).read())
            actions.append(e.action);
        QCOMPARE(actions, (QStringList{u"confirm"_s, u"reject"_s, u"reject"_s, u"reject"_s,
                                       u"invert"_s, u"approve"_s, u"delete"_s}));
    }

    void addByHand()
    {
        const Run add = cli({u"memory"_s, u"add"_s, u"--category"_s, u"block-use-weapons"_s,
                             u"--insight"_s, u"Slang for guns needs its own example"_s,
                             u"--strategy"_s, u"Added a slang example"_s, u"--outcome"_s,
                             u"degraded"_s, u"--tag"_s, u"coded-language"_s, u"--tag"_s, u"a,b"_s});
        QCOMPARE(add.code, 0);
        const QRegularExpressionMatch m =
            QRegularExpression(u"^Added (\\S{21}) to block-use-weapons\\n$"_s).match(add.out);
        QVERIFY2(m.hasMatch(), qPrintable(add.out));
        const Learning l = learning(m.captured(1));
        QCOMPARE(l.insight, u"Slang for guns needs its own example"_s);
        QCOMPARE(l.strategy, u"Added a slang example"_s);
        QCOMPARE(l.outcome, u"degraded"_s);
        QCOMPARE(l.tags, (QStringList{u"coded-language"_s, u"a"_s, u"b"_s}));
        QCOMPARE(l.source.value_or(QString()), u"person"_s);
        QVERIFY(!l.isPending());
        QCOMPARE(row(cli({u"memory"_s, u"show"_s, u"block-use-weapons"_s}).out, l.id).value(6),
                 u"person"_s);
        QVERIFY(cli({u"memory"_s, u"preview"_s, u"--topic"_s, u"Block the use of weapons"_s})
                    .out.contains(u"- [AVOID] Slang for guns needs its own example"_s));

        // --topic files it under the topic's category, creating the file.
        const Run byTopic = cli({u"memory"_s, u"add"_s, u"--topic"_s, u"Block phishing e-mails"_s,
                                 u"--insight"_s, u"Name the lure, not the payload"_s});
        QCOMPARE(byTopic.code, 0);
        QVERIFY2(byTopic.out.contains(u" to block-emails-phishing\n"_s), qPrintable(byTopic.out));
        QVERIFY(QFile::exists(memoryDir() + u"/block-emails-phishing.json"_s));
        QCOMPARE(MemoryStore(memoryDir())
                     .load(u"block-emails-phishing"_s)
                     .memory.learnings.value(0)
                     .topicDescription,
                 u"Block phishing e-mails"_s);
    }

    // Bad input: exit 2, exactly one line on stderr, nothing on stdout, no file touched.
    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        auto m = [](std::initializer_list<QString> rest) {
            return QStringList{u"memory"_s} + QStringList(rest);
        };
        QTest::newRow("no subcommand") << m({}) << u"expected a subcommand"_s;
        QTest::newRow("unknown subcommand") << m({u"frob"_s}) << u"unknown subcommand \"frob\""_s;
        QTest::newRow("list extra") << m({u"list"_s, u"x"_s}) << u"unexpected argument \"x\""_s;
        QTest::newRow("show nothing") << m({u"show"_s}) << u"expected a category"_s;
        QTest::newRow("show unknown")
            << m({u"show"_s, u"no-such-thing"_s}) << u"no category or learning \"no-such-thing\""_s;
        QTest::newRow("confirm unknown id")
            << m({u"confirm"_s, u"nope"_s}) << u"no learning \"nope\""_s;
        QTest::newRow("reject no id") << m({u"reject"_s}) << u"expected a learning-id"_s;
        QTest::newRow("approve two ids")
            << m({u"approve"_s, u"a"_s, u"b"_s}) << u"unexpected argument \"b\""_s;
        QTest::newRow("delete unknown flag")
            << m({u"delete"_s, u"--force"_s, u"x"_s}) << u"Unknown option 'force'"_s;
        QTest::newRow("preview no topic") << m({u"preview"_s}) << u"--topic is required"_s;
        QTest::newRow("preview budget low")
            << m({u"preview"_s, u"--topic"_s, u"t"_s, u"--budget"_s, u"499"_s})
            << u"--budget must be a whole number from 500 to 10000"_s;
        QTest::newRow("preview budget text")
            << m({u"preview"_s, u"--topic"_s, u"t"_s, u"--budget"_s, u"lots"_s})
            << u"not \"lots\""_s;
        QTest::newRow("add no category")
            << m({u"add"_s, u"--insight"_s, u"i"_s}) << u"give either --category"_s;
        QTest::newRow("add both") << m({u"add"_s, u"--category"_s, u"a"_s, u"--topic"_s, u"b"_s,
                                        u"--insight"_s, u"i"_s})
                                  << u"give either --category"_s;
        QTest::newRow("add bad key")
            << m({u"add"_s, u"--category"_s, u"../etc"_s, u"--insight"_s, u"i"_s})
            << u"not a valid category key"_s;
        QTest::newRow("add no insight")
            << m({u"add"_s, u"--category"_s, u"a"_s}) << u"--insight is required"_s;
        QTest::newRow("add bad outcome") << m({u"add"_s, u"--category"_s, u"a"_s, u"--insight"_s,
                                               u"i"_s, u"--outcome"_s, u"great"_s})
                                         << u"--outcome must be improved, degraded or neutral"_s;
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        const QByteArray before = snapshot();
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QCOMPARE(r.out, QString());
        QCOMPARE(r.errLines().size(), 1);
        QVERIFY2(r.err.startsWith(u"daystrom memory"_s) && r.err.contains(error),
                 qPrintable(r.err));
        QCOMPARE(snapshot(), before);
    }
};

QTEST_GUILESS_MAIN(TestCliMemory)
#include "tst_climemory.moc"
