#include "configfile.h"

#include "configkeys.h"
#include "domain/jsonfile.h"

using namespace Qt::StringLiterals;

ConfigFile::ConfigFile(QString path)
    : m_path(std::move(path))
{
}

ConfigFile::Loaded ConfigFile::load() const
{
    const JsonFile::ReadResult r = JsonFile::read(m_path);
    return Loaded{r.ok() ? r.object : QJsonObject(), r.error};
}

QString ConfigFile::save(const QVariantMap &changes) const
{
    for (auto it = changes.cbegin(); it != changes.cend(); ++it) {
        const ConfigKeys::Key *key = ConfigKeys::find(it.key());
        if (key && key->secret && it.value().isValid())
            return u"%1 is a secret and is never written to config.json; store it in the "
                   "keychain"_s.arg(it.key());
    }
    const JsonFile::ReadResult current = JsonFile::read(m_path);
    if (!current.ok())
        return u"config.json was not saved: "_s + current.error;
    QJsonObject object = current.object;
    for (auto it = changes.cbegin(); it != changes.cend(); ++it) {
        if (it.value().isValid())
            object.insert(it.key(), QJsonValue::fromVariant(it.value()));
        else
            object.remove(it.key());
    }
    return JsonFile::write(m_path, object);
}
