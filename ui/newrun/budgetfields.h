#pragma once

#include <QObject>

#include <optional>

class QFormLayout;
class QLineEdit;

// The New run form's budget: a token budget (tokens in + out over the whole run) and a cost
// budget in USD, both optional (empty = none). The run pauses before an LLM call that would
// go past either. Numbers are read in the person's locale (a German "2,50") or plainly.
class BudgetFields final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BudgetFields)
public:
    // Adds the two rows to `form`; the edits are children of `parent`.
    BudgetFields(QFormLayout *form, QWidget *parent);

    std::optional<qint64> maxTokens() const; // absent when empty or not valid
    std::optional<double> maxCost() const;
    void setBudget(std::optional<qint64> maxTokens, std::optional<double> maxCost);
    QString validationError() const; // empty when both are empty or valid
    // Tab goes from `before` into the budget and from the budget to `after`.
    void placeInTabOrder(QWidget *before, QWidget *after);

signals:
    void changed();

private:
    QLineEdit *m_tokens;
    QLineEdit *m_cost;
};
