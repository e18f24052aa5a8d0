#include "llm/schemavalidator.h"

#include "testmain.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

static QJsonObject obj(const char *json)
{
    return QJsonDocument::fromJson(json).object();
}

class TestSchemaValidator : public QObject
{
    Q_OBJECT
private slots:
    void violations_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("valid") << QByteArray("{\"a\":\"x\",\"n\":2,\"list\":[\"p\",\"q\"],\"kind\":\"up\"}") << QStringList{};
        QTest::newRow("missing required") << QByteArray("{\"n\":2,\"list\":[\"p\"]}")
                                          << QStringList{u"the answer: missing required field \"a\""_s};
        QTest::newRow("wrong type") << QByteArray("{\"a\":1,\"list\":[\"p\"]}") << QStringList{u"a: expected string, got number"_s};
        QTest::newRow("integer") << QByteArray("{\"a\":\"x\",\"n\":2.5,\"list\":[\"p\"]}") << QStringList{u"n: expected integer, got number"_s};
        QTest::newRow("too few items") << QByteArray("{\"a\":\"x\",\"list\":[]}") << QStringList{u"list: has 0 items; at least 1 required"_s};
        QTest::newRow("too many items") << QByteArray("{\"a\":\"x\",\"list\":[\"1\",\"2\",\"3\",\"4\"]}")
                                        << QStringList{u"list: has 4 items; at most 3 allowed"_s};
        QTest::newRow("item type") << QByteArray("{\"a\":\"x\",\"list\":[\"ok\",5]}") << QStringList{u"list[1]: expected string, got number"_s};
        QTest::newRow("too short") << QByteArray("{\"a\":\"\",\"list\":[\"p\"]}") << QStringList{u"a: is 0 characters; at least 1 required"_s};
        QTest::newRow("too long") << QByteArray("{\"a\":\"abcdefghijk\",\"list\":[\"p\"]}") << QStringList{u"a: is 11 characters; at most 10 allowed"_s};
        QTest::newRow("enum") << QByteArray("{\"a\":\"x\",\"list\":[\"p\"],\"kind\":\"sideways\"}")
                              << QStringList{u"kind: \"sideways\" is not one of up, down"_s};
        QTest::newRow("several at once") << QByteArray("{\"a\":3,\"list\":[]}")
                                         << QStringList{u"a: expected string, got number"_s, u"list: has 0 items; at least 1 required"_s};
        QTest::newRow("extra field tolerated") << QByteArray("{\"a\":\"x\",\"list\":[\"p\"],\"extra\":1}") << QStringList{};
    }
    void violations()
    {
        QFETCH(QByteArray, value);
        QFETCH(QStringList, expected);
        const QJsonObject schema = obj("{\"type\":\"object\",\"required\":[\"a\",\"list\"],\"properties\":{"
                                       "\"a\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":10},"
                                       "\"n\":{\"type\":\"integer\"},"
                                       "\"list\":{\"type\":\"array\",\"minItems\":1,\"maxItems\":3,\"items\":{\"type\":\"string\"}},"
                                       "\"kind\":{\"type\":\"string\",\"enum\":[\"up\",\"down\"]}}}");
        QCOMPARE(SchemaValidator::validate(obj(value.constData()), schema), expected);
    }

    void rootTypeMismatch()
    {
        QCOMPARE(SchemaValidator::validate(QJsonValue(3), obj("{\"type\":\"object\"}")),
                 QStringList{u"the answer: expected object, got number"_s});
        QVERIFY(SchemaValidator::validate(QJsonValue(QJsonValue::Null), obj("{\"type\":[\"string\",\"null\"]}")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSchemaValidator)
#include "tst_schemavalidator.moc"
