#include "layoutcheck.h"

#include <QAbstractButton>
#include <QGroupBox>
#include <QKeySequence>
#include <QMap>
#include <QMenuBar>
#include <QTabBar>
#include <QAbstractItemModel>
#include <QAbstractScrollArea>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QScrollBar>
#include <QTableView>
#include <QTreeView>

using namespace Qt::StringLiterals;

namespace {

// Layouts round at fractional scale factors; one logical pixel is not a defect.
constexpr int Slack = 1;

bool shownIn(const QWidget *w, const QWidget *root)
{
    return w == root ? w->isVisible() : (!w->isWindow() && w->isVisibleTo(root) && root->isVisible());
}

// The viewport of a scroll area holds content larger than itself by design.
bool isViewport(const QWidget *w)
{
    const auto *area = qobject_cast<const QAbstractScrollArea *>(w ? w->parentWidget() : nullptr);
    return area && area->viewport() == w;
}

QString textOf(const QWidget *w)
{
    if (const auto *b = qobject_cast<const QAbstractButton *>(w))
        return b->text();
    if (const auto *l = qobject_cast<const QLabel *>(w))
        return l->text().left(60);
    return {};
}

bool hasText(const QWidget *w)
{
    if (const auto *b = qobject_cast<const QAbstractButton *>(w))
        return !b->text().isEmpty() || !b->icon().isNull();
    if (const auto *l = qobject_cast<const QLabel *>(w))
        return !l->text().trimmed().isEmpty() || !l->pixmap().isNull();
    return false;
}

QString size(const QSize &s) { return u"%1×%2"_s.arg(s.width()).arg(s.height()); }

void overlaps(const QWidget *parent, const QWidget *root, QStringList &out)
{
    QList<const QWidget *> kids;
    for (const QObject *o : parent->children()) {
        const auto *w = qobject_cast<const QWidget *>(o);
        // (An overlay drawn over its sibling on purpose says so: the "overlay" property.)
        if (w && shownIn(w, root) && !w->geometry().isEmpty() && !w->property("overlay").toBool())
            kids.append(w);
    }
    for (qsizetype i = 0; i < kids.size(); ++i) {
        for (qsizetype j = i + 1; j < kids.size(); ++j) {
            const QRect both = kids[i]->geometry().intersected(kids[j]->geometry());
            if (both.width() > Slack && both.height() > Slack)
                out << u"overlap: %1 and %2 share %3 in %4"_s.arg(LayoutCheck::describe(kids[i]),
                                                                  LayoutCheck::describe(kids[j]),
                                                                  size(both.size()),
                                                                  LayoutCheck::describe(parent));
        }
    }
}

int firstRowsHeight(const QAbstractItemView *view, int rows)
{
    int height = 0;
    const QAbstractItemModel *model = view->model();
    for (int r = 0; r < rows; ++r) {
        int h = 0;
        if (const auto *table = qobject_cast<const QTableView *>(view))
            h = table->verticalHeader()->defaultSectionSize();
        else
            h = view->visualRect(model->index(r, 0, view->rootIndex())).height();
        // A word-wrapped row is as tall as its text; three lines of it are enough in sight.
        const int line = view->fontMetrics().lineSpacing() + 8;
        if (h <= 0 || h > line)
            h = line;
        height += h;
    }
    return height;
}

void tooFewRows(const QAbstractItemView *view, QStringList &out)
{
    if (!view->model())
        return;
    const int rows = qMin(view->model()->rowCount(view->rootIndex()), 3);
    if (rows == 0)
        return;
    // Header rows a tree or table draws inside its viewport's height are already outside it.
    const int needed = firstRowsHeight(view, rows);
    const int has = view->viewport()->height();
    if (has + Slack < needed)
        out << u"rows: %1 shows %2 px of the %3 px its first %4 rows need"_s.arg(
                   LayoutCheck::describe(view))
                   .arg(has)
                   .arg(needed)
                   .arg(rows);
}

void clipped(const QWidget *w, QStringList &out)
{
    if (!hasText(w))
        return;
    QSize need = w->sizeHint();
    if (const auto *label = qobject_cast<const QLabel *>(w); label && label->wordWrap()) {
        // Wrapping text needs its longest word across and the lines its width makes.
        need = QSize(label->minimumSizeHint().width(), label->heightForWidth(label->width()));
        if (need.height() < 0)
            need.setHeight(label->sizeHint().height());
    }
    if (w->width() + Slack < need.width() || w->height() + Slack < need.height())
        out << u"clipped: %1 is %2, needs %3"_s.arg(LayoutCheck::describe(w), size(w->size()),
                                                   size(need));
}

void cutByParent(const QWidget *w, QStringList &out)
{
    const QWidget *parent = w->parentWidget();
    if (!parent || isViewport(parent) || !hasText(w))
        return;
    if (!parent->rect().adjusted(-Slack, -Slack, Slack, Slack).contains(w->geometry()))
        out << u"cut: %1 at %2,%3 %4 reaches out of %5 (%6)"_s.arg(LayoutCheck::describe(w))
                   .arg(w->x())
                   .arg(w->y())
                   .arg(size(w->size()), LayoutCheck::describe(parent), size(parent->size()));
}

} // namespace

QString LayoutCheck::describe(const QWidget *widget)
{
    QStringList path;
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        if (!w->objectName().isEmpty() && !w->objectName().startsWith(u"qt_"_s))
            path.prepend(w->objectName());
        if (w->isWindow())
            break;
    }
    QString text = textOf(widget);
    text.replace(u'\n', u' ');
    return u"%1 [%2]%3"_s.arg(QString::fromLatin1(widget->metaObject()->className()),
                              path.join(u'/'),
                              text.isEmpty() ? QString() : u" “"_s + text + u"”"_s);
}

QStringList LayoutCheck::problems(const QWidget *root)
{
    QStringList out;
    if (!root || !root->isVisible())
        return out;
    QList<const QWidget *> all{root};
    for (const QWidget *w : root->findChildren<QWidget *>())
        if (shownIn(w, root))
            all.append(w);
    for (const QWidget *w : std::as_const(all)) {
        const QWidget *parent = w->parentWidget();
        // Inside a pane squeezed to nothing, only the pane is the problem.
        if (w != root && parent && parent->rect().isEmpty())
            continue;
        if (w != root && w->rect().isEmpty() && !isViewport(parent) &&
            !qobject_cast<const QScrollBar *>(w) && (w->minimumSizeHint().isValid() && !w->minimumSizeHint().isEmpty())) {
            out << u"squeezed: %1 is %2 (needs %3) in %4"_s.arg(describe(w), size(w->size()),
                                                               size(w->minimumSizeHint()),
                                                               describe(parent));
            continue;
        }
        overlaps(w, root, out);
        if (const auto *view = qobject_cast<const QAbstractItemView *>(w);
            view && !qobject_cast<const QHeaderView *>(w))
            tooFewRows(view, out);
        if (qobject_cast<const QAbstractButton *>(w) || qobject_cast<const QLabel *>(w)) {
            clipped(w, out);
            cutByParent(w, out);
        }
    }
    return out;
}

QStringList LayoutCheck::mnemonicClashes(const QWidget *root)
{
    QStringList out;
    if (!root || !root->isVisible())
        return out;
    QMap<QString, QStringList> holders; // by Alt+key, as Qt reads the text's "&"
    const auto add = [&](const QString &text, const QString &who) {
        if (const QKeySequence key = QKeySequence::mnemonic(text); !key.isEmpty())
            holders[key.toString()].append(who);
    };
    QList<const QWidget *> all{root};
    for (const QWidget *w : root->findChildren<QWidget *>())
        if (shownIn(w, root))
            all.append(w);
    for (const QWidget *w : std::as_const(all)) {
        if (const auto *bar = qobject_cast<const QMenuBar *>(w)) {
            for (const QAction *a : bar->actions())
                if (a->isVisible())
                    add(a->text(), u"menu “%1”"_s.arg(a->text()));
        } else if (const auto *tabs = qobject_cast<const QTabBar *>(w)) {
            for (int i = 0; i < tabs->count(); ++i)
                if (tabs->isTabVisible(i))
                    add(tabs->tabText(i), u"tab “%1”"_s.arg(tabs->tabText(i)));
        } else if (qobject_cast<const QAbstractButton *>(w)) {
            add(static_cast<const QAbstractButton *>(w)->text(), describe(w));
        } else if (const auto *box = qobject_cast<const QGroupBox *>(w)) {
            add(box->title(), u"group “%1”"_s.arg(box->title()));
        } else if (const auto *label = qobject_cast<const QLabel *>(w); label && label->buddy()) {
            add(label->text(), describe(w));
        }
    }
    for (auto it = holders.cbegin(); it != holders.cend(); ++it)
        if (it.value().size() > 1)
            out << u"mnemonic %1 held by %2"_s.arg(it.key(), it.value().join(u", "_s));
    return out;
}
