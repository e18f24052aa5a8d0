#include "auditstate.h"

#include "domain/jsonfile.h"
#include "domain/jsonin.h"
#include "domain/nanoid.h"

#include <QDir>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {
constexpr std::array<QStringView, 4> kStatus = {u"running", u"completed", u"failed", u"cancelled"};

QJsonObject suiteJson(const AuditSuite &s)
{
    QJsonArray prompts, scans;
    for (const TestCase &t : s.prompts)
        prompts.append(t.toJson());
    for (const AuditScan &scan : s.scans)
        scans.append(scan.toJson());
    QJsonObject o{{u"topic"_s, s.topic}, {u"prompts"_s, prompts}};
    if (!s.scans.isEmpty())
        o.insert(u"scans"_s, scans);
    return o;
}

AuditSuite suiteFrom(const JsonIn &in)
{
    AuditSuite s;
    s.topic = in.stringOr("topic"_L1, {});
    const QJsonArray prompts = in.array("prompts"_L1);
    for (qsizetype i = 0; i < prompts.size(); ++i)
        s.prompts.append(TestCase::fromJson(in.element("prompts"_L1, i, prompts.at(i))));
    const QJsonArray scans = in.arrayOr("scans"_L1);
    for (qsizetype i = 0; i < scans.size(); ++i)
        s.scans.append(AuditScan::fromJson(in.element("scans"_L1, i, scans.at(i))));
    if (!s.scans.isEmpty() && s.scans.size() != s.prompts.size())
        in.error("scans"_L1, u"%1 scans for %2 prompts"_s.arg(s.scans.size()).arg(s.prompts.size()));
    return s;
}
} // namespace

QString auditStatusName(AuditState::Status status)
{
    return kStatus[int(status)].toString();
}

AuditSuite *AuditState::suite(const QString &topic)
{
    for (AuditSuite &s : suites) {
        if (s.topic == topic)
            return &s;
    }
    return nullptr;
}

const AuditSuite *AuditState::suite(const QString &topic) const
{
    return const_cast<AuditState *>(this)->suite(topic);
}

QJsonObject AuditState::toJson() const
{
    QJsonArray topicList, suiteList;
    for (const AuditTopic &t : topics)
        topicList.append(t.toJson());
    for (const AuditSuite &s : suites)
        suiteList.append(suiteJson(s));
    QJsonObject o{{u"version"_s, 1},
                  {u"id"_s, id},
                  {u"profileName"_s, profileName},
                  {u"createdAt"_s, createdAt.toUTC().toString(Qt::ISODateWithMs)},
                  {u"updatedAt"_s, updatedAt.toUTC().toString(Qt::ISODateWithMs)},
                  {u"status"_s, auditStatusName(status)},
                  {u"topics"_s, topicList},
                  {u"suites"_s, suiteList},
                  {u"tenant"_s, tenant.toJson()},
                  {u"attributed"_s, attributed},
                  {u"guardrailAction"_s, guardrailAction}};
    if (!error.isEmpty())
        o.insert(u"error"_s, error);
    return o;
}

AuditState AuditState::fromJson(const QJsonObject &object, QStringList *errors)
{
    const JsonIn in(object, u"audit"_s, errors);
    AuditState a;
    a.id = in.string("id"_L1);
    a.profileName = in.string("profileName"_L1);
    a.createdAt = in.timestamp("createdAt"_L1);
    a.updatedAt = in.timestamp("updatedAt"_L1);
    const QString status = in.string("status"_L1);
    const auto found = std::find(kStatus.cbegin(), kStatus.cend(), status);
    if (found == kStatus.cend())
        in.error("status"_L1, u"not one of running, completed, failed, cancelled"_s);
    else
        a.status = Status(found - kStatus.cbegin());
    a.error = in.stringOr("error"_L1, {});
    const QJsonArray topics = in.array("topics"_L1);
    for (qsizetype i = 0; i < topics.size(); ++i)
        a.topics.append(AuditTopic::fromJson(in.element("topics"_L1, i, topics.at(i))));
    const QJsonArray suites = in.array("suites"_L1);
    for (qsizetype i = 0; i < suites.size(); ++i)
        a.suites.append(suiteFrom(in.element("suites"_L1, i, suites.at(i))));
    a.tenant = TenantFootprint::fromJson(in.child("tenant"_L1));
    a.attributed = in.booleanOr("attributed"_L1, false);
    // Files from before issue 55 did not keep it: a profile of allow topics alone is read as
    // an allow list, any other as a block list.
    const bool allAllow = !a.topics.isEmpty() && std::all_of(a.topics.cbegin(), a.topics.cend(),
                                                             [](const AuditTopic &t) { return t.action == u"allow"; });
    a.guardrailAction = in.stringOr("guardrailAction"_L1, allAllow ? u"block"_s : u"allow"_s);
    if (a.guardrailAction != u"allow" && a.guardrailAction != u"block")
        in.error("guardrailAction"_L1, u"neither allow nor block"_s);
    return a;
}

QString AuditState::directory(const QString &home)
{
    return home + u"/audits"_s;
}

QString AuditState::path(const QString &home) const
{
    return directory(home) + u'/' + id + u".json"_s;
}

QString AuditState::save(const QString &home) const
{
    if (!QDir().mkpath(directory(home)))
        return u"cannot create "_s + QDir::toNativeSeparators(directory(home));
    return JsonFile::write(path(home), toJson());
}

std::optional<AuditState> AuditState::load(const QString &home, const QString &id, QString *error)
{
    const QString file = directory(home) + u'/' + id + u".json"_s;
    const JsonFile::ReadResult read = JsonFile::read(file);
    if (!read.ok() || !read.exists) {
        *error = read.exists ? read.error : u"no audit %1 in %2"_s.arg(id, QDir::toNativeSeparators(directory(home)));
        return std::nullopt;
    }
    QStringList errors;
    AuditState a = fromJson(read.object, &errors);
    if (!errors.isEmpty()) {
        *error = u"%1: %2"_s.arg(QDir::toNativeSeparators(file), errors.join(u"; "_s));
        return std::nullopt;
    }
    return a;
}

QList<AuditState> AuditState::all(const QString &home, QStringList *problems)
{
    QList<AuditState> out;
    for (const QString &name : QDir(directory(home)).entryList({u"*.json"_s}, QDir::Files)) {
        if (name.startsWith(u"impact-"_s))
            continue;
        QString error;
        if (const std::optional<AuditState> a = load(home, name.chopped(5), &error))
            out.append(*a);
        else if (problems)
            problems->append(error);
    }
    std::sort(out.begin(), out.end(), [](const AuditState &a, const AuditState &b) { return a.updatedAt > b.updatedAt; });
    return out;
}

QList<AuditState> AuditState::ofProfile(const QString &home, const QString &profileName)
{
    QList<AuditState> out;
    for (const QString &name : QDir(directory(home)).entryList({u"*.json"_s}, QDir::Files)) {
        QString ignored; // an audit file that cannot be read is no audit of anything
        if (const std::optional<AuditState> a = load(home, name.chopped(5), &ignored); a && a->profileName == profileName)
            out.append(*a);
    }
    std::sort(out.begin(), out.end(), [](const AuditState &a, const AuditState &b) { return a.updatedAt > b.updatedAt; });
    return out;
}

AuditState AuditState::resumeOrStart(const QString &home, const QString &profileName, bool fresh, bool *resumed)
{
    if (!fresh) {
        const QList<AuditState> audits = ofProfile(home, profileName);
        for (qsizetype i = 0; i < audits.size(); ++i) {
            const AuditState &a = audits.at(i);
            // The newest audit, completed but killed while it removed its scratch objects, is
            // resumed too: it only has its clean-up left (an older one is cleaned up instead).
            if (a.status != Status::Completed || (i == 0 && !a.tenant.isClear())) {
                *resumed = true;
                return a;
            }
        }
    }
    *resumed = false;
    AuditState a;
    a.id = NanoId::generate();
    a.profileName = profileName;
    a.createdAt = QDateTime::currentDateTimeUtc();
    return a;
}

std::optional<AuditState> AuditState::latestCompleted(const QString &home, const QString &profileName)
{
    for (const AuditState &a : ofProfile(home, profileName)) {
        if (a.status == Status::Completed)
            return a;
    }
    return std::nullopt;
}

QHash<QString, QList<TestCase>> AuditState::storedPrompts(const QString &home, const QString &profileName,
                                                          const QList<AuditTopic> &topics)
{
    const QList<AuditState> earlier = ofProfile(home, profileName);
    QHash<QString, QList<TestCase>> out;
    for (const AuditTopic &t : topics) {
        for (const AuditState &a : earlier) {
            const auto same = std::find_if(a.topics.cbegin(), a.topics.cend(), [&t](const AuditTopic &o) {
                return o.name == t.name && o.description == t.description && o.examples == t.examples;
            });
            const AuditSuite *suite = a.suite(t.name);
            if (same != a.topics.cend() && suite && !suite->prompts.isEmpty()) {
                out.insert(t.name, suite->prompts);
                break;
            }
        }
    }
    return out;
}
