#pragma once

#include "airs/scanbatch.h"
#include "domain/auditfigures.h"

// What a profile audit and an apply's impact check share: a batch that scans a whole suite
// (keepGoing: a prompt AIRS cannot scan is recorded, not the end), and its answers as the
// audit keeps them.
namespace AuditScans {
ScanBatch *batch(const AirsSettings &airs, const QString &profileName, const QString &sessionId, int concurrency,
                 double ratePerSecond, QObject *parent);
// One AuditScan per prompt, in order: flagged when a profile of `kind` acted on it
// (ScanVerdict::actedOn), with the topics AIRS named as matched.
QList<AuditScan> of(const QList<ScanVerdict> &verdicts, const QHash<int, AirsError> &notScanned, ProfileKind kind);
} // namespace AuditScans
