#include "profileroutes.h"

#include "emulatorstate.h"
#include "pagination.h"
#include "policyjson.h"
#include "routepath.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {
ApiReply wrongMethod(const ApiRequest &request)
{
    return ApiReply::routeError(405, u"method %1 not allowed on %2"_s.arg(
                                         QString::fromLatin1(request.method), request.path));
}
} // namespace

ProfileRoutes::ProfileRoutes(EmulatorState &state)
    : m_state(state)
{}

std::optional<ApiReply> ProfileRoutes::handle(const ApiRequest &request, const QString &path)
{
    QStringList params;
    const QByteArray &method = request.method;
    if (RoutePath::match(path, u"/v1/mgmt/profiles/tsg/{}", &params))
        return method == "GET" ? list(request, params.at(0)) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/mgmt/profiles")) // the token's own TSG (live-checked alias)
        return method == "GET" ? list(request, m_state.options.credentials.tsgId) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/mgmt/profile"))
        return method == "POST" ? create(request) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/mgmt/profile/uuid/{}", &params))
        return method == "PUT" ? update(request, params.at(0)) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/mgmt/profile/{}/force", &params))
        return method == "DELETE" ? remove(request, params.at(0), true) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/mgmt/profile/{}", &params))
        return method == "DELETE" ? remove(request, params.at(0), false) : wrongMethod(request);
    return std::nullopt;
}

ApiReply ProfileRoutes::list(const ApiRequest &request, const QString &tsgId) const
{
    if (tsgId != m_state.options.credentials.tsgId)
        return ApiReply::message(403, u"the access token is not valid for tsg_id %1"_s.arg(tsgId));
    Pagination page;
    if (auto bad = Pagination::parse(request, u"offset"_s, m_state.options.pageSizeLimit, &page))
        return *bad;
    const QList<QJsonObject> all = m_state.profiles.list();
    QJsonObject out{{u"ai_profiles"_s, page.page(all)}};
    if (const auto next = page.nextOffset(all.size()))
        out.insert(u"next_offset"_s, qint64(*next));
    return ApiReply::json(out);
}

std::optional<ApiReply> ProfileRoutes::parseWrite(const QByteArray &body,
                                                  ProfileStore::Write *write) const
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return ApiReply::message(400, u"malformed request body: expected a JSON object"_s);
    const QJsonObject o = doc.object();

    if (o.contains(u"profile_name"_s)) {
        const QString name = o.value(u"profile_name"_s).toString();
        if (name.trimmed().isEmpty() || name.size() > 100)
            return ApiReply::message(400, u"profile_name: must be a non-empty string of at most "
                                          "100 characters"_s);
        write->name = name;
    }
    if (write->name.isEmpty())
        return ApiReply::message(400, u"profile_name: is required"_s);
    if (o.contains(u"active"_s)) {
        if (!o.value(u"active"_s).isBool())
            return ApiReply::message(400, u"active: must be a boolean"_s);
        write->active = o.value(u"active"_s).toBool();
    }
    if (o.contains(u"policy"_s)) {
        if (!o.value(u"policy"_s).isObject())
            return ApiReply::message(400, u"policy: must be an object"_s);
        write->policy = o.value(u"policy"_s).toObject();
    }
    const QString problem = PolicyJson::validate(write->policy, m_state.topics);
    if (!problem.isEmpty())
        return ApiReply::message(400, u"policy: "_s + problem);

    QJsonObject extra = write->extra;
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        if (!ProfileStore::isKnownKey(it.key()))
            extra.insert(it.key(), it.value());
    }
    write->extra = extra;
    return std::nullopt;
}

bool ProfileRoutes::nameTakenByOther(const QString &name, const QString &id) const
{
    const QString owner = m_state.profiles.latestIdForName(name);
    if (owner.isEmpty() || owner == id)
        return false;
    // With new ids on update, older revisions of the same profile share its name.
    return m_state.profiles.json(id).value(u"profile_name"_s).toString() != name;
}

ApiReply ProfileRoutes::create(const ApiRequest &request)
{
    ProfileStore::Write write;
    write.policy = PolicyJson::defaultPolicy();
    if (auto bad = parseWrite(request.body, &write))
        return *bad;
    if (!m_state.profiles.latestIdForName(write.name).isEmpty())
        return ApiReply::message(409,
                                 u"a security profile named '%1' already exists"_s.arg(write.name));
    const QString id = m_state.profiles.create(write, m_state.options.actorEmail);
    return ApiReply::json(m_state.profiles.json(id));
}

ApiReply ProfileRoutes::update(const ApiRequest &request, const QString &id)
{
    if (!m_state.profiles.contains(id))
        return ApiReply::message(404, u"security profile '%1' not found"_s.arg(id));
    const QJsonObject current = m_state.profiles.json(id);
    ProfileStore::Write write;
    write.name = current.value(u"profile_name"_s).toString();
    write.active = current.value(u"active"_s).toBool(true);
    write.policy = current.value(u"policy"_s).toObject();
    for (auto it = current.constBegin(); it != current.constEnd(); ++it) {
        if (!ProfileStore::isKnownKey(it.key()))
            write.extra.insert(it.key(), it.value());
    }
    if (auto bad = parseWrite(request.body, &write))
        return *bad;
    if (nameTakenByOther(write.name, id))
        return ApiReply::message(409,
                                 u"a security profile named '%1' already exists"_s.arg(write.name));
    const QString updated = m_state.profiles.update(id, write, m_state.options.actorEmail,
                                                    m_state.options.newProfileIdOnUpdate);
    return ApiReply::json(m_state.profiles.json(updated));
}

ApiReply ProfileRoutes::remove(const ApiRequest &request, const QString &id, bool force)
{
    if (force && request.queryItem(u"updated_by"_s).isEmpty())
        return ApiReply::message(400, u"updated_by: is required for a forced delete"_s);
    if (!m_state.profiles.contains(id))
        return ApiReply::message(404, u"security profile '%1' not found"_s.arg(id));
    // The emulator has no security policies, so nothing can reference a profile (no 409).
    m_state.profiles.remove(id);
    return ApiReply::jsonString(u"successfully deleted profileId: "_s + id);
}
