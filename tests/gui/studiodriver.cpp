#include "studiodriver.h"

#include <QDialog>

#include "eventspin.h"

#include "models/runsession.h"
#include "runs/runstore.h"
#include "ui/compare/comparepanel.h"
#include "ui/flatstyle.h"
#include "ui/live/efficacychartview.h"
#include "translations/translations.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStyleOptionButton>
#include <QStyleOptionComboBox>
#include <QStyleOptionGroupBox>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolBar>

using namespace Qt::StringLiterals;

// What the app's main() does before its first widget: translations (English unless
// DAYSTROM_TEST_LANGUAGE=de asks for another language, for tests/gui/screenshots.sh) and the
// window's style.
static bool prepareAsTheAppDoes()
{
    const QString language = qEnvironmentVariable("DAYSTROM_TEST_LANGUAGE");
    if (!Translations::isInstalled())
        Translations::install(language.isEmpty() ? QLocale(QLocale::English, QLocale::UnitedStates)
                                                 : QLocale(language));
    FlatStyle::install();
    return Translations::isInstalled();
}

static bool forgetSandboxTenant(StudioDriver::SandboxTenant tenant)
{
    if (tenant == StudioDriver::SandboxTenant::Fresh)
        QFile::remove(qEnvironmentVariable("DAYSTROM_HOME") + u"/sandbox/tenant.json"_s);
    return true;
}

StudioDriver::StudioDriver(SandboxTenant tenant)
    : m_translated(prepareAsTheAppDoes() && forgetSandboxTenant(tenant))
    , m_secrets(std::make_unique<MemorySecretStore>())
    , m_context(std::make_unique<StudioContext>(m_secrets.get()))
    , m_window(std::make_unique<MainWindow>(m_context.get()))
{}

StudioDriver::~StudioDriver()
{
    m_window.reset();
    m_context.reset();
    m_secrets.reset();
}

bool StudioDriver::fail(const QString &why)
{
    m_why = why;
    return false;
}

RunSession *StudioDriver::session() const
{
    return m_context->session();
}

QTabWidget *StudioDriver::tabs() const
{
    return find<QTabWidget>(u"mainTabs"_s);
}

bool StudioDriver::start(bool sandbox)
{
    QSignalSpy ready(m_context.get(), &StudioContext::ready);
    m_context->initialize();
    if (!m_context->isReady() && !ready.wait(WaitTimeoutMs))
        return fail(u"the context never became ready"_s);
    m_window->show();
    if (!QTest::qWaitForWindowExposed(m_window.get()))
        return fail(u"the window was never exposed"_s);
    m_window->activateWindow();
    if (!QTest::qWaitForWindowActive(m_window.get()))
        return fail(u"the window never became active"_s);
    if (!sandbox)
        return true;
    // File ▸ Use the sandbox, as a person would pick it from the menu.
    auto *action = find<QAction>(u"sandboxAction"_s);
    if (!action)
        return fail(u"no sandboxAction"_s);
    action->trigger();
    if (!m_context->isSandbox())
        return fail(u"the sandbox did not start"_s);
    return true;
}

bool StudioDriver::click(QAbstractButton *button)
{
    if (!button)
        return fail(u"no such button"_s);
    if (!button->isVisible() || !button->isEnabled())
        return fail(u"button %1 is not clickable (visible %2, enabled %3)"_s.arg(
            button->objectName(), QVariant(button->isVisible()).toString(),
            QVariant(button->isEnabled()).toString()));
    QPoint at = button->rect().center();
    if (qobject_cast<QCheckBox *>(button)) {
        // A check box may be laid out wider than its box and label: click the box.
        QStyleOptionButton option;
        option.initFrom(button);
        option.text = button->text();
        at =
            button->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, button).center();
    }
    const bool checked = button->isChecked();
    QTest::mouseClick(button, Qt::LeftButton, {}, at);
    if (button->isCheckable() && !checked && !button->isChecked()) // (an exclusive one stays on)
        return fail(u"clicking %1 did not check it"_s.arg(button->objectName()));
    return true;
}

bool StudioDriver::click(const QString &buttonName)
{
    auto *button = find<QAbstractButton>(buttonName);
    if (!button)
        return fail(u"no button %1"_s.arg(buttonName));
    return click(button);
}

bool StudioDriver::clickAction(const QString &actionName)
{
    auto *action = find<QAction>(actionName);
    auto *bar = find<QToolBar>(u"runToolBar"_s);
    if (!action || !bar)
        return fail(u"no action %1 on the run toolbar"_s.arg(actionName));
    auto *button = qobject_cast<QAbstractButton *>(bar->widgetForAction(action));
    if (!button)
        return fail(u"action %1 has no toolbar button"_s.arg(actionName));
    return click(button);
}

bool StudioDriver::activate()
{
    // A window-modal dialog that closed leaves no active window on the offscreen platform
    // (a window manager would give the focus back to the main window).
    if (QApplication::activeWindow() == m_window.get())
        return true;
    m_window->activateWindow();
    if (!QTest::qWaitForWindowActive(m_window.get()))
        return fail(u"the main window cannot be activated"_s);
    return true;
}

QDialog *StudioDriver::openSettings()
{
    if (!activate())
        return nullptr;
    QTest::keyClick(m_window.get(), Qt::Key_Comma, Qt::ControlModifier);
    QDialog *settings = nullptr;
    if (!QTest::qWaitFor(
            [&] {
                settings = m_window->findChild<QDialog *>(QStringLiteral("settingsDialog"));
                return settings && settings->isVisible();
            },
            WaitTimeoutMs)) {
        fail(QStringLiteral("Ctrl+, opened no visible settings dialog"));
        return nullptr;
    }
    return settings;
}

bool StudioDriver::showPage(MainWindow::Page page)
{
    if (!activate())
        return false;
    QTest::keyClick(m_window.get(), Qt::Key(Qt::Key_1 + int(page)), Qt::ControlModifier);
    if (tabs()->currentIndex() != int(page))
        return fail(u"Ctrl+%1 showed page %2"_s.arg(int(page) + 1).arg(tabs()->currentIndex()));
    // The Charts and Compare pages catch up with the run right after their first frame.
    const auto caughtUp = [this, page] {
        if (page == MainWindow::ChartsPage)
            return !find<EfficacyChartView>(u"efficacyChart"_s)->isBehind();
        if (page == MainWindow::ComparePage)
            return !find<ComparePanel>(u"comparePanel"_s)->isBehind();
        return true;
    };
    // Not QTest::qWaitFor: it sleeps 10 ms between passes, and the stall bench flips pages
    // with this while it measures the window's gaps.
    if (!spinUntil(caughtUp, 5000, 1))
        return fail(u"page %1 did not catch up with the run"_s.arg(int(page) + 1));
    return true;
}

bool StudioDriver::pickComboItem(QComboBox *combo, int index)
{
    if (!combo || index < 0 || index >= combo->count())
        return fail(u"no item %1 in the combo box"_s.arg(index));
    QStyleOptionComboBox option;
    option.initFrom(combo);
    option.editable = combo->isEditable();
    option.subControls = QStyle::SC_All;
    const QRect arrow = combo->style()->subControlRect(QStyle::CC_ComboBox, &option,
                                                       QStyle::SC_ComboBoxArrow, combo);
    QTest::mouseClick(combo, Qt::LeftButton, {}, arrow.center());
    QAbstractItemView *view = combo->view();
    if (!QTest::qWaitFor([view] { return view->isVisible(); }, 5000))
        return fail(u"the popup of %1 did not open"_s.arg(combo->objectName()));
    const QModelIndex item =
        combo->model()->index(index, combo->modelColumn(), combo->rootModelIndex());
    view->scrollTo(item);
    // The popup ignores a release that follows its opening too closely (a double-click
    // guard), so click again until it closes.
    const bool closed = QTest::qWaitFor(
        [&] {
            if (!view->isVisible())
                return true;
            QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                              view->visualRect(item).center());
            return !view->isVisible();
        },
        5000);
    if (!closed)
        return fail(u"the popup of %1 did not close on a click"_s.arg(combo->objectName()));
    if (combo->currentIndex() != index)
        return fail(u"%1 shows item %2, not %3"_s.arg(combo->objectName())
                        .arg(combo->currentIndex())
                        .arg(index));
    return true;
}

static bool typeNumber(QAbstractSpinBox *spin, int value)
{
    spin->setFocus(Qt::OtherFocusReason);
    QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(spin, QString::number(value));
    QTest::keyClick(spin, Qt::Key_Tab);
    return true;
}

bool StudioDriver::fillNewRun(const Form &form)
{
    if (!showPage(MainWindow::NewRunPage))
        return false;
    auto *topic = find<QPlainTextEdit>(u"topicDescription"_s);
    auto *intent = find<QComboBox>(u"intentCombo"_s);
    auto *profile = find<QComboBox>(u"profileCombo"_s);
    auto *iterations = find<QSpinBox>(u"maxIterationsSpin"_s);
    auto *target = find<QDoubleSpinBox>(u"targetCoverageSpin"_s);
    if (!topic || !intent || !profile || !iterations || !target)
        return fail(u"the New run form is missing a field"_s);

    QTest::mouseClick(topic->viewport(), Qt::LeftButton);
    QTest::keyClick(topic, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(topic, Qt::Key_Delete);
    QTest::keyClicks(topic, form.topic);
    if (topic->toPlainText() != form.topic)
        return fail(u"the topic reads \"%1\""_s.arg(topic->toPlainText()));

    auto *seeds = find<QPlainTextEdit>(u"seedExamples"_s);
    if (!seeds)
        return fail(u"no seedExamples"_s);
    QTest::mouseClick(seeds->viewport(), Qt::LeftButton);
    QTest::keyClick(seeds, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(seeds, Qt::Key_Delete);
    for (qsizetype i = 0; i < form.seeds.size(); ++i) {
        if (i > 0)
            QTest::keyClick(seeds, Qt::Key_Return);
        QTest::keyClicks(seeds, form.seeds.at(i));
    }
    if (seeds->toPlainText() != form.seeds.join(u'\n'))
        return fail(u"the seed examples read \"%1\""_s.arg(seeds->toPlainText()));

    if (intent->currentIndex() != (form.allowIntent ? 1 : 0) &&
        !pickComboItem(intent, form.allowIntent ? 1 : 0))
        return false;

    // The profiles are listed from AIRS asynchronously once the sandbox is up.
    if (!QTest::qWaitFor([&] { return profile->findText(form.profile) >= 0; }, WaitTimeoutMs))
        return fail(
            u"profile %1 was never listed (%2 items)"_s.arg(form.profile).arg(profile->count()));
    if (!pickComboItem(profile, profile->findText(form.profile)))
        return false;

    typeNumber(iterations, form.maxIterations);
    if (iterations->value() != form.maxIterations)
        return fail(u"max iterations reads %1"_s.arg(iterations->value()));
    typeNumber(target, form.targetPercent);
    if (qRound(target->value()) != form.targetPercent)
        return fail(u"target coverage reads %1"_s.arg(target->value()));

    if (form.scansPerSecond > 0 || form.maxRegressions >= 0 || form.accumulateTests || form.responseTests > 0
        || form.robustness) {
        auto *advanced = find<QGroupBox>(u"advancedGroup"_s);
        auto *rate = find<QDoubleSpinBox>(u"rateSpin"_s);
        auto *regressions = find<QSpinBox>(u"maxRegressionsSpin"_s);
        if (!advanced || !rate || !regressions)
            return fail(u"no Advanced settings"_s);
        if (!advanced->isChecked()) {
            QStyleOptionGroupBox option;
            option.initFrom(advanced);
            option.text = advanced->title();
            option.lineWidth = 1;
            option.subControls =
                QStyle::SC_GroupBoxCheckBox | QStyle::SC_GroupBoxLabel | QStyle::SC_GroupBoxFrame;
            option.textAlignment = advanced->alignment();
            const QRect box = advanced->style()->subControlRect(
                QStyle::CC_GroupBox, &option, QStyle::SC_GroupBoxCheckBox, advanced);
            QTest::mouseClick(advanced, Qt::LeftButton, {}, box.center());
            if (!advanced->isChecked() || !rate->isVisible())
                return fail(u"Advanced did not open"_s);
        }
        if (form.scansPerSecond > 0) {
            typeNumber(rate, form.scansPerSecond);
            if (qRound(rate->value()) != form.scansPerSecond)
                return fail(u"scans per second reads %1"_s.arg(rate->value()));
        }
        auto *accumulate = find<QCheckBox>(u"accumulateCheck"_s);
        if (!accumulate)
            return fail(u"no accumulateCheck"_s);
        if (accumulate->isChecked() != form.accumulateTests && !click(accumulate))
            return false;
        if (form.maxRegressions >= 0) {
            typeNumber(regressions, form.maxRegressions);
            if (regressions->value() != form.maxRegressions)
                return fail(u"stop after regressions reads %1"_s.arg(regressions->value()));
        }
        auto *responses = find<QSpinBox>(u"responseTestsSpin"_s);
        auto *robustness = find<QCheckBox>(u"robustnessCheck"_s);
        if (!responses || !robustness)
            return fail(u"no response tests or robustness fields"_s);
        if (form.responseTests > 0) {
            typeNumber(responses, form.responseTests);
            if (responses->value() != form.responseTests)
                return fail(u"response tests reads %1"_s.arg(responses->value()));
        }
        if (robustness->isChecked() != form.robustness && !click(robustness))
            return false;
    }
    auto *run = find<QPushButton>(u"runButton"_s);
    if (!run || !run->isEnabled())
        return fail(u"Run is not enabled: %1"_s.arg(
            find<QLabel>(u"newRunHint"_s) ? find<QLabel>(u"newRunHint"_s)->text() : QString()));
    return true;
}

bool StudioDriver::clickRun()
{
    if (!click(u"runButton"_s))
        return false;
    // The window turns to the Live page in the event loop's next pass.
    if (!spinUntil([this] { return tabs()->currentIndex() == MainWindow::LivePage; }, WaitTimeoutMs))
        return fail(
            u"the Live run tab is not shown after Run (tab %1)"_s.arg(tabs()->currentIndex()));
    if (!m_context->isRunActive())
        return fail(u"no run is active after Run"_s);
    return true;
}

bool StudioDriver::waitForRunEnd(int timeoutMs)
{
    if (!QTest::qWaitFor([this] { return !m_context->isRunActive() && !session()->isLive(); },
                         timeoutMs))
        return fail(
            u"the run did not end within %1 s (step %2, iteration %3)"_s.arg(timeoutMs / 1000)
                .arg(session()->step())
                .arg(session()->currentIteration()));
    return true;
}

RunState StudioDriver::storedRun(const QString &id) const
{
    const RunStore::Loaded loaded = RunStore(m_context->runsDirectory()).load(id);
    return loaded.ok() ? loaded.run : RunState();
}

QSet<QString> StudioDriver::words(const QString &text)
{
    static const QRegularExpression word(u"[\\p{L}\\p{N}]+"_s);
    QSet<QString> out;
    for (auto it = word.globalMatch(text); it.hasNext();)
        out.insert(it.next().captured().toLower());
    return out;
}

StudioDriver::DiffWords StudioDriver::renderedDiff(const QTextBrowser *browser,
                                                   const QString &heading)
{
    DiffWords out;
    const QTextDocument *doc = browser->document();
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        if (block.text().trimmed() != heading || !block.next().isValid())
            continue;
        const QTextBlock diff = block.next();
        for (auto it = diff.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            QString text = fragment.text();
            text.remove(
                QChar(0x2009)); // the thin space drawn between a removal and its replacement
            const QTextCharFormat format = fragment.charFormat();
            if (format.fontStrikeOut()) {
                out.oldText += text;
                out.removed.unite(words(text));
            } else if (format.fontUnderline()) {
                out.newText += text;
                out.added.unite(words(text));
            } else {
                out.oldText += text;
                out.newText += text;
            }
        }
        break;
    }
    return out;
}

bool StudioDriver::screenshotsWanted()
{
    return !qEnvironmentVariable("DAYSTROM_SCREENSHOTS").isEmpty();
}

bool StudioDriver::screenshot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("DAYSTROM_SCREENSHOTS");
    if (dir.isEmpty())
        return true;
    QDir().mkpath(dir);
    // grab() paints the current geometry: pending layouts (a label that just grew) land first.
    // Each nesting level posts its parent a new LayoutRequest, hence a few rounds.
    for (int round = 0; round < 8; ++round)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::processEvents();
    return widget->grab().save(QDir(dir).filePath(name));
}
