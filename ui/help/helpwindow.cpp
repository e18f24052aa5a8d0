#include "helpwindow.h"

#include "figurespage.h"
#include "gettingstartedpage.h"
#include "newrunfieldspage.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QTextBrowser>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include <optional>

using namespace Qt::StringLiterals;

HelpWindow::HelpWindow(QWidget *parent)
    : QDialog(parent)
    , m_pages(new QListWidget(this))
    , m_browser(new QTextBrowser(this))
{
    setObjectName(u"helpWindow"_s);
    setWindowTitle(tr("Daystrom Studio Help"));
    setModal(false);
    // A window of its own: minimise and maximise like any other, not a dialog's frame only.
    setWindowFlags(Qt::Window | Qt::WindowCloseButtonHint | Qt::WindowMinMaxButtonsHint);
    m_pages->setObjectName(u"helpPages"_s);
    m_pages->setAccessibleName(tr("Help pages"));
    for (Page p : {GettingStarted, NewRunFields, Figures})
        m_pages->addItem(pageTitle(p));
    m_pages->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    int widest = 0;
    for (int row = 0; row < m_pages->count(); ++row)
        widest = qMax(widest, m_pages->fontMetrics().horizontalAdvance(m_pages->item(row)->text()));
    m_pages->setMaximumWidth(widest + 4 * m_pages->frameWidth() +
                             3 * fontMetrics().averageCharWidth());
    m_browser->setObjectName(u"helpBrowser"_s);
    m_browser->setAccessibleName(tr("Help text"));
    m_browser->setOpenLinks(false); // help: links are pages of this window
    m_browser->document()->setDocumentMargin(2 * fontMetrics().averageCharWidth());
    // Headings a step above the text, not the browser's poster sizes.
    m_browser->document()->setDefaultStyleSheet(
        u"h1 { font-size: x-large; } h2 { font-size: large; }"_s);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    // Return in the text follows a link, never closes the window.
    buttons->button(QDialogButtonBox::Close)->setAutoDefault(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *row = new QHBoxLayout;
    row->addWidget(m_pages);
    row->addWidget(m_browser, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row, 1);
    layout->addWidget(buttons);

    connect(m_pages, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0)
            setPage(Page(row), {});
    });
    connect(m_browser, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == "help"_L1) {
            if (const std::optional<Page> p = pageNamed(url.path()))
                setPage(*p, url.fragment());
        } else if (url.scheme().isEmpty() && url.hasFragment()) {
            scrollTo(url.fragment());
        }
    });

    // As wide as a comfortable line of text, as tall as the screen allows.
    const QRect available = screen()->availableGeometry();
    const int width = qMin(available.width() * 9 / 10,
                           90 * fontMetrics().averageCharWidth() + m_pages->maximumWidth());
    resize(width, qMin(available.height() * 85 / 100, 60 * fontMetrics().height()));
}

QString HelpWindow::pageName(Page page)
{
    switch (page) {
    case GettingStarted:
        return u"start"_s;
    case NewRunFields:
        return u"newrun"_s;
    case Figures:
        return u"figures"_s;
    }
    return {};
}

std::optional<HelpWindow::Page> HelpWindow::pageNamed(const QString &name)
{
    for (Page p : {GettingStarted, NewRunFields, Figures}) {
        if (pageName(p) == name)
            return p;
    }
    return std::nullopt;
}

QString HelpWindow::pageTitle(Page page)
{
    switch (page) {
    case GettingStarted:
        return GettingStartedPage::title();
    case NewRunFields:
        return NewRunFieldsPage::title();
    case Figures:
        return FiguresPage::title();
    }
    return {};
}

QString HelpWindow::pageHtml(Page page)
{
    switch (page) {
    case GettingStarted:
        return GettingStartedPage::html();
    case NewRunFields:
        return NewRunFieldsPage::html();
    case Figures:
        return FiguresPage::html();
    }
    return {};
}

void HelpWindow::showPage(Page page, const QString &anchor)
{
    show(); // first: the text is laid out at the window's width, so the anchor lands at the top
    setPage(page, anchor);
    raise();
    activateWindow();
}

void HelpWindow::setPage(Page page, const QString &anchor)
{
    m_page = page;
    {
        const QSignalBlocker quiet(m_pages);
        m_pages->setCurrentRow(int(page));
    }
    m_browser->setHtml(pageHtml(page));
    scrollTo(anchor);
    // Once more when the window has its final size (a window manager may resize it on show).
    QTimer::singleShot(0, this, [this, page, anchor] {
        if (m_page == page)
            scrollTo(anchor);
    });
}

void HelpWindow::scrollTo(const QString &anchor)
{
    if (anchor.isEmpty())
        m_browser->verticalScrollBar()->setValue(0);
    else
        m_browser->scrollToAnchor(anchor);
}
