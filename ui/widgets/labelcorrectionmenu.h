#pragma once

#include <QMessageBox>
#include <QObject>
#include <QPointer>

#include <optional>

class QAbstractItemView;
class QAction;
class QMenu;
class QModelIndex;
class QPoint;
class StudioContext;

// "Mark expected label as wrong" / "Undo label correction" on any table of tests: the view's
// context menu offers both (the one that does not apply is disabled) and Ctrl+L does whichever
// applies to the current row. The row's prompt and its label now come from the model's
// `promptRole` (QString) and `expectedRole` (bool). The change goes through
// StudioContext::correctLabel (the live run, or the stored run's file); a refusal is shown in
// a message box. Installed once per view, which owns it.
class LabelCorrectionMenu final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabelCorrectionMenu)
public:
    static LabelCorrectionMenu *install(QAbstractItemView *view, StudioContext *context,
                                        int promptRole, int expectedRole);

    // The menu for the row at `index` (an index of the view's model), not yet shown; it deletes
    // itself when closed.
    QMenu *createMenu(const QModelIndex &index);
    // Ctrl+L: marks the current row's label as wrong, or undoes its correction.
    void toggleCurrent();
    QAction *toggleAction() const { return m_toggle; }
    QMessageBox *errorBox() const { return m_error; } // the refusal shown, if open

private:
    LabelCorrectionMenu(QAbstractItemView *view, StudioContext *context, int promptRole,
                        int expectedRole);
    void showMenu(const QPoint &pos);
    bool isCorrected(const QString &prompt) const;
    void apply(const QString &prompt, bool undo, std::optional<bool> wrong = std::nullopt);

    QPointer<QAbstractItemView> m_view;
    QPointer<StudioContext> m_context;
    int m_promptRole;
    int m_expectedRole;
    QAction *m_toggle;
    QPointer<QMessageBox> m_error;
};
