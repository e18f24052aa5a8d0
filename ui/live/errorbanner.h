#pragma once

#include <QFrame>

class QLabel;
class QToolButton;

// A dismissable banner above the live view that shows why a run failed, in the server's own
// words. Hidden until showError(); styled from the palette (tool-tip colours, warning icon).
class ErrorBanner final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ErrorBanner)
public:
    explicit ErrorBanner(QWidget *parent = nullptr);
    ~ErrorBanner() override;

    void showError(const QString &message);
    void dismiss();
    QString message() const;

signals:
    void dismissed();

protected:
    void changeEvent(QEvent *event) override;

private:
    void restyle();

    QLabel *m_icon = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_message = nullptr;
    QToolButton *m_dismiss = nullptr;
    bool m_restyling = false;
};
