// WordingTable (issue 59), what DisplayFormat::stopReason and TenantDoneText word the engine's
// lines with: the first row that matches wins, every capture fills its %n in order (an empty
// one too), a value function sees each capture, and a line no row knows gives nothing.
#include "reports/wordingtable.h"

#include "testmain.h"

using namespace Qt::StringLiterals;

namespace {
QString bracketed(const QString &value)
{
    return u"["_s + value + u"]"_s;
}

const WordingTable &table()
{
    static const WordingTable rows(
        "TestWordingTable",
        {
            {QRegularExpression(u"^moved (.*) to (\\d+)$"_s), "put %1 at %2"},
            {QRegularExpression(u"^moved (.*)$"_s), "never: the row above comes first"},
            {QRegularExpression(u"^named \"(.*)\"$"_s), "named “%1”"},
        });
    return rows;
}
} // namespace

class TestWordingTable : public QObject
{
    Q_OBJECT

private slots:
    void firstMatchingRowWordsTheLine()
    {
        QCOMPARE(table().reworded(u"moved a to 3"_s), std::optional<QString>(u"put a at 3"_s));
        QCOMPARE(table().reworded(u"named \"x\""_s), std::optional<QString>(u"named “x”"_s));
    }

    void everyCaptureGoesThroughTheValueFunction()
    {
        QCOMPARE(table().reworded(u"moved a to 3"_s, bracketed),
                 std::optional<QString>(u"put [a] at [3]"_s));
    }

    void anEmptyCaptureStillFillsItsPlace()
    {
        QCOMPARE(table().reworded(u"named \"\""_s), std::optional<QString>(u"named “”"_s));
    }

    void anUnknownLineGivesNothing()
    {
        QCOMPARE(table().reworded(u"something else"_s), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestWordingTable)
#include "tst_wordingtable.moc"
