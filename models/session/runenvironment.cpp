#include "runenvironment.h"

#include "airs/managementclient.h"
#include "airs/promptsetclient.h"
#include "config/config.h"
#include "llm/llmfactory.h"
#include "storerunmemory.h"

#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;

RunEnvironment RunEnvironment::fromConfig(const Config &config, QString *error)
{
    RunEnvironment env;
    env.airs = AirsSettings::fromConfig(config);
    env.runsDirectory = config.dataDir();
    env.scanConcurrency = config.integer(ConfigKeys::ScanConcurrency);
    env.scanRate = config.number(ConfigKeys::ScanRate);
    env.propagationDelayMs = config.integer(ConfigKeys::PropagationDelayMs);
    env.useMemoryFrom(config);
    QString pricesError;
    env.prices = PriceTable::fromConfigFile(config.home(), &pricesError);
    QString llmError;
    env.llm = LlmFactory::endpointFromConfig(config, &llmError);
    QStringList problems;
    if (!pricesError.isEmpty())
        problems.append(pricesError);
    if (!llmError.isEmpty())
        problems.append(llmError);
    if (!env.airs.hasScanCredentials())
        problems.append(u"the AIRS scan API needs a key: set PANW_AI_SEC_API_KEY or store it in the keychain"_s);
    if (!env.airs.hasManagementCredentials())
        problems.append(u"the AIRS management API needs PANW_MGMT_CLIENT_ID, PANW_MGMT_CLIENT_SECRET and "
                        "PANW_MGMT_TSG_ID"_s);
    if (error)
        *error = problems.join(u"; "_s);
    return env;
}

void RunEnvironment::useMemoryFrom(const Config &config)
{
    const std::optional<RunMemorySettings> settings = RunMemorySettings::fromConfig(config);
    if (!settings) {
        memoryFactory = nullptr;
        return;
    }
    memoryFactory = [s = *settings](QObject *owner, const QString &source, LlmProvider *llm) -> RunMemory * {
        return new StoreRunMemory(s, llm, source, owner);
    };
}

RunServices RunEnvironment::build(QObject *owner) const
{
    auto *nam = new QNetworkAccessManager(owner);
    RunServices s;
    QString error;
    s.llm = LlmFactory::create(nam, llm, owner, &error);
    s.management = new ManagementClient(nam, airs, owner);
    s.promptSets = new PromptSetClient(nam, airs, owner);
    s.airs = airs;
    s.runsDirectory = runsDirectory;
    s.scanConcurrency = scanConcurrency;
    s.scanRate = scanRate;
    s.propagationDelayMs = propagationDelayMs;
    s.source = llm.provider + u'/' + llm.model;
    s.prices = prices;
    if (memoryFactory)
        s.memory = memoryFactory(owner, s.source, s.llm);
    return s;
}
