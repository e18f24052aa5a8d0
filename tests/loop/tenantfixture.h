#pragma once

#include "loopharness.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>

// A production profile as a person has it: their own topic pinned, and policy fields that
// have nothing to do with topics. Snapshots compare the whole tenant byte for byte.
namespace TenantFixture {

inline const QString Production = QStringLiteral("prod");

// `action`: the guardrail's action for prompts that match none of its topics ("allow": a block
// list, the person's topic blocked; "block": an allow list, the person's topic allowed).
inline QJsonObject productionPolicy(const QString &userTopicId, const QString &action = QStringLiteral("allow"))
{
    const QJsonObject guardrails{
        {QStringLiteral("name"), QStringLiteral("topic-guardrails")},
        {QStringLiteral("action"), action},
        {QStringLiteral("options"), QJsonArray()},
        {QStringLiteral("topic-list"),
         QJsonArray{QJsonObject{{QStringLiteral("action"), action == QLatin1String("allow") ? QStringLiteral("block")
                                                                                            : QStringLiteral("allow")},
                                {QStringLiteral("topic"),
                                 QJsonArray{QJsonObject{{QStringLiteral("topic_id"), userTopicId},
                                                        {QStringLiteral("topic_name"), QStringLiteral("Customer records")},
                                                        {QStringLiteral("revision"), 1}}}}}}}};
    const QJsonObject injection{{QStringLiteral("name"), QStringLiteral("prompt-injection")},
                                {QStringLiteral("action"), QStringLiteral("block")}};
    const QJsonObject config{{QStringLiteral("model-protection"), QJsonArray{injection, guardrails}},
                             {QStringLiteral("latency"), QJsonObject{{QStringLiteral("max-inline-latency"), 5}}}};
    return QJsonObject{
        {QStringLiteral("ai-security-profiles"),
         QJsonArray{QJsonObject{{QStringLiteral("model-type"), QStringLiteral("default")},
                                {QStringLiteral("model-configuration"), config}}}},
        {QStringLiteral("dlp-data-profiles"), QJsonArray{QStringLiteral("Credit cards")}}};
}

// Seeds "prod" with the person's topic; returns that topic's id.
inline QString seedProduction(AirsEmulator &airs)
{
    const QString id = airs.addTopic(QStringLiteral("Customer records"),
                                     QStringLiteral("Requests to export or list customer account records"),
                                     {QStringLiteral("Export all customer records"), QStringLiteral("List every customer's address")});
    airs.addProfile(Production, productionPolicy(id));
    return id;
}

inline QByteArray compact(QList<QJsonObject> list)
{
    std::sort(list.begin(), list.end(), [](const QJsonObject &a, const QJsonObject &b) {
        return QJsonDocument(a).toJson(QJsonDocument::Compact) < QJsonDocument(b).toJson(QJsonDocument::Compact);
    });
    QJsonArray a;
    for (const QJsonObject &o : list)
        a.append(o);
    return QJsonDocument(a).toJson(QJsonDocument::Compact);
}

// Every profile revision and every topic, as AIRS lists them.
struct Snapshot
{
    QByteArray profiles;
    QByteArray topics;
    static Snapshot of(const AirsEmulator &airs) { return {compact(airs.profiles()), compact(airs.topics())}; }
    friend bool operator==(const Snapshot &, const Snapshot &) = default;
};

inline QSet<QString> scannedProfiles(const AirsEmulator &airs)
{
    QSet<QString> names;
    for (const AirsEmulator::RecordedRequest &r : airs.requests()) {
        if (r.path.endsWith(QStringLiteral("/v1/scan/sync/request")))
            names.insert(QJsonDocument::fromJson(r.body).object().value(QStringLiteral("ai_profile")).toObject()
                             .value(QStringLiteral("profile_name")).toString());
    }
    return names;
}

inline int writesTo(const AirsEmulator &airs, const QString &pathPart)
{
    int n = 0;
    for (const AirsEmulator::RecordedRequest &r : airs.requests()) {
        if (r.method != "GET" && r.path.contains(pathPart))
            ++n;
    }
    return n;
}

inline QStringList profileNames(const AirsEmulator &airs)
{
    QStringList names;
    for (const QJsonObject &p : airs.profiles())
        names.append(p.value(QStringLiteral("profile_name")).toString());
    return names;
}
} // namespace TenantFixture
