// The audit-file loader (~/.daystrom/audits/<id>.json) and the audit's HTML page. Properties:
// an audit that loads saves to JSON that loads to the same JSON; its figures compute; the HTML
// page holds every topic name escaped, and no text of the file unescaped.
#include "../fuzztarget.h"

#include "reports/audithtml.h"
#include "runs/auditstate.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

DAYSTROM_FUZZ_TARGET(audit_file)
{
    const QJsonDocument doc = QJsonDocument::fromJson(data);
    if (!doc.isObject())
        return;
    QStringList errors;
    const AuditState audit = AuditState::fromJson(doc.object(), &errors);
    if (!errors.isEmpty())
        return;
    const QJsonObject saved = audit.toJson();
    QStringList againErrors;
    const AuditState again = AuditState::fromJson(saved, &againErrors);
    FUZZ_REQUIRE(againErrors.isEmpty(), againErrors.join(u"; "_s));
    FUZZ_REQUIRE(again.toJson() == saved,
                 u"a saved audit reads back differently: "_s + QString::fromUtf8(QJsonDocument(saved).toJson().left(600)));
    const AuditFigures figures = audit.figures();
    const QString page = AuditHtml::page(audit, figures);
    for (const AuditTopic &t : audit.topics) {
        if (t.name.contains(u'<'))
            FUZZ_REQUIRE(!page.contains(t.name), u"a topic name unescaped in the HTML: "_s + t.name);
    }
    FUZZ_REQUIRE(!page.contains(u"<script"_s, Qt::CaseInsensitive), u"a script element in the page"_s);
}
