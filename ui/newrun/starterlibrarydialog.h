#pragma once

#include "domain/starterlibrary.h"

#include <QDialog>

#include <optional>

class QLabel;
class QListWidget;
class QTextBrowser;

// New run's "Start from the library…" (issue 44): the starter topics in a list, the chosen
// one's intent, description, examples and note beside it, and "Use this topic", which fills
// the form's request, intent and seed examples (the person edits them from there).
class StarterLibraryDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StarterLibraryDialog)
public:
    explicit StarterLibraryDialog(QWidget *parent = nullptr);
    std::optional<StarterTopic> chosen() const;

private:
    void showEntry(int row);

    QList<StarterTopic> m_entries;
    QListWidget *m_list;
    QTextBrowser *m_details;
};
