#pragma once

#include <QColor>

// A translucent colour as it shows over `under`, as one opaque colour. Qt's raster engine fills
// an opaque colour in the GUI thread, but splits a tall translucent fill across its global
// thread pool and waits for it (see ui/flatstyle.h): what repaints often is painted opaque.
inline QColor opaqueOver(const QColor &color, const QColor &under)
{
    if (color.alpha() == 255)
        return color;
    const float a = color.alphaF();
    const QColor base = under.alpha() == 255 ? under : opaqueOver(under, Qt::white);
    return QColor::fromRgbF(color.redF() * a + base.redF() * (1 - a),
                            color.greenF() * a + base.greenF() * (1 - a),
                            color.blueF() * a + base.blueF() * (1 - a));
}
