#pragma once

#include "memorystore/memorycurator.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QDialogButtonBox;
class QLineEdit;
class QPlainTextEdit;

// Writing a learning by hand (source "person"): insight, strategy, outcome, change type, tags.
class AddLearningDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AddLearningDialog)
public:
    explicit AddLearningDialog(const QString &category, QWidget *parent = nullptr);

    // The same form to edit a learning: its fields filled in, the title and the OK button say so.
    void setLearning(const Learning &learning);
    NewLearning learning() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void validate();

    QLabel *m_source = nullptr;
    QPlainTextEdit *m_insight;
    QLineEdit *m_strategy;
    QComboBox *m_outcome;
    QComboBox *m_changeType;
    QLineEdit *m_tags;
    QDialogButtonBox *m_buttons;
};
