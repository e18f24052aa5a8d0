#include "topicroutes.h"

#include "emulatorstate.h"
#include "pagination.h"
#include "routepath.h"

#include "domain/topiclimits.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {
// TopicLimits names fields after the domain type; the API calls the name "topic_name".
QString apiField(const QString &field)
{
    if (field == u"name")
        return u"topic_name"_s;
    if (field == u"topic")
        return u"topic (name + description + examples)"_s;
    return field;
}

ApiReply wrongMethod(const ApiRequest &request)
{
    return ApiReply::routeError(405, u"method %1 not allowed on %2"_s.arg(
                                         QString::fromLatin1(request.method), request.path));
}
} // namespace

TopicRoutes::TopicRoutes(EmulatorState &state)
    : m_state(state)
{}

std::optional<ApiReply> TopicRoutes::handle(const ApiRequest &request, const QString &path)
{
    QStringList params;
    const QByteArray &method = request.method;
    if (RoutePath::match(path, u"/v1/mgmt/topics/tsg/{}", &params))
        return method == "GET" ? list(request, params.at(0)) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/mgmt/topics")) // the token's own TSG (live-checked alias)
        return method == "GET" ? list(request, m_state.options.credentials.tsgId) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/mgmt/topic"))
        return method == "POST" ? create(request) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/mgmt/topic/uuid/{}", &params))
        return method == "PUT" ? update(request, params.at(0)) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/mgmt/topic/{}/force", &params))
        return method == "DELETE" ? forceRemove(request, params.at(0)) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/mgmt/topic/force/{}", &params)) // the old route: 403 live
        return ApiReply::message(403, u"access denied"_s);
    if (RoutePath::match(path, u"/v1/mgmt/topic/{}", &params))
        return method == "DELETE" ? remove(params.at(0), false) : wrongMethod(request);
    return std::nullopt;
}

std::optional<ApiReply> TopicRoutes::parseWrite(const QByteArray &body, Topic *topic, bool *active)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return ApiReply::message(400, u"malformed request body: expected a JSON object"_s);
    const QJsonObject o = doc.object();

    for (const QString &key : {u"topic_name"_s, u"description"_s}) {
        if (!o.value(key).isString())
            return ApiReply::message(400, key + u": is required and must be a string"_s);
    }
    const QJsonValue examples = o.value(u"examples"_s);
    if (!examples.isArray())
        return ApiReply::message(400, u"examples: is required and must be an array of strings"_s);
    Topic t;
    t.name = o.value(u"topic_name"_s).toString();
    t.description = o.value(u"description"_s).toString();
    const QJsonArray list = examples.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (!list.at(i).isString())
            return ApiReply::message(400, u"examples[%1]: must be a string"_s.arg(i));
        t.examples.append(list.at(i).toString());
    }
    const QJsonValue activeValue = o.value(u"active"_s);
    if (!activeValue.isUndefined() && !activeValue.isBool())
        return ApiReply::message(400, u"active: must be a boolean"_s);

    QList<TopicLimits::Violation> violations = TopicLimits::validate(t);
    if (!violations.isEmpty()) {
        for (TopicLimits::Violation &v : violations)
            v.field = apiField(v.field);
        return ApiReply::message(400,
                                 u"invalid custom topic: "_s + TopicLimits::describe(violations));
    }
    *topic = t;
    *active = activeValue.toBool(true);
    return std::nullopt;
}

ApiReply TopicRoutes::list(const ApiRequest &request, const QString &tsgId) const
{
    if (tsgId != m_state.options.credentials.tsgId)
        return ApiReply::message(403, u"the access token is not valid for tsg_id %1"_s.arg(tsgId));
    Pagination page;
    if (auto bad = Pagination::parse(request, u"offset"_s, m_state.options.pageSizeLimit, &page))
        return *bad;
    const QList<QJsonObject> all = m_state.topics.list();
    QJsonObject out{{u"custom_topics"_s, page.page(all)}};
    if (const auto next = page.nextOffset(all.size()))
        out.insert(u"next_offset"_s, qint64(*next));
    return ApiReply::json(out);
}

ApiReply TopicRoutes::create(const ApiRequest &request)
{
    Topic topic;
    bool active = true;
    if (auto bad = parseWrite(request.body, &topic, &active))
        return *bad;
    if (!m_state.topics.idForName(topic.name).isEmpty())
        return ApiReply::message(409,
                                 u"a custom topic named '%1' already exists"_s.arg(topic.name));
    const QString id = m_state.topics.create(topic, active, m_state.options.actorEmail);
    return ApiReply::json(m_state.topics.json(id));
}

ApiReply TopicRoutes::update(const ApiRequest &request, const QString &id)
{
    if (!m_state.topics.contains(id))
        return ApiReply::message(404, u"custom topic '%1' not found"_s.arg(id));
    Topic topic;
    bool active = true;
    if (auto bad = parseWrite(request.body, &topic, &active))
        return *bad;
    const QString owner = m_state.topics.idForName(topic.name);
    if (!owner.isEmpty() && owner != id)
        return ApiReply::message(409,
                                 u"a custom topic named '%1' already exists"_s.arg(topic.name));
    m_state.topics.update(id, topic, active, m_state.options.actorEmail);
    return ApiReply::json(m_state.topics.json(id));
}

ApiReply TopicRoutes::forceRemove(const ApiRequest &request, const QString &id)
{
    if (request.queryItem(u"updated_by"_s).isEmpty())
        return ApiReply::message(400, u"updated_by: is required for a forced delete"_s);
    return remove(id, true);
}

ApiReply TopicRoutes::remove(const QString &id, bool force)
{
    if (!m_state.topics.contains(id))
        return ApiReply::message(404, u"custom topic '%1' not found"_s.arg(id));
    const QList<QJsonObject> users = m_state.profiles.referencing(id);
    if (!users.isEmpty() && !force) {
        QJsonArray payload;
        for (const QJsonObject &u : users)
            payload.append(u);
        return ApiReply::json({{u"message"_s, u"custom topic '%1' is referenced by %2 security "
                                              "profile(s); unlink it or force-delete"_s.arg(id)
                                                  .arg(users.size())},
                               {u"payload"_s, payload}},
                              409);
    }
    if (force)
        m_state.profiles.stripTopic(id);
    m_state.topics.remove(id);
    return ApiReply::jsonString(u"successfully deleted topicId: "_s + id);
}
