#pragma once

#include <QHash>
#include <QStringList>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class SettingsController;

// The Settings dialog's LLM page: the provider, the model and the fields of the chosen
// provider only (the others' rows are hidden): API keys and base URLs; for claude-vertex and
// gemini-vertex the Google Cloud project, location and credentials (a key file's path, or a key
// file imported into the keychain — its content never goes to config.json); for claude-bedrock
// the AWS region, access keys (keychain), or a profile of a credentials file. Endpoint
// overrides sit under "Advanced". A value set in the environment says so under its field.
class LlmProviderFields final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LlmProviderFields)
public:
    explicit LlmProviderFields(SettingsController *controller, QWidget *parent = nullptr);

    QFormLayout *form() const { return m_form; } // for rows the dialog adds (Test LLM)
    QString provider() const;
    static QString displayName(const QString &provider); // "Claude on Amazon Bedrock"
    void populate(); // from the controller's values

    // Reads, validates and keeps (for the keychain, on OK) a Google credentials file.
    // False with the reason shown under the field when the file is not one.
    bool importKeyFile(const QString &path);

signals:
    void providerChanged(); // another provider was chosen

private:
    struct Row
    {
        QWidget *field;
        QStringList providers;         // shown for these
        QStringList advancedProviders; // and, with Advanced open, for these
    };
    QLineEdit *text(const QString &key, const QString &label, const QStringList &providers,
                    const QStringList &advancedProviders = {}, QPushButton *browse = nullptr);
    QPushButton *browseButton(const QString &key, const QString &title);
    void addVertexRows();
    void addBedrockRows();
    void showImportedKey();
    void updateRows();

    SettingsController *m_controller;
    QFormLayout *m_form;
    QComboBox *m_provider;
    QCheckBox *m_advanced = nullptr;
    QLabel *m_importedKey = nullptr;
    QPushButton *m_removeKey = nullptr;
    QString m_importError;
    QList<Row> m_rows;
    QHash<QString, QLineEdit *> m_fields;
    QHash<QString, QLabel *> m_status;
};
