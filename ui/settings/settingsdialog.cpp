#include "settingsdialog.h"

#include "ui/widgets/wheelguard.h"

#include "keychainproblembanner.h"
#include "keychainwaitbanner.h"
#include "llmproviderfields.h"
#include "models/settingscontroller.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
// Each page scrolls: the AIRS page alone is taller than a 700-pixel screen at scale 1.5.
QScrollArea *scrollable(QWidget *page)
{
    auto *area = new QScrollArea;
    area->setObjectName(page->objectName() + u"Scroll"_s);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidget(page);
    return area;
}
} // namespace

SettingsDialog::SettingsDialog(SettingsController *controller, QWidget *parent)
    : QDialog(parent)
    , m_controller(controller)
    , m_tester(new ConnectionTester(this))
{
    setObjectName(u"settingsDialog"_s);
    setWindowTitle(tr("Settings"));
    auto *layout = new QVBoxLayout(this);

    m_wait = new KeychainWaitBanner(m_controller, this);
    layout->addWidget(m_wait);
    m_problem = new KeychainProblemBanner(this);
    layout->addWidget(m_problem);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"settingsTabs"_s);
    m_tabs->addTab(scrollable(llmPage()), tr("&LLM"));
    m_tabs->addTab(scrollable(airsPage()), tr("&AIRS"));
    m_tabs->addTab(scrollable(memoryPage()), tr("&Memory"));
    layout->addWidget(m_tabs, 1);

    m_error = new QLabel(this);
    m_error->setObjectName(u"settingsError"_s);
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setVisible(false);
    layout->addWidget(m_error);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->setObjectName(u"settingsButtons"_s);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    layout->addWidget(m_buttons);

    connect(m_controller, &SettingsController::loaded, this, &SettingsDialog::populate);
    connect(m_controller, &SettingsController::keychainProblem, this, &SettingsDialog::updateKeychainState);
    connect(m_controller, &SettingsController::configProblem, this, &SettingsDialog::showError);
    // Problems of the load that happened before this dialog opened (at start-up), and a
    // session-only choice made in an earlier visit.
    updateKeychainState();
    if (!m_controller->lastConfigError().isEmpty())
        showError(m_controller->lastConfigError());
    connect(m_controller, &SettingsController::saved, this, [this] {
        if (!m_saving)
            return; // a save of another dialog
        m_saving = false;
        QDialog::accept();
    });
    connect(m_controller, &SettingsController::saveFailed, this, [this](const QString &error) {
        if (!m_saving)
            return;
        m_saving = false;
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
        updateKeychainState();
        showError(error);
    });
    connect(m_tester, &ConnectionTester::finished, this, [this](ConnectionTester::Target t, bool ok, const QString &m) {
        QLabel *label = m_testResults.value(int(t));
        label->setText((ok ? u"✔ "_s : u"✘ "_s) + m);
    });
    if (m_controller->isLoaded()) {
        populate();
    } else {
        // Nothing to edit until the settings (and the keychain's keys) are read.
        m_tabs->setEnabled(false);
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
        m_controller->load();
    }
    WheelGuard::install(this); // the wheel scrolls a page, never a setting under the pointer
    fitToScreen();
}

void SettingsDialog::fitToScreen()
{
    // As tall as the tallest page wants, within the screen (the pages scroll when it is small).
    QSize pages;
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (auto *area = qobject_cast<QScrollArea *>(m_tabs->widget(i)))
            pages = pages.expandedTo(area->widget()->sizeHint());
    }
    const int extra = qMax(0, pages.height() - m_tabs->currentWidget()->sizeHint().height());
    QSize want(qMax(sizeHint().width(), pages.width() + 40), sizeHint().height() + extra);
    const QScreen *screen = parentWidget() ? parentWidget()->screen() : this->screen();
    if (screen)
        want = want.boundedTo(screen->availableGeometry().size() * 0.92);
    resize(want);
}

QLineEdit *SettingsDialog::text(QFormLayout *form, const QString &key, const QString &label, bool secret)
{
    auto *edit = new QLineEdit(this);
    edit->setObjectName(key + u"Edit"_s);
    edit->setAccessibleName(label);
    if (secret) {
        edit->setEchoMode(QLineEdit::Password);
        auto *status = new QLabel(this);
        status->setObjectName(key + u"Status"_s);
        m_secretStatus.insert(key, status);
        auto *row = new QWidget(this);
        auto *h = new QVBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        h->addWidget(edit);
        h->addWidget(status);
        form->addRow(label, row);
    } else {
        form->addRow(label, edit);
    }
    connect(edit, &QLineEdit::textEdited, this, [this, key](const QString &v) { m_controller->setValue(key, v); });
    m_fields.insert(key, edit);
    return edit;
}

QCheckBox *SettingsDialog::check(QFormLayout *form, const QString &key, const QString &label)
{
    auto *box = new QCheckBox(label, this);
    box->setObjectName(key + u"Check"_s);
    form->addRow(QString(), box);
    connect(box, &QCheckBox::toggled, this, [this, key](bool v) { m_controller->setValue(key, v); });
    m_fields.insert(key, box);
    return box;
}

QWidget *SettingsDialog::number(QFormLayout *form, const QString &key, const QString &label, double min, double max, int decimals)
{
    QWidget *w = nullptr;
    if (decimals == 0) {
        auto *spin = new QSpinBox(this);
        spin->setRange(int(min), int(max));
        connect(spin, &QSpinBox::valueChanged, this, [this, key](int v) { m_controller->setValue(key, v); });
        w = spin;
    } else {
        auto *spin = new QDoubleSpinBox(this);
        spin->setRange(min, max);
        spin->setDecimals(decimals);
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this, key](double v) { m_controller->setValue(key, v); });
        w = spin;
    }
    w->setObjectName(key + u"Spin"_s);
    w->setAccessibleName(label);
    form->addRow(label, w);
    m_fields.insert(key, w);
    return w;
}

static QWidget *testRow(QWidget *parent, const QString &name, const QString &text, QPushButton **button, QLabel **result)
{
    auto *row = new QWidget(parent);
    auto *h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    *button = new QPushButton(text, row);
    (*button)->setObjectName(name);
    *result = new QLabel(row);
    (*result)->setObjectName(name + u"Result"_s);
    (*result)->setWordWrap(true);
    h->addWidget(*button);
    h->addWidget(*result, 1);
    return row;
}

QWidget *SettingsDialog::llmPage()
{
    m_llm = new LlmProviderFields(m_controller, this);
    QPushButton *button = nullptr;
    QLabel *result = nullptr;
    m_llm->form()->addRow(testRow(m_llm, u"testLlmButton"_s, tr("&Test LLM"), &button, &result));
    m_testResults.insert(int(ConnectionTester::Target::Llm), result);
    connect(button, &QPushButton::clicked, this, [this] { runTest(ConnectionTester::Target::Llm); });
    // A result is about the provider it tested: another one clears it (issue 40).
    connect(m_llm, &LlmProviderFields::providerChanged, result, &QLabel::clear);
    return m_llm;
}

QWidget *SettingsDialog::airsPage()
{
    auto *page = new QWidget(this);
    page->setObjectName(u"airsPage"_s);
    auto *form = new QFormLayout(page);
    auto *region = new QComboBox(page);
    region->setObjectName(u"airsRegionCombo"_s);
    region->setAccessibleName(tr("AIRS region"));
    const QList<QPair<QString, QStringList>> regions{
        {tr("United States"), {u"https://service.api.aisecurity.paloaltonetworks.com"_s, u"https://api.sase.paloaltonetworks.com/aisec"_s}},
        {tr("Europe (Germany)"), {u"https://service-de.api.aisecurity.paloaltonetworks.com"_s, u"https://api.eu.sase.paloaltonetworks.com/aisec"_s}},
        {tr("India"), {u"https://service-in.api.aisecurity.paloaltonetworks.com"_s, u"https://api.sase.paloaltonetworks.com/aisec"_s}},
        {tr("Singapore"), {u"https://service-sg.api.aisecurity.paloaltonetworks.com"_s, u"https://api.sase.paloaltonetworks.com/aisec"_s}}};
    region->addItem(tr("Custom"));
    for (const auto &[name, urls] : regions)
        region->addItem(name, urls);
    form->addRow(tr("Region:"), region);
    QLineEdit *scan = text(form, u"airsApiEndpoint"_s, tr("Scan API endpoint:"));
    QLineEdit *mgmt = text(form, u"mgmtEndpoint"_s, tr("Management endpoint:"));
    // The region whose endpoints the fields hold, else Custom (issue 40: it said Custom for the
    // United States defaults).
    m_showRegion = [region, scan, mgmt] {
        int match = 0;
        for (int i = 1; i < region->count(); ++i) {
            const QStringList urls = region->itemData(i).toStringList();
            if (urls.size() == 2 && urls.at(0) == scan->text().trimmed() && urls.at(1) == mgmt->text().trimmed())
                match = i;
        }
        const QSignalBlocker block(region);
        region->setCurrentIndex(match);
    };
    connect(scan, &QLineEdit::textChanged, region, m_showRegion);
    connect(mgmt, &QLineEdit::textChanged, region, m_showRegion);
    connect(region, &QComboBox::activated, this, [this, region, scan, mgmt](int i) {
        const QStringList urls = region->itemData(i).toStringList();
        if (urls.size() != 2)
            return;
        scan->setText(urls.at(0));
        mgmt->setText(urls.at(1));
        m_controller->setValue(u"airsApiEndpoint"_s, urls.at(0));
        m_controller->setValue(u"mgmtEndpoint"_s, urls.at(1));
    });
    text(form, u"mgmtTokenEndpoint"_s, tr("OAuth token URL:"));
    text(form, u"redTeamEndpoint"_s, tr("Red Team endpoint:"));
    text(form, u"airsApiKey"_s, tr("Scan API key:"), true);
    text(form, u"mgmtClientId"_s, tr("Client id:"));
    text(form, u"mgmtClientSecret"_s, tr("Client secret:"), true);
    text(form, u"mgmtTsgId"_s, tr("TSG id:"));
    text(form, u"airsProfile"_s, tr("Default profile:"));
    number(form, u"scanConcurrency"_s, tr("Scans in parallel:"), 1, 20, 0);
    number(form, u"scanRate"_s, tr("Scans per second (0 = unlimited):"), 0, 1000, 1);
    number(form, u"propagationDelayMs"_s, tr("Wait after deploying (ms):"), 0, 120000, 0);
    for (const auto &[target, name, label] : {std::tuple{ConnectionTester::Target::AirsScan, u"testScanButton"_s, tr("Test scan API")},
                                              std::tuple{ConnectionTester::Target::OAuthToken, u"testOAuthButton"_s, tr("Test OAuth token")}}) {
        QPushButton *button = nullptr;
        QLabel *result = nullptr;
        form->addRow(testRow(page, name, label, &button, &result));
        m_testResults.insert(int(target), result);
        connect(button, &QPushButton::clicked, this, [this, t = target] { runTest(t); });
    }
    return page;
}

QWidget *SettingsDialog::memoryPage()
{
    auto *page = new QWidget(this);
    page->setObjectName(u"memoryPage"_s);
    auto *form = new QFormLayout(page);
    check(form, u"memoryEnabled"_s, tr("Learn from runs and use what was learned"));
    number(form, u"maxMemoryChars"_s, tr("Injection budget (characters):"), 500, 10000, 0);
    number(form, u"memoryHalfLifeDays"_s, tr("Half-life of a learning (days, 0 = no decay):"), 0, 3650, 0);
    check(form, u"memoryRequireReview"_s, tr("New learnings wait for my approval"));
    return page;
}

void SettingsDialog::populate()
{
    updateKeychainState();
    m_tabs->setEnabled(true);
    if (!m_saving)
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        const QVariant v = m_controller->value(it.key());
        const QSignalBlocker block(it.value());
        if (auto *edit = qobject_cast<QLineEdit *>(it.value())) {
            const ConfigKeys::Key *key = ConfigKeys::find(it.key());
            edit->setText(key && key->secret ? QString() : v.toString()); // never echo a stored secret
        } else if (auto *box = qobject_cast<QCheckBox *>(it.value())) {
            box->setChecked(v.toBool());
        } else if (auto *spin = qobject_cast<QSpinBox *>(it.value())) {
            spin->setValue(v.toInt());
        } else if (auto *dspin = qobject_cast<QDoubleSpinBox *>(it.value())) {
            dspin->setValue(v.toDouble());
        } else if (auto *combo = qobject_cast<QComboBox *>(it.value())) {
            combo->setCurrentText(v.toString());
        }
    }
    m_llm->populate();
    if (m_showRegion)
        m_showRegion(); // the fields were filled with their signals blocked
    for (auto it = m_secretStatus.cbegin(); it != m_secretStatus.cend(); ++it) {
        it.value()->setText(m_controller->secretStatus(it.key()));
        if (auto *edit = qobject_cast<QLineEdit *>(m_fields.value(it.key())))
            edit->setPlaceholderText(m_controller->secretStatus(it.key()));
    }
}

void SettingsDialog::runTest(ConnectionTester::Target target)
{
    const Config::Result config = m_controller->effective();
    QLabel *label = m_testResults.value(int(target));
    if (!config.ok()) {
        label->setText(u"✘ "_s + config.errors.first());
        return;
    }
    label->setText(tr("Testing…"));
    m_tester->test(target, config.config, config.config.string(ConfigKeys::AirsProfile));
}

void SettingsDialog::accept()
{
    if (m_saving)
        return;
    m_error->setVisible(false);
    if (m_problem->sessionOnlyChosen() && !m_controller->isSessionOnly())
        emit sessionOnlyRequested();
    m_saving = true;
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    m_controller->save();
}

void SettingsDialog::reject()
{
    // Cancel forgets what was typed; a save still waiting for the keychain stops waiting.
    if (m_saving)
        m_controller->cancelKeychainWait();
    m_saving = false;
    m_controller->discardChanges();
    QDialog::reject();
}

void SettingsDialog::updateKeychainState()
{
    if (m_controller->isSessionOnly())
        m_problem->showSessionOnly(m_controller->sessionOnlyReason(), m_controller->sessionOnlyDetail());
    else if (!m_controller->lastKeychainError().isEmpty())
        m_problem->showProblem(m_controller->lastKeychainError(), m_controller->lastKeychainErrorDetail());
    else
        m_problem->clear();
}

void SettingsDialog::showError(const QString &error)
{
    m_error->setText(u"⚠ "_s + error);
    m_error->setVisible(true);
}
