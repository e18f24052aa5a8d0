#include "domain/iterationresult.h"
#include "domain/labelledcsv.h"
#include "reports/runreport.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

class TestLabelledCsv : public QObject
{
    Q_OBJECT
private slots:
    void good()
    {
        const QByteArray csv = "\xEF\xBB\xBFprompt,expected,intent\r\n"
                               "plain prompt,true,block\r\n"
                               "\"with, comma\",false,\r\n"
                               "\"with \"\"quotes\"\"\",1,allow\n"
                               "\"spans\ntwo lines\",NO,block\n"
                               "\n";
        const LabelledCsv::Parsed p = LabelledCsv::parse(csv);
        QVERIFY2(p.ok(), qPrintable(p.error));
        QCOMPARE(p.rows.size(), 4);
        QCOMPARE(p.rows.at(0).test.prompt, u"plain prompt"_s);
        QVERIFY(p.rows.at(0).test.expectedTriggered);
        QCOMPARE(p.rows.at(0).intent, std::optional<Intent>(Intent::Block));
        QCOMPARE(p.rows.at(1).test.prompt, u"with, comma"_s);
        QVERIFY(!p.rows.at(1).intent.has_value());
        QCOMPARE(p.rows.at(2).test.prompt, u"with \"quotes\""_s);
        QCOMPARE(p.rows.at(2).intent, std::optional<Intent>(Intent::Allow));
        QCOMPARE(p.rows.at(3).test.prompt, u"spans\ntwo lines"_s);
        QCOMPARE(p.rows.at(3).line, 5);
        QVERIFY(!p.rows.at(3).test.expectedTriggered);
    }

    void columnsInAnyOrder()
    {
        const LabelledCsv::Parsed p = LabelledCsv::parse("expected,prompt\nyes,hi\n");
        QVERIFY(p.ok());
        QCOMPARE(p.rows.first().test.prompt, u"hi"_s);
    }

    void readsBackATestResultsExport()
    {
        // What the Runs panel and `daystrom report --format csv` write.
        const LabelledCsv::Parsed p = LabelledCsv::parse(
            "prompt,expected_triggered,category,source,actual_triggered,correct\n"
            "\"buy a gun\",true,\"direct\",generated,true,true\n"
            "\"bake bread\",false,\"\",generated,true,false");
        QVERIFY2(p.ok(), qPrintable(p.error));
        QCOMPARE(p.rows.size(), 2);
        QCOMPARE(p.rows.at(0).test.prompt, u"buy a gun"_s);
        QVERIFY(p.rows.at(0).test.expectedTriggered);
        QCOMPARE(p.rows.at(0).test.category, u"direct"_s);
        QVERIFY(!p.rows.at(1).test.expectedTriggered); // the label, not the scan's verdict
        QCOMPARE(p.rows.at(1).test.category, u"labelled"_s);
    }

    // Issue 41: a prompt the LLM wrote as a formula is exported as text a spreadsheet does not
    // evaluate (a leading apostrophe), and reads back as it was.
    void exportedCellsAreNeverFormulas_data()
    {
        QTest::addColumn<QString>("prompt");
        QTest::addColumn<bool>("guarded");
        QTest::newRow("equals") << u"=HYPERLINK(\"http://x\",\"click\")"_s << true;
        QTest::newRow("plus") << u"+1+cmd|' /C calc'!A0"_s << true;
        QTest::newRow("minus") << u"-2+3"_s << true;
        QTest::newRow("at") << u"@SUM(A1:A2)"_s << true;
        QTest::newRow("tab first") << u"\t=1+1"_s << true;
        QTest::newRow("carriage return first") << u"\r=1+1"_s << true;
        QTest::newRow("spaces then equals") << u"   =1+1"_s << true;
        QTest::newRow("plain") << u"How do I buy a gun?"_s << false;
        QTest::newRow("apostrophe of its own") << u"'tis the season"_s << false;
    }
    void exportedCellsAreNeverFormulas()
    {
        QFETCH(QString, prompt);
        QFETCH(bool, guarded);
        IterationResult it;
        TestResult r;
        r.testCase.prompt = prompt;
        r.testCase.category = u"=cmd"_s;
        r.testCase.expectedTriggered = true;
        it.testResults = {r};
        const QString csv = RunReport::testsCsv(it);
        const QString row = csv.section(u'\n', 1);
        const QString firstCell = u"\""_s + (guarded ? u"'"_s : QString()) + QString(prompt).replace(u"\""_s, u"\"\""_s) + u"\""_s;
        QVERIFY2(row.startsWith(firstCell + u','), qPrintable(row));
        QVERIFY2(row.contains(u",\"'=cmd\","_s), qPrintable(row));
        // Spreadsheets evaluate a cell whose text starts so; the quoted text never does.
        for (const QString &cell : {row.section(u',', 0, 0)}) {
            const QString text = cell.mid(1);
            QVERIFY2(!text.startsWith(u'=') && !text.startsWith(u'+') && !text.startsWith(u'-') &&
                         !text.startsWith(u'@') && !text.startsWith(u'\t') && !text.startsWith(u'\r'),
                     qPrintable(cell));
        }
        const LabelledCsv::Parsed back = LabelledCsv::parse(csv.toUtf8());
        QVERIFY2(back.ok(), qPrintable(back.error));
        QCOMPARE(back.rows.at(0).test.prompt, prompt.trimmed());
        QCOMPARE(back.rows.at(0).test.category, u"=cmd"_s);
    }

    void bad_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty") << QByteArray("") << u"the file is empty"_s;
        QTest::newRow("no header columns") << QByteArray("text,label\nx,true\n") << u"line 1: the header must name"_s;
        QTest::newRow("header only") << QByteArray("prompt,expected\n") << u"no prompts"_s;
        QTest::newRow("bad expected") << QByteArray("prompt,expected\nok,true\nhm,maybe\n") << u"line 3: expected must be true or false, not \"maybe\""_s;
        QTest::newRow("bad intent") << QByteArray("prompt,expected,intent\nx,true,deny\n") << u"line 2: intent must be block or allow"_s;
        QTest::newRow("too many fields") << QByteArray("prompt,expected\nx,true,extra\n") << u"line 2: 3 fields, but the header has 2"_s;
        QTest::newRow("unterminated quote") << QByteArray("prompt,expected\nok,true\n\"never closed,true\n") << u"line 3: a quoted field is never closed"_s;
        QTest::newRow("stray quote") << QByteArray("prompt,expected\nsay \"hi\",true\n") << u"line 2: a quote inside an unquoted field"_s;
        QTest::newRow("text after quote") << QByteArray("prompt,expected\n\"a\"b,true\n") << u"line 2: text after a closing quote"_s;
        QTest::newRow("empty prompt") << QByteArray("prompt,expected\n  ,true\n") << u"line 2: the prompt is empty"_s;
        QTest::newRow("UTF-16 LE") << QByteArray("\xFF\xFEp\0r\0o\0", 8) << u"the file is UTF-16; save it as UTF-8"_s;
        QTest::newRow("UTF-16 BE") << QByteArray("\xFE\xFF\0p\0r", 6) << u"the file is UTF-16; save it as UTF-8"_s;
        QTest::newRow("UTF-32 LE") << QByteArray("\xFF\xFE\0\0p\0\0\0", 8) << u"the file is UTF-32; save it as UTF-8"_s;
        QTest::newRow("UTF-16 without BOM") << QByteArray("p\0r\0o\0m\0p\0t\0", 12) << u"is UTF-16 or UTF-32; save it as UTF-8"_s;
        QTest::newRow("NUL byte") << QByteArray("prompt,expected\nabcdefghijklmnopqrstuvwxyz,true\nx\0y,true\n", 51) << u"line 3: a NUL byte"_s;
        QTest::newRow("invalid UTF-8") << QByteArray("prompt,expected\nok,true\nbad \xC3\x28,true\n") << u"line 3 is not valid UTF-8; save the file as UTF-8"_s;
        QTest::newRow("Latin-1") << QByteArray("prompt,expected\ncaf\xE9,true\n") << u"line 2 is not valid UTF-8"_s;
        QTest::newRow("escape sequence escaped") << QByteArray("prompt,expected\nx,\x1b[31mred\x1b[0m\n") << u"not \"\\x1b[31mred\\x1b[0m\""_s;
        QTest::newRow("long field shortened") << (QByteArray("prompt,expected\nx,") + QByteArray(500, 'y') + '\n') << (u"not \""_s + QString(80, u'y') + u"…\""_s);
        QTest::newRow("line after multi-line field") << QByteArray("prompt,expected\n\"a\nb\",true\nc,nope\n") << u"line 4:"_s;
        // Issue 57: a column named twice; a prompt larger than AIRS scans.
        QTest::newRow("column twice") << QByteArray("prompt,prompt,expected\na,b,true\n") << u"line 1: the header names the column prompt twice"_s;
        QTest::newRow("expected twice") << QByteArray("prompt,Expected,expected\na,true,false\n") << u"the column expected twice"_s;
        QTest::newRow("prompt over 2 MiB") << (QByteArray("prompt,expected\n") + QByteArray(3 * 1024 * 1024, 'a') + ",true\n")
                                           << u"line 2: the prompt is 3.0 MiB of UTF-8; AIRS scans prompts of at most 2 MiB"_s;
    }
    void bad()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QString, error);
        const LabelledCsv::Parsed p = LabelledCsv::parse(csv);
        QVERIFY(!p.ok());
        QVERIFY2(p.error.startsWith(error) || p.error.contains(error), qPrintable(p.error));
        for (const QChar c : p.error) // never a raw control character in a message
            QVERIFY2(c.unicode() >= 0x20 && c.unicode() != 0x7f, qPrintable(p.error));
    }

    // Issue 57: line ends of every kind read the same (a CR alone was taken for nothing, so a
    // file saved with classic Mac line ends was one line with a quote in the middle).
    void lineEndsOfEveryKind_data()
    {
        QTest::addColumn<QByteArray>("end");
        QTest::newRow("LF") << QByteArray("\n");
        QTest::newRow("CR LF") << QByteArray("\r\n");
        QTest::newRow("CR") << QByteArray("\r");
    }
    void lineEndsOfEveryKind()
    {
        QFETCH(QByteArray, end);
        const QByteArray csv = "prompt,expected" + end + "\"Say \"\"hi\"\"\",true" + end + "\"two" + end + "lines\",false" + end + "last,true";
        const LabelledCsv::Parsed p = LabelledCsv::parse(csv);
        QVERIFY2(p.ok(), qPrintable(p.error));
        QCOMPARE(p.rows.size(), 3);
        QCOMPARE(p.rows.at(0).test.prompt, u"Say \"hi\""_s);
        QCOMPARE(p.rows.at(1).test.prompt, u"two"_s + QString::fromLatin1(end) + u"lines"_s); // inside quotes, kept
        QCOMPARE(p.rows.at(2).test.prompt, u"last"_s);
        QCOMPARE(p.rows.at(2).line, 5);
    }

    void readFileBoundsAndNames()
    {
        const LabelledCsv::Parsed zero = LabelledCsv::readFile(u"/dev/zero"_s);
        QCOMPARE(zero.error, u"/dev/zero is larger than 16 MiB; use a smaller file"_s);
        QTemporaryDir dir;
        QFile f(dir.filePath(u"prompts.csv"_s));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\xFF\xFEp\0");
        f.close();
        QCOMPARE(LabelledCsv::readFile(f.fileName(), u"prompts.csv"_s).error, u"prompts.csv: the file is UTF-16; save it as UTF-8"_s);
        QVERIFY(LabelledCsv::readFile(dir.filePath(u"missing.csv"_s)).error.startsWith(u"cannot read "_s));
    }

    void oneIntentPerFile()
    {
        const LabelledCsv::Parsed p = LabelledCsv::parse("prompt,expected,intent\na,true,allow\nb,false,\nc,true,block\n");
        QVERIFY(p.ok());
        std::optional<Intent> intent;
        QCOMPARE(LabelledCsv::checkOneIntent(u"f.csv"_s, p.rows, &intent, false),
                 u"f.csv: line 4 mixes intents; use one intent per file or pass --intent"_s);
        std::optional<Intent> given = Intent::Block;
        QVERIFY(LabelledCsv::checkOneIntent(u"f.csv"_s, p.rows, &given, true).isEmpty());
        QCOMPARE(given, std::optional<Intent>(Intent::Block));
        std::optional<Intent> fromRows;
        QVERIFY(LabelledCsv::checkOneIntent(u"f.csv"_s, p.rows.mid(0, 2), &fromRows, false).isEmpty());
        QCOMPARE(fromRows, std::optional<Intent>(Intent::Allow));
    }

    void quoting()
    {
        QCOMPARE(LabelledCsv::quote(u"plain"_s), u"plain"_s);
        QCOMPARE(LabelledCsv::quote(u"a,b"_s), u"\"a,b\""_s);
        QCOMPARE(LabelledCsv::quote(u"say \"hi\""_s), u"\"say \"\"hi\"\"\""_s);
        QCOMPARE(LabelledCsv::quote(u"two\nlines"_s), u"\"two\nlines\""_s);
    }
};

QTEST_GUILESS_MAIN(TestLabelledCsv)
#include "tst_labelledcsv.moc"
