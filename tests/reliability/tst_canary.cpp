// Canary secrets: distinctive values in every secret variable, a server that quotes the
// request's credentials back (`sandbox serve --faults ROUTE.echo=1`), and every place text
// lands afterwards — files under the home, stdout/stderr, `runs`, `report` (text, json, csv,
// with tests) — must hold none of them, raw, URL-encoded or base64.
#include "homecheck.h"
#include "killer.h"
#include "sandboxserve.h"

#include "testmain.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace {
const QString Cli = QStringLiteral(DAYSTROM_CLI);

// Every variable configkeys.cpp marks secret, with a canary no real value would contain.
const QList<QPair<QString, QString>> Canaries{
    {u"PANW_AI_SEC_API_KEY"_s, u"cnryAirsKey7Q2x9Lm4Np8Rt3Vw"_s},
    {u"PANW_MGMT_CLIENT_SECRET"_s, u"cnryMgmtSecret5Hk8Zp2Wq6Jd"_s},
    {u"OPENAI_API_KEY"_s, u"sk-cnryOpenAi4Fs9Tb1Xe7Mc3Ly"_s},
    {u"ANTHROPIC_API_KEY"_s, u"sk-ant-cnryAnthropic8Gv2Rn6Pk"_s},
    {u"GOOGLE_API_KEY"_s, u"AIzaCnryGoogle3Dm7Qs1Wb5Hx9Tc"_s},
    {u"AWS_ACCESS_KEY_ID"_s, u"AKIACNRYAWS4J8N2V6ZQ"_s},
    {u"AWS_SECRET_ACCESS_KEY"_s, u"cnryAwsSecret/9Kd3+Lp7Tz1Ye5Uw"_s},
    {u"AWS_SESSION_TOKEN"_s, u"cnryAwsSession6Bq1Mz8Xk4Pt7Ve"_s},
};

// The forms a canary could take on its way out: raw, percent-encoded, base64 (alone and as
// the client:secret of HTTP Basic), and its distinctive core (a partly masked copy).
QList<QByteArray> forms(const QString &clientId)
{
    QList<QByteArray> out;
    for (const auto &[name, value] : Canaries) {
        const QByteArray raw = value.toUtf8();
        out << raw << QUrl::toPercentEncoding(value) << raw.toBase64()
            << raw.toBase64(QByteArray::Base64UrlEncoding) << raw.mid(4, 14);
        if (name == u"PANW_MGMT_CLIENT_SECRET"_s)
            out << QByteArray(clientId.toUtf8() + ':' + raw).toBase64();
    }
    return out;
}

// Secret-shaped text that is not a canary but must not be stored either (a bearer token
// the emulator issued and then quoted back).
const QRegularExpression SecretShaped(u"Bearer\\s+(?!\\[redacted\\])[A-Za-z0-9._~+/-]{16,}"_s);
} // namespace

class TestCanary final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void echoedSecretsLandNowhere_data();
    void echoedSecretsLandNowhere();
    void cleanupTestCase();

private:
    void record(const QString &where, const QByteArray &text);

    QTemporaryDir m_dir;
    QString m_home;
    QStringList m_leaks;
    int m_places = 0;
    int m_commands = 0;
    QList<QByteArray> m_forms;
};

void TestCanary::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_home = m_dir.filePath(u"home"_s);
    QVERIFY(QDir().mkpath(m_home));
    // The search finds what it looks for: each form of a canary counts as a leak.
    m_forms = forms(u"client"_s);
    auto detects = [this](const QByteArray &text) {
        const qsizetype before = m_leaks.size();
        record(u"self-check"_s, text);
        return m_leaks.size() > before;
    };
    for (const auto &[name, value] : Canaries) {
        QVERIFY(detects("error: " + QUrl::toPercentEncoding(value)));
        QVERIFY(detects(value.toUtf8().toBase64()));
        QVERIFY(detects("masked " + value.toUtf8().mid(4, 14) + "..."));
    }
    QVERIFY(detects("Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345"));
    QVERIFY(!detects("Authorization: Bearer [redacted]"));
    m_leaks.clear();
    m_places = 0;
}

void TestCanary::record(const QString &where, const QByteArray &text)
{
    ++m_places;
    for (const QByteArray &form : std::as_const(m_forms)) {
        if (text.contains(form))
            m_leaks.append(u"%1 holds \"%2\""_s.arg(where, QString::fromUtf8(form)));
    }
    if (const auto m = SecretShaped.match(QString::fromUtf8(text)); m.hasMatch())
        m_leaks.append(u"%1 holds a bearer token: \"%2…\""_s.arg(where, m.captured(0).left(14)));
}

void TestCanary::echoedSecretsLandNowhere_data()
{
    QTest::addColumn<QString>("route");
    QTest::addColumn<QStringList>("canaryVars"); // the rest get the emulator's own values
    // Control, no echo: the emulator refuses the canary keys with its own words.
    QTest::newRow("refused") << QString()
                             << QStringList{u"PANW_AI_SEC_API_KEY"_s, u"PANW_MGMT_CLIENT_SECRET"_s};
    QTest::newRow("scan") << u"scan"_s << QStringList{u"PANW_AI_SEC_API_KEY"_s};
    QTest::newRow("token") << u"token"_s
                           << QStringList{u"PANW_MGMT_CLIENT_SECRET"_s, u"PANW_AI_SEC_API_KEY"_s};
    QTest::newRow("mgmt") << u"mgmt"_s << QStringList{u"PANW_AI_SEC_API_KEY"_s};
    QTest::newRow("redteam") << u"redteam"_s << QStringList();
    QTest::newRow("llm") << u"llm"_s << QStringList{u"PANW_AI_SEC_API_KEY"_s};
}

void TestCanary::echoedSecretsLandNowhere()
{
    QFETCH(QString, route);
    QFETCH(QStringList, canaryVars);
    m_leaks.clear();
    SandboxServe serve(Cli, m_home, route.isEmpty() ? QString() : route + u".echo=1,seed=5"_s);
    QVERIFY2(serve.isReady(), qPrintable(serve.startError()));
    m_forms = forms(serve.settings().value(u"PANW_MGMT_CLIENT_ID"_s));

    QProcessEnvironment env = serve.clientEnv(HomeCheck::childEnv(m_home));
    for (const auto &[name, value] : Canaries) {
        // Keys the route must get past keep the emulator's values; every other secret
        // variable holds its canary (the OpenAI key always: the LLM emulator takes any key).
        if (canaryVars.contains(name) || !env.contains(name) || name == u"OPENAI_API_KEY"_s)
            env.insert(name, value);
    }
    env.insert(u"DAYSTROM_REQUEST_TIMEOUT_MS"_s, u"2000"_s);
    env.insert(u"DAYSTROM_LLM_TIMEOUT_MS"_s, u"2000"_s);

    auto run = [&](const QStringList &args) {
        const KillOutcome o = runAndMaybeKill(Cli, args, env, u"never"_s, 0, 60000);
        ++m_commands;
        const QString what = route + u": daystrom "_s + args.join(u' ');
        record(what + u" (stdout)"_s, o.out.toUtf8());
        record(what + u" (stderr)"_s, o.err.toUtf8());
        return o;
    };
    const KillOutcome gen =
        run({u"generate"_s, u"--topic"_s, u"weapons manufacturing"_s, u"--profile"_s,
             u"daystrom-sandbox"_s, u"--max-iterations"_s, u"1"_s, u"--create-prompt-set"_s});
    const KillOutcome events =
        run({u"generate"_s, u"--topic"_s, u"weapons manufacturing"_s, u"--profile"_s,
             u"daystrom-sandbox"_s, u"--max-iterations"_s, u"1"_s, u"--events"_s, u"jsonl"_s});
    qInfo("%s echo: generate exited %d (%s)", qPrintable(route), gen.exitCode,
          qPrintable(gen.err.trimmed().section(u'\n', -1).left(200)));
    const int echoed = serve.faultsOfKind(u"echo"_s);
    run({u"runs"_s});
    for (const QString &id : HomeCheck::runIds(m_home)) {
        run({u"report"_s, id});
        run({u"report"_s, id, u"--tests"_s});
        run({u"report"_s, id, u"--format"_s, u"json"_s, u"--tests"_s});
        run({u"report"_s, id, u"--format"_s, u"csv"_s});
    }
    QDirIterator it(m_home, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (f.open(QIODevice::ReadOnly))
            record(route + u": file "_s + QDir(m_home).relativeFilePath(f.fileName()), f.readAll());
    }
    qInfo("%s echo: %d echoed replies, %d commands and files searched so far, %lld leaks",
          qPrintable(route), echoed, m_places, qlonglong(m_leaks.size()));
    QVERIFY2(m_leaks.isEmpty(), qPrintable(m_leaks.mid(0, 12).join(u"\n"_s)));
    if (route == u"scan"_s) {
        // The echo really quotes what it gets: a canary sent by hand comes back verbatim, so
        // the searches above would have found one the CLI let through.
        const QByteArray key = Canaries.first().second.toUtf8();
        const HttpAnswer a = httpExchange(
            "POST",
            serve.settings().value(u"PANW_AI_SEC_API_ENDPOINT"_s) + u"/v1/scan/sync/request"_s,
            {{"x-pan-token", key}, {"Content-Type", "application/json"}}, "{}");
        QCOMPARE(a.status, 401);
        QVERIFY2(a.body.contains(key), a.body.constData());
    }
    QVERIFY2(echoed > 0 || route.isEmpty(),
             "the emulator echoed nothing: GET /_sandbox/faults shows no echo fault");
    QVERIFY2(gen.exitCode != 0 || route == u"redteam"_s,
             "a run whose credentials were refused reported success");
}

void TestCanary::cleanupTestCase()
{
    qInfo("canary: %d canaries, %d commands, %d outputs and files searched", int(Canaries.size()),
          m_commands, m_places);
}

QTEST_GUILESS_MAIN(TestCanary)
#include "tst_canary.moc"
