#include "domain/efficacymetrics.h"
#include "domain/testresult.h"

#include <QtTest>

class TestMetrics : public QObject
{
    Q_OBJECT
private slots:
    void empty()
    {
        const EfficacyMetrics m = EfficacyMetrics::compute({});
        QCOMPARE(m.coverage, 0.0);
        QCOMPARE(m.total(), 0);
    }
};

QTEST_GUILESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
