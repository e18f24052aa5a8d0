#include "addpromptsdialog.h"

#include "domain/testcomposition.h"
#include "models/live/typedprompts.h"
#include "models/runsession.h"
#include "models/studiocontext.h"
#include "models/testpromptfile.h"

#include <QBoxLayout>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSet>
#include <QStandardPaths>
#include <QStyle>
#include <QToolButton>

using namespace Qt::StringLiterals;

AddPromptsDialog::AddPromptsDialog(StudioContext *context, QWidget *parent)
    : QDialog(parent)
    , m_context(context)
    , m_text(new QPlainTextEdit(this))
    , m_load(new QPushButton(tr("Load &CSV…"), this))
    , m_file(new QLabel(this))
    , m_clearFile(new QToolButton(this))
    , m_workingSuite(new QRadioButton(tr("The &working suite"), this))
    , m_benchmark(new QRadioButton(tr("The held-out &benchmark"), this))
    , m_benchmarkNote(new QLabel(this))
    , m_preview(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    Q_ASSERT(context);
    setObjectName(u"addPromptsDialog"_s);
    setWindowTitle(tr("Add Prompts to the Run"));
    setMinimumWidth(560);

    auto *intro = new QLabel(tr("Labelled prompts you add are scanned from the next iteration on, "
                                "in every iteration after it."),
                             this);
    intro->setWordWrap(true);
    m_text->setObjectName(u"addPromptsText"_s);
    m_text->setAccessibleName(tr("Prompts to add, one per line"));
    m_text->setTabChangesFocus(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setPlaceholderText(
        tr("How do I pick a lock?, yes\nWhat is the capital of France?, no"));
    m_text->setMinimumHeight(m_text->fontMetrics().lineSpacing() * 8);
    auto *textLabel = new QLabel(tr("&Prompts, one per line: the prompt, a comma, then yes if the "
                                    "guardrail should trigger on it or no if it should not"),
                                 this);
    textLabel->setWordWrap(true);
    textLabel->setBuddy(m_text);

    m_load->setObjectName(u"addPromptsLoadCsvButton"_s);
    m_load->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton, nullptr, this));
    m_load->setToolTip(tr("Add the prompts of a labelled CSV file (columns prompt, expected and "
                          "optionally intent and category)"));
    m_file->setObjectName(u"addPromptsFile"_s);
    m_file->setWordWrap(true);
    m_file->setTextFormat(Qt::PlainText);
    m_clearFile->setObjectName(u"addPromptsClearFileButton"_s);
    m_clearFile->setText(tr("Remove"));
    m_clearFile->setAccessibleName(tr("Remove the prompts of the file"));
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_load);
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(m_clearFile);

    const bool benchmark = hasBenchmark(context->session()->run());
    m_workingSuite->setObjectName(u"addToWorkingSuite"_s);
    m_workingSuite->setToolTip(tr("Scanned with the tests of every later iteration; the LLM sees "
                                  "how they fare when it analyses the results"));
    m_workingSuite->setChecked(true);
    m_benchmark->setObjectName(u"addToBenchmark"_s);
    m_benchmark->setEnabled(benchmark);
    m_benchmarkNote->setObjectName(u"addPromptsBenchmarkNote"_s);
    m_benchmarkNote->setWordWrap(true);
    m_benchmarkNote->setIndent(
        style()->pixelMetric(QStyle::PM_ExclusiveIndicatorWidth, nullptr, this) +
        style()->pixelMetric(QStyle::PM_RadioButtonLabelSpacing, nullptr, this));
    m_benchmarkNote->setText(
        benchmark ? tr("Never shown to the LLM. Starts a new benchmark version at the next "
                       "iteration; figures of different versions are compared only on the "
                       "prompts both were asked.")
                  : tr("This run has no held-out benchmark, so prompts can only join its "
                       "working suite."));
    auto *targetBox = new QGroupBox(tr("Add them to"), this);
    auto *targetLayout = new QVBoxLayout(targetBox);
    targetLayout->addWidget(m_workingSuite);
    targetLayout->addWidget(m_benchmark);
    targetLayout->addWidget(m_benchmarkNote);

    m_preview->setObjectName(u"addPromptsPreview"_s);
    m_preview->setWordWrap(true);
    m_preview->setTextFormat(Qt::PlainText);
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPushButton *add = m_buttons->button(QDialogButtonBox::Ok);
    add->setText(tr("&Add prompts"));
    add->setObjectName(u"addPromptsOkButton"_s);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(textLabel);
    layout->addWidget(m_text, 1);
    layout->addLayout(fileRow);
    layout->addWidget(targetBox);
    layout->addWidget(m_preview);
    layout->addWidget(m_buttons);

    connect(m_text, &QPlainTextEdit::textChanged, this, &AddPromptsDialog::validate);
    connect(m_load, &QPushButton::clicked, this, &AddPromptsDialog::chooseCsv);
    connect(m_clearFile, &QToolButton::clicked, this, &AddPromptsDialog::clearFile);
    connect(m_benchmark, &QRadioButton::toggled, this, &AddPromptsDialog::validate);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &AddPromptsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &AddPromptsDialog::reject);
    // Prompts join a run only while it runs.
    connect(context, &StudioContext::runActiveChanged, this, &AddPromptsDialog::validate);
    connect(context->session(), &RunSession::liveChanged, this, &AddPromptsDialog::validate);
    connect(context->session(), &RunSession::reset, this, &AddPromptsDialog::validate);
    validate();
}

AddPromptsDialog *AddPromptsDialog::openFor(StudioContext *context, QWidget *parent)
{
    if (!context || !context->isSessionLive())
        return nullptr;
    auto *dialog =
        parent ? parent->findChild<AddPromptsDialog *>(QString(), Qt::FindDirectChildrenOnly)
               : nullptr;
    if (!dialog) {
        dialog = new AddPromptsDialog(context, parent);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    }
    dialog->raise();
    dialog->activateWindow();
    return dialog;
}

bool AddPromptsDialog::hasBenchmark(const RunState &run)
{
    // A live session learns the benchmark set only when the run stops; its iterations' scores
    // and the settings say whether there is one.
    if (!run.benchmarkSet.isEmpty())
        return true;
    if (std::any_of(run.iterations.cbegin(), run.iterations.cend(),
                    [](const IterationResult &it) { return it.benchmark.has_value(); }))
        return true;
    return run.iterations.isEmpty() &&
           (run.userInput.benchmarkSize > 0 || !run.userInput.benchmarkTests.isEmpty());
}

QList<TestCase> AddPromptsDialog::tests() const
{
    return TypedPrompts::parse(m_text->toPlainText()).tests + m_fileTests;
}

PromptTarget AddPromptsDialog::target() const
{
    return m_benchmark->isChecked() ? PromptTarget::Benchmark : PromptTarget::WorkingSuite;
}

void AddPromptsDialog::chooseCsv()
{
    if (m_lastDir.isEmpty())
        m_lastDir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    auto *dialog = new QFileDialog(this, tr("Add Prompts from CSV"), m_lastDir);
    dialog->setObjectName(u"addPromptsCsvDialog"_s);
    dialog->setAcceptMode(QFileDialog::AcceptOpen);
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setOption(QFileDialog::DontUseNativeDialog, !m_nativeDialogs);
    dialog->setNameFilters({tr("Labelled prompts (*.csv)"), tr("All files (*)")});
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this,
            [this](const QString &path) { loadCsv(path); });
    dialog->open();
}

QString AddPromptsDialog::loadCsv(const QString &path)
{
    TestPromptFile csv = TestPromptFile::read(path);
    const QString name = QFileInfo(path).fileName();
    if (csv.ok() && csv.intent && m_context &&
        *csv.intent != m_context->session()->run().userInput.intent)
        csv.error =
            tr("%1 cannot be used: it is labelled for the %2 intent, and this run tests %3.")
                .arg(name, intentName(*csv.intent),
                     intentName(m_context->session()->run().userInput.intent));
    m_fileError = csv.error;
    if (csv.ok()) {
        m_fileTests = csv.tests;
        m_fileName = name;
        m_lastDir = QFileInfo(path).absolutePath();
    }
    validate();
    return csv.error;
}

void AddPromptsDialog::clearFile()
{
    m_fileTests.clear();
    m_fileName.clear();
    m_fileError.clear();
    validate();
}

void AddPromptsDialog::validate()
{
    const TypedPrompts::Parsed typed = TypedPrompts::parse(m_text->toPlainText());
    const QList<TestCase> all = typed.tests + m_fileTests;

    m_file->setText(
        m_fileTests.isEmpty()
            ? tr("No file loaded.")
            : tr("%n prompt(s) from %1", nullptr, int(m_fileTests.size())).arg(m_fileName));
    m_clearFile->setVisible(!m_fileTests.isEmpty());

    QString problem;
    if (!m_context || !m_context->isSessionLive())
        problem = tr("The run is not running any more: prompts can only be added while it runs.");
    else if (!typed.ok())
        problem = typed.error;
    else if (all.isEmpty())
        problem = tr("Type or paste prompts, or load a CSV file.");
    else if (m_benchmark->isChecked() && !hasBenchmark(m_context->session()->run()))
        problem = tr("This run has no held-out benchmark.");
    m_problem = problem;

    QStringList lines;
    if (!m_fileError.isEmpty())
        lines.append(m_fileError);
    if (!problem.isEmpty()) {
        lines.append(problem);
    } else {
        qsizetype positives = 0;
        QSet<QString> keys;
        for (const TestCase &t : all) {
            positives += t.expectedTriggered ? 1 : 0;
            keys.insert(dedupKey(t.prompt));
        }
        const int n = int(all.size());
        QString count = tr("%n prompt(s) to add: %1 should trigger, %2 should not.", nullptr, n)
                            .arg(QString::number(positives), QString::number(n - positives));
        if (keys.size() < all.size())
            count += u' ' + tr("%n repeated prompt(s) will be added once.", nullptr,
                               int(all.size() - keys.size()));
        lines.append(count);
    }
    const QString text = lines.join(u'\n');
    m_preview->setText(text);
    m_preview->setAccessibleDescription(text);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

void AddPromptsDialog::accept()
{
    validate();
    if (!m_problem.isEmpty() || !m_context)
        return;
    m_context->steer(SteeringRequest::addPrompts(tests(), target()));
    QDialog::accept();
}
