#include "llmproviderfields.h"

#include "googlekeyfile.h"
#include "models/settingscontroller.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
const QString ClaudeApi = u"claude-api"_s;
const QString OpenAi = u"openai"_s;
const QString OpenAiCompatible = u"openai-compatible"_s;
const QString GeminiApi = u"gemini-api"_s;
const QString Ollama = u"ollama"_s;
const QString ClaudeVertex = u"claude-vertex"_s;
const QString GeminiVertex = u"gemini-vertex"_s;
const QString ClaudeBedrock = u"claude-bedrock"_s;

QLabel *noteLabel(const QString &name, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(name);
    // Not word-wrapped: in Qt 6.4 a height-for-width row of the form that is hidden and shown
    // again can be laid out zero pixels high. The texts are short or broken by hand.
    label->setTextFormat(Qt::PlainText);
    label->setEnabled(false); // drawn as secondary text
    return label;
}
} // namespace

LlmProviderFields::LlmProviderFields(SettingsController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_form(new QFormLayout(this))
    , m_provider(new QComboBox(this))
{
    setObjectName(u"llmPage"_s);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_provider->setObjectName(u"llmProviderCombo"_s);
    m_provider->setAccessibleName(tr("LLM provider"));
    // Every provider the config accepts; "sandbox" is chosen with File ▸ Use the sandbox.
    // Shown by name, kept by id (issue 40: the ids were shown as they are).
    if (const ConfigKeys::Key *key = ConfigKeys::find(ConfigKeys::LlmProvider)) {
        for (const QString &name : key->choices) {
            if (name != "sandbox"_L1)
                m_provider->addItem(displayName(name), name);
        }
    }
    connect(m_provider, &QComboBox::currentIndexChanged, this, [this] {
        m_controller->setValue(ConfigKeys::LlmProvider, provider());
        updateRows();
        emit providerChanged();
    });
    m_form->addRow(tr("P&rovider:"), m_provider);
    text(ConfigKeys::LlmModel, tr("Mo&del:"), {})->setPlaceholderText(tr("the provider's default"));

    text(ConfigKeys::AnthropicApiKey, tr("Anthropic API &key:"), {ClaudeApi});
    text(ConfigKeys::OpenAiApiKey, tr("OpenAI API &key:"), {OpenAi, OpenAiCompatible});
    text(ConfigKeys::GoogleApiKey, tr("Google API &key:"), {GeminiApi});
    // Where a base URL is the point of the provider, it is shown; elsewhere under Advanced.
    text(ConfigKeys::OpenAiBaseUrl, tr("OpenAI(-compatible) &base URL:"), {OpenAiCompatible},
         {OpenAi});
    text(ConfigKeys::OllamaBaseUrl, tr("Ollama &base URL:"), {Ollama});
    addVertexRows();
    addBedrockRows();

    m_advanced = new QCheckBox(tr("Show ad&vanced settings (endpoints)"), this);
    m_advanced->setObjectName(u"llmAdvancedCheck"_s);
    connect(m_advanced, &QCheckBox::toggled, this, &LlmProviderFields::updateRows);
    m_form->addRow(QString(), m_advanced);
    text(ConfigKeys::AnthropicBaseUrl, tr("Anthropic &base URL:"), {}, {ClaudeApi});
    text(ConfigKeys::GeminiBaseUrl, tr("Gemini &base URL:"), {}, {GeminiApi});
    text(ConfigKeys::AnthropicVertexBaseUrl, tr("Vertex AI &base URL:"), {}, {ClaudeVertex})
        ->setPlaceholderText(tr("https://<location>-aiplatform.googleapis.com"));
    text(ConfigKeys::GoogleVertexBaseUrl, tr("Vertex AI &base URL:"), {}, {GeminiVertex})
        ->setPlaceholderText(tr("https://<location>-aiplatform.googleapis.com"));
    text(ConfigKeys::BedrockBaseUrl, tr("Bedrock &base URL:"), {}, {ClaudeBedrock})
        ->setPlaceholderText(tr("https://bedrock-runtime.<region>.amazonaws.com"));
    updateRows();
}

QString LlmProviderFields::provider() const
{
    return m_provider->currentData().toString();
}

QString LlmProviderFields::displayName(const QString &provider)
{
    static const QHash<QString, const char *> names{
        {u"claude-api"_s, QT_TR_NOOP("Anthropic Claude (API)")},
        {u"openai"_s, QT_TR_NOOP("OpenAI")},
        {u"openai-compatible"_s, QT_TR_NOOP("OpenAI-compatible server")},
        {u"gemini-api"_s, QT_TR_NOOP("Google Gemini (API)")},
        {u"ollama"_s, QT_TR_NOOP("Ollama (on this computer or your network)")},
        {u"claude-vertex"_s, QT_TR_NOOP("Claude on Google Vertex AI")},
        {u"gemini-vertex"_s, QT_TR_NOOP("Gemini on Google Vertex AI")},
        {u"claude-bedrock"_s, QT_TR_NOOP("Claude on Amazon Bedrock")},
        {u"sandbox"_s, QT_TR_NOOP("Sandbox LLM")}};
    const auto it = names.constFind(provider);
    return it == names.cend() ? provider : tr(*it);
}

QLineEdit *LlmProviderFields::text(const QString &key, const QString &label,
                                   const QStringList &providers,
                                   const QStringList &advancedProviders, QPushButton *browse)
{
    const ConfigKeys::Key *k = ConfigKeys::find(key);
    const bool secret = k && k->secret;
    auto *edit = new QLineEdit(this);
    edit->setObjectName(key + u"Edit"_s);
    edit->setAccessibleName(QString(label).remove(u'&').remove(u':'));
    // Kept in the keychain like a secret, but an AWS access key id is an identifier (it travels
    // in clear in every signed request): typed visibly, so a person can check it (issue 40).
    if (secret && key != ConfigKeys::AwsAccessKeyId)
        edit->setEchoMode(QLineEdit::Password);
    auto *row = new QWidget(this);
    row->setObjectName(key + u"Row"_s);
    auto *v = new QVBoxLayout(row);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    if (browse) {
        auto *h = new QHBoxLayout;
        h->addWidget(edit, 1);
        h->addWidget(browse);
        v->addLayout(h);
    } else {
        v->addWidget(edit);
    }
    // A secret's status (stored, from the environment, will be saved) is always shown; a plain
    // value's only when the environment sets it.
    QLabel *status = noteLabel(key + u"Status"_s, row);
    v->addWidget(status);
    m_status.insert(key, status);
    m_form->addRow(label, row);
    if (auto *buddy = qobject_cast<QLabel *>(m_form->labelForField(row)))
        buddy->setBuddy(edit);
    connect(edit, &QLineEdit::textEdited, this,
            [this, key](const QString &value) { m_controller->setValue(key, value); });
    m_fields.insert(key, edit);
    if (!providers.isEmpty() || !advancedProviders.isEmpty())
        m_rows.append({row, providers, advancedProviders});
    return edit;
}

QPushButton *LlmProviderFields::browseButton(const QString &key, const QString &title)
{
    auto *button = new QPushButton(tr("Bro&wse…"), this);
    button->setObjectName(key + u"Browse"_s);
    button->setAccessibleName(tr("Browse for %1").arg(title));
    connect(button, &QPushButton::clicked, this, [this, key, title] {
        auto *dialog = new QFileDialog(window(), title);
        dialog->setObjectName(key + u"Dialog"_s);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setFileMode(QFileDialog::ExistingFile);
        const QString current = m_fields.value(key)->text();
        dialog->setDirectory(current.isEmpty()
                                 ? QDir::homePath()
                                 : QFileInfo(Config::expandHome(current)).absolutePath());
        connect(dialog, &QFileDialog::fileSelected, this, [this, key](const QString &path) {
            m_fields.value(key)->setText(path);
            m_controller->setValue(key, path);
        });
        dialog->open();
    });
    return button;
}

void LlmProviderFields::addVertexRows()
{
    const QStringList vertex{ClaudeVertex, GeminiVertex};
    text(ConfigKeys::GoogleCloudProject, tr("Google Cloud &project:"), vertex);
    text(ConfigKeys::GoogleCloudLocation, tr("L&ocation (region):"), vertex)
        ->setPlaceholderText(u"us-central1"_s);
    const QString fileTitle = tr("Google credentials file");
    text(ConfigKeys::GoogleCredentialsFile, tr("&Key file:"), vertex, {},
         browseButton(ConfigKeys::GoogleCredentialsFile, fileTitle))
        ->setPlaceholderText(
            tr("a service-account key or gcloud's application_default_credentials.json"));

    // Or the key file's content, imported into the keychain (never to config.json).
    auto *row = new QWidget(this);
    row->setObjectName(u"googleCredentialsJsonRow"_s);
    auto *v = new QVBoxLayout(row);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    auto *h = new QHBoxLayout;
    auto *import = new QPushButton(tr("&Import key file…"), row);
    import->setObjectName(u"importGoogleKeyButton"_s);
    m_removeKey = new QPushButton(tr("R&emove"), row);
    m_removeKey->setObjectName(u"removeGoogleKeyButton"_s);
    m_removeKey->setAccessibleName(tr("Remove the imported key"));
    h->addWidget(import);
    h->addWidget(m_removeKey);
    h->addStretch(1);
    v->addLayout(h);
    m_importedKey = new QLabel(row);
    m_importedKey->setObjectName(u"googleCredentialsJsonStatus"_s);
    // Not word-wrapped, as noteLabel() says why: a height-for-width row hidden and shown again
    // was laid out zero pixels high, and took the key file's row with it (tst_layout).
    m_importedKey->setTextFormat(Qt::PlainText);
    v->addWidget(m_importedKey);
    m_form->addRow(tr("Key in keychain:"), row);
    m_rows.append({row, vertex, {}});
    connect(import, &QPushButton::clicked, this, [this, fileTitle] {
        auto *dialog = new QFileDialog(window(), fileTitle, QDir::homePath(),
                                       tr("JSON files (*.json);;All files (*)"));
        dialog->setObjectName(u"googleKeyImportDialog"_s);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setFileMode(QFileDialog::ExistingFile);
        connect(dialog, &QFileDialog::fileSelected, this, &LlmProviderFields::importKeyFile);
        dialog->open();
    });
    connect(m_removeKey, &QPushButton::clicked, this, [this] {
        m_importError.clear();
        m_controller->setValue(ConfigKeys::GoogleCredentialsJson, QString());
        showImportedKey();
    });
    auto *hint = noteLabel(u"vertexCredentialsHint"_s, row);
    hint->setText(tr("Credentials: a key file on disk\n(GOOGLE_APPLICATION_CREDENTIALS also names "
                     "one),\nor a key file imported into the keychain."));
    v->addWidget(hint);
}

void LlmProviderFields::addBedrockRows()
{
    const QStringList bedrock{ClaudeBedrock};
    text(ConfigKeys::AwsRegion, tr("AWS re&gion:"), bedrock)->setPlaceholderText(u"us-east-1"_s);
    text(ConfigKeys::AwsAccessKeyId, tr("Access key &ID:"), bedrock);
    text(ConfigKeys::AwsSecretAccessKey, tr("&Secret access key:"), bedrock);
    text(ConfigKeys::AwsSessionToken, tr("Sessio&n token:"), bedrock);
    text(ConfigKeys::AwsProfile, tr("Pro&file:"), bedrock)->setPlaceholderText(u"default"_s);
    QLineEdit *file =
        text(ConfigKeys::AwsSharedCredentialsFile, tr("&Credentials file:"), bedrock, {},
             browseButton(ConfigKeys::AwsSharedCredentialsFile, tr("AWS credentials file")));
    file->setPlaceholderText(u"~/.aws/credentials"_s);
    QWidget *row = file->parentWidget();
    auto *hint = noteLabel(u"bedrockCredentialsHint"_s, row);
    hint->setText(tr("Credentials: an access key (and a session token\nfor temporary ones), or a "
                     "profile in the\ncredentials file."));
    row->layout()->addWidget(hint);
}

bool LlmProviderFields::importKeyFile(const QString &path)
{
    const GoogleKeyFile::Checked checked = GoogleKeyFile::read(path);
    m_importError = checked.error;
    if (checked.ok())
        m_controller->setValue(ConfigKeys::GoogleCredentialsJson,
                               QString::fromUtf8(checked.content));
    showImportedKey();
    return checked.ok();
}

void LlmProviderFields::showImportedKey()
{
    if (!m_importError.isEmpty()) {
        m_importedKey->setText(u"✘ "_s + m_importError);
        return;
    }
    const QString json = m_controller->value(ConfigKeys::GoogleCredentialsJson).toString();
    m_removeKey->setEnabled(!json.isEmpty());
    if (json.isEmpty()) {
        const QString status = m_controller->secretStatus(ConfigKeys::GoogleCredentialsJson);
        m_importedKey->setText(status == tr("not set") ? tr("none imported") : status);
        return;
    }
    const GoogleKeyFile::Checked checked = GoogleKeyFile::check(json.toUtf8());
    const QString what = checked.ok() ? checked.description : checked.error;
    m_importedKey->setText(
        tr("%1 — %2").arg(what, m_controller->secretStatus(ConfigKeys::GoogleCredentialsJson)));
}

void LlmProviderFields::populate()
{
    {
        const QSignalBlocker block(m_provider);
        const QString current = m_controller->value(ConfigKeys::LlmProvider).toString();
        if (m_provider->findData(current) < 0 && !current.isEmpty())
            m_provider->addItem(displayName(current), current); // "sandbox"
        m_provider->setCurrentIndex(m_provider->findData(current));
    }
    bool advancedSet = false;
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        const ConfigKeys::Key *key = ConfigKeys::find(it.key());
        const bool secret = key && key->secret;
        const QSignalBlocker block(it.value());
        it.value()->setText(
            secret ? QString()
                   : m_controller->value(it.key()).toString()); // never echo a stored secret
        QLabel *status = m_status.value(it.key());
        const QString note =
            secret ? m_controller->secretStatus(it.key()) : m_controller->environmentNote(it.key());
        status->setText(note);
        status->setVisible(!note.isEmpty());
        if (secret)
            it.value()->setPlaceholderText(note);
        // An endpoint someone set opens Advanced, so it is never hidden from them.
        if (it.key().endsWith("BaseUrl"_L1) &&
            m_controller->source(it.key()) != ConfigSource::Default)
            advancedSet = true;
    }
    m_importError.clear();
    showImportedKey();
    if (advancedSet)
        m_advanced->setChecked(true);
    updateRows();
}

void LlmProviderFields::updateRows()
{
    const QString p = provider();
    const bool advanced = m_advanced && m_advanced->isChecked();
    // The label and the field are hidden, not the form's row: QFormLayout::setRowVisible (Qt
    // 6.4) left a row shown again zero pixels high in the scrolling page.
    for (const Row &row : std::as_const(m_rows)) {
        const bool visible =
            row.providers.contains(p) || (advanced && row.advancedProviders.contains(p));
        row.field->setVisible(visible);
        if (QWidget *label = m_form->labelForField(row.field))
            label->setVisible(visible);
    }
}
