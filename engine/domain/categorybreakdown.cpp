#include "categorybreakdown.h"

#include "testresult.h"

#include <QHash>

#include <algorithm>

QList<CategoryBreakdown> CategoryBreakdown::compute(const QList<TestResult> &results)
{
    QList<CategoryBreakdown> out;
    QHash<QString, qsizetype> index;
    for (const TestResult &r : results) {
        if (!r.counts())
            continue;
        const QString &cat = r.testCase.category;
        auto it = index.constFind(cat);
        if (it == index.cend()) {
            it = index.insert(cat, out.size());
            out.append(CategoryBreakdown{cat});
        }
        CategoryBreakdown &b = out[*it];
        ++b.total;
        if (!r.testCase.expectedTriggered && r.actualTriggered)
            ++b.fp;
        else if (r.testCase.expectedTriggered && !r.actualTriggered)
            ++b.fn;
    }
    for (CategoryBreakdown &b : out)
        b.errorRate = b.total == 0 ? 0.0 : double(b.fp + b.fn) / b.total;
    std::stable_sort(out.begin(), out.end(), [](const auto &a, const auto &b) {
        return a.errorRate > b.errorRate;
    });
    return out;
}
