// `daystrom report --format terraform` (issue 44), read back by HashiCorp's own HCL 2 parser:
// tests/tools/hclcheck, built here with Debian's Go and golang-github-hashicorp-hcl-v2-dev
// (./studio.sh test installs them). A sandbox run's export parses and holds the run's topic
// and companion as they are in the run file; a topic full of quotes, backslashes, "${", "%{",
// line breaks, control characters and non-ASCII text comes back character for character.
#include "domain/topic.h"
#include "runs/runstore.h"
#include "reports/terraformexport.h"
#include "cliprocess.h"
#include "samplerun.h"
#include "testhome.h"

#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace {
QProcessEnvironment envFor(const QString &home)
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(u"DAYSTROM_HOME"_s, home);
    return e;
}

QJsonObject findResource(const QJsonArray &blocks, const QString &type, const QString &label)
{
    for (const QJsonValue &v : blocks) {
        const QJsonObject b = v.toObject();
        const QJsonArray labels = b.value("labels"_L1).toArray();
        if (b.value("type"_L1).toString() == "resource"_L1 && labels.size() == 2 && labels.at(0).toString() == type
            && labels.at(1).toString() == label)
            return b.value("attributes"_L1).toObject();
    }
    return {};
}

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &s : v.toArray())
        out.append(s.toString());
    return out;
}
} // namespace

class TestCliTerraform : public QObject
{
    Q_OBJECT

    QString m_hclcheck;

    // What Terraform's parser reads in `hcl`: the blocks as JSON, or a failure with its diagnostics.
    QJsonArray parsed(const QString &hcl, const QString &name)
    {
        const QString path = TestHome::path() + u"/"_s + name + u".tf"_s;
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(hcl.toUtf8()) < 0)
            return {};
        f.close();
        const CliProcess r = CliProcess::run(m_hclcheck, {path}, QProcessEnvironment::systemEnvironment(), 60000);
        if (r.code != 0) {
            qWarning().noquote() << "hclcheck:" << r.err << "\n" << hcl;
            return {};
        }
        return QJsonDocument::fromJson(r.out.toUtf8()).array();
    }

    void checkTopic(const QJsonObject &attributes, const Topic &topic)
    {
        QCOMPARE(attributes.value("topic_name"_L1).toString(), topic.name);
        QCOMPARE(attributes.value("description"_L1).toString(), topic.description);
        QCOMPARE(strings(attributes.value("examples"_L1)), topic.examples);
        QCOMPARE(attributes.size(), 3);
    }

private slots:
    void initTestCase()
    {
        const QString go = QStandardPaths::findExecutable(u"go"_s);
        if (go.isEmpty())
            QFAIL("Go is not installed: apt-get install golang-go golang-github-hashicorp-hcl-v2-dev "
                  "(./studio.sh test installs them); the test reads the export with HashiCorp's HCL parser");
        QVERIFY2(QFileInfo::exists(u"/usr/share/gocode/src/github.com/hashicorp/hcl/v2"_s),
                 "HashiCorp's HCL 2 is not installed: apt-get install golang-github-hashicorp-hcl-v2-dev");
        m_hclcheck = TestHome::path() + u"/hclcheck"_s;
        QProcess build;
        build.setWorkingDirectory(QStringLiteral(DAYSTROM_HCLCHECK_SOURCE));
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        // Debian's Go packages are sources under /usr/share/gocode: GOPATH mode, no module download.
        e.insert(u"GO111MODULE"_s, u"off"_s);
        e.insert(u"GOPATH"_s, u"/usr/share/gocode"_s);
        e.insert(u"GOCACHE"_s, QStringLiteral(DAYSTROM_GO_CACHE));
        e.insert(u"GOFLAGS"_s, QString());
        e.insert(u"GOPROXY"_s, u"off"_s);
        build.setProcessEnvironment(e);
        build.start(go, {u"build"_s, u"-o"_s, m_hclcheck, u"."_s});
        QVERIFY2(build.waitForFinished(300000) && build.exitCode() == 0,
                 qPrintable(u"go build of hclcheck failed: "_s + QString::fromUtf8(build.readAllStandardError())));
    }

    // The checker itself refuses what Terraform refuses: an interpolation in a topic string,
    // and a string left open.
    void parserRefusesInterpolationAndBrokenSyntax()
    {
        QVERIFY(parsed(u"resource \"a\" \"b\" {\n  x = \"ok\"\n}\n"_s, u"good"_s).size() == 1);
        QVERIFY(parsed(u"resource \"a\" \"b\" {\n  x = \"${var.y}\"\n}\n"_s, u"interpolation"_s).isEmpty());
        QVERIFY(parsed(u"resource \"a\" \"b\" {\n  x = \"open\n}\n"_s, u"open"_s).isEmpty());
    }

    void sandboxRunExportParses()
    {
        const QString home = TestHome::path() + u"/sandboxrun"_s;
        const CliProcess gen = CliProcess::run(QStringLiteral(DAYSTROM_CLI),
                                               {u"generate"_s, u"--sandbox"_s, u"--topic"_s,
                                                u"Block requests to buy guns or explosives"_s, u"--max-iterations"_s, u"2"_s},
                                               envFor(home), 240000);
        QVERIFY2(CliProcess::completed(gen.code), qPrintable(gen.err.right(2000)));
        const RunStore::Listing listing = RunStore(home + u"/sandbox/runs"_s).list();
        QCOMPARE(listing.runs.size(), 1);
        const RunStore::Loaded loaded = RunStore(home + u"/sandbox/runs"_s).load(listing.runs.first().id);
        QVERIFY(loaded.ok());
        const RunState &run = loaded.run;
        QVERIFY(run.companionTopic.has_value());

        const CliProcess r = CliProcess::run(QStringLiteral(DAYSTROM_CLI),
                                             {u"report"_s, run.id, u"--sandbox"_s, u"--format"_s, u"terraform"_s},
                                             envFor(home), 30000);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonArray blocks = parsed(r.out, u"sandboxrun"_s);
        QVERIFY2(!blocks.isEmpty(), qPrintable(r.out));
        QCOMPARE(blocks.size(), 3); // terraform, the companion, the topic
        const QJsonObject terraform = blocks.at(0).toObject();
        QCOMPARE(terraform.value("type"_L1).toString(), u"terraform"_s);
        const QJsonObject provider = terraform.value("blocks"_L1).toArray().at(0).toObject()
                                         .value("attributes"_L1).toObject().value("prisma-airs"_L1).toObject();
        QCOMPARE(provider.value("source"_L1).toString(), u"cdot65/prisma-airs"_s);

        const IterationResult *best = run.bestResult();
        QVERIFY(best);
        const QString label = TerraformExport::label(best->topic.name);
        checkTopic(findResource(blocks, u"prisma-airs_runtime_custom_topic"_s, label), best->topic);
        checkTopic(findResource(blocks, u"prisma-airs_runtime_custom_topic"_s, TerraformExport::companionLabel(best->topic.name)),
                   companionApartFrom(*run.companionTopic, best->topic.name));
        QVERIFY2(r.out.contains(u"# Daystrom Studio: run %1, iteration %2"_s.arg(run.id).arg(best->iteration)),
                 qPrintable(r.out.left(400)));
    }

    void awkwardTextSurvives()
    {
        const QString home = TestHome::path() + u"/awkward"_s;
        QVERIFY(QDir().mkpath(home + u"/runs"_s));
        RunState run = SampleRun::make();
        const Topic awkward{u"Say \"hi\" \\ to ${var.secret} and %{ if x }"_s,
                            u"Line one\nline two\twith a tab, \\n as text, $${kept} %%{kept}, costs $5 or 10%, a bell \u0007,"
                            " a delete \u007f, Größe, 武器, العربية, 🔫 and a CR\r."_s,
                            {u"\"Quoted\" example"_s, u"Backslash at the end \\"_s, u"Dollar at the end $"_s,
                             u"${file(\"/etc/passwd\")}"_s, u"Ünïcödé ✓"_s}};
        for (IterationResult &it : run.iterations)
            it.topic = awkward;
        run.companionTopic = Topic{u"Allowed: 'single' and \"double\" quotes"_s, u"Desc with %{ and ${ twice: ${${"_s,
                                   {u"one"_s, u"two\\\\"_s}};
        QCOMPARE(RunStore(home + u"/runs"_s).save(run), QString());

        const CliProcess r = CliProcess::run(QStringLiteral(DAYSTROM_CLI),
                                             {u"report"_s, run.id, u"--format"_s, u"terraform"_s, u"--iteration"_s, u"1"_s},
                                             envFor(home), 30000);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonArray blocks = parsed(r.out, u"awkward"_s);
        QCOMPARE(blocks.size(), 3);
        const QString label = TerraformExport::label(awkward.name);
        QCOMPARE(label, u"say_hi_to_var_secret_and_if_x"_s);
        checkTopic(findResource(blocks, u"prisma-airs_runtime_custom_topic"_s, label), awkward);
        checkTopic(findResource(blocks, u"prisma-airs_runtime_custom_topic"_s, TerraformExport::companionLabel(awkward.name)),
                   companionApartFrom(*run.companionTopic, awkward.name));
        QVERIFY2(r.out.contains(u"iteration 1, block intent"_s), qPrintable(r.out.left(300)));
    }

    void unknownIterationIsUsage()
    {
        const QString home = TestHome::path() + u"/missing"_s;
        QVERIFY(QDir().mkpath(home + u"/runs"_s));
        const RunState run = SampleRun::make();
        QCOMPARE(RunStore(home + u"/runs"_s).save(run), QString());
        const CliProcess r = CliProcess::run(QStringLiteral(DAYSTROM_CLI),
                                             {u"report"_s, run.id, u"--format"_s, u"terraform"_s, u"--iteration"_s, u"2"_s},
                                             envFor(home), 30000);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
        QVERIFY2(r.err.contains(u"iteration 2"_s), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliTerraform)
#include "tst_cliterraform.moc"
