#include "benchmarkfield.h"

#include "ui/widgets/wrappinglabel.h"
#include "domain/labelledcsv.h"
#include "domain/samplesize.h"
#include "reports/displayformat.h"
#include "testpromptsfield.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

BenchmarkField::BenchmarkField(QWidget *parent)
    : QWidget(parent)
    , m_size(new QSpinBox(this))
    , m_width(new QDoubleSpinBox(this))
    , m_useWidth(new QPushButton(QCoreApplication::translate("NewRunPanel", "Use that si&ze"), this))
    , m_precision(new QLabel(this))
    , m_file(new QPushButton(QCoreApplication::translate("NewRunPanel", "From CSV…"), this))
    , m_generated(new QPushButton(QCoreApplication::translate("NewRunPanel", "LLM-written"), this))
    , m_summary(new QLabel(this))
{
    setObjectName(u"benchmarkField"_s);
    m_size->setObjectName(u"benchmarkSizeSpin"_s);
    m_size->setAccessibleName(
        QCoreApplication::translate("NewRunPanel", "Held-out benchmark prompts"));
    m_size->setRange(0, 500);
    m_size->setValue(60);
    m_size->setSpecialValueText(QCoreApplication::translate("NewRunPanel", "none"));
    m_size->setToolTip(QCoreApplication::translate(
        "NewRunPanel", "Labelled prompts the LLM writes once; every iteration is scored on them "
                       "and the LLM never sees "
                       "them again, so iterations can be compared. Default: 60; none: each "
                       "iteration is scored only "
                       "on its own tests."));
    m_file->setObjectName(u"benchmarkFileButton"_s);
    m_file->setAccessibleName(
        QCoreApplication::translate("NewRunPanel", "Load the benchmark from a CSV file"));
    m_file->setToolTip(QCoreApplication::translate(
        "NewRunPanel",
        "Use labelled prompts from a CSV file as the held-out benchmark instead of prompts the LLM "
        "writes. Default: LLM-written."));
    m_generated->setObjectName(u"benchmarkGeneratedButton"_s);
    m_generated->setAccessibleName(
        QCoreApplication::translate("NewRunPanel", "Let the LLM write the benchmark"));
    m_generated->setToolTip(QCoreApplication::translate(
        "NewRunPanel", "Forget the CSV benchmark and let the LLM write it again (the default)."));
    m_summary->setObjectName(u"benchmarkSummary"_s);
    m_summary->setWordWrap(true);
    makeWrappingLabel(m_summary); // keeps height-for-width

    m_precision->setObjectName(u"benchmarkPrecision"_s);
    m_precision->setWordWrap(true);
    makeWrappingLabel(m_precision);
    m_width->setObjectName(u"benchmarkWidthSpin"_s);
    m_width->setAccessibleName(QCoreApplication::translate("NewRunPanel", "Wanted precision of coverage, in points"));
    m_width->setRange(1, 25);
    m_width->setDecimals(1);
    m_width->setSingleStep(0.5);
    m_width->setValue(100 * SampleSize::DefaultHalfWidth);
    m_width->setPrefix(u"±"_s);
    m_width->setSuffix(QCoreApplication::translate("NewRunPanel", " points"));
    m_width->setToolTip(QCoreApplication::translate(
        "NewRunPanel", "How precisely you want a coverage near 90 % measured (half the 95 % interval). "
                       "Default: ±5 points."));
    m_useWidth->setObjectName(u"benchmarkUseWidthButton"_s);
    m_useWidth->setToolTip(QCoreApplication::translate(
        "NewRunPanel", "Set the benchmark to the size this precision needs (the default size is 60 prompts)."));

    auto *row = new QHBoxLayout;
    row->addWidget(m_size);
    row->addWidget(m_file);
    row->addWidget(m_generated);
    row->addStretch(1);
    auto *wanted = new QHBoxLayout;
    auto *wantedLabel = new QLabel(QCoreApplication::translate("NewRunPanel", "Precision &wanted:"), this);
    wantedLabel->setBuddy(m_width);
    wanted->addWidget(wantedLabel);
    wanted->addWidget(m_width);
    wanted->addWidget(m_useWidth);
    wanted->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_summary);
    layout->addWidget(m_precision);
    layout->addLayout(wanted);
    setFocusProxy(m_size);
    connect(m_width, &QDoubleSpinBox::valueChanged, this, [this] { showSummary(); });
    connect(m_useWidth, &QPushButton::clicked, this, [this] {
        m_size->setValue(std::min(SampleSize::benchmarkFor(m_width->value() / 100), m_size->maximum()));
    });

    connect(m_file, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, QCoreApplication::translate("NewRunPanel", "Benchmark from CSV"), {},
            QCoreApplication::translate("NewRunPanel", "Labelled prompts (*.csv)") + u";;"_s +
                QCoreApplication::translate("NewRunPanel", "All files (*)"));
        if (!path.isEmpty())
            loadFile(path);
    });
    connect(m_generated, &QPushButton::clicked, this, [this] {
        m_tests.clear();
        showSummary();
    });
    connect(m_size, &QSpinBox::valueChanged, this, [this] { showSummary(); });
    showSummary();
}

int BenchmarkField::size() const
{
    return m_size->value();
}

void BenchmarkField::setSize(int size)
{
    m_size->setValue(size);
}

void BenchmarkField::setTests(const QList<TestCase> &tests)
{
    m_tests = tests;
    m_origin.clear();
    showSummary();
}

QString BenchmarkField::loadFile(const QString &path)
{
    const QString name = QFileInfo(path).fileName();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        const QString error = tr("Cannot read %1: %2").arg(name, file.errorString());
        showSummary(error);
        return error;
    }
    const LabelledCsv::Parsed csv =
        LabelledCsv::parse(file.read(TestPromptsField::MaxFileBytes + 1));
    QString error;
    QList<TestCase> tests;
    for (const LabelledCsv::Row &row : csv.rows) {
        TestCase t = row.test;
        t.source = TestSource::Benchmark;
        tests.append(t);
    }
    const bool positive = std::any_of(tests.cbegin(), tests.cend(),
                                      [](const TestCase &t) { return t.expectedTriggered; });
    const bool negative = std::any_of(tests.cbegin(), tests.cend(),
                                      [](const TestCase &t) { return !t.expectedTriggered; });
    if (!csv.ok())
        error = tr("%1 cannot be used: %2").arg(name, csv.error);
    else if (!positive || !negative)
        error = tr("%1 cannot be used: a benchmark needs prompts that should trigger and "
                       "prompts that should not.")
                    .arg(name);
    if (!error.isEmpty()) {
        showSummary(error);
        return error;
    }
    m_tests = tests;
    m_origin = name;
    showSummary();
    return {};
}

void BenchmarkField::updatePrecision()
{
    const auto points = [](double x) { return DisplayFormat::number(100 * x, 1); };
    int positives = m_size->value() / 2, negatives = m_size->value() - m_size->value() / 2;
    if (!m_tests.isEmpty()) {
        positives = int(std::count_if(m_tests.cbegin(), m_tests.cend(), [](const TestCase &t) { return t.expectedTriggered; }));
        negatives = int(m_tests.size()) - positives;
    }
    const int needed = SampleSize::benchmarkFor(m_width->value() / 100);
    const QString need = needed > m_size->maximum()
                             ? tr("±%1 points would need %2 prompts, more than a benchmark here may have.")
                                   .arg(points(m_width->value() / 100), QString::number(needed))
                             : tr("±%1 points needs %2 prompts.").arg(points(m_width->value() / 100), QString::number(needed));
    m_useWidth->setEnabled(m_tests.isEmpty() && needed <= m_size->maximum() && needed != m_size->value());
    if (positives <= 0 || negatives <= 0) {
        m_precision->setText(need);
        return;
    }
    m_precision->setText(tr("With %1 positives and %2 negatives, a coverage near 90 % is measured to about ±%3 "
                                "points (95 % interval). %4")
                             .arg(QString::number(positives), QString::number(negatives),
                                  points(SampleSize::coverageHalfWidth(positives, negatives)), need));
}

void BenchmarkField::showSummary(const QString &problem)
{
    QString text;
    if (!m_tests.isEmpty()) {
        text = tr("%n labelled prompt(s) from %1, scored in every iteration and never shown to "
                  "the LLM.",
                  nullptr, int(m_tests.size()))
                   .arg(m_origin.isEmpty() ? tr("the copied run") : m_origin);
    } else if (m_size->value() > 0) {
        text = tr("The LLM writes %1 prompts once; every iteration is scored on them.")
                   .arg(m_size->value());
    } else {
        text = tr("No benchmark: each iteration is scored only on its own tests.");
    }
    m_size->setEnabled(m_tests.isEmpty());
    m_generated->setEnabled(!m_tests.isEmpty());
    updatePrecision();
    m_summary->setText(
        problem.isEmpty() ? text : problem + u'\n' + tr("Benchmark unchanged: %1").arg(text));
}
