#include "auditfigures.h"

#include "format.h"
#include "jsonin.h"
#include "testresult.h"
#include "auditexpectation.h"

#include <QJsonArray>
#include <QTextStream>

using namespace Qt::StringLiterals;

QJsonObject AuditTopic::toJson() const
{
    return {{u"id"_s, id},
            {u"name"_s, name},
            {u"action"_s, action},
            {u"description"_s, description},
            {u"examples"_s, QJsonArray::fromStringList(examples)},
            {u"revision"_s, revision}};
}

AuditTopic AuditTopic::fromJson(const JsonIn &in)
{
    AuditTopic t;
    t.id = in.stringOr("id"_L1, {});
    t.name = in.string("name"_L1);
    t.action = in.stringOr("action"_L1, u"block"_s);
    if (t.action != u"block" && t.action != u"allow")
        in.error("action"_L1, u"neither block nor allow"_s);
    t.description = in.stringOr("description"_L1, {});
    for (const QJsonValue &v : in.arrayOr("examples"_L1))
        t.examples.append(v.toString());
    t.revision = int(in.integerOr("revision"_L1, 0));
    return t;
}

QJsonObject AuditScan::toJson() const
{
    if (!scanned)
        return {{u"notScanned"_s, reason.isEmpty() ? u"not scanned"_s : reason}};
    QJsonObject o{{u"flagged"_s, flagged}};
    if (!category.isEmpty())
        o.insert(u"category"_s, category);
    if (!action.isEmpty())
        o.insert(u"action"_s, action);
    if (topicViolation)
        o.insert(u"topicViolation"_s, true);
    if (!matchedTopics.isEmpty())
        o.insert(u"matched"_s, QJsonArray::fromStringList(matchedTopics));
    if (!namesReported)
        o.insert(u"namesUnknown"_s, true);
    return o;
}

AuditScan AuditScan::fromJson(const JsonIn &in)
{
    AuditScan s;
    if (in.has("notScanned"_L1)) {
        s.scanned = false;
        s.reason = in.string("notScanned"_L1);
        return s;
    }
    s.flagged = in.boolean("flagged"_L1);
    s.category = in.stringOr("category"_L1, {});
    s.action = in.stringOr("action"_L1, {});
    s.topicViolation = in.booleanOr("topicViolation"_L1, false);
    for (const QJsonValue &v : in.arrayOr("matched"_L1))
        s.matchedTopics.append(v.toString());
    s.namesReported = !in.booleanOr("namesUnknown"_L1, false);
    return s;
}

AuditFigures AuditFigures::compute(const QList<AuditTopic> &topics, const QList<AuditSuite> &suites, bool allowList)
{
    const int allowTopics = int(std::count_if(topics.cbegin(), topics.cend(), [](const AuditTopic &t) { return t.action == u"allow"; }));
    AuditFigures f;
    for (const AuditTopic &t : topics)
        f.matrixTopics.append(t.name);
    f.matrix = QList<QList<int>>(topics.size(), QList<int>(topics.size(), 0));
    for (const AuditTopic &t : topics) {
        TopicFigures tf;
        tf.name = t.name;
        tf.action = t.action;
        const auto suite = std::find_if(suites.cbegin(), suites.cend(), [&t](const AuditSuite &s) { return s.topic == t.name; });
        if (suite != suites.cend() && suite->isScanned()) {
            QList<TestResult> results;
            for (qsizetype i = 0; i < suite->prompts.size(); ++i) {
                const AuditScan &scan = suite->scans.at(i);
                if (!scan.scanned) {
                    results.append(TestResult::unscanned(suite->prompts.at(i), scan.reason));
                    continue;
                }
                TestResult r;
                r.testCase = suite->prompts.at(i);
                r.actualTriggered = scan.matchedTopics.contains(t.name);
                r.correct = r.actualTriggered == r.testCase.expectedTriggered;
                results.append(r);
            }
            tf.metrics = EfficacyMetrics::compute(results);
            tf.intervals = MetricIntervals::of(tf.metrics);
        }
        f.topics.append(tf);
    }
    for (const AuditSuite &suite : suites) {
        if (!suite.isScanned())
            continue;
        const int row = int(f.matrixTopics.indexOf(suite.topic));
        const AuditTopic *topic = row >= 0 ? &topics.at(row) : nullptr;
        for (qsizetype i = 0; i < suite.prompts.size(); ++i) {
            const TestCase &prompt = suite.prompts.at(i);
            const AuditScan &scan = suite.scans.at(i);
            if (!scan.scanned) {
                ++f.notScanned;
                continue;
            }
            if (AuditExpectation::shouldAct(allowList, topic, prompt.expectedTriggered, allowTopics) == false) {
                ++f.benignPrompts;
                f.benignFlagged += scan.flagged;
            }
            if (row < 0)
                continue; // the general benign set: counted above, no topic of its own
            // In the profile's order, whatever order the answer (or the attribution) named them.
            for (int column = 0; column < topics.size(); ++column) {
                const QString &matched = topics.at(column).name;
                if (column == row || !scan.matchedTopics.contains(matched))
                    continue;
                ++f.matrix[row][column];
                f.conflicts.append({prompt.prompt, suite.topic, matched, prompt.expectedTriggered});
            }
        }
    }
    f.benignFlagRate = f.benignPrompts == 0 ? 0.0 : double(f.benignFlagged) / f.benignPrompts;
    f.benignInterval = ProportionStats::wilson(f.benignFlagged, f.benignPrompts);
    return f;
}

namespace {
QJsonValue interval(const std::optional<ProportionStats::Interval> &i)
{
    return i ? QJsonValue(QJsonArray{i->low, i->high}) : QJsonValue();
}
} // namespace

QJsonObject AuditFigures::toJson() const
{
    QJsonArray topicList, conflictList, rows;
    for (const TopicFigures &t : topics) {
        topicList.append(QJsonObject{{u"name"_s, t.name},
                                     {u"intent"_s, t.action},
                                     {u"metrics"_s, QJsonObject{{u"tpr"_s, t.metrics.truePositiveRate},
                                                                {u"tnr"_s, t.metrics.trueNegativeRate},
                                                                {u"coverage"_s, t.metrics.coverage},
                                                                {u"counts"_s, t.metrics.toJson()}}},
                                     {u"intervals"_s, t.intervals.toJson()}});
    }
    for (const AuditConflict &c : conflicts) {
        conflictList.append(QJsonObject{{u"prompt"_s, c.prompt},
                                        {u"intendedTopic"_s, c.intendedTopic},
                                        {u"matchedTopic"_s, c.matchedTopic},
                                        {u"expected"_s, c.expected}});
    }
    for (const QList<int> &row : matrix) {
        QJsonArray r;
        for (int n : row)
            r.append(n);
        rows.append(r);
    }
    return {{u"topics"_s, topicList},
            {u"profile"_s, QJsonObject{{u"benignFlagRate"_s, benignFlagRate},
                                       {u"interval"_s, interval(benignInterval)},
                                       {u"benignPrompts"_s, benignPrompts},
                                       {u"benignFlagged"_s, benignFlagged},
                                       {u"notScanned"_s, notScanned}}},
            {u"conflicts"_s, conflictList},
            {u"matrix"_s, QJsonObject{{u"topics"_s, QJsonArray::fromStringList(matrixTopics)}, {u"counts"_s, rows}}}};
}

QString AuditFigures::text() const
{
    QString out;
    QTextStream s(&out);
    s << "Topics (each measured inside the whole profile, on its own held-out prompts; 95 % intervals):\n";
    for (const TopicFigures &t : topics) {
        s << "  " << t.name << " (" << t.action << ")\n"
          << "    Coverage " << Format::withInterval(t.metrics.coverage, t.intervals.coverage) << "  TPR "
          << Format::withInterval(t.metrics.truePositiveRate, t.intervals.truePositiveRate) << "  TNR "
          << Format::withInterval(t.metrics.trueNegativeRate, t.intervals.trueNegativeRate) << "  ("
          << t.metrics.total() << " prompts";
        if (t.metrics.notScanned > 0)
            s << ", " << t.metrics.notScanned << " not scanned";
        s << ")\n";
    }
    s << "\nProfile: " << Format::withInterval(benignFlagRate, benignInterval) << " of " << benignPrompts
      << " prompts users should get through are acted on (" << benignFlagged
      << " flagged of each block topic's negatives, each allow topic's positives and the general benign set)\n";
    if (notScanned > 0)
        s << "  " << notScanned << " prompt(s) AIRS gave no verdict for are in no figure\n";
    s << "\nConflicts (a prompt written for one topic that another matched): " << conflicts.size() << '\n';
    for (qsizetype r = 0; r < matrix.size(); ++r) {
        for (qsizetype c = 0; c < matrix.at(r).size(); ++c) {
            if (matrix.at(r).at(c) > 0)
                s << "  " << matrix.at(r).at(c) << " of \"" << matrixTopics.at(r) << "\" matched by \""
                  << matrixTopics.at(c) << "\"\n";
        }
    }
    const qsizetype shown = std::min<qsizetype>(conflicts.size(), 50);
    for (qsizetype i = 0; i < shown; ++i) {
        const AuditConflict &c = conflicts.at(i);
        s << "    \"" << c.prompt << "\"  (" << (c.expected ? "a positive" : "a negative") << " of \""
          << c.intendedTopic << "\", matched by \"" << c.matchedTopic << "\")\n";
    }
    if (conflicts.size() > shown)
        s << "    … and " << conflicts.size() - shown << " more (--format json lists them all)\n";
    return out;
}
