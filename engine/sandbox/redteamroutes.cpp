#include "redteamroutes.h"

#include "emulatorstate.h"
#include "pagination.h"
#include "routepath.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {
ApiReply wrongMethod(const ApiRequest &request)
{
    return ApiReply::routeError(405, u"method %1 not allowed on %2"_s.arg(
                                         QString::fromLatin1(request.method), request.path));
}

std::optional<QJsonObject> parseObject(const QByteArray &body)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    return doc.object();
}

ApiReply paged(const QList<QJsonObject> &items, const Pagination &page)
{
    return ApiReply::json({{u"pagination"_s, QJsonObject{{u"total_items"_s, qint64(items.size())},
                                                         {u"skip"_s, qint64(page.offset())},
                                                         {u"limit"_s, qint64(page.limit())}}},
                           {u"data"_s, page.page(items)}});
}

// "true"/"false" query filters; anything else (or absent) matches everything.
bool passes(const ApiRequest &request, const QString &key, const QJsonObject &item)
{
    const QString wanted = request.queryItem(key).toLower();
    if (wanted != u"true" && wanted != u"false")
        return true;
    return item.value(key).toBool() == (wanted == u"true");
}
} // namespace

RedTeamRoutes::RedTeamRoutes(EmulatorState &state)
    : m_state(state)
{}

std::optional<ApiReply> RedTeamRoutes::handle(const ApiRequest &request, const QString &path)
{
    QStringList params;
    const QByteArray &method = request.method;
    if (RoutePath::match(path, u"/v1/custom-attack/custom-prompt-set"))
        return method == "POST" ? createSet(request) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/custom-attack/custom-prompt-set/custom-prompt"))
        return method == "POST" ? addPrompt(request) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/custom-attack/list-custom-prompt-sets"))
        return method == "GET" ? listSets(request) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/custom-attack/custom-prompt-set/{}/list-custom-prompts",
                         &params))
        return method == "GET" ? listPrompts(request, params.at(0)) : wrongMethod(request);
    if (RoutePath::match(path, u"/v1/custom-attack/custom-prompt-set/{}", &params))
        return method == "GET" ? getSet(params.at(0)) : wrongMethod(request);
    return std::nullopt;
}

ApiReply RedTeamRoutes::createSet(const ApiRequest &request)
{
    const auto body = parseObject(request.body);
    if (!body)
        return ApiReply::message(400, u"malformed request body: expected a JSON object"_s);
    const QString name = body->value(u"name"_s).toString();
    if (name.trimmed().isEmpty())
        return ApiReply::message(400, u"name: is required"_s);
    if (m_state.promptSets.containsSetName(name))
        return ApiReply::message(409, u"a custom prompt set named '%1' already exists"_s.arg(name));
    const QJsonValue description = body->value(u"description"_s);
    return ApiReply::json(m_state.promptSets.createSet(
        name, description.isString() ? description.toString() : QString(),
        body->value(u"property_names"_s)));
}

ApiReply RedTeamRoutes::addPrompt(const ApiRequest &request)
{
    const auto body = parseObject(request.body);
    if (!body)
        return ApiReply::message(400, u"malformed request body: expected a JSON object"_s);
    const QString prompt = body->value(u"prompt"_s).toString();
    const QString setId = body->value(u"prompt_set_id"_s).toString();
    if (prompt.trimmed().isEmpty())
        return ApiReply::message(400, u"prompt: is required"_s);
    if (setId.isEmpty())
        return ApiReply::message(400, u"prompt_set_id: is required"_s);
    if (!m_state.promptSets.containsSet(setId))
        return ApiReply::message(404, u"custom prompt set '%1' not found"_s.arg(setId));
    return ApiReply::json(m_state.promptSets.addPrompt(
        setId, prompt, body->value(u"goal"_s).toString(), body->value(u"properties"_s)));
}

ApiReply RedTeamRoutes::listSets(const ApiRequest &request) const
{
    Pagination page;
    if (auto bad = Pagination::parse(request, u"skip"_s, m_state.options.pageSizeLimit, &page))
        return *bad;
    const QString search = request.queryItem(u"search"_s);
    QList<QJsonObject> matching;
    for (const QJsonObject &set : m_state.promptSets.sets()) {
        if (!search.isEmpty() &&
            !set.value(u"name"_s).toString().contains(search, Qt::CaseInsensitive))
            continue;
        if (passes(request, u"active"_s, set) && passes(request, u"archive"_s, set))
            matching.append(set);
    }
    return paged(matching, page);
}

ApiReply RedTeamRoutes::getSet(const QString &id) const
{
    if (!m_state.promptSets.containsSet(id))
        return ApiReply::message(404, u"custom prompt set '%1' not found"_s.arg(id));
    return ApiReply::json(m_state.promptSets.set(id));
}

ApiReply RedTeamRoutes::listPrompts(const ApiRequest &request, const QString &id) const
{
    if (!m_state.promptSets.containsSet(id))
        return ApiReply::message(404, u"custom prompt set '%1' not found"_s.arg(id));
    Pagination page;
    if (auto bad = Pagination::parse(request, u"skip"_s, m_state.options.pageSizeLimit, &page))
        return *bad;
    return paged(m_state.promptSets.prompts(id), page);
}
