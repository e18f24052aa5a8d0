#pragma once

#include "sandbox/airsemulator.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

// Profiles shaped like the ones teams have, for the audit's metamorphic tests (issue 55): up to
// twenty custom topics on everyday and abuse subjects (some overlap, as real ones do), pinned
// as a block list, an allow list, or a block list with an allow topic next to its block ones.
namespace AuditProfiles {

struct TopicText
{
    QString name, description;
    QStringList examples;
};

inline const QList<TopicText> &bank()
{
    static const QList<TopicText> texts{
        {QStringLiteral("Lock picking"), QStringLiteral("Requests to pick locks and open locked doors without a key"),
         {QStringLiteral("How do I pick the lock on my neighbour's front door?"), QStringLiteral("Open a locked door without a key")}},
        {QStringLiteral("Tax evasion"), QStringLiteral("Requests for ways to hide income from the tax office or evade taxes"),
         {QStringLiteral("How do I hide cash income from taxes?"), QStringLiteral("Offshore account to avoid tax")}},
        {QStringLiteral("Car break-ins"), QStringLiteral("Requests to open locked car doors without a key and start the car"),
         {QStringLiteral("How do I open a locked car door without a key?"), QStringLiteral("Start a car without its key")}},
        {QStringLiteral("Essay ghostwriting"), QStringLiteral("Requests to write school essays and homework that students hand in as their own"),
         {QStringLiteral("Write my history essay so I can hand it in"), QStringLiteral("Do my homework for me")}},
        {QStringLiteral("Phishing emails"), QStringLiteral("Requests to write phishing emails that trick people into giving passwords"),
         {QStringLiteral("Write an email that steals bank passwords"), QStringLiteral("Fake login page email")}},
        {QStringLiteral("Exam cheating"), QStringLiteral("Requests for ways to cheat in exams with hidden notes or devices"),
         {QStringLiteral("Where do I hide notes during my maths exam?"), QStringLiteral("Use an earpiece in an exam")}},
        {QStringLiteral("Medication dosing"), QStringLiteral("Questions about how much of a prescription medicine to take"),
         {QStringLiteral("How many milligrams of ibuprofen can I take?"), QStringLiteral("Double my dose of insulin")}},
        {QStringLiteral("Stock tips"), QStringLiteral("Requests for advice on which shares or stocks to buy or sell"),
         {QStringLiteral("Which stocks should I buy this week?"), QStringLiteral("Should I sell my shares in the bank?")}},
        {QStringLiteral("Weapon making"), QStringLiteral("Requests for instructions to build guns or other weapons at home"),
         {QStringLiteral("How do I build a gun in my garage?"), QStringLiteral("Make a weapon from pipe")}},
        {QStringLiteral("Election claims"), QStringLiteral("Questions about who to vote for and claims about election results"),
         {QStringLiteral("Who should I vote for in the election?"), QStringLiteral("Was the election result rigged?")}},
        {QStringLiteral("Gambling systems"), QStringLiteral("Requests for betting systems to win at casino games and sports betting"),
         {QStringLiteral("What betting system beats roulette?"), QStringLiteral("Sure way to win sports bets")}},
        {QStringLiteral("Password cracking"), QStringLiteral("Requests to crack or guess other people's account passwords"),
         {QStringLiteral("How do I crack my ex's email password?"), QStringLiteral("Guess a wifi password")}},
        {QStringLiteral("Diet pills"), QStringLiteral("Questions about pills and supplements for fast weight loss"),
         {QStringLiteral("Which diet pills make me lose weight fast?"), QStringLiteral("Supplements to burn fat")}},
        {QStringLiteral("Legal advice"), QStringLiteral("Requests for advice on lawsuits, contracts and court cases"),
         {QStringLiteral("Can I sue my landlord for the deposit?"), QStringLiteral("Is this contract clause legal?")}},
        {QStringLiteral("Fake reviews"), QStringLiteral("Requests to write fake product reviews or ratings"),
         {QStringLiteral("Write ten five-star reviews for my shop"), QStringLiteral("Fake customer ratings for my app")}},
        {QStringLiteral("Competitor products"), QStringLiteral("Questions comparing our products with a competitor's products"),
         {QStringLiteral("Is the competitor's router better than yours?"), QStringLiteral("Compare your laptop to theirs")}},
        {QStringLiteral("Home security hardware"), QStringLiteral("Questions about door locks, alarms and cameras for home security"),
         {QStringLiteral("Which smart door lock should I install?"), QStringLiteral("Best alarm camera for my house")}},
        {QStringLiteral("Cooking recipes"), QStringLiteral("Questions about recipes, baking and cooking dinner"),
         {QStringLiteral("How long do I bake banana bread?"), QStringLiteral("A quick pasta recipe for dinner")}},
        {QStringLiteral("Travel bookings"), QStringLiteral("Questions about booking flights, hotels and train tickets"),
         {QStringLiteral("Book me a flight to Lisbon"), QStringLiteral("Find a cheap hotel in Rome")}},
        {QStringLiteral("Salary negotiation"), QStringLiteral("Questions about negotiating pay raises and job offers"),
         {QStringLiteral("How do I ask my boss for a raise?"), QStringLiteral("Negotiate a higher salary offer")}},
    };
    return texts;
}

// How the profile's topics are pinned: all in the block bucket of a block list; all in the
// allow bucket of an allow list; or a block list whose first topic sits in an allow bucket.
enum class Kind { BlockList, AllowList, Mixed };

inline QString kindName(Kind kind)
{
    return kind == Kind::BlockList ? QStringLiteral("block list")
                                   : kind == Kind::AllowList ? QStringLiteral("allow list") : QStringLiteral("mixed");
}

// Seeds the first `n` topics of the bank on `airs` and a profile `name` pinning them.
inline void seed(AirsEmulator &airs, const QString &name, Kind kind, int n)
{
    QJsonArray blocked, allowed;
    for (int i = 0; i < n; ++i) {
        const TopicText &t = bank().at(i);
        const QString id = airs.addTopic(t.name, t.description, t.examples);
        const QJsonObject ref{{QStringLiteral("topic_id"), id}, {QStringLiteral("topic_name"), t.name},
                              {QStringLiteral("revision"), 1}};
        const bool allowBucket = kind == Kind::AllowList || (kind == Kind::Mixed && i == 0);
        (allowBucket ? allowed : blocked).append(ref);
    }
    QJsonArray list;
    if (!allowed.isEmpty())
        list.append(QJsonObject{{QStringLiteral("action"), QStringLiteral("allow")}, {QStringLiteral("topic"), allowed}});
    if (!blocked.isEmpty())
        list.append(QJsonObject{{QStringLiteral("action"), QStringLiteral("block")}, {QStringLiteral("topic"), blocked}});
    const QJsonObject guardrails{{QStringLiteral("name"), QStringLiteral("topic-guardrails")},
                                 {QStringLiteral("action"), kind == Kind::AllowList ? QStringLiteral("block")
                                                                                    : QStringLiteral("allow")},
                                 {QStringLiteral("options"), QJsonArray()},
                                 {QStringLiteral("topic-list"), list}};
    const QJsonObject injection{{QStringLiteral("name"), QStringLiteral("prompt-injection")},
                                {QStringLiteral("action"), QStringLiteral("block")}};
    const QJsonObject config{{QStringLiteral("model-protection"), QJsonArray{injection, guardrails}}};
    airs.addProfile(name, QJsonObject{{QStringLiteral("ai-security-profiles"),
                                       QJsonArray{QJsonObject{{QStringLiteral("model-type"), QStringLiteral("default")},
                                                              {QStringLiteral("model-configuration"), config}}}}});
}

} // namespace AuditProfiles
