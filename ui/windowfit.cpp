#include "windowfit.h"

#include <algorithm>

namespace WindowFit {

static QRect centred(QSize size, const QRect &available)
{
    QRect r(QPoint(0, 0), size);
    r.moveCenter(available.center());
    return r;
}

QRect defaultGeometry(const QRect &available, QSize preferred)
{
    const QSize most(int(available.width() * MaxShare),
                     std::max(int(available.height() * MaxShare), available.height() - FrameRoom));
    return centred(preferred.boundedTo(most).expandedTo(QSize(1, 1)), available);
}

QSize minimumSize(const QRect &available, QSize minimum)
{
    return minimum.boundedTo(defaultGeometry(available).size());
}

bool fits(const QRect &geometry, const QRect &available)
{
    return geometry.isValid() && available.contains(geometry);
}

QRect fitted(const QRect &geometry, const QRect &available)
{
    if (fits(geometry, available))
        return geometry;
    if (geometry.width() > available.width() || geometry.height() > available.height())
        return defaultGeometry(available, geometry.size());
    QRect r = geometry;
    r.moveLeft(std::clamp(r.left(), available.left(), available.right() - r.width() + 1));
    r.moveTop(std::clamp(r.top(), available.top(), available.bottom() - r.height() + 1));
    return r;
}

} // namespace WindowFit
