#include "tenantdonetext.h"

#include "reports/wordingtable.h"

#include <QCoreApplication>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {
// The whole line, newlines included ("$" alone would stop before a final newline, and "." at
// any): found by fuzz_tenant_done_text.
QRegularExpression whole(const QString &pattern)
{
    return QRegularExpression(QRegularExpression::anchoredPattern(pattern), QRegularExpression::DotMatchesEverythingOption);
}

// The engine's lines, each with the quoted name captured, and the app's wording (%1 = the name).
const WordingTable &shapes()
{
    // The engine's wordings: engine/tenant/topicapplier.cpp and tenantcleaner.cpp.
    static const WordingTable all("TenantDoneText", {
        {whole(u"created topic \"(.*)\""_s), QT_TRANSLATE_NOOP("TenantDoneText", "created topic “%1”")},
        {whole(u"updated topic \"(.*)\""_s), QT_TRANSLATE_NOOP("TenantDoneText", "updated topic “%1”")},
        {whole(u"pinned the topics in profile \"(.*)\""_s),
         QT_TRANSLATE_NOOP("TenantDoneText", "pinned the topics in profile “%1”")},
        {whole(u"nothing to change: profile \"(.*)\" already has this topic"_s),
         QT_TRANSLATE_NOOP("TenantDoneText", "nothing to change: profile “%1” already has this topic")},
        {whole(u"gave topic \"(.*)\" its earlier text back"_s),
         QT_TRANSLATE_NOOP("TenantDoneText", "gave topic “%1” its earlier text back")},
        {whole(u"restored the topic guardrails of profile \"(.*)\""_s),
         QT_TRANSLATE_NOOP("TenantDoneText", "restored the topic guardrails of profile “%1”")},
        {whole(u"kept a change made meanwhile: (.*)"_s),
         QT_TRANSLATE_NOOP("TenantDoneText", "kept a change made meanwhile: %1")},
        {whole(u"deleted scratch profile \"(.*)\""_s),
         QT_TRANSLATE_NOOP("TenantDoneText", "deleted scratch profile “%1”")},
        {whole(u"deleted topic \"(.*)\""_s), QT_TRANSLATE_NOOP("TenantDoneText", "deleted topic “%1”")},
        {whole(u"unpinned the topics from profile \"(.*)\""_s),
         QT_TRANSLATE_NOOP("TenantDoneText", "unpinned the topics from profile “%1”")},
    });
    return all;
}
} // namespace

QString TenantDoneText::translated(const QString &engineLine)
{
    return shapes().reworded(engineLine).value_or(engineLine);
}

QString TenantDoneText::joined(const QStringList &engineLines)
{
    QStringList out;
    out.reserve(engineLines.size());
    for (const QString &line : engineLines)
        out.append(translated(line));
    return out.join(u"; "_s);
}
