#include "diffstyle.h"

using namespace Qt::StringLiterals;

QColor DiffStyle::mix(const QColor &a, const QColor &b, qreal amount)
{
    const qreal k = qBound(0.0, amount, 1.0);
    // 8 bits per channel, like the colours rich text parses back from the generated HTML.
    auto channel = [k](int x, int y) {
        return qRound(x * (1 - k) + y * k);
    };
    return QColor(channel(a.red(), b.red()), channel(a.green(), b.green()),
                  channel(a.blue(), b.blue()));
}

DiffStyle DiffStyle::from(const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    const bool dark = base.lightnessF() < 0.5;
    DiffStyle s;
    s.text = palette.color(QPalette::Text);
    const QColor green = dark ? QColor(0x3f, 0xb9, 0x50) : QColor(0x2d, 0xa4, 0x4e);
    const QColor red = dark ? QColor(0xf8, 0x51, 0x49) : QColor(0xe5, 0x53, 0x4b);
    s.addedBackground = mix(base, green, dark ? 0.38 : 0.25);
    s.removedBackground = mix(base, red, dark ? 0.34 : 0.20);
    s.removedText = mix(s.text, red, 0.35);
    s.better = dark ? QColor(0x56, 0xd3, 0x64) : QColor(0x1a, 0x7f, 0x37);
    s.worse = dark ? QColor(0xff, 0x7b, 0x72) : QColor(0xcf, 0x22, 0x2e);
    s.muted = mix(s.text, base, 0.45);
    return s;
}

DiffColours DiffStyle::colours() const
{
    return {text.name(), addedBackground.name(), removedBackground.name(), removedText.name(), worse.name(), muted.name()};
}

QString DiffStyle::addedHtml(const QString &words) const
{
    return DiffHtml::added(words, colours());
}

QString DiffStyle::removedHtml(const QString &words) const
{
    return DiffHtml::removed(words, colours());
}

QString DiffStyle::html(const QList<DiffSpan> &spans) const
{
    return DiffHtml::html(spans, colours());
}
