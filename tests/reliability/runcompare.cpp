#include "runcompare.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {
QStringList prompts(const QJsonArray &items, const QString &nested)
{
    QStringList out;
    for (const QJsonValue &v : items) {
        const QJsonObject o =
            nested.isEmpty() ? v.toObject() : v.toObject().value(nested).toObject();
        out.append(o.value(u"prompt"_s).toString());
    }
    out.sort();
    return out;
}

QString compact(const QJsonValue &v)
{
    return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
}
} // namespace

QStringList compareRuns(const QJsonObject &run, const QJsonObject &reference)
{
    QStringList diffs;
    const QJsonArray its = run.value(u"iterations"_s).toArray();
    const QJsonArray refs = reference.value(u"iterations"_s).toArray();
    if (its.size() != refs.size())
        diffs.append(u"%1 iterations, the reference has %2"_s.arg(its.size()).arg(refs.size()));
    for (qsizetype i = 0; i < its.size(); ++i) {
        const QJsonObject it = its.at(i).toObject();
        const int n = it.value(u"iteration"_s).toInt();
        if (n != i + 1)
            diffs.append(u"iteration at position %1 is numbered %2"_s.arg(i + 1).arg(n));
        const QStringList cases = prompts(it.value(u"testCases"_s).toArray(), {});
        const QStringList results = prompts(it.value(u"testResults"_s).toArray(), u"testCase"_s);
        if (cases != results)
            diffs.append(u"iteration %1: %2 tests but %3 results (not one result per test)"_s.arg(n)
                             .arg(cases.size())
                             .arg(results.size()));
        if (i >= refs.size())
            continue;
        const QJsonObject ref = refs.at(i).toObject();
        if (it.value(u"metrics"_s) != ref.value(u"metrics"_s))
            diffs.append(u"iteration %1 metrics %2, the reference %3"_s.arg(n).arg(
                compact(it.value(u"metrics"_s)), compact(ref.value(u"metrics"_s))));
        const QJsonValue bench = it.value(u"benchmark"_s).toObject().value(u"metrics"_s);
        const QJsonValue refBench = ref.value(u"benchmark"_s).toObject().value(u"metrics"_s);
        if (bench != refBench)
            diffs.append(u"iteration %1 benchmark metrics %2, the reference %3"_s.arg(n).arg(
                compact(bench), compact(refBench)));
        if (cases != prompts(ref.value(u"testCases"_s).toArray(), {}))
            diffs.append(u"iteration %1 scanned other tests than the reference"_s.arg(n));
    }
    if (run.value(u"status"_s) != reference.value(u"status"_s))
        diffs.append(u"status %1, the reference %2"_s.arg(run.value(u"status"_s).toString(),
                                                          reference.value(u"status"_s).toString()));
    return diffs;
}

QStringList bestIterationPrompts(const QJsonObject &run)
{
    const int best = run.value(u"bestIteration"_s).toInt();
    QStringList out;
    for (const QJsonValue &it : run.value(u"iterations"_s).toArray()) {
        if (it.toObject().value(u"iteration"_s).toInt() == best)
            out = prompts(it.toObject().value(u"testCases"_s).toArray(), {});
    }
    out.removeDuplicates();
    return out;
}
