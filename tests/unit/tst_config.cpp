#include "config/config.h"
#include "config/configfile.h"
#include "config/secretstore.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>

using namespace Qt::StringLiterals;

class TestConfig : public QObject
{
    Q_OBJECT

    static ConfigLayers emptyLayers()
    {
        ConfigLayers l;
        l.environment = QProcessEnvironment();
        l.environment.insert(u"DAYSTROM_HOME"_s, TestHome::path() + u"/home"_s);
        return l;
    }

private slots:
    void defaults()
    {
        const Config::Result r = Config::resolve(emptyLayers());
        QVERIFY2(r.ok(), qPrintable(r.errors.join(u'\n')));
        const Config &c = r.config;
        QCOMPARE(c.string(ConfigKeys::LlmProvider), u"claude-api"_s);
        QCOMPARE(c.integer(ConfigKeys::ScanConcurrency), 5);
        QCOMPARE(c.integer(ConfigKeys::MaxMemoryChars), 3000);
        QCOMPARE(c.boolean(ConfigKeys::MemoryEnabled), true);
        QCOMPARE(c.boolean(ConfigKeys::AccumulateTests), false);
        QCOMPARE(c.source(ConfigKeys::ScanConcurrency), ConfigSource::Default);
        QCOMPARE(c.dataDir(), TestHome::path() + u"/home/runs"_s);
        QCOMPARE(c.memoryDir(), TestHome::path() + u"/home/memory"_s);
        QCOMPARE(c.string(ConfigKeys::AirsApiEndpoint),
                 u"https://service.api.aisecurity.paloaltonetworks.com"_s);
        QVERIFY(!c.isSet(ConfigKeys::AirsApiKey));
    }

    // Each source wins over every lower one: flag > env > keychain > config.json > default.
    void precedence_data()
    {
        QTest::addColumn<bool>("flag");
        QTest::addColumn<bool>("env");
        QTest::addColumn<bool>("file");
        QTest::addColumn<int>("expected");
        QTest::addColumn<ConfigSource>("source");
        QTest::newRow("default only") << false << false << false << 5 << ConfigSource::Default;
        QTest::newRow("file") << false << false << true << 3 << ConfigSource::ConfigFile;
        QTest::newRow("env over file") << false << true << true << 7 << ConfigSource::Environment;
        QTest::newRow("flag over env") << true << true << true << 11 << ConfigSource::CommandLine;
        QTest::newRow("flag over file") << true << false << true << 11 << ConfigSource::CommandLine;
    }
    void precedence()
    {
        QFETCH(bool, flag);
        QFETCH(bool, env);
        QFETCH(bool, file);
        QFETCH(int, expected);
        QFETCH(ConfigSource, source);
        ConfigLayers l = emptyLayers();
        if (flag)
            l.flags.insert(u"scanConcurrency"_s, u"11"_s);
        if (env)
            l.environment.insert(u"SCAN_CONCURRENCY"_s, u"7"_s);
        if (file)
            l.file.insert(u"scanConcurrency"_s, 3);
        const Config::Result r = Config::resolve(l);
        QVERIFY(r.ok());
        QCOMPARE(r.config.integer(ConfigKeys::ScanConcurrency), expected);
        QCOMPARE(r.config.source(ConfigKeys::ScanConcurrency), source);
    }

    void secretPrecedence()
    {
        ConfigLayers l = emptyLayers();
        l.file.insert(u"airsApiKey"_s, u"from-file"_s);
        Config::Result r = Config::resolve(l);
        QCOMPARE(r.config.string(ConfigKeys::AirsApiKey), u"from-file"_s);
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY(r.warnings.first().contains(u"airsApiKey"_s));
        QVERIFY(!r.warnings.first().contains(u"from-file"_s));

        l.secrets.insert(u"airsApiKey"_s, u"from-keychain"_s);
        r = Config::resolve(l);
        QCOMPARE(r.config.string(ConfigKeys::AirsApiKey), u"from-keychain"_s);
        QCOMPARE(r.config.source(ConfigKeys::AirsApiKey), ConfigSource::SecretStore);

        l.environment.insert(u"PANW_AI_SEC_API_KEY"_s, u"from-env"_s);
        r = Config::resolve(l);
        QCOMPARE(r.config.string(ConfigKeys::AirsApiKey), u"from-env"_s);

        // A keychain entry is ignored for non-secret keys.
        l.secrets.insert(u"scanConcurrency"_s, u"9"_s);
        r = Config::resolve(l);
        QCOMPARE(r.config.integer(ConfigKeys::ScanConcurrency), 5);
    }

    // The cloud SDKs' alternative names: the primary name first, then the aliases in order.
    void environmentAliases()
    {
        ConfigLayers l = emptyLayers();
        l.environment.insert(u"CLOUD_ML_REGION"_s, u"europe-west1"_s);
        l.environment.insert(u"AWS_DEFAULT_REGION"_s, u"eu-central-1"_s);
        l.environment.insert(u"ANTHROPIC_VERTEX_PROJECT_ID"_s, u"from-alias"_s);
        l.environment.insert(u"AWS_ENDPOINT_URL_BEDROCK_RUNTIME"_s, u"http://127.0.0.1:9/"_s);
        Config::Result r = Config::resolve(l);
        QVERIFY2(r.ok(), qPrintable(r.errors.join(u'\n')));
        QCOMPARE(r.config.string(ConfigKeys::GoogleCloudLocation), u"europe-west1"_s);
        QCOMPARE(r.config.string(ConfigKeys::AwsRegion), u"eu-central-1"_s);
        QCOMPARE(r.config.string(ConfigKeys::GoogleCloudProject), u"from-alias"_s);
        QCOMPARE(r.config.string(ConfigKeys::BedrockBaseUrl), u"http://127.0.0.1:9"_s);
        QCOMPARE(r.config.source(ConfigKeys::AwsRegion), ConfigSource::Environment);

        l.environment.insert(u"GOOGLE_CLOUD_LOCATION"_s, u"us-east5"_s);
        l.environment.insert(u"AWS_REGION"_s, u"us-west-2"_s);
        l.environment.insert(u"GOOGLE_CLOUD_PROJECT"_s, u"primary"_s);
        r = Config::resolve(l);
        QCOMPARE(r.config.string(ConfigKeys::GoogleCloudLocation), u"us-east5"_s);
        QCOMPARE(r.config.string(ConfigKeys::AwsRegion), u"us-west-2"_s);
        QCOMPARE(r.config.string(ConfigKeys::GoogleCloudProject), u"primary"_s);

        // An alias is checked like the primary name, and the message names the alias.
        l.environment.insert(u"ANTHROPIC_BEDROCK_BASE_URL"_s, u"http://bedrock.example.com"_s);
        r = Config::resolve(l);
        QVERIFY(!r.ok());
        QVERIFY(r.errors.join(u'\n').contains(u"ANTHROPIC_BEDROCK_BASE_URL"_s));

        // The cloud secrets are secrets: never read from config.json silently, never shown.
        for (const auto name : {ConfigKeys::AwsSecretAccessKey, ConfigKeys::AwsSessionToken,
                                ConfigKeys::GoogleCredentialsJson, ConfigKeys::AwsAccessKeyId})
            QVERIFY2(ConfigKeys::find(QString(name))->secret, name.data());
    }

    void emptyStringsAreDropped()
    {
        ConfigLayers l = emptyLayers();
        l.environment.insert(u"SCAN_CONCURRENCY"_s, u""_s);
        l.file.insert(u"scanConcurrency"_s, 4);
        const Config::Result r = Config::resolve(l);
        QVERIFY(r.ok());
        QCOMPARE(r.config.integer(ConfigKeys::ScanConcurrency), 4);
    }

    void booleans_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("expected");
        for (const QString &t : {u"false"_s, u"FALSE"_s, u"0"_s, u"no"_s, u"off"_s, u" Off "_s})
            QTest::newRow(qPrintable(u"false: "_s + t)) << t << false;
        for (const QString &t : {u"true"_s, u"1"_s, u"yes"_s, u"on"_s, u"True"_s})
            QTest::newRow(qPrintable(u"true: "_s + t)) << t << true;
    }
    void booleans()
    {
        QFETCH(QString, text);
        QFETCH(bool, expected);
        ConfigLayers l = emptyLayers();
        l.environment.insert(u"MEMORY_ENABLED"_s, text);
        const Config::Result r = Config::resolve(l);
        QVERIFY(r.ok());
        QCOMPARE(r.config.boolean(ConfigKeys::MemoryEnabled), expected);
    }

    void fileBooleanAcceptsJsonAndText()
    {
        ConfigLayers l = emptyLayers();
        l.file.insert(u"memoryEnabled"_s, false);
        l.file.insert(u"accumulateTests"_s, u"yes"_s);
        const Config::Result r = Config::resolve(l);
        QVERIFY(r.ok());
        QCOMPARE(r.config.boolean(ConfigKeys::MemoryEnabled), false);
        QCOMPARE(r.config.boolean(ConfigKeys::AccumulateTests), true);
    }

    // Every bad value is reported with its key, its source and what is allowed.
    void badValues_data()
    {
        QTest::addColumn<QString>("env");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QStringList>("mustMention");
        QTest::newRow("concurrency too high")
            << u"SCAN_CONCURRENCY"_s << u"25"_s << QStringList{u"scanConcurrency"_s, u"1 to 20"_s, u"SCAN_CONCURRENCY"_s};
        QTest::newRow("concurrency zero")
            << u"SCAN_CONCURRENCY"_s << u"0"_s << QStringList{u"scanConcurrency"_s, u"1 to 20"_s};
        QTest::newRow("concurrency not a number")
            << u"SCAN_CONCURRENCY"_s << u"five"_s << QStringList{u"scanConcurrency"_s, u"not a number"_s};
        QTest::newRow("concurrency fraction")
            << u"SCAN_CONCURRENCY"_s << u"2.5"_s << QStringList{u"whole number"_s};
        QTest::newRow("memory chars too low")
            << u"MAX_MEMORY_CHARS"_s << u"499"_s << QStringList{u"maxMemoryChars"_s, u"500 to 10000"_s};
        QTest::newRow("memory chars too high")
            << u"MAX_MEMORY_CHARS"_s << u"10001"_s << QStringList{u"maxMemoryChars"_s, u"500 to 10000"_s};
        QTest::newRow("bad boolean")
            << u"MEMORY_ENABLED"_s << u"maybe"_s << QStringList{u"memoryEnabled"_s, u"true/false"_s};
        QTest::newRow("unknown provider")
            << u"LLM_PROVIDER"_s << u"gpt"_s << QStringList{u"llmProvider"_s, u"claude-api"_s, u"openai"_s};
        QTest::newRow("plain http remote")
            << u"PANW_MGMT_ENDPOINT"_s << u"http://api.example.com/aisec"_s
            << QStringList{u"mgmtEndpoint"_s, u"loopback"_s};
        QTest::newRow("not a url")
            << u"OPENAI_BASE_URL"_s << u"::nope"_s << QStringList{u"openaiBaseUrl"_s};
        QTest::newRow("ftp url")
            << u"OPENAI_BASE_URL"_s << u"ftp://host/v1"_s << QStringList{u"http(s)"_s};
    }
    void badValues()
    {
        QFETCH(QString, env);
        QFETCH(QString, value);
        QFETCH(QStringList, mustMention);
        ConfigLayers l = emptyLayers();
        l.environment.insert(env, value);
        const Config::Result r = Config::resolve(l);
        QCOMPARE(r.errors.size(), 1);
        for (const QString &m : mustMention)
            QVERIFY2(r.errors.first().contains(m), qPrintable(r.errors.first()));
    }

    void badValueInFileNamesTheFile()
    {
        ConfigLayers l = emptyLayers();
        l.file.insert(u"maxMemoryChars"_s, 20);
        const Config::Result r = Config::resolve(l);
        QCOMPARE(r.errors.size(), 1);
        QVERIFY(r.errors.first().contains(u"config.json"_s));
    }

    void secretValueNeverInErrors()
    {
        ConfigLayers l = emptyLayers();
        l.file.insert(u"airsApiKey"_s, 12345); // wrong type
        const Config::Result r = Config::resolve(l);
        QCOMPARE(r.errors.size(), 1);
        QVERIFY(!r.errors.first().contains(u"12345"_s));
        l.file.insert(u"airsApiKey"_s, QJsonArray{});
        QVERIFY(!Config::resolve(l).ok());
    }

    void loopbackHttpAllowed_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("127.0.0.1") << u"http://127.0.0.1:8080/v1"_s;
        QTest::newRow("localhost") << u"http://localhost:11434/v1"_s;
        QTest::newRow("ipv6") << u"http://[::1]:9000"_s;
        QTest::newRow("https remote") << u"https://api.openai.com/v1/"_s;
    }
    void loopbackHttpAllowed()
    {
        QFETCH(QString, url);
        ConfigLayers l = emptyLayers();
        l.environment.insert(u"OPENAI_BASE_URL"_s, url);
        const Config::Result r = Config::resolve(l);
        QVERIFY2(r.ok(), qPrintable(r.errors.join(u'\n')));
        QVERIFY(!r.config.string(ConfigKeys::OpenAiBaseUrl).endsWith(u'/'));
    }

    void tildeExpansion()
    {
        ConfigLayers l = emptyLayers();
        l.environment.insert(u"DATA_DIR"_s, u"~/runs-here"_s);
        l.file.insert(u"memoryDir"_s, u"~"_s);
        const Config::Result r = Config::resolve(l);
        QCOMPARE(r.config.dataDir(), QDir::homePath() + u"/runs-here"_s);
        QCOMPARE(r.config.memoryDir(), QDir::homePath());
        QCOMPARE(Config::expandHome(u"/abs/~x"_s), u"/abs/~x"_s);
    }

    // The sandbox's runs and learnings live under <home>/sandbox, even when DATA_DIR and
    // MEMORY_DIR name the real directories elsewhere; everything else is unchanged.
    void sandboxedUsesItsOwnHome_data()
    {
        QTest::addColumn<bool>("explicitDirs");
        QTest::newRow("default dirs") << false;
        QTest::newRow("DATA_DIR and MEMORY_DIR set") << true;
    }
    void sandboxedUsesItsOwnHome()
    {
        QFETCH(bool, explicitDirs);
        ConfigLayers l = emptyLayers();
        if (explicitDirs) {
            l.environment.insert(u"DATA_DIR"_s, TestHome::path() + u"/real-runs"_s);
            l.file.insert(u"memoryDir"_s, QString(TestHome::path() + u"/real-memory"_s));
        }
        l.environment.insert(u"SCAN_CONCURRENCY"_s, u"7"_s);
        const Config::Result r = Config::resolve(l);
        QVERIFY2(r.ok(), qPrintable(r.errors.join(u'\n')));
        const Config real = r.config;
        const Config sandbox = real.sandboxed();
        const QString home = TestHome::path() + u"/home/sandbox"_s;
        QCOMPARE(sandbox.sandboxHome(), home);
        QCOMPARE(sandbox.dataDir(), home + u"/runs"_s);
        QCOMPARE(sandbox.memoryDir(), home + u"/memory"_s);
        QCOMPARE(sandbox.string(ConfigKeys::MemoryDir), home + u"/memory"_s);
        QVERIFY(sandbox.isSandboxed());
        QVERIFY(!real.isSandboxed());
        QCOMPARE(real.dataDir(), explicitDirs ? TestHome::path() + u"/real-runs"_s : TestHome::path() + u"/home/runs"_s);
        QCOMPARE(real.memoryDir(),
                 explicitDirs ? TestHome::path() + u"/real-memory"_s : TestHome::path() + u"/home/memory"_s);
        QCOMPARE(sandbox.integer(ConfigKeys::ScanConcurrency), 7);
        QCOMPARE(sandbox.sandboxed().memoryDir(), home + u"/memory"_s); // not <home>/sandbox/sandbox
    }

    void homeFromEnvironment()
    {
        QProcessEnvironment env;
        QCOMPARE(Config::homeDir(env), QDir::homePath() + u"/.daystrom"_s);
        env.insert(u"DAYSTROM_HOME"_s, u"/tmp/x"_s);
        QCOMPARE(Config::homeDir(env), u"/tmp/x"_s);
    }

    void fileSavePreservesUnknownKeys()
    {
        QTemporaryDir dir(TestHome::path() + u"/cfg-XXXXXX"_s);
        const QString path = dir.filePath(u"config.json"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"someFutureKey": {"nested": [1, 2]}, "scanConcurrency": 3})");
        f.close();
        ConfigFile cfg(path);
        QCOMPARE(cfg.save({{u"scanConcurrency"_s, 8}, {u"llmModel"_s, u"m1"_s}}), QString());
        const ConfigFile::Loaded loaded = cfg.load();
        QVERIFY(loaded.error.isEmpty());
        QCOMPARE(loaded.object.value(u"scanConcurrency"_s).toInt(), 8);
        QCOMPARE(loaded.object.value(u"llmModel"_s).toString(), u"m1"_s);
        QCOMPARE(loaded.object.value(u"someFutureKey"_s).toObject().value(u"nested"_s).toArray().size(), 2);
        // Removing a key with an invalid QVariant.
        QCOMPARE(cfg.save({{u"llmModel"_s, QVariant()}}), QString());
        QVERIFY(!cfg.load().object.contains(u"llmModel"_s));
    }

    void fileRefusesSecrets()
    {
        QTemporaryDir dir(TestHome::path() + u"/cfg-XXXXXX"_s);
        ConfigFile cfg(dir.filePath(u"config.json"_s));
        const QString err = cfg.save({{u"airsApiKey"_s, u"sk-secret"_s}});
        QVERIFY(err.contains(u"keychain"_s));
        QVERIFY(!err.contains(u"sk-secret"_s));
        QVERIFY(!QFile::exists(cfg.path()));
    }

    void corruptFileIsKeptAndNeverOverwritten()
    {
        QTemporaryDir dir(TestHome::path() + u"/cfg-XXXXXX"_s);
        const QString path = dir.filePath(u"config.json"_s);
        const QByteArray garbage = "{\"scanConcurrency\": 3,,,";
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(garbage);
        f.close();
        ConfigFile cfg(path);
        const ConfigFile::Loaded loaded = cfg.load();
        QVERIFY(loaded.error.contains(u"corrupt"_s));
        QVERIFY(loaded.object.isEmpty());
        QVERIFY(!cfg.save({{u"scanConcurrency"_s, 4}}).isEmpty());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), garbage);
        f.close();
        const QStringList copies = QDir(dir.path()).entryList({u"config.json.corrupt-*"_s});
        QCOMPARE(copies.size(), 1); // one copy, however often it was read
        QFile copy(dir.filePath(copies.first()));
        QVERIFY(copy.open(QIODevice::ReadOnly));
        QCOMPARE(copy.readAll(), garbage);
    }

    void memorySecretStoreIsAsynchronous()
    {
        MemorySecretStore store;
        QObject context;
        bool wrote = false;
        store.write(u"airsApiKey"_s, u"k1"_s, &context, [&](const SecretStore::Result &r) {
            QVERIFY(r.ok());
            wrote = true;
        });
        QVERIFY(!wrote); // callbacks never run inside the call
        QTRY_VERIFY(wrote);

        QHash<QString, QString> values;
        bool done = false;
        SecretStore::readAll(&store, {u"airsApiKey"_s, u"openaiApiKey"_s}, &context,
                             [&](const QHash<QString, QString> &v, const QStringList &errors) {
                                 values = v;
                                 QVERIFY(errors.isEmpty());
                                 done = true;
                             });
        QTRY_VERIFY(done);
        QCOMPARE(values.value(u"airsApiKey"_s), u"k1"_s);
        QVERIFY(!values.contains(u"openaiApiKey"_s));

        bool removed = false;
        store.remove(u"airsApiKey"_s, &context, [&](const SecretStore::Result &) { removed = true; });
        QTRY_VERIFY(removed);
        QString after = u"x"_s;
        store.read(u"airsApiKey"_s, &context, [&](const SecretStore::Result &r) { after = r.value; });
        QTRY_VERIFY(after.isEmpty());
    }

    void callbackDroppedWhenContextDies()
    {
        MemorySecretStore store;
        bool called = false;
        {
            QObject context;
            store.read(u"x"_s, &context, [&](const SecretStore::Result &) { called = true; });
        }
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QVERIFY(!called);
    }
};

QTEST_GUILESS_MAIN(TestConfig)
#include "tst_config.moc"
