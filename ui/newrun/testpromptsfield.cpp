#include "testpromptsfield.h"

#include "ui/widgets/wrappinglabel.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QStyle>

using namespace Qt::StringLiterals;

TestPromptsField::TestPromptsField(QWidget *parent)
    : QWidget(parent)
    , m_icon(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_load(new QPushButton(tr("From CSV…"), this))
    , m_clear(new QPushButton(tr("Use generated"), this))
{
    setObjectName(u"testPromptsField"_s);
    m_summary->setObjectName(u"testPromptsSummary"_s);
    m_summary->setTextFormat(Qt::PlainText);
    // A long problem (a file's full path, a parse error) wraps inside the form: the row grows
    // to the label's height for the width it has (height-for-width), nothing is cut at the right.
    m_summary->setWordWrap(true);
    makeWrappingLabel(m_summary); // keeps height-for-width
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_icon->setObjectName(u"testPromptsIcon"_s);
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this).pixmap(size));
    m_load->setObjectName(u"loadTestPromptsButton"_s);
    m_load->setAccessibleName(tr("Load test prompts from a CSV file"));
    m_load->setToolTip(tr("Scan labelled prompts from a CSV file (columns prompt, expected and "
                          "optionally intent and category) in every iteration instead of "
                          "prompts the LLM writes"));
    m_load->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton, nullptr, this));
    m_clear->setObjectName(u"generatedTestPromptsButton"_s);
    m_clear->setAccessibleName(tr("Use prompts the LLM generates"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // The buttons stay put whatever the summary says.
    layout->addWidget(m_load);
    layout->addWidget(m_clear);
    layout->addSpacing(style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing, nullptr, this));
    layout->addWidget(m_icon);
    layout->addWidget(m_summary, 1);
    setFocusProxy(m_load);

    connect(m_load, &QPushButton::clicked, this, &TestPromptsField::chooseFile);
    connect(m_clear, &QPushButton::clicked, this, [this] { setTests({}); });
    showSummary();
}

void TestPromptsField::setTests(const QList<TestCase> &tests, const QString &origin)
{
    m_tests = tests;
    m_origin = tests.isEmpty() ? QString() : origin;
    if (tests.isEmpty())
        m_fileIntent.reset();
    showSummary();
    emit testsChanged();
}

QString TestPromptsField::loadFile(const QString &path)
{
    const TestPromptFile csv = TestPromptFile::read(path);
    if (!csv.ok()) {
        showSummary(csv.error);
        return csv.error;
    }
    m_fileIntent = csv.intent;
    m_lastDir = QFileInfo(path).absolutePath();
    setTests(csv.tests, QFileInfo(path).fileName());
    if (csv.intent)
        emit fileIntentFound(*csv.intent);
    return {};
}

void TestPromptsField::chooseFile()
{
    if (m_lastDir.isEmpty())
        m_lastDir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    auto *dialog = new QFileDialog(this, tr("Test Prompts from CSV"), m_lastDir);
    dialog->setObjectName(u"testPromptsDialog"_s);
    dialog->setAcceptMode(QFileDialog::AcceptOpen);
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setNameFilters({tr("Labelled prompts (*.csv)"), tr("All files (*)")});
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this,
            [this](const QString &path) { loadFile(path); });
    dialog->open();
}

void TestPromptsField::showSummary(const QString &problem)
{
    m_clear->setEnabled(!m_tests.isEmpty());
    QString text = tr("Written by the LLM for each iteration.");
    bool oneSided = false;
    if (!m_tests.isEmpty()) {
        qsizetype positives = 0;
        for (const TestCase &t : m_tests)
            positives += t.expectedTriggered ? 1 : 0;
        const qsizetype negatives = m_tests.size() - positives;
        const int n = int(m_tests.size());
        const QString what = m_origin.isEmpty()
                                 ? tr("%n labelled prompt(s)", nullptr, n)
                                 : tr("%n labelled prompt(s) from %1", nullptr, n).arg(m_origin);
        // One arg() call: a file name holding "%2" must not be filled in.
        text = tr("%1 (%2 should trigger, %3 should not), scanned in every iteration.")
                   .arg(what, QString::number(positives), QString::number(negatives));
        // Coverage is min(TPR, TNR): without both kinds of prompt it cannot rise.
        oneSided = positives == 0 || negatives == 0;
        if (oneSided)
            text += u' ' + (positives == 0 ? tr("None should trigger, so coverage stays at 0 %.")
                                           : tr("All should trigger, so coverage stays at 0 %."));
    }
    if (!problem.isEmpty())
        text = problem + u'\n' + tr("Test prompts unchanged: %1").arg(text);
    m_icon->setVisible(oneSided || !problem.isEmpty());
    // A path has no spaces to wrap at: a zero-width space after each separator lets it wrap.
    QString shown = text;
    shown.replace(u'/', u"/\u200B"_s).replace(u'\\', u"\\\u200B"_s);
    m_summary->setText(shown);
    m_summary->setToolTip(text);
}
