#include "evalcommand.h"

#include "common/configloader.h"
#include "domain/format.h"
#include "domain/labelledcsv.h"
#include "domain/printable.h"
#include "models/runenvironment.h"
#include "models/sandboxhost.h"
#include "tenant/staticevaluation.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

int evalCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    p.addHelpOption();
    p.addOptions({{u"prompts"_s, u"CSV of labelled prompts: prompt,expected[,intent][,category] (a report --format csv reads back)"_s, u"file"_s},
                  {u"profile"_s, u"AIRS security profile to scan against"_s, u"name"_s},
                  {u"intent"_s, u"block or allow (default: the file's intent column, else block)"_s, u"intent"_s},
                  {u"concurrency"_s, u"Scans in parallel (1-20)"_s, u"N"_s},
                  {u"format"_s, u"text or json (default text)"_s, u"format"_s, u"text"_s},
                  {u"sandbox"_s, u"Scan against the built-in AIRS emulator"_s}});
    if (!p.parse(QStringList{u"daystrom eval"_s} + arguments)) {
        ctx.err << "daystrom eval: " << p.errorText() << '\n';
        return ExitCode::Usage;
    }
    if (p.isSet(u"help"_s)) {
        ctx.out << p.helpText();
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
    QObject::connect(&eval, &StaticEvaluation::finished, &eval, [&](const QList<TestResult> &results, const EfficacyMetrics &m) {
        code = ExitCode::Ok;
        if (format == "json"_L1) {
            QJsonArray rows;
            for (const TestResult &r : results)
                rows.append(r.toJson());
            ctx.out << QString::fromUtf8(QJsonDocument(QJsonObject{{u"profile"_s, profile},
                                                                  {u"intent"_s, intentName(intent.value_or(Intent::Block))},
                                                                  {u"metrics"_s, m.toJson()},
                                                                  {u"results"_s, rows}})
                                             .toJson(QJsonDocument::Indented));
        } else {
            ctx.out << "Profile " << profile << ", " << results.size() << " labelled prompts\n"
                    << "  coverage " << Format::percent(m.coverage) << "  TPR " << Format::percent(m.truePositiveRate)
                    << "  TNR " << Format::percent(m.trueNegativeRate) << "  accuracy " << Format::percent(m.accuracy)
                    << "  F1 " << Format::percent(m.f1Score) << "\n  TP " << m.truePositives << "  TN " << m.trueNegatives
                    << "  FP " << m.falsePositives << "  FN " << m.falseNegatives << '\n';
            for (const TestResult &r : results) {
                if (!r.correct)
                    ctx.out << "  " << (r.testCase.expectedTriggered ? "FN" : "FP") << "  " << r.testCase.prompt << '\n';
            }
        }
        QCoreApplication::exit(ExitCode::Ok);
    });
    eval.start(tests);
    QCoreApplication::exec();
    return code;
}
