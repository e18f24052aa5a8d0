#pragma once

// Include this instead of <QTest> or <QtTest> in a test's .cpp.
//
// The tests of one folder share one executable (daystrom_add_test in tests/CMakeLists.txt), so
// a test must not define main(). Here QTEST_MAIN, QTEST_GUILESS_MAIN and QTEST_APPLESS_MAIN keep
// their meaning (the same application object, the same qExec) but register the test with the
// folder's runner (testrunner.cpp) under its file's name, instead of defining main():
//
//     daystrom_tests_domain tst_metrics -functions
//
// runs exactly what `tst_metrics -functions` ran when each test was a program of its own.
// A test with a main() of its own (it sets up the platform before the application) writes it
// as a static function and registers it with DAYSTROM_TEST_REGISTER(function).

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

namespace DaystromTest {
using MainFunction = int (*)(int argc, char **argv);
// Registers a test under the base name of sourceFile (".../tst_metrics.cpp" -> "tst_metrics").
// Aborts on a second test of the same name. Called from static initialisers only.
bool registerTest(const char *sourceFile, MainFunction main);
} // namespace DaystromTest

#define DAYSTROM_TEST_REGISTER(function)                                                         \
    [[maybe_unused]] static const bool daystromTestRegistered =                                  \
        DaystromTest::registerTest(__FILE__, function);

// Qt's QTEST_*_MAIN macros all expand QTEST_MAIN_WRAPPER (qtest.h, Qt 6.4): the same body,
// as a registered function instead of main().
#undef QTEST_MAIN_WRAPPER
#define QTEST_MAIN_WRAPPER(TestObject, ...)                                                      \
    static int daystromTestMain(int argc, char *argv[])                                          \
    {                                                                                            \
        TESTLIB_SELFCOVERAGE_START(#TestObject)                                                  \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                       \
        __VA_ARGS__                                                                              \
        TestObject tc;                                                                           \
        QTEST_SET_MAIN_SOURCE_PATH                                                               \
        return QTest::qExec(&tc, argc, argv);                                                    \
    }                                                                                            \
    DAYSTROM_TEST_REGISTER(daystromTestMain)
