#pragma once

#include <QGroupBox>

// A titled group box whose frame costs a few lines to paint. Fusion, the style Qt uses without
// a desktop theme, paints a group box by blending a translucent pixmap scaled over the box's
// whole area (Qt 6.4 also stats the pixmap's resource file each time). The Live page's boxes
// repaint many times a second behind their children (a count on a filter button, a scroll bar
// growing), and that paint was a quarter of the window's painting time during a run (perf over
// bench_windowstall). The box keeps QGroupBox's role for assistive technology, its title and
// the margins the style gives it; only the drawing is its own: the title in bold, as Fusion
// draws it, set into a one-pixel outline in the palette's Mid colour.
class SectionBox final : public QGroupBox
{
    Q_OBJECT
public:
    explicit SectionBox(const QString &title, QWidget *parent = nullptr);

protected:
    void paintEvent(QPaintEvent *event) override;
};
