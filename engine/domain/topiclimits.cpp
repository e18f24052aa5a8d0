#include "topiclimits.h"

#include "utf8.h"

using namespace Qt::StringLiterals;

qsizetype TopicLimits::combinedBytes(const Topic &topic)
{
    qsizetype total = Utf8::size(topic.name) + Utf8::size(topic.description);
    for (const QString &e : topic.examples)
        total += Utf8::size(e);
    return total;
}

Topic TopicLimits::clamp(const Topic &topic)
{
    Topic t;
    t.name = Utf8::truncated(topic.name, NameBytes);
    t.description = Utf8::truncated(topic.description, DescriptionBytes);
    for (const QString &e : topic.examples.mid(0, MaxExamples))
        t.examples.append(Utf8::truncated(e, ExampleBytes));

    while (combinedBytes(t) > CombinedBytes && t.examples.size() > MinExamples)
        t.examples.removeLast();

    const qsizetype overflow = combinedBytes(t) - CombinedBytes;
    if (overflow > 0) // unreachable with today's limits; kept so a limit change stays safe
        t.description = Utf8::truncated(t.description, Utf8::size(t.description) - overflow);
    return t;
}

static void checkText(QList<TopicLimits::Violation> &out, const QString &field,
                      const QString &text, qsizetype limit)
{
    if (text.trimmed().isEmpty()) {
        out.append({field, u"must not be empty"_s});
        return;
    }
    const qsizetype bytes = Utf8::size(text);
    if (bytes > limit)
        out.append({field, u"is %1 bytes, over the limit of %2"_s.arg(bytes).arg(limit)});
}

QList<TopicLimits::Violation> TopicLimits::validate(const Topic &topic)
{
    QList<Violation> out;
    checkText(out, u"name"_s, topic.name, NameBytes);
    checkText(out, u"description"_s, topic.description, DescriptionBytes);
    const qsizetype count = topic.examples.size();
    if (count < MinExamples || count > MaxExamples)
        out.append({u"examples"_s, u"has %1 examples, but %2 to %3 are required"_s.arg(count)
                                       .arg(MinExamples)
                                       .arg(MaxExamples)});
    for (qsizetype i = 0; i < count; ++i)
        checkText(out, u"examples[%1]"_s.arg(i), topic.examples.at(i), ExampleBytes);
    const qsizetype total = combinedBytes(topic);
    if (total > CombinedBytes)
        out.append({u"topic"_s, u"name, description and examples come to %1 bytes, over the "
                                "limit of %2"_s.arg(total)
                                    .arg(CombinedBytes)});
    return out;
}

QString TopicLimits::describe(const QList<Violation> &violations)
{
    QStringList parts;
    for (const Violation &v : violations)
        parts.append(v.field + u": "_s + v.message);
    return parts.join(u"; "_s);
}
