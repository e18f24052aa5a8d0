#pragma once

#include <QFrame>

class QCheckBox;
class QLabel;
class QToolButton;

// Why the keychain cannot be used, in words, with the library's technical text behind a
// "Details" button (and in the tooltip), and the explicit choice of session-only storage.
// Once that choice is made it is shown as made (checked, fixed) for the rest of the session.
class KeychainProblemBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeychainProblemBanner)
public:
    explicit KeychainProblemBanner(QWidget *parent = nullptr);

    void showProblem(const QString &message, const QString &detail);
    void showSessionOnly(const QString &reason, const QString &detail);
    void clear();
    // The person ticked "keep keys for this session only" (and it is not in effect yet).
    bool sessionOnlyChosen() const;

signals:
    void sessionOnlyToggled(bool on);

private:
    void setDetail(const QString &detail);

    QLabel *m_message;
    QToolButton *m_detailsButton;
    QLabel *m_details;
    QCheckBox *m_sessionOnly;
};
