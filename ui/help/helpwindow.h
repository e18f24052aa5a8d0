#pragma once

#include <QDialog>

class QListWidget;
class QTextBrowser;

// The help viewer (issue 60): a window of its own beside the main window, never modal, with
// the pages listed on the left and the page shown on the right. Links between the pages
// ("help:figures#coverage") open in it; Esc closes it.
class HelpWindow final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HelpWindow)
public:
    enum Page { GettingStarted, NewRunFields, Figures };

    explicit HelpWindow(QWidget *parent = nullptr);

    // Shows the window (raised and active) at `page`, scrolled to `anchor` when given, else to
    // the page's top. The page's text is built again, in the language installed now.
    void showPage(Page page, const QString &anchor = {});
    Page page() const { return m_page; }

    // The name used in links ("start", "newrun", "figures"), and back.
    static QString pageName(Page page);
    static std::optional<Page> pageNamed(const QString &name);
    static QString pageTitle(Page page);
    static QString pageHtml(Page page);

private:
    void setPage(Page page, const QString &anchor);
    void scrollTo(const QString &anchor);

    QListWidget *m_pages;
    QTextBrowser *m_browser;
    Page m_page = GettingStarted;
};
