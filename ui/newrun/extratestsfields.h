#pragma once

#include "domain/runsettings.h"

#include <QObject>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QWidget;

// The New run form's tests beside the benchmark (issue 43), off by default: response tests
// (prompt+response pairs judged on the response side, block intent only), which side decides,
// and the robustness set (rewrite families of a sample of the benchmark, with the languages to
// translate into). Shows what they add to every iteration's scans before the run starts.
class ExtraTestsFields final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExtraTestsFields)
public:
    // Adds its rows to `form`; the widgets are children of `parent`.
    ExtraTestsFields(QFormLayout *form, QWidget *parent);

    void read(RunSettings *s) const; // responseTests, decideOnBothDirections, robustness*
    void set(const RunSettings &s);
    void setIntent(Intent intent); // response tests need block intent
    // The extra scans and LLM calls of `s` (the whole form's settings), or nothing when off.
    void showCost(const RunSettings &s);
    QString validationError(const RunSettings &s) const; // empty when usable
    QList<QSpinBox *> spins() const;
    QList<QWidget *> tabChain() const; // its fields in the order Tab visits them

signals:
    void changed();

private:
    QStringList families() const;
    void updateEnabled();

    QSpinBox *m_responses;
    QComboBox *m_decision;
    QCheckBox *m_robustness;
    QList<QCheckBox *> m_families; // the deterministic ones, paraphrase and split
    QLineEdit *m_languages;
    QSpinBox *m_sample;
    QLabel *m_cost;
    Intent m_intent = Intent::Block;
};
