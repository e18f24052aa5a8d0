// The command line: `daystrom generate`'s flags (parseGenerateArgs), the fault grammar of
// `sandbox serve --faults`, and whole command lines of the read-only commands (runs, report,
// compare, library) against a home holding one run. Properties: a flag error is one line; a
// fault spec that parses writes back (toString) to a spec that parses to the same text; every
// command ends with a known exit code, and a usage error says why on stderr ("daystrom: …" or
// "daystrom <command>: …").
#include "../fuzztarget.h"

#include "cli/cli.h"
#include "cli/generatecommand.h"
#include "sandbox/faultspec.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>

using namespace Qt::StringLiterals;

namespace {
// The run the commands can find: the original tool's run file under the home's runs/ (the
// test's or the fuzzer's temporary home).
void seedHome()
{
    static const bool seeded = [] {
        // A file a command writes (report --junit NAME) lands in the home, not where the
        // fuzzer or the test happened to start (runfuzzer.sh gives libFuzzer absolute paths).
        QDir::setCurrent(qEnvironmentVariable("DAYSTROM_HOME"));
        const QString runs = qEnvironmentVariable("DAYSTROM_HOME") + u"/runs"_s;
        QDir().mkpath(runs);
        QFile::copy(QStringLiteral(DAYSTROM_FUZZ_DIR) + u"/../data/original/run-original.json"_s,
                    runs + u"/V1StGXR8_Z5jdHi6B-myT.json"_s);
        return true;
    }();
    (void)seeded;
}
} // namespace

DAYSTROM_FUZZ_TARGET(cli_args)
{
    seedHome();
    const QStringList fields = Fuzz::split(data.left(4096), 16);
    QString out, err;
    QTextStream outStream(&out), errStream(&err);
    CliContext ctx{outStream, errStream};

    GenerateArgs parsed;
    bool help = false;
    const QString error = parseGenerateArgs(fields.mid(1), &parsed, &help, ctx);
    FUZZ_REQUIRE(!error.contains(u'\n'), u"a flag error of more than one line: "_s + error);

    QString specError;
    if (const std::optional<FaultSpec> spec = FaultSpec::parse(fields.first(), &specError)) {
        const QString canonical = spec->toString();
        QString againError;
        const std::optional<FaultSpec> again = FaultSpec::parse(canonical, &againError);
        FUZZ_REQUIRE(again.has_value(), canonical + u": "_s + againError);
        FUZZ_REQUIRE(again->toString() == canonical, canonical + u" -> "_s + again->toString());
    } else {
        FUZZ_REQUIRE(!specError.isEmpty() && !specError.contains(u'\n'), specError);
    }

    // Whole command lines of the commands that only read (no path: nothing outside the home).
    static const QStringList readOnly{u"runs"_s, u"report"_s, u"compare"_s, u"library"_s};
    QStringList args{readOnly.at(data.isEmpty() ? 0 : uchar(data.back()) % readOnly.size())};
    for (const QString &f : fields.mid(1)) {
        if (!f.contains(u'/') && !f.contains(u'\\'))
            args.append(f);
    }
    QProcessEnvironment env;
    env.insert(u"DAYSTROM_HOME"_s, qEnvironmentVariable("DAYSTROM_HOME"));
    env.insert(u"HOME"_s, qEnvironmentVariable("HOME"));
    CliContext run{outStream, errStream, env};
    const int code = runCli(args, run);
    outStream.flush();
    errStream.flush();
    FUZZ_REQUIRE(code >= ExitCode::Ok && code <= ExitCode::NotConfirmed,
                 u"exit %1 for: %2"_s.arg(code).arg(args.join(u' ')));
    if (code == ExitCode::Usage)
        FUZZ_REQUIRE(err.startsWith(u"daystrom"_s) && err.contains(u": "_s),
                     u"a usage error without a message: "_s + args.join(u' '));
}
