// requestTimeoutMs / DAYSTROM_REQUEST_TIMEOUT_MS reach every AIRS client's settings, and
// llmTimeoutMs / DAYSTROM_LLM_TIMEOUT_MS the LLM endpoint; out-of-range values are refused.
#include "airs/airssettings.h"
#include "config/config.h"
#include "llm/llmfactory.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

class TestTimeoutConfig : public QObject
{
    Q_OBJECT

    static Config::Result resolve(const QHash<QString, QString> &env, const QJsonObject &file = {})
    {
        ConfigLayers layers;
        layers.environment = QProcessEnvironment();
        for (auto it = env.cbegin(); it != env.cend(); ++it)
            layers.environment.insert(it.key(), it.value());
        layers.environment.insert(u"LLM_PROVIDER"_s, u"ollama"_s);
        layers.file = file;
        return Config::resolve(layers);
    }

private slots:
    void defaults()
    {
        const Config::Result r = resolve({});
        QVERIFY2(r.ok(), qPrintable(r.errors.join(u"; "_s)));
        QCOMPARE(AirsSettings::fromConfig(r.config).timeoutMs, 30000);
        QCOMPARE(LlmFactory::endpointFromConfig(r.config, nullptr).timeoutMs, 180000);
    }

    void fromEnvironmentAndFile()
    {
        const Config::Result env = resolve({{u"DAYSTROM_REQUEST_TIMEOUT_MS"_s, u"1500"_s},
                                            {u"DAYSTROM_LLM_TIMEOUT_MS"_s, u"2500"_s}});
        QVERIFY2(env.ok(), qPrintable(env.errors.join(u"; "_s)));
        QCOMPARE(AirsSettings::fromConfig(env.config).timeoutMs, 1500);
        QCOMPARE(LlmFactory::endpointFromConfig(env.config, nullptr).timeoutMs, 2500);

        const Config::Result file =
            resolve({}, QJsonObject{{u"requestTimeoutMs"_s, 700}, {u"llmTimeoutMs"_s, 900000}});
        QVERIFY2(file.ok(), qPrintable(file.errors.join(u"; "_s)));
        QCOMPARE(AirsSettings::fromConfig(file.config).timeoutMs, 700);
        QCOMPARE(LlmFactory::endpointFromConfig(file.config, nullptr).timeoutMs, 900000);
    }

    void outOfRangeIsRefused_data()
    {
        QTest::addColumn<QString>("env");
        QTest::addColumn<QString>("value");
        QTest::newRow("request too short") << u"DAYSTROM_REQUEST_TIMEOUT_MS"_s << u"100"_s;
        QTest::newRow("request too long") << u"DAYSTROM_REQUEST_TIMEOUT_MS"_s << u"600001"_s;
        QTest::newRow("llm too long") << u"DAYSTROM_LLM_TIMEOUT_MS"_s << u"900001"_s;
        QTest::newRow("llm not a number") << u"DAYSTROM_LLM_TIMEOUT_MS"_s << u"soon"_s;
    }
    void outOfRangeIsRefused()
    {
        QFETCH(QString, env);
        QFETCH(QString, value);
        const Config::Result r = resolve({{env, value}});
        const QString all = (r.errors + r.warnings).join(u"; "_s);
        QVERIFY2(all.contains(env), qPrintable(all));
        // Whatever the layer does with a refused value, no client runs without a timeout.
        QVERIFY(AirsSettings::fromConfig(r.config).timeoutMs >= 500);
        QVERIFY(LlmFactory::endpointFromConfig(r.config, nullptr).timeoutMs >= 500);
    }
};

QTEST_GUILESS_MAIN(TestTimeoutConfig)
#include "tst_timeoutconfig.moc"
