#pragma once

class QTabWidget;

// The first visit to a page does, in one frame, everything the page has never done:
// polishing its widgets, laying them out at the window's size (a topic document, table
// headers), painting text in fonts not used yet. warmHiddenPages() does that offscreen for
// each page not shown, one page per event-loop pass, after the window first shows: the first
// click on Run then shows a page that is ready (bench_windowstall's first gap of each session).
namespace PageWarmer {
void warmHiddenPages(QTabWidget *tabs);
}
