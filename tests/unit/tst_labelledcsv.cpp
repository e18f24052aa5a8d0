#include "domain/labelledcsv.h"

#include <QtTest>

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
        QTest::newRow("line after multi-line field") << QByteArray("prompt,expected\n\"a\nb\",true\nc,nope\n") << u"line 4:"_s;
    }
    void bad()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QString, error);
        const LabelledCsv::Parsed p = LabelledCsv::parse(csv);
        QVERIFY(!p.ok());
        QVERIFY2(p.error.startsWith(error) || p.error.contains(error), qPrintable(p.error));
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
