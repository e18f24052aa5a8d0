#pragma once

#include "memorystore/memorycurator.h"

#include <QDialog>

class QComboBox;
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

    NewLearning learning() const;

private:
    void validate();

    QPlainTextEdit *m_insight;
    QLineEdit *m_strategy;
    QComboBox *m_outcome;
    QComboBox *m_changeType;
    QLineEdit *m_tags;
    QDialogButtonBox *m_buttons;
};
