#include "pagewarmer.h"

#include <QImage>
#include <QLayout>
#include <QPointer>
#include <QTabWidget>

void PageWarmer::warmHiddenPages(QTabWidget *tabs)
{
    const QPointer<QTabWidget> guard(tabs);
    for (int i = 0; i < tabs->count(); ++i) {
        QMetaObject::invokeMethod(tabs, [guard, i] {
            if (!guard || i >= guard->count() || i == guard->currentIndex())
                return;
            QWidget *page = guard->widget(i);
            const QWidget *current = guard->currentWidget();
            if (!page || !current || page->isVisible())
                return;
            // Where the tab widget's stack will show it, so that showing it resizes nothing.
            page->setGeometry(current->geometry());
            if (QLayout *layout = page->layout())
                layout->activate();
            const qreal ratio = page->devicePixelRatioF();
            QImage image(page->size() * ratio, QImage::Format_ARGB32_Premultiplied);
            image.setDevicePixelRatio(ratio);
            page->render(&image); // polishes, lays out and paints it, offscreen
        }, Qt::QueuedConnection);
    }
}
