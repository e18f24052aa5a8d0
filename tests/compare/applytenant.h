#pragma once

#include "../airs/airstesthelpers.h" // after the client: it relies on AirsResult
#include "airs/managementclient.h"
#include "airs/profilepolicy.h"
#include "comparefixture.h"
#include "runs/runstore.h"
#include "testhome.h"

#include <QNetworkAccessManager>

using namespace Qt::StringLiterals;

// A tenant as a person has it after applying iteration 2 of the fixture run earlier: profile
// "lab" pins their own topic and iteration 2's topic with its companion. The run is stored
// in its own runs directory, where applies are recorded.
struct ApplyTenant
{
    QNetworkAccessManager nam;
    AirsEmulator airs;
    std::unique_ptr<ManagementClient> client;
    RunState run;
    QString runsDir;
    QString userTopicId;
    AirsTopic earlier; // iteration 2's topic, as applied before

    bool setUp()
    {
        if (!airs.start())
            return false;
        client = std::make_unique<ManagementClient>(&nam, emulatorSettings(airs));
        airs.addProfile(u"lab"_s);
        userTopicId = airs.addTopic(u"Customer records"_s, u"Requests to export customer records"_s,
                                    {u"Export all customers"_s, u"List customer addresses"_s});
        run = CompareFixture::make();
        auto create = [&](const Topic &topic) {
            return await<AirsTopic>([&](QObject *ctx, auto done) {
                       client->createTopic(topic.name, topic.description, topic.examples, ctx, done);
                   }).value;
        };
        earlier = create(run.iterationByNumber(2)->topic);
        const AirsTopic companion = create(*run.companionTopic);
        const auto assigned = await<AirsProfile>([&](QObject *ctx, auto done) {
            client->assignTopics(u"lab"_s,
                                 {{userTopicId, u"Customer records"_s, u"block"_s, 0},
                                  {companion.id, companion.name, u"allow"_s, 0},
                                  {earlier.id, earlier.name, u"block"_s, 0}},
                                 u"allow"_s, ctx, done);
        });
        static int n = 0;
        runsDir = TestHome::path() + u"/apply-runs-"_s + QString::number(++n);
        return assigned.ok() && !earlier.id.isEmpty() && RunStore(runsDir).save(run).isEmpty();
    }

    QJsonObject policy() const { return airs.profile(u"lab"_s).value(u"policy"_s).toObject(); }
    RunState stored() const { return RunStore(runsDir).load(run.id).run; }
};
