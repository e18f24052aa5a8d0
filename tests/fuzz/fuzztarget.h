#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// A fuzz target: a function that reads arbitrary bytes with one of the program's parsers or
// text functions and checks a property of what it did (a writer's output parses back to its
// input, a subject is a bounded piece of its text, a loaded file saves back to the same JSON).
//
// The same target sources are built twice (tests/fuzz/CMakeLists.txt):
//  - with clang and -DDAYSTROM_FUZZ=ON into one libFuzzer executable, daystrom_fuzz
//    (fuzzentry.cpp; DAYSTROM_FUZZ_TARGET in the environment picks the target),
//    run for a bounded time by the `fuzz` tests;
//  - with the ordinary build into tst_fuzzreplay, which runs every target over its seed corpus
//    and every input that ever failed (tests/fuzz/corpus/<target>, tests/fuzz/regressions/<target>).
//
//     DAYSTROM_FUZZ_TARGET(sandbox_subject)
//     {
//         const QString text = QString::fromUtf8(data);
//         FUZZ_REQUIRE(!SandboxSubject::fromText(text).isEmpty(), "a subject is never empty");
//     }
namespace Fuzz {

using Function = void (*)(const QByteArray &data);

struct Target
{
    const char *name;
    Function function;
};

// Registered from static initialisers only (DAYSTROM_FUZZ_TARGET).
bool add(const char *name, Function function);
const QList<Target> &targets();
const Target *find(const QByteArray &name);

// A property that does not hold: prints what and where, then aborts (libFuzzer keeps the input
// as a crash; the replay test reports the file).
[[noreturn]] void failed(const char *file, int line, const char *condition, const QString &what);

// The input being run, named by failed() (the replay test sets it; libFuzzer names its own).
void setInputName(const QString &name);

// Splits `data` at NUL bytes into at most `max` UTF-8 strings (command lines, several fields).
QStringList split(const QByteArray &data, int max);

} // namespace Fuzz

#define FUZZ_REQUIRE(condition, what)                                                              \
    do {                                                                                           \
        if (!(condition))                                                                          \
            ::Fuzz::failed(__FILE__, __LINE__, #condition, (what));                                \
    } while (false)

#define DAYSTROM_FUZZ_TARGET(name)                                                                 \
    static void fuzz_##name(const QByteArray &data);                                               \
    [[maybe_unused]] static const bool fuzzRegistered_##name = ::Fuzz::add(#name, &fuzz_##name);   \
    static void fuzz_##name(const QByteArray &data)
