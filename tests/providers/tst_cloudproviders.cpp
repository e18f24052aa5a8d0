// How LlmFactory finds the cloud providers' settings and credentials: the environment names
// the ecosystem uses, the default endpoints, the credential fallbacks and the one-line errors
// when something is missing. No network: the endpoints are only built and inspected.
#include "cloudtestsupport.h"

#include "domain/redaction.h"
#include "llm/bedrockprovider.h"
#include "llm/cloudauth/sigv4.h"
#include "llm/vertexprovider.h"

#include "testmain.h"

#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;
using namespace CloudTest;

class TestCloudProviders : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;
    QTemporaryDir m_dir;
    const QUrl m_tokenUri{u"https://oauth2.googleapis.com/token"_s};

    QString saFile(const QString &name, const QString &projectId = u"proj-file"_s)
    {
        return writeFile(m_dir.filePath(name),
                         serviceAccountJson(m_tokenUri, serviceKey().privateKeyPem, projectId));
    }

    QUrl urlOf(const LlmEndpoint &e)
    {
        QString error;
        std::unique_ptr<LlmProvider> p(LlmFactory::create(&m_nam, e, nullptr, &error));
        return p ? p->buildRequest(topicRequest()).url : QUrl();
    }

private slots:
    void cleanup()
    {
        QDir(QDir::homePath() + u"/.config/gcloud"_s).removeRecursively();
        QDir(QDir::homePath() + u"/.aws"_s).removeRecursively();
    }

    void providersAreListed()
    {
        const QStringList names = LlmFactory::providerNames();
        for (const auto &n : {u"claude-vertex"_s, u"gemini-vertex"_s, u"claude-bedrock"_s})
            QVERIFY2(names.contains(n), qPrintable(n));
        QCOMPARE(LlmFactory::defaultModel(u"claude-vertex"_s), u"claude-sonnet-4-5@20250929"_s);
        QCOMPARE(LlmFactory::defaultModel(u"claude-bedrock"_s),
                 u"us.anthropic.claude-sonnet-4-5-20250929-v1:0"_s);
    }

    void vertexDefaultEndpoints_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("location");
        QTest::addColumn<QString>("url");
        QTest::newRow("gemini regional")
            << u"gemini-vertex"_s << u"europe-west4"_s
            << u"https://europe-west4-aiplatform.googleapis.com/v1/projects/proj-env/locations/europe-west4/publishers/google/models/gemini-2.5-flash:generateContent"_s;
        QTest::newRow("claude global")
            << u"claude-vertex"_s << u"global"_s
            << u"https://aiplatform.googleapis.com/v1/projects/proj-env/locations/global/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict"_s;
    }
    void vertexDefaultEndpoints()
    {
        QFETCH(QString, provider);
        QFETCH(QString, location);
        QFETCH(QString, url);
        QString error;
        const LlmEndpoint e =
            endpointFor({{u"LLM_PROVIDER"_s, provider},
                         {u"GOOGLE_APPLICATION_CREDENTIALS"_s, saFile(u"sa.json"_s)},
                         {u"GOOGLE_CLOUD_PROJECT"_s, u"proj-env"_s},
                         {u"GOOGLE_CLOUD_LOCATION"_s, location}},
                        &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(e.project, u"proj-env"_s); // the environment wins over the file's project_id
        QCOMPARE(e.google.kind, GoogleCredentials::Kind::ServiceAccount);
        QCOMPARE(urlOf(e).toString(), url);
    }

    void bedrockDefaultEndpoint()
    {
        QString error;
        const LlmEndpoint e = endpointFor({{u"LLM_PROVIDER"_s, u"claude-bedrock"_s},
                                           {u"AWS_ACCESS_KEY_ID"_s, AwsKeyId},
                                           {u"AWS_SECRET_ACCESS_KEY"_s, AwsSecret},
                                           {u"AWS_DEFAULT_REGION"_s, u"eu-west-3"_s}},
                                          &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(e.region, u"eu-west-3"_s);
        const QUrl url = urlOf(e);
        QCOMPARE(url.toEncoded(),
                 QByteArray("https://bedrock-runtime.eu-west-3.amazonaws.com/model/"
                            "us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse"));
        QCOMPARE(SigV4::canonicalUri(url),
                 QByteArray("/model/us.anthropic.claude-sonnet-4-5-20250929-v1%253A0/converse"));
    }

    void overridesFromEnvironment()
    {
        QString error;
        LlmEndpoint e =
            endpointFor({{u"LLM_PROVIDER"_s, u"gemini-vertex"_s},
                         {u"GOOGLE_APPLICATION_CREDENTIALS"_s, saFile(u"sa.json"_s)},
                         {u"GOOGLE_VERTEX_BASE_URL"_s, u"https://vertex-proxy.example.com/base"_s}},
                        &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(e.project, u"proj-file"_s);
        QCOMPARE(e.location, u"us-central1"_s);
        QCOMPARE(
            urlOf(e).toString(),
            u"https://vertex-proxy.example.com/base/v1/projects/proj-file/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent"_s);

        e = endpointFor({{u"LLM_PROVIDER"_s, u"claude-bedrock"_s},
                         {u"AWS_ACCESS_KEY_ID"_s, AwsKeyId},
                         {u"AWS_SECRET_ACCESS_KEY"_s, AwsSecret},
                         {u"LLM_MODEL"_s, u"anthropic.claude-3-5-haiku-20241022-v1:0"_s},
                         {u"AWS_ENDPOINT_URL_BEDROCK_RUNTIME"_s,
                          u"https://vpce-1.bedrock-runtime.us-east-1.vpce.amazonaws.com/"_s}},
                        &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(urlOf(e).toEncoded(),
                 QByteArray("https://vpce-1.bedrock-runtime.us-east-1.vpce.amazonaws.com/model/"
                            "anthropic.claude-3-5-haiku-20241022-v1%3A0/converse"));

        // Plain http only to this machine.
        const Config::Result r =
            resolve({{u"LLM_PROVIDER"_s, u"claude-vertex"_s},
                     {u"ANTHROPIC_VERTEX_BASE_URL"_s, u"http://vertex.example.com"_s}});
        QVERIFY(!r.ok());
    }

    void googleCredentialFallbacks()
    {
        // The keychain's JSON when no file is named.
        ConfigLayers layers;
        QProcessEnvironment env;
        env.insert(u"LLM_PROVIDER"_s, u"claude-vertex"_s);
        layers.environment = env;
        layers.secrets.insert(QString(ConfigKeys::GoogleCredentialsJson),
                              QString::fromUtf8(serviceAccountJson(
                                  m_tokenUri, serviceKey().privateKeyPem, u"proj-keychain"_s)));
        Config::Result r = Config::resolve(layers);
        QVERIFY(r.ok());
        QString error;
        LlmEndpoint e = LlmFactory::endpointFromConfig(r.config, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(e.google.origin, u"the keychain"_s);
        QCOMPARE(e.project, u"proj-keychain"_s);
        // The private key is registered as a secret as soon as it is read.
        QVERIFY(!Redaction::apply(QString::fromUtf8(serviceKey().privateKeyPem))
                     .contains(u"PRIVATE KEY-----\nMII"_s));

        // gcloud's application default credentials in $HOME.
        const QString adc =
            QDir::homePath() + u"/.config/gcloud/application_default_credentials.json"_s;
        writeFile(adc, authorizedUserJson(m_tokenUri));
        e = endpointFor({{u"LLM_PROVIDER"_s, u"gemini-vertex"_s}}, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(e.google.kind, GoogleCredentials::Kind::AuthorizedUser);
        QCOMPARE(e.google.origin, adc);
        QCOMPARE(e.project, u"proj-quota"_s);
        QVERIFY(Redaction::apply(u"t "_s + UserRefreshToken) != u"t "_s + UserRefreshToken);
        QVERIFY(Redaction::apply(u"s "_s + UserClientSecret) != u"s "_s + UserClientSecret);
    }

    void clearErrors_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("file"); // "" none; else its content
        QTest::addColumn<QString>("expected");
        QTest::newRow("no google credentials")
            << u"gemini-vertex"_s << QString()
            << u"gemini-vertex needs Google credentials: set GOOGLE_APPLICATION_CREDENTIALS to a service-account key file or import one in Settings"_s;
        QTest::newRow("missing file")
            << u"claude-vertex"_s << u"<missing>"_s
            << u"Cannot read the Google credentials (GOOGLE_APPLICATION_CREDENTIALS="_s;
        QTest::newRow("not json") << u"claude-vertex"_s << u"not json"_s
                                  << u"are not a JSON object"_s;
        QTest::newRow("unsupported type")
            << u"claude-vertex"_s << u"{\"type\":\"external_account\"}"_s
            << u"have type \"external_account\""_s;
        QTest::newRow("no project")
            << u"gemini-vertex"_s << u"<no project>"_s
            << u"gemini-vertex needs a Google Cloud project: set GOOGLE_CLOUD_PROJECT"_s;
        QTest::newRow("http token_uri")
            << u"gemini-vertex"_s << u"<http token_uri>"_s << u"not https"_s;
        QTest::newRow("no aws credentials")
            << u"claude-bedrock"_s << QString()
            << u"claude-bedrock needs AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"_s;
        QTest::newRow("aws profile missing")
            << u"claude-bedrock"_s << u"<aws profile>"_s << u"has no profile [absent]"_s;
    }
    void clearErrors()
    {
        QFETCH(QString, provider);
        QFETCH(QString, file);
        QFETCH(QString, expected);
        QHash<QString, QString> env{{u"LLM_PROVIDER"_s, provider}};
        if (file == "<missing>"_L1) {
            env.insert(u"GOOGLE_APPLICATION_CREDENTIALS"_s, m_dir.filePath(u"absent.json"_s));
        } else if (file == "<no project>"_L1) {
            env.insert(u"GOOGLE_APPLICATION_CREDENTIALS"_s, saFile(u"noproject.json"_s, QString()));
        } else if (file == "<http token_uri>"_L1) {
            env.insert(u"GOOGLE_APPLICATION_CREDENTIALS"_s,
                       writeFile(m_dir.filePath(u"http.json"_s),
                                 serviceAccountJson(QUrl(u"http://tokens.example.com/token"_s),
                                                    serviceKey().privateKeyPem)));
        } else if (file == "<aws profile>"_L1) {
            env.insert(
                u"AWS_SHARED_CREDENTIALS_FILE"_s,
                writeFile(m_dir.filePath(u"awscreds"_s), "[default]\naws_access_key_id=a\n"));
            env.insert(u"AWS_PROFILE"_s, u"absent"_s);
        } else if (!file.isEmpty()) {
            env.insert(u"GOOGLE_APPLICATION_CREDENTIALS"_s,
                       writeFile(m_dir.filePath(u"bad.json"_s), file.toUtf8()));
        }
        QString error;
        const LlmEndpoint e = endpointFor(env, &error);
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY(!error.contains(u'\n'));
        QVERIFY(e.provider.isEmpty());
    }

    void oversizedKeyFileIsRefused()
    {
        const QString big = m_dir.filePath(u"big.json"_s);
        writeFile(big, QByteArray(2 * 1024 * 1024, ' '));
        QString error;
        endpointFor(
            {{u"LLM_PROVIDER"_s, u"gemini-vertex"_s}, {u"GOOGLE_APPLICATION_CREDENTIALS"_s, big}},
            &error);
        QVERIFY2(error.contains(u"larger than"_s), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestCloudProviders)
#include "tst_cloudproviders.moc"
