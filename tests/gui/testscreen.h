#pragma once

#include <QApplication>
#include <QTemporaryDir>
#include <QTest>

// Tests that look at the window on a small screen set up the platform before the application
// exists: the offscreen platform reads its screens from a JSON file named in QT_QPA_PLATFORM
// ("offscreen:configfile=…", Qt ≥ 6.3). DAYSTROM_TEST_SCREEN gives the size in device pixels
// (default 1024x700); the CTest variants add QT_SCALE_FACTOR=1.5 or German.
namespace TestScreen {
// Writes the screen file into `dir` and points the platform at it. False if it cannot.
bool configure(const QTemporaryDir &dir);

// A test's main: the screen, the application, then the test object.
template<typename Test> int run(int argc, char **argv)
{
    QTemporaryDir dir;
    if (!dir.isValid() || !configure(dir))
        return 2;
    QApplication app(argc, argv);
    // (DAYSTROM_TEST_LANGUAGE=de: the driver installs German instead of English.)
    Test test;
    return QTest::qExec(&test, argc, argv);
}
} // namespace TestScreen
