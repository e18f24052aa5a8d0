// Qt Test's headers, precompiled for every test executable (on top of precompiled_test_core.h
// or precompiled_test_widgets.h, which include this last).
#pragma once

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
