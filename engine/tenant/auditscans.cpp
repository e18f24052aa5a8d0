#include "auditscans.h"

ScanBatch *AuditScans::batch(const AirsSettings &airs, const QString &profileName, const QString &sessionId,
                             int concurrency, double ratePerSecond, QObject *parent)
{
    ScanBatch::Options options;
    options.profileName = profileName;
    options.sessionId = sessionId;
    options.concurrency = concurrency;
    options.ratePerSecond = ratePerSecond;
    options.keepGoing = true;
    return new ScanBatch(airs, options, parent);
}

QList<AuditScan> AuditScans::of(const QList<ScanVerdict> &verdicts, const QHash<int, AirsError> &notScanned,
                                ProfileKind kind)
{
    QList<AuditScan> scans;
    for (qsizetype i = 0; i < verdicts.size(); ++i) {
        AuditScan scan;
        if (notScanned.contains(int(i))) {
            scan.scanned = false;
            scan.reason = notScanned.value(int(i)).toString();
        } else {
            const ScanVerdict &v = verdicts.at(i);
            scan.flagged = v.actedOn(kind);
            scan.category = v.category;
            scan.action = v.action;
            scan.topicViolation = v.topicViolation;
            scan.matchedTopics = v.blockedTopics + v.allowedTopics;
            scan.namesReported = v.topicsReported;
        }
        scans.append(scan);
    }
    return scans;
}
