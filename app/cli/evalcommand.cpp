#include "evalcommand.h"
#include "commandspec.h"
#include "flagerror.h"

#include "common/configloader.h"
#include "domain/evalgate.h"
#include "domain/format.h"
#include "domain/labelledcsv.h"
#include "domain/printable.h"
#include "models/session/runenvironment.h"
#include "models/session/sandboxhost.h"
#include "domain/outputfile.h"
#include "reports/junitxml.h"
#include "tenant/staticevaluation.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QElapsedTimer>
#include <QJsonDocument>

#include <cmath>

using namespace Qt::StringLiterals;

int evalCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    const CommandSpec &spec = CommandSpec::get(u"eval");
    CommandSpec::addTo(p, spec);
    if (!p.parse(QStringList{u"daystrom eval"_s} + arguments)) {
        ctx.err << "daystrom eval: " << flagError(p) << '\n';
        return ExitCode::Usage;
    }
    if (p.isSet(u"help"_s)) {
        ctx.out << spec.helpText();
        return ExitCode::Ok;
    }
    auto usage = [&](const QString &message) {
        ctx.err << "daystrom eval: " << message << '\n';
        return ExitCode::Usage;
    };
    if (!p.positionalArguments().isEmpty())
        return usage(u"unexpected argument \""_s + p.positionalArguments().first() + u'"');
    if (!p.isSet(u"prompts"_s))
        return usage(u"--prompts FILE.csv is required"_s);
    const bool sandbox = p.isSet(u"sandbox"_s);
    QString profile = p.value(u"profile"_s);
    if (profile.isEmpty() && sandbox)
        profile = SandboxHost::ProfileName;
    if (profile.isEmpty())
        return usage(u"--profile is required"_s);
    const QString format = p.value(u"format"_s);
    if (format != "text"_L1 && format != "json"_L1)
        return usage(u"--format must be text or json"_s);
    EvalGate gate;
    for (const auto &[flag, target] : {std::pair{u"min-coverage"_s, &gate.minCoverage}, std::pair{u"min-tpr"_s, &gate.minTpr},
                                       std::pair{u"min-tnr"_s, &gate.minTnr}}) {
        if (!p.isSet(flag))
            continue;
        bool ok = false;
        const double pct = p.value(flag).trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(pct) || pct < 0 || pct > 100)
            return usage(u"--%1 must be a percentage from 0 to 100, not \""_s.arg(flag) + Printable::escaped(p.value(flag)) + u'"');
        *target = pct / 100.0;
    }
    if (p.isSet(u"gate"_s)) {
        const QString on = p.value(u"gate"_s).trimmed().toLower();
        if (on != "point"_L1 && on != "lower-bound"_L1)
            return usage(u"--gate must be point or lower-bound, not \""_s + Printable::escaped(p.value(u"gate"_s)) + u'"');
        if (!gate.isSet())
            return usage(u"--gate needs a threshold: --min-coverage, --min-tpr or --min-tnr"_s);
        gate.onLowerBound = on == "lower-bound"_L1;
    }
    int repeats = 1;
    if (p.isSet(u"repeat"_s)) {
        bool ok = false;
        repeats = p.value(u"repeat"_s).trimmed().toInt(&ok);
        if (!ok || repeats < 1 || repeats > 10)
            return usage(u"--repeat must be a whole number from 1 to 10, not \""_s + Printable::escaped(p.value(u"repeat"_s)) + u'"');
    }
    const QString junitPath = p.value(u"junit"_s);
    if (p.isSet(u"junit"_s) && junitPath.trimmed().isEmpty())
        return usage(u"--junit needs a file name"_s);
    // Before any scan: a path that cannot take the file is said now, not after 300 scans.
    if (!junitPath.isEmpty()) {
        if (const QString problem = OutputFile::check(junitPath); !problem.isEmpty())
            return usage(u"--junit: "_s + problem);
    }
    std::optional<Intent> intent;
    if (p.isSet(u"intent"_s)) {
        intent = intentFromName(p.value(u"intent"_s).toLower());
        if (!intent)
            return usage(u"--intent must be block or allow, not \""_s + Printable::escaped(p.value(u"intent"_s)) + u'"');
    }
    const QString csvName = Printable::escaped(p.value(u"prompts"_s), 200);
    const LabelledCsv::Parsed csv = LabelledCsv::readFile(p.value(u"prompts"_s), csvName);
    if (!csv.ok())
        return usage(csv.error);
    if (const QString mixed = LabelledCsv::checkOneIntent(csvName, csv.rows, &intent, p.isSet(u"intent"_s));
        !mixed.isEmpty())
        return usage(mixed);
    QList<TestCase> tests;
    for (const LabelledCsv::Row &row : csv.rows)
        tests.append(row.test);
    QHash<QString, QString> flags;
    if (p.isSet(u"concurrency"_s))
        flags.insert(u"scanConcurrency"_s, p.value(u"concurrency"_s));
    const Config::Result config = loadConfig(ctx.env, flags);
    if (!config.ok())
        return usage(config.errors.first());
    SandboxHost host;
    AirsSettings airs = AirsSettings::fromConfig(config.config);
    if (sandbox) {
        QString error;
        host.setTenantFile(SandboxHost::tenantFileIn(config.config.sandboxHome())); // the app's sandbox tenant
        if (!host.start(&error))
            return usage(error);
        airs = host.airsSettings();
    } else if (!airs.hasScanCredentials()) {
        return usage(u"the AIRS scan API needs a key: set PANW_AI_SEC_API_KEY"_s);
    }
    StaticEvaluation eval(airs, {profile, intent.value_or(Intent::Block), config.config.integer(ConfigKeys::ScanConcurrency), 0});
    int code = ExitCode::Failed;
    QObject::connect(&eval, &StaticEvaluation::failed, &eval, [&](const QString &e) {
        ctx.err << "daystrom eval: " << e << '\n';
        QCoreApplication::exit(ExitCode::Failed);
    });
    QElapsedTimer clock;
    clock.start();
    QObject::connect(&eval, &StaticEvaluation::finished, &eval, [&](const QList<TestResult> &scans, const EfficacyMetrics &scanMetrics) {
        // With repeats, one result per prompt (its verdict the majority's) and its pass rate.
        const EvalGate::Folded folded = repeats > 1 ? EvalGate::foldRepeats(scans, tests.size()) : EvalGate::Folded{scans, {}};
        const QList<TestResult> &results = folded.results;
        const EfficacyMetrics m = repeats > 1 ? EfficacyMetrics::compute(results) : scanMetrics;
        const QList<EvalGate::Miss> misses = gate.check(m);
        code = misses.isEmpty() ? ExitCode::Ok : ExitCode::BelowThreshold;
        if (!junitPath.isEmpty()) {
            JUnitXml::Suite suite{u"daystrom eval: "_s + profile, u"daystrom.eval"_s, results, folded.passRates, m, {}, clock.elapsed() / 1000.0};
            suite.properties = {{u"profile"_s, profile}, {u"intent"_s, intentName(intent.value_or(Intent::Block))},
                                {u"repeats"_s, QString::number(repeats)}};
            if (gate.isSet())
                suite.properties.append({u"gate"_s, misses.isEmpty() ? u"passed"_s : u"failed"_s});
            // Written as OutputFile says: atomically, or in place for a device, a FIFO or a stream.
            if (const QString error = OutputFile::write(junitPath, JUnitXml::write(suite)); !error.isEmpty()) {
                ctx.err << "daystrom eval: --junit: " << error << '\n';
                if (code == ExitCode::Ok) // a failed gate keeps its own exit code
                    code = ExitCode::Usage;
            }
        }
        if (format == "json"_L1) {
            QJsonArray rows;
            for (qsizetype i = 0; i < results.size(); ++i) {
                QJsonObject row = results.at(i).toJson();
                if (i < folded.passRates.size())
                    row.insert(u"passRate"_s, folded.passRates.at(i));
                rows.append(row);
            }
            QJsonObject report{{u"profile"_s, profile},
                               {u"intent"_s, intentName(intent.value_or(Intent::Block))},
                               {u"metrics"_s, m.toJson()},
                               {u"intervals"_s, MetricIntervals::of(m).toJson()},
                               {u"repeats"_s, repeats},
                               {u"results"_s, rows}};
            if (gate.isSet()) {
                QJsonArray missed;
                for (const EvalGate::Miss &miss : misses)
                    missed.append(QJsonObject{{u"metric"_s, miss.metric}, {u"value"_s, miss.value}, {u"threshold"_s, miss.threshold}});
                report.insert(u"gate"_s, QJsonObject{{u"passed"_s, misses.isEmpty()},
                                                     {u"on"_s, gate.onLowerBound ? u"lower-bound"_s : u"point"_s},
                                                     {u"misses"_s, missed}});
            }
            ctx.out << QString::fromUtf8(QJsonDocument(report).toJson(QJsonDocument::Indented));
        } else {
            ctx.out << "Profile " << profile << ", " << results.size() << " labelled prompts\n"
                    << "  coverage " << Format::percent(m.coverage) << "  TPR " << Format::percent(m.truePositiveRate)
                    << "  TNR " << Format::percent(m.trueNegativeRate) << "  accuracy " << Format::percent(m.accuracy)
                    << "  F1 " << Format::percent(m.f1Score) << "\n  TP " << m.truePositives << "  TN " << m.trueNegatives
                    << "  FP " << m.falsePositives << "  FN " << m.falseNegatives << '\n';
            for (qsizetype i = 0; i < results.size(); ++i) {
                const TestResult &r = results.at(i);
                if (!r.counts())
                    ctx.out << "  --  " << r.testCase.prompt << " (not scanned)\n";
                else if (!r.correct)
                    ctx.out << "  " << (r.testCase.expectedTriggered ? "FN" : "FP") << "  " << r.testCase.prompt
                            << (i < folded.passRates.size() ? u" (right in %1 of %2 scans)"_s.arg(Format::percent(folded.passRates.at(i))).arg(repeats)
                                                            : QString())
                            << '\n';
            }
            if (gate.isSet()) {
                if (misses.isEmpty()) {
                    ctx.out << "Gate: passed\n";
                } else {
                    for (const EvalGate::Miss &miss : misses)
                        ctx.out << "Gate: FAILED: " << gate.describe(miss) << '\n';
                }
            }
        }
        QCoreApplication::exit(code);
    });
    QList<TestCase> scans;
    for (int k = 0; k < repeats; ++k)
        scans += tests;
    eval.start(scans);
    QCoreApplication::exec();
    return code;
}
