#include "typedprompts.h"

using namespace Qt::StringLiterals;

std::optional<bool> TypedPrompts::parseLabel(const QString &text)
{
    const QString t = text.trimmed().toLower();
    static const QStringList yes{u"yes"_s, u"y"_s,       u"true"_s,          u"1"_s,
                                 u"hit"_s, u"trigger"_s, u"should trigger"_s};
    static const QStringList no{
        u"no"_s, u"n"_s, u"false"_s, u"0"_s, u"miss"_s, u"pass"_s, u"should not trigger"_s};
    if (yes.contains(t) || t == tr("yes").toLower())
        return true;
    if (no.contains(t) || t == tr("no").toLower())
        return false;
    return std::nullopt;
}

TypedPrompts::Parsed TypedPrompts::parse(const QString &text)
{
    Parsed out;
    const auto fail = [&out](int line, const QString &error) {
        out.tests.clear();
        out.errorLine = line;
        out.error = tr("Line %1: %2").arg(QString::number(line), error);
        return out;
    };
    const QStringList lines = text.split(u'\n');
    bool first = true;
    for (int i = 0; i < lines.size(); ++i) {
        const QString line = lines.at(i).trimmed();
        if (line.isEmpty())
            continue;
        const qsizetype comma = line.lastIndexOf(u',');
        if (comma < 0)
            return fail(i + 1, tr("no label. End the line with a comma and yes (the guardrail "
                                  "should trigger) or no."));
        QString prompt = line.left(comma).trimmed();
        const QString label = line.mid(comma + 1).trimmed();
        const bool header = first && prompt.compare(u"prompt"_s, Qt::CaseInsensitive) == 0 &&
                            (label.compare(u"expected"_s, Qt::CaseInsensitive) == 0 ||
                             label.compare(u"expected_triggered"_s, Qt::CaseInsensitive) == 0);
        first = false;
        if (header)
            continue;
        if (prompt.size() >= 2 && prompt.startsWith(u'"') && prompt.endsWith(u'"'))
            prompt = prompt.mid(1, prompt.size() - 2).replace(u"\"\""_s, u"\""_s).trimmed();
        if (prompt.isEmpty())
            return fail(i + 1, tr("the prompt is empty."));
        const std::optional<bool> expected = parseLabel(label);
        if (!expected)
            return fail(i + 1, tr("\"%1\" is not a label. End the line with a comma and yes (the "
                                  "guardrail should trigger) or no.")
                                   .arg(label));
        TestCase test;
        test.prompt = prompt;
        test.expectedTriggered = *expected;
        test.category = u"added"_s;
        out.tests.append(test);
    }
    return out;
}
