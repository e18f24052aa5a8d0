// main() of the libFuzzer executable (clang, -DDAYSTROM_FUZZ=ON): every target is compiled in,
// and DAYSTROM_FUZZ_TARGET in the environment names the one to run (tests/fuzz/runfuzzer.sh).
#include "fuzztarget.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {
const Fuzz::Target *target = nullptr;

// A home of its own, as every test has (tests/support/testhome.cpp): a target that reaches the
// configuration or the runs directory never reads or writes the real home.
void useTemporaryHome()
{
    static QTemporaryDir home(QDir::tempPath() + QStringLiteral("/daystrom-fuzz-XXXXXX"));
    if (!home.isValid()) {
        std::fprintf(stderr, "cannot create a temporary home for the fuzz target\n");
        std::abort();
    }
    const QByteArray path = QFile::encodeName(home.path());
    for (const char *var : {"HOME", "DAYSTROM_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
                            "XDG_STATE_HOME"})
        qputenv(var, path);
}
} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    useTemporaryHome();
    // Some functions read the application's name or translations; one application object, as
    // the programs have.
    static QCoreApplication app(*argc, *argv);
    const QByteArray name = qgetenv("DAYSTROM_FUZZ_TARGET");
    target = Fuzz::find(name);
    if (!target) {
        std::fprintf(stderr, "DAYSTROM_FUZZ_TARGET names no fuzz target (\"%s\"); these are compiled in:\n",
                     name.constData());
        for (const Fuzz::Target &t : Fuzz::targets())
            std::fprintf(stderr, "  %s\n", t.name);
        std::exit(2);
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    target->function(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    return 0;
}
