#pragma once

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QScrollBar>
#include <QWheelEvent>

// Combo boxes and spin boxes in a scrolling form ignore the mouse wheel unless they have focus
// (issue 40): scrolling a form over one must scroll the form, never silently change a setting
// under the pointer (Block became Allow, a 90 % target became 65 %). Clicking or tabbing into
// one gives it focus; then the wheel steps it as usual.
class WheelGuard final : public QObject
{
public:
    // Guards every combo and spin box under `root` as it is now (call again for ones added
    // later; a widget is never guarded twice).
    static void install(QWidget *root)
    {
        QObject *guard = root->findChild<QObject *>(name(), Qt::FindDirectChildrenOnly);
        if (!guard)
            guard = new WheelGuard(root);
        for (QWidget *w : guardedIn(root)) {
            w->setFocusPolicy(Qt::StrongFocus); // the wheel must not give focus either
            w->removeEventFilter(guard);
            w->installEventFilter(guard);
        }
    }

    // Every combo and spin box under `root`: what install() guards.
    static QList<QWidget *> guardedIn(const QWidget *root)
    {
        QList<QWidget *> widgets;
        for (QComboBox *c : root->findChildren<QComboBox *>())
            widgets.append(c);
        for (QAbstractSpinBox *s : root->findChildren<QAbstractSpinBox *>())
            widgets.append(s);
        return widgets;
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() != QEvent::Wheel || !watched->isWidgetType())
            return QObject::eventFilter(watched, event);
        auto *widget = static_cast<QWidget *>(watched);
        if (widget->hasFocus())
            return false;
        // Hand the turn to the form's scroll area, whatever delivered it (a synthesised event
        // would not travel up the parents by itself).
        auto *wheel = static_cast<QWheelEvent *>(event);
        for (QWidget *p = widget->parentWidget(); p; p = p->parentWidget()) {
            auto *area = qobject_cast<QAbstractScrollArea *>(p);
            if (!area || !area->verticalScrollBar())
                continue;
            QWidget *viewport = area->viewport();
            const QPointF at = viewport->mapFromGlobal(wheel->globalPosition());
            QWheelEvent passed(at, wheel->globalPosition(), wheel->pixelDelta(), wheel->angleDelta(), wheel->buttons(),
                               wheel->modifiers(), wheel->phase(), wheel->inverted(), wheel->source(),
                               wheel->pointingDevice());
            QCoreApplication::sendEvent(viewport, &passed);
            event->accept();
            return true;
        }
        event->ignore(); // no scroll area: let it go up to the parent
        return true;
    }

private:
    explicit WheelGuard(QObject *parent)
        : QObject(parent)
    {
        setObjectName(name());
    }
    static QString name() { return QStringLiteral("wheelGuard"); }
};
