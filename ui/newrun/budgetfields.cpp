#include "budgetfields.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {
// The largest budgets accepted: typo guards, far beyond any run.
constexpr qint64 MaxTokens = 1'000'000'000'000;
constexpr double MaxCost = 1'000'000.0;

std::optional<qint64> parseTokens(const QString &text)
{
    const QString t = text.trimmed();
    bool ok = false;
    qint64 n = QLocale().toLongLong(t, &ok); // "100.000" in German, "100,000" in English
    if (!ok)
        n = QLocale::c().toLongLong(QString(t).remove(u'_').remove(u' '), &ok);
    return ok ? std::optional<qint64>(n) : std::nullopt;
}

std::optional<double> parseCost(const QString &text)
{
    QString t = text.trimmed();
    if (t.startsWith(u'$'))
        t = t.mid(1).trimmed();
    bool ok = false;
    double d = QLocale().toDouble(t, &ok);
    if (!ok)
        d = QLocale::c().toDouble(t, &ok);
    return ok ? std::optional<double>(d) : std::nullopt;
}
} // namespace

BudgetFields::BudgetFields(QFormLayout *form, QWidget *parent)
    : QObject(parent)
    , m_tokens(new QLineEdit(parent))
    , m_cost(new QLineEdit(parent))
{
    m_tokens->setObjectName(u"maxTokensEdit"_s);
    m_tokens->setAccessibleName(tr("Token budget"));
    m_tokens->setPlaceholderText(tr("none"));
    m_tokens->setClearButtonEnabled(true);
    m_tokens->setToolTip(
        tr("Pause the run before an LLM call would take it past this many tokens (in + out, "
           "the whole run). Empty: no limit. Resume with a higher budget to go on."));
    m_cost->setObjectName(u"maxCostEdit"_s);
    m_cost->setAccessibleName(tr("Cost budget in US dollars"));
    m_cost->setPlaceholderText(tr("none"));
    m_cost->setClearButtonEnabled(true);
    m_cost->setToolTip(tr(
        "Pause the run before an LLM call would take its estimated cost past this many US "
        "dollars. Needs a price for the model in \"llmPrices\" in config.json. Empty: no limit."));
    // As wide as the numbers they hold, like the spin boxes above, not the whole form.
    for (QLineEdit *edit : {m_tokens, m_cost})
        edit->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    form->addRow(tr("Token &budget:"), m_tokens);
    form->addRow(tr("Cost budget (US&D):"), m_cost);
    connect(m_tokens, &QLineEdit::textChanged, this, &BudgetFields::changed);
    connect(m_cost, &QLineEdit::textChanged, this, &BudgetFields::changed);
}

std::optional<qint64> BudgetFields::maxTokens() const
{
    if (m_tokens->text().trimmed().isEmpty() || !validationError().isEmpty())
        return std::nullopt;
    return parseTokens(m_tokens->text());
}

std::optional<double> BudgetFields::maxCost() const
{
    if (m_cost->text().trimmed().isEmpty() || !validationError().isEmpty())
        return std::nullopt;
    return parseCost(m_cost->text());
}

void BudgetFields::setBudget(std::optional<qint64> maxTokens, std::optional<double> maxCost)
{
    m_tokens->setText(maxTokens ? QString::number(*maxTokens) : QString());
    m_cost->setText(maxCost ? QLocale().toString(*maxCost, 'f', 2) : QString());
}

void BudgetFields::placeInTabOrder(QWidget *before, QWidget *after)
{
    QWidget::setTabOrder(before, m_tokens);
    QWidget::setTabOrder(m_tokens, m_cost);
    QWidget::setTabOrder(m_cost, after);
}

QString BudgetFields::validationError() const
{
    if (const QString t = m_tokens->text().trimmed(); !t.isEmpty()) {
        const std::optional<qint64> n = parseTokens(t);
        if (!n || *n <= 0 || *n > MaxTokens)
            return tr(
                "The token budget must be a whole number of tokens above 0 (or empty for none).");
    }
    if (const QString t = m_cost->text().trimmed(); !t.isEmpty()) {
        const std::optional<double> d = parseCost(t);
        if (!d || !std::isfinite(*d) || *d <= 0 || *d > MaxCost)
            return tr("The cost budget must be an amount in US dollars above 0, such as %1 (or "
                      "empty for none).")
                .arg(QLocale().toString(2.5, 'f', 2));
    }
    return {};
}
