#pragma once

#include <QProxyStyle>

// The window's style: the one Qt picked (Fusion without a desktop theme), with the controls
// that repaint while a run streams drawn from opaque rectangles: progress bars, scroll bars,
// the main window's tool bar, and the frames of tab widgets and group boxes.
//
// Why: Qt's raster engine fills a shape that is not one opaque rectangle (a gradient, a
// translucent or antialiased edge, an outline drawn row by row) in spans, and once a fill has
// ~96 spans it hands them to QThreadPool::globalInstance() and waits until the pool's threads
// are done. Fusion draws all four controls that way. On a busy machine those threads wait for a
// core, and the window waits with them: the scan progress bar alone, repainted up to 60 times a
// second, cost several such hand-offs per paint (sched traces over bench_windowstall). An
// opaque rectangle is filled by the GUI thread directly. tst_flatstyle paints each control
// while the pool is held and checks that none waits for it.
//
// Only over Fusion: another style (a desktop theme's) keeps its own drawing.
class FlatStyle final : public QProxyStyle
{
    Q_OBJECT
public:
    explicit FlatStyle(const QString &baseKey);

    // Makes the application's current style flat (once; a no-op when it already is).
    static void install();

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
    void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                     const QWidget *widget = nullptr) const override;
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                            QPainter *painter, const QWidget *widget = nullptr) const override;

private:
    void drawScrollBar(const QStyleOptionComplex *option, QPainter *painter,
                       const QWidget *widget) const;
    bool drawProgressContents(const QStyleOption *option, QPainter *painter) const;
    void drawTabFrame(const QStyleOption *option, QPainter *painter) const;
    void drawToolBar(const QStyleOption *option, QPainter *painter, const QWidget *widget) const;

    bool m_flat = false;
};
