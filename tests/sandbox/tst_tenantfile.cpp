// Issue 58: the sandbox's tenant on disk. Two emulators on one tenant file stand for the app and
// a `--sandbox` command: what one writes, the other reads on its next request, and writes made
// in turn from both are all kept. A restarted emulator has every topic revision and profile; an
// unreadable file is set aside and said. Counted through the API and in the file itself.
#include "httpprobe.h"

#include "sandbox/airsemulator.h"

#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

namespace {
const QString kTopicsPath = u"/v1/mgmt/topics/tsg/1234567890"_s;

AirsEmulator::Options on(const QString &file)
{
    AirsEmulator::Options o;
    o.tenantFile = file;
    return o;
}

QStringList listedNames(HttpProbe &probe)
{
    QStringList names;
    for (const QJsonValue &t : probe.mgmt("GET", kTopicsPath).json().value(u"custom_topics"_s).toArray())
        names.append(t.toObject().value(u"topic_name"_s).toString());
    names.sort();
    return names;
}

QStringList namesInFile(const QString &file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QStringList names;
    for (const QJsonValue &t : QJsonDocument::fromJson(f.readAll()).object().value(u"topics"_s).toArray())
        names.append(t.toObject().value(u"revisions"_s).toArray().last().toObject()
                         .value(u"topic"_s).toObject().value(u"name"_s).toString());
    names.sort();
    return names;
}
} // namespace

class TestTenantFile final : public QObject
{
    Q_OBJECT

private slots:
    void twoEmulatorsShareOneTenant()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"tenant.json"_s);
        AirsEmulator app(on(file)), shell(on(file));
        QVERIFY(app.start() && shell.start());
        QVERIFY(app.tenantIsNew() && shell.tenantIsNew());
        HttpProbe fromApp(app), fromShell(shell);
        QStringList expected;
        // Writes in turn from both, with no pause between them: none is lost.
        for (int i = 0; i < 12; ++i) {
            const QString name = u"Topic %1"_s.arg(i, 2, 10, QChar(u'0'));
            HttpProbe &writer = i % 2 ? fromShell : fromApp;
            QVERIFY(!writer.createTopic(name, u"d"_s, {name + u" one"_s, name + u" two"_s}).isEmpty());
            expected.append(name);
        }
        QCOMPARE(listedNames(fromApp), expected);
        QCOMPARE(listedNames(fromShell), expected);
        QCOMPARE(namesInFile(file), expected);
    }

    void aRestartKeepsEveryRevision()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"tenant.json"_s);
        QString id;
        {
            AirsEmulator first(on(file));
            QVERIFY(first.start());
            HttpProbe probe(first);
            id = probe.createTopic(u"Weapons"_s, u"first text"_s, {u"a"_s, u"b"_s}).value(u"topic_id"_s).toString();
            QVERIFY(!id.isEmpty());
            QCOMPARE(probe.mgmt("PUT", u"/v1/mgmt/topic/uuid/"_s + id,
                                {{u"topic_name"_s, u"Weapons"_s}, {u"description"_s, u"second text"_s},
                                 {u"examples"_s, QJsonArray{u"c"_s, u"d"_s}}}).status, 200);
            QVERIFY(!first.addProfile(u"lab"_s).isEmpty());
        }
        AirsEmulator second(on(file));
        QVERIFY(second.start());
        QVERIFY(!second.tenantIsNew());
        QCOMPARE(second.topic(id).value(u"revision"_s).toInt(), 2);
        QCOMPARE(second.topic(id).value(u"description"_s).toString(), u"second text"_s);
        QVERIFY(!second.profile(u"lab"_s).isEmpty());
        QVERIFY(second.addProfile(u"lab"_s).isEmpty()); // the name is still taken
    }

    void anUnreadableFileIsSetAside()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"tenant.json"_s);
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\":\"daystrom-sandbox-tenant\",\"version\":1,\"topics\":[{\"topic_id\":\"x\",\"revisions\":[]}]}");
        f.close();
        AirsEmulator emu(on(file));
        QVERIFY(emu.tenantIsNew());
        QVERIFY2(emu.tenantNote().contains(u"broken-"_s), qPrintable(emu.tenantNote()));
        QCOMPARE(QDir(dir.path()).entryList({u"tenant.json.broken-*"_s}).size(), 1);
        QVERIFY(emu.topics().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestTenantFile)
#include "tst_tenantfile.moc"
