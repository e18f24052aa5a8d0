// Issue 58: the sandbox's tenant persists in $DAYSTROM_HOME/sandbox/tenant.json and is shared
// by every --sandbox command and the app. A sandbox run is applied, audited and reverted from
// the shell, each in a new process; what each process sees is checked against the file itself
// (a second route to the same fact) and against the run's own topic. An unreadable file is
// set aside, said, and replaced by a fresh tenant; nothing else is lost.
#include "cliprocess.h"
#include "runs/runstore.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

class TestCliSandboxTenant : public QObject
{
    Q_OBJECT

    QString m_home;

    QProcessEnvironment env() const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"DAYSTROM_HOME"_s, m_home);
        return e;
    }
    CliProcess cli(const QStringList &args, int timeoutMs = 120000) const
    {
        return CliProcess::run(QStringLiteral(DAYSTROM_CLI), args, env(), timeoutMs);
    }
    QString tenantPath() const { return m_home + u"/sandbox/tenant.json"_s; }

    // The topic names the tenant file's profile pins, read from the file, not through a command.
    QStringList pinnedInFile() const
    {
        QFile f(tenantPath());
        if (!f.open(QIODevice::ReadOnly))
            return {u"<no file>"_s};
        const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        QHash<QString, QString> names;
        for (const QJsonValue &t : root.value(u"topics"_s).toArray()) {
            const QJsonArray revisions = t.toObject().value(u"revisions"_s).toArray();
            names.insert(t.toObject().value(u"topic_id"_s).toString(),
                         revisions.last().toObject().value(u"topic"_s).toObject().value(u"name"_s).toString());
        }
        QJsonObject latest;
        for (const QJsonValue &p : root.value(u"profiles"_s).toArray()) {
            const QJsonObject o = p.toObject();
            if (o.value(u"profile_name"_s).toString() == "daystrom-sandbox"_L1
                && o.value(u"revision"_s).toInt() >= latest.value(u"revision"_s).toInt())
                latest = o;
        }
        QStringList out;
        const QByteArray policy = QJsonDocument(latest.value(u"policy"_s).toObject()).toJson(QJsonDocument::Compact);
        for (auto it = names.cbegin(); it != names.cend(); ++it) {
            if (policy.contains(it.key().toUtf8()))
                out.append(it.value());
        }
        out.sort();
        return out;
    }

    QStringList auditedTopics() const
    {
        const CliProcess audit = cli({u"audit"_s, u"--profile"_s, u"daystrom-sandbox"_s, u"--sandbox"_s, u"--yes"_s,
                                      u"--new"_s, u"--benchmark"_s, u"6"_s, u"--format"_s, u"json"_s},
                                     240000);
        if (audit.code != 0)
            return {u"<audit failed: "_s + audit.err.right(400) + u'>'};
        QStringList names;
        for (const QJsonValue &t : QJsonDocument::fromJson(audit.out.toUtf8()).object().value(u"topics"_s).toArray())
            names.append(t.toObject().value(u"name"_s).toString());
        names.sort();
        return names;
    }

private slots:
    void init()
    {
        static int n = 0;
        m_home = TestHome::path() + u"/sandbox-tenant-"_s + QString::number(++n);
    }

    void aSandboxRunIsAppliedAuditedAndRevertedFromTheShell()
    {
        const CliProcess run = cli({u"generate"_s, u"--sandbox"_s, u"--topic"_s, u"Block questions about buying firearms"_s,
                                    u"--benchmark"_s, u"8"_s, u"--max-iterations"_s, u"1"_s},
                                   180000);
        QVERIFY2(CliProcess::completed(run.code), qPrintable(run.err.right(800)));
        // A new tenant starts with a few topics of its own, so the first apply has neighbours.
        const QStringList seeded = pinnedInFile();
        QCOMPARE(seeded.size(), 3);
        const RunStore store(m_home + u"/sandbox/runs"_s);
        QCOMPARE(store.list().runs.size(), 1);
        const RunState state = store.load(store.list().runs.first().id).run;
        const QString topic = state.bestResult()->topic.name;

        const CliProcess apply = cli({u"apply"_s, state.id, u"--sandbox"_s, u"--yes"_s});
        QVERIFY2(apply.code == 0, qPrintable(apply.out + apply.err));
        QVERIFY2(pinnedInFile().contains(topic), qPrintable(pinnedInFile().join(u", "_s)));

        // A new process sees the applied topic through the API, as the file says.
        const QStringList audited = auditedTopics();
        QVERIFY2(audited.contains(topic), qPrintable(audited.join(u", "_s)));
        QCOMPARE(audited, pinnedInFile());

        const CliProcess revert = cli({u"revert"_s, state.id, u"--sandbox"_s});
        QVERIFY2(revert.code == 0, qPrintable(revert.out + revert.err));
        QCOMPARE(pinnedInFile(), seeded);
        QCOMPARE(auditedTopics(), seeded);
        // Nothing left behind by the run, the audits or the apply.
        const CliProcess cleanup = cli({u"cleanup"_s, u"--sandbox"_s});
        QCOMPARE(cleanup.code, 0);
        QVERIFY2(cleanup.out.contains(u"Nothing to clean up."_s), qPrintable(cleanup.out));
    }

    // On a home with no sandbox run yet, apply and revert say there is no such run (they once
    // said it was "being driven by another process (pid 0)": the lock failed on a missing folder).
    void anUnknownRunOnAFreshHomeIsSaidSo_data()
    {
        QTest::addColumn<QString>("command");
        QTest::newRow("apply") << u"apply"_s;
        QTest::newRow("revert") << u"revert"_s;
    }
    void anUnknownRunOnAFreshHomeIsSaidSo()
    {
        QFETCH(QString, command);
        QStringList args{command, u"abc123"_s, u"--sandbox"_s};
        if (command == "apply"_L1)
            args << u"--yes"_s;
        const CliProcess p = cli(args);
        QCOMPARE(p.code, 2);
        QVERIFY2(p.err.contains(u"daystrom "_s + command + u": no run with id abc123"_s), qPrintable(p.err));
        QVERIFY2(!p.err.contains(u"pid"_s), qPrintable(p.err));
    }

    void anUnreadableTenantFileIsSetAsideAndSaid()
    {
        QDir().mkpath(m_home + u"/sandbox"_s);
        QFile f(tenantPath());
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\":\"daystrom-sandbox-tenant\",\"version\":1,\"topics\":[{\"topic_id\":");
        f.close();
        const CliProcess cleanup = cli({u"cleanup"_s, u"--sandbox"_s});
        QCOMPARE(cleanup.code, 0);
        QVERIFY2(cleanup.err.contains(u"could not be read"_s), qPrintable(cleanup.err));
        const QStringList aside = QDir(m_home + u"/sandbox"_s).entryList({u"tenant.json.broken-*"_s});
        QCOMPARE(aside.size(), 1);
        QFile kept(m_home + u"/sandbox/"_s + aside.first());
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QVERIFY(kept.readAll().startsWith("{\"format\""));
        QCOMPARE(pinnedInFile().size(), 3); // a fresh tenant, seeded again
    }
};

QTEST_GUILESS_MAIN(TestCliSandboxTenant)
#include "tst_clisandboxtenant.moc"
