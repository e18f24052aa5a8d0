#include "cli/cli.h"
#include "cli/commandspec.h"
#include "domain/robustness.h"
#include "domain/runsettings.h"
#include "manpagereader.h"
#include "testhome.h"

#include "testmain.h"

#include <QDirIterator>
#include <QProcess>
#include <QSet>

using namespace Qt::StringLiterals;

// The man pages and completion scripts the build writes from the CLI's option tables (issue
// 60), read back by a second route: the roff is parsed (not the tables), and every flag it
// documents must be one the command's parser takes, be in the completion scripts and in
// --help; every flag of the tables must be on the page; mandoc's linter finds nothing.
class TestCliDocs : public QObject
{
    Q_OBJECT

    const QString m_docs = QStringLiteral(DAYSTROM_DOCS_DIR);
    QMap<QString, QList<ManPageReader::Flag>> m_page; // daystrom.1's flags per command

    struct Outcome
    {
        int code;
        QString out;
        QString err;
    };

    static Outcome run(const QStringList &args)
    {
        QString out, err;
        QTextStream o(&out), e(&err);
        QProcessEnvironment env;
        env.insert(u"DAYSTROM_HOME"_s, TestHome::path() + u"/docs-home"_s);
        CliContext ctx{o, e, env};
        const int code = runCli(args, ctx);
        o.flush();
        e.flush();
        return {code, out, err};
    }

    static QProcess *start(const QString &program, const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
    {
        auto *p = new QProcess;
        p->setProcessEnvironment(env);
        p->start(program, args);
        return p;
    }

    static QStringList longNames(const QList<ManPageReader::Flag> &flags)
    {
        QStringList names;
        for (const ManPageReader::Flag &f : flags)
            names += f.names;
        return names;
    }

private slots:
    void initTestCase()
    {
        m_page = ManPageReader::flags(ManPageReader::read(m_docs + u"/daystrom.1"_s));
        QVERIFY2(m_page.contains(u"generate"_s), qPrintable(m_docs));
    }

    void manPagesPassTheLinter_data()
    {
        QTest::addColumn<QString>("page");
        QTest::newRow("daystrom") << u"daystrom.1"_s;
        QTest::newRow("daystrom-studio") << u"daystrom-studio.1"_s;
    }

    void manPagesPassTheLinter()
    {
        QFETCH(QString, page);
        QProcess lint;
        lint.setProcessChannelMode(QProcess::MergedChannels);
        lint.start(u"mandoc"_s, {u"-T"_s, u"lint"_s, u"-W"_s, u"style"_s, m_docs + u'/' + page});
        QVERIFY2(lint.waitForFinished(30000), "mandoc is not installed (Debian: mandoc)");
        const QString said = QString::fromUtf8(lint.readAll());
        QVERIFY2(said.isEmpty(), qPrintable(said));
        QCOMPARE(lint.exitCode(), 0);

        // The installed copy: gzip -9n (no file name, no time stamp: the same bytes every build).
        QFile gz(m_docs + u'/' + page + u".gz"_s);
        QVERIFY(gz.open(QIODevice::ReadOnly));
        const QByteArray head = gz.read(10);
        QCOMPARE(head.left(3), QByteArray("\x1f\x8b\x08"));
        QCOMPARE(int(head.at(3)) & 0x08, 0);           // FNAME
        QCOMPARE(head.mid(4, 4), QByteArray(4, '\0')); // MTIME
        QProcess gunzip;
        gunzip.start(u"gzip"_s, {u"-dc"_s, gz.fileName()});
        QVERIFY(gunzip.waitForFinished(30000));
        QCOMPARE(QString::fromUtf8(gunzip.readAllStandardOutput()), ManPageReader::read(m_docs + u'/' + page));
    }

    // The page as parsed, against the tables: the same commands, the same flags.
    void thePageHoldsEveryCommandAndFlagOfTheTables()
    {
        QSet<QString> documented(m_page.keyBegin(), m_page.keyEnd());
        documented.remove(QString());
        QSet<QString> commands;
        for (const CommandSpec &c : CommandSpec::all()) {
            if (c.hidden) {
                QVERIFY2(!m_page.contains(c.name), qPrintable(c.name));
                continue;
            }
            commands.insert(c.name);
            QStringList flags;
            for (const OptionSpec &o : c.options) {
                for (const QString &n : o.names)
                    flags.append(n.size() == 1 ? u"-"_s + n : u"--"_s + n);
            }
            QStringList onPage = longNames(m_page.value(c.name));
            flags.sort();
            onPage.sort();
            QCOMPARE(onPage, flags);
        }
        QCOMPARE(documented, commands);
        QCOMPARE(longNames(m_page.value(QString())), (QStringList{u"-h"_s, u"--help"_s, u"-v"_s, u"--version"_s}));
    }

    // Every flag the page documents is one the command's parser takes (it would say "Unknown
    // option" otherwise), with a value where the page shows one; --help after it then exits 0.
    void everyDocumentedFlagIsAccepted()
    {
        int checked = 0;
        for (auto it = m_page.cbegin(); it != m_page.cend(); ++it) {
            const QStringList command = it.key().split(u' ', Qt::SkipEmptyParts);
            for (const ManPageReader::Flag &flag : it.value()) {
                QStringList args = command + QStringList{flag.names.constFirst()};
                if (flag.takesValue)
                    args.append(u"1"_s);
                if (!command.isEmpty())
                    args.append(u"--help"_s);
                const Outcome r = run(args);
                QVERIFY2(r.code == 0 && r.err.isEmpty(), qPrintable(args.join(u' ') + u": "_s + r.err));
                ++checked;
            }
            if (command.isEmpty() || it.key() == "memory"_L1)
                continue;
            // The check can fail: a flag no table holds is refused.
            const Outcome unknown = run(command + QStringList{u"--no-such-flag"_s, u"--help"_s});
            QVERIFY2(unknown.code == 2 && unknown.err.contains(u"no-such-flag"_s), qPrintable(it.key() + u": "_s + unknown.err));
        }
        QVERIFY2(checked > 100, qPrintable(QString::number(checked)));
    }

    // `daystrom <command> --help` names every flag the page documents for it.
    void helpNamesWhatThePageDocuments()
    {
        for (auto it = m_page.cbegin(); it != m_page.cend(); ++it) {
            if (it.key().isEmpty())
                continue;
            const Outcome help = run(it.key().split(u' ') + QStringList{u"--help"_s});
            QCOMPARE(help.code, 0);
            for (const QString &name : longNames(it.value()))
                QVERIFY2(help.out.contains(QRegularExpression(u"(^|[ ,])"_s + QRegularExpression::escape(name) + u"\\b"_s,
                                                              QRegularExpression::MultilineOption)),
                         qPrintable(it.key() + u": "_s + name));
        }
    }

    // The three completion scripts offer every flag the page documents, for its command.
    void completionsOfferWhatThePageDocuments()
    {
        const QString bash = ManPageReader::read(m_docs + u"/daystrom.bash"_s);
        const QString zsh = ManPageReader::read(m_docs + u"/_daystrom"_s);
        const QString fish = ManPageReader::read(m_docs + u"/daystrom.fish"_s);
        QVERIFY(!bash.isEmpty() && !zsh.isEmpty() && !fish.isEmpty());
        for (auto it = m_page.cbegin(); it != m_page.cend(); ++it) {
            if (it.key().isEmpty() || it.value().isEmpty())
                continue;
            const QString key = u'"' + it.key() + u'"';
            const QRegularExpression bashLine(QRegularExpression::escape(key) + u"\\) opts=\"([^\"]*)\""_s);
            const QStringList bashOffers = bashLine.match(bash).captured(1).split(u' ');
            const QString zshLine = zsh.section(key + u") opts=("_s, 1, 1).section(u'\n', 0, 0);
            QString fishCondition;
            for (const QString &word : it.key().split(u' '))
                fishCondition += (fishCondition.isEmpty() ? QString() : u"; and "_s) + u"__fish_seen_subcommand_from "_s + word;
            QStringList fishLines;
            for (const QString &line : fish.split(u'\n')) {
                if (line.contains(u"-n '"_s + fishCondition + u"' "_s))
                    fishLines.append(line);
            }
            for (const ManPageReader::Flag &flag : it.value()) {
                for (const QString &name : flag.names) {
                    QVERIFY2(bashOffers.contains(name), qPrintable(u"bash: "_s + it.key() + u' ' + name));
                    QVERIFY2(zshLine.contains(u'\'' + name + u':'), qPrintable(u"zsh: "_s + it.key() + u' ' + name));
                    const QString fishFlag = name.startsWith("--"_L1) ? u" -l "_s + name.mid(2) : u" -s "_s + name.mid(1);
                    bool offered = false;
                    for (const QString &line : fishLines)
                        offered = offered || QString(line + u' ').contains(fishFlag + u' ');
                    QVERIFY2(offered, qPrintable(u"fish: "_s + it.key() + u' ' + name));
                }
            }
        }
    }

    // daystrom-studio's own --help (Qt's parser in app/gui/main.cpp) against its page.
    void studioPageDocumentsTheAppsOptions()
    {
        const auto studioPage = ManPageReader::flags(ManPageReader::read(m_docs + u"/daystrom-studio.1"_s));
        const QStringList documented = longNames(studioPage.value(QString()));
        QVERIFY(documented.contains(u"--sandbox"_s));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        env.insert(u"HOME"_s, TestHome::path());
        std::unique_ptr<QProcess> studio(start(QStringLiteral(DAYSTROM_STUDIO), {u"--help"_s}, env));
        QVERIFY(studio->waitForFinished(60000));
        const QString help = QString::fromUtf8(studio->readAllStandardOutput());
        QCOMPARE(studio->exitCode(), 0);
        static const QRegularExpression flag(u"(?:^|[ ,])(--?[a-z][a-z-]*)"_s, QRegularExpression::MultilineOption);
        const QString options = help.section(u"Options:"_s, 1);
        QVERIFY(!options.isEmpty());
        int seen = 0;
        for (auto m = flag.globalMatch(options); m.hasNext(); ++seen) {
            const QString name = m.next().captured(1);
            QVERIFY2(documented.contains(name), qPrintable(name + u" is not on daystrom-studio(1)"_s));
        }
        QVERIFY(seen >= 4);
    }

    // Numbers the tables state are the engine's (the tables link no engine library).
    void tablesStateTheEnginesLimits()
    {
        const CommandSpec &generate = CommandSpec::get(u"generate");
        auto description = [&](const QString &name) {
            for (const OptionSpec &o : generate.options) {
                if (o.names.constFirst() == name)
                    return o.description;
            }
            return QString();
        };
        QVERIFY(description(u"response-tests"_s).contains(u"0-%1,"_s.arg(MaxResponseTests)));
        QVERIFY(description(u"robustness-sample"_s).contains(u"2-%1,"_s.arg(MaxRobustnessSample)));
        QVERIFY2(description(u"robustness"_s).contains(u"family: "_s + Robustness::defaultFamilies().join(u", "_s) + u')'),
                 qPrintable(Robustness::defaultFamilies().join(u", "_s)));
    }

    // No command builds a parser of its own: every flag comes from the tables.
    void noCommandDefinesFlagsOutsideTheTables()
    {
        QStringList found;
        static const QRegularExpression inline_(u"QCommandLineOption\\b|addOptions?\\(|addHelpOption\\("_s);
        QDirIterator it(QStringLiteral(DAYSTROM_SOURCE_DIR) + u"/app/cli"_s, {u"*.cpp"_s, u"*.h"_s}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            if (path.endsWith(u"/commandspec.cpp"_s))
                continue;
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(f.readAll());
            if (text.contains(inline_))
                found.append(path);
        }
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestCliDocs)
#include "tst_clidocs.moc"
