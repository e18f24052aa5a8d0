#include "testresult.h"

#include "jsonin.h"

using namespace Qt::StringLiterals;

QJsonObject TestResult::toJson() const
{
    QJsonObject o{{u"testCase"_s, testCase.toJson()},
                  {u"actualTriggered"_s, actualTriggered},
                  {u"scanAction"_s, scanAction},
                  {u"scanId"_s, scanId},
                  {u"reportId"_s, reportId},
                  {u"correct"_s, correct}};
    if (!scanCategory.isEmpty())
        o.insert(u"category"_s, scanCategory);
    if (!scanned)
        o.insert(u"notScanned"_s, notScannedReason.isEmpty() ? u"not scanned"_s : notScannedReason);
    if (!detections.isEmpty()) {
        QJsonObject d;
        for (auto it = detections.cbegin(); it != detections.cend(); ++it)
            d.insert(it.key(), it.value());
        o.insert(u"detections"_s, d);
    }
    return o;
}

TestResult TestResult::fromJson(const JsonIn &in)
{
    TestResult r;
    r.testCase = TestCase::fromJson(in.child("testCase"_L1));
    r.actualTriggered = in.boolean("actualTriggered"_L1);
    r.scanAction = in.stringOr("scanAction"_L1, {});
    r.scanId = in.stringOr("scanId"_L1, {});
    r.reportId = in.stringOr("reportId"_L1, {});
    r.correct = in.booleanOr("correct"_L1, r.testCase.expectedTriggered == r.actualTriggered);
    r.scanCategory = in.stringOr("category"_L1, {});
    if (in.has("notScanned"_L1)) {
        r.scanned = false;
        r.notScannedReason = in.string("notScanned"_L1);
        r.correct = false;
    }
    if (const auto d = in.optObject("detections"_L1)) {
        for (auto it = d->constBegin(); it != d->constEnd(); ++it) {
            if (it.value().isBool())
                r.detections.insert(it.key(), it.value().toBool());
            else
                in.error("detections"_L1, it.key() + u" is not true or false"_s);
        }
    }
    return r;
}

TestResult TestResult::unscanned(const TestCase &test, const QString &reason)
{
    TestResult r;
    r.testCase = test;
    r.scanned = false;
    r.notScannedReason = reason;
    return r;
}
