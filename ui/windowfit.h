#pragma once

#include <QRect>
#include <QSize>

// Where and how large the main window opens: never larger than the screen's available area
// (the task bar and panels left out), also at a large scale factor, where that area is small
// in device-independent pixels.
namespace WindowFit {

inline constexpr QSize Preferred{1200, 780};
inline constexpr QSize Minimum{640, 440};
// The share of the available area a new window takes at most (room for the frame).
inline constexpr double MaxShare = 0.9;
// On a short screen a share wastes rows the pages need: the height keeps only this much room
// for the window's title bar and frame, when that is more than the share leaves.
inline constexpr int FrameRoom = 48;

// The preferred size, at most MaxShare of the available width and the larger of MaxShare of
// its height and its height less FrameRoom, centred in it.
QRect defaultGeometry(const QRect &available, QSize preferred = Preferred);
// The smallest the window may be made: Minimum, or less on a screen smaller than that.
QSize minimumSize(const QRect &available, QSize minimum = Minimum);
// True when `geometry` lies wholly in the available area.
bool fits(const QRect &geometry, const QRect &available);
// `geometry` moved (and shrunk when needed) into the available area.
QRect fitted(const QRect &geometry, const QRect &available);

} // namespace WindowFit
