#pragma once

#include <QJsonObject>
#include <QVariantMap>

// config.json in the Daystrom home. Loading a corrupt file reports it (and keeps a copy);
// saving merges into what is on disk so keys this app does not know are preserved, refuses
// secret keys (they belong in the keychain), and never replaces a corrupt file.
class ConfigFile final
{
public:
    explicit ConfigFile(QString path);

    struct Loaded
    {
        QJsonObject object; // {} when missing or corrupt
        QString error;      // set when the file exists but cannot be used
    };
    Loaded load() const;

    // Sets (or, for an invalid QVariant, removes) each key and writes atomically.
    // Returns an error message, or empty on success.
    QString save(const QVariantMap &changes) const;

    QString path() const { return m_path; }

private:
    QString m_path;
};
