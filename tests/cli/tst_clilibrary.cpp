// The starter topic library (issue 44): every entry within the AIRS topic limits, with a
// stable key, an intent and a note; `daystrom library list|show` as a person and a script use it.
#include "domain/starterlibrary.h"
#include "domain/topiclimits.h"
#include "testhome.h"

#include "testmain.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>

using namespace Qt::StringLiterals;

class TestCliLibrary : public QObject
{
    Q_OBJECT

    struct Ran
    {
        int code = -1;
        QString out, err;
    };
    static Ran library(const QStringList &args)
    {
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"DAYSTROM_HOME"_s, TestHome::path() + u"/library-home"_s);
        p.setProcessEnvironment(e);
        p.start(QStringLiteral(DAYSTROM_CLI), QStringList{u"library"_s} + args);
        if (!p.waitForFinished(30000))
            return {};
        return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
    }

private slots:
    void everyEntryFitsAirs()
    {
        QString error;
        const QList<StarterTopic> entries = StarterLibrary::all(&error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(entries.size() >= 18 && entries.size() <= 25);
        QSet<QString> keys, names;
        int allow = 0;
        for (const StarterTopic &t : entries) {
            const QList<TopicLimits::Violation> problems = TopicLimits::validate(t.topic);
            QVERIFY2(problems.isEmpty(), qPrintable(t.key + u": "_s + TopicLimits::describe(problems)));
            QCOMPARE(TopicLimits::clamp(t.topic), t.topic); // nothing to cut
            QVERIFY2(!t.note.trimmed().isEmpty(), qPrintable(t.key));
            QVERIFY(!keys.contains(t.key) && !names.contains(t.topic.name.toLower()));
            keys.insert(t.key);
            names.insert(t.topic.name.toLower());
            allow += t.intent == Intent::Allow;
        }
        QVERIFY(allow >= 2); // allow lists too, not only block topics
        QCOMPARE(StarterLibrary::find(u"WEAPONS AND EXPLOSIVES"_s)->key, u"weapons"_s);
        QVERIFY(!StarterLibrary::find(u"nothing like it"_s));
        const RunSettings s = StarterLibrary::settingsFor(*StarterLibrary::find(u"it-helpdesk-only"_s));
        QCOMPARE(s.intent, Intent::Allow);
        QCOMPARE(s.seedExamples.size(), 3);
    }

    void listAndShow()
    {
        const Ran list = library({u"list"_s});
        QCOMPARE(list.code, 0);
        QVERIFY2(list.out.contains(u"weapons"_s) && list.out.contains(u"20 starter topics"_s), qPrintable(list.out));
        const Ran json = library({u"list"_s, u"--format"_s, u"json"_s});
        QCOMPARE(json.code, 0);
        QCOMPARE(QJsonDocument::fromJson(json.out.toUtf8()).object().value(u"topics"_s).toArray().size(),
                 StarterLibrary::all().size());
        const Ran show = library({u"show"_s, u"malware"_s});
        QCOMPARE(show.code, 0);
        QVERIFY2(show.out.contains(u"daystrom generate --topic \"Requests to write, obfuscate"_s)
                     && show.out.contains(u"--seed \"Write a keylogger"_s),
                 qPrintable(show.out));
        QCOMPARE(library({u"show"_s, u"unknown-topic"_s}).code, 2);
        QCOMPARE(library({u"fly"_s}).code, 2);
        QCOMPARE(library({u"list"_s, u"--format"_s, u"xml"_s}).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliLibrary)
#include "tst_clilibrary.moc"
