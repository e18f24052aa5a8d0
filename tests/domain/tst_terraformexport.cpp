// The Terraform export's escaping and labels (issue 44), without a parser: every character
// that means something inside an HCL quoted template is escaped, and nothing else is.
// tst_cliterraform reads whole files back with HashiCorp's own parser.
#include "reports/terraformexport.h"
#include "samplerun.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

class TestTerraformExport : public QObject
{
    Q_OBJECT

private slots:
    void quoted_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("hcl");
        QTest::newRow("plain") << u"Weapons"_s << u"\"Weapons\""_s;
        QTest::newRow("quote and backslash") << u"say \"hi\" \\ bye"_s << u"\"say \\\"hi\\\" \\\\ bye\""_s;
        QTest::newRow("interpolation") << u"${var.x}"_s << u"\"$${var.x}\""_s;
        QTest::newRow("directive") << u"%{ if x }"_s << u"\"%%{ if x }\""_s;
        QTest::newRow("already doubled") << u"$${x} %%{y}"_s << u"\"$$${x} %%%{y}\""_s;
        QTest::newRow("lone dollar and percent") << u"costs $5, 10% off $"_s << u"\"costs $5, 10% off $\""_s;
        QTest::newRow("line breaks and tab") << u"a\nb\r\tc"_s << u"\"a\\nb\\r\\tc\""_s;
        QTest::newRow("control characters") << u"bell\u0007 del\u007f"_s << u"\"bell\\u0007 del\\u007f\""_s;
        QTest::newRow("non-ASCII kept") << u"Größe 武器 🔫"_s << u"\"Größe 武器 🔫\""_s;
        QTest::newRow("empty") << QString() << u"\"\""_s;
    }
    void quoted()
    {
        QFETCH(QString, text);
        QFETCH(QString, hcl);
        QCOMPARE(TerraformExport::quoted(text), hcl);
    }

    void label_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("label");
        QTest::newRow("words") << u"Weapons Purchase"_s << u"weapons_purchase"_s;
        QTest::newRow("punctuation runs") << u"Allow: lawful -- firearm topics!"_s << u"allow_lawful_firearm_topics"_s;
        QTest::newRow("leading digit") << u"3D-printed guns"_s << u"topic_3d_printed_guns"_s;
        QTest::newRow("nothing ASCII") << u"武器"_s << u"topic"_s;
        QTest::newRow("accents off") << u"Waffenkäufe für Café"_s << u"waffenkaufe_fur_cafe"_s;
        QTest::newRow("long") << QString(60, u'a') << QString(48, u'a');
    }
    void label()
    {
        QFETCH(QString, name);
        QFETCH(QString, label);
        QCOMPARE(TerraformExport::label(name), label);
    }

    void blockRunWritesTopicAndCompanion()
    {
        const RunState run = SampleRun::make();
        const IterationResult *best = run.bestResult();
        QVERIFY(best);
        const QString hcl = TerraformExport::write(run, *best, QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC));
        QCOMPARE(hcl.count(u"resource \"prisma-airs_runtime_custom_topic\""_s), 2);
        QVERIFY2(hcl.contains(u"source  = \"cdot65/prisma-airs\""_s), qPrintable(hcl));
        QVERIFY2(hcl.contains(u"# Daystrom Studio: run %1, iteration 3 (the run's best), block intent."_s.arg(run.id)),
                 qPrintable(hcl));
        QVERIFY2(hcl.contains(u"action \"allow\""_s) && hcl.contains(u"action = \"block\""_s), qPrintable(hcl));
        QVERIFY2(hcl.contains(u"Exported 2026-11-29T12:00:00Z"_s), qPrintable(hcl));
        // The companion first (its allow bucket), then the topic; each line of a comment starts with #.
        QVERIFY(hcl.indexOf(TerraformExport::quoted(run.companionTopic->name)) < hcl.indexOf(TerraformExport::quoted(best->topic.name)));
        for (const QString &line : hcl.split(u'\n')) {
            if (line.startsWith(u'#'))
                QVERIFY2(!line.contains(u'\r'), qPrintable(line));
        }
    }

    void allowRunWritesOneTopic()
    {
        RunState run = SampleRun::make();
        run.userInput.intent = Intent::Allow;
        run.companionTopic.reset();
        const QString hcl = TerraformExport::write(run, *run.bestResult(), QDateTime::currentDateTimeUtc());
        QCOMPARE(hcl.count(u"resource \"prisma-airs_runtime_custom_topic\""_s), 1);
        QVERIFY2(hcl.contains(u"topic-guardrails protection (action \"block\")"_s), qPrintable(hcl));
    }

    void hostileRunIdStaysInItsComment()
    {
        RunState run = SampleRun::make();
        run.id = u"abc\nresource \"x\" \"y\" {}"_s;
        const QString hcl = TerraformExport::write(run, *run.bestResult(), QDateTime::currentDateTimeUtc());
        QVERIFY2(!hcl.contains(u"\nresource \"x\""_s), qPrintable(hcl));
    }
};

QTEST_GUILESS_MAIN(TestTerraformExport)
#include "tst_terraformexport.moc"
