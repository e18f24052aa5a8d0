#include "promptformat.h"

#include "domain/utf8.h"

#include <QLocale>
#include <QTextBoundaryFinder>

using namespace Qt::StringLiterals;

namespace {
bool isNameChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_';
}
} // namespace

QString PromptFormat::fill(const QString &templ, const QHash<QString, QString> &values)
{
    QString out;
    out.reserve(templ.size() * 2);
    qsizetype i = 0;
    while (i < templ.size()) {
        const QChar c = templ.at(i);
        if (c == u'{') {
            qsizetype end = i + 1;
            while (end < templ.size() && isNameChar(templ.at(end)))
                ++end;
            if (end < templ.size() && end > i + 1 && templ.at(end) == u'}') {
                const auto it = values.constFind(templ.mid(i + 1, end - i - 1));
                if (it != values.cend()) {
                    out += *it;
                    i = end + 1;
                    continue;
                }
            }
        }
        out += c;
        ++i;
    }
    return out;
}

QString PromptFormat::withMemory(const QString &system, const QString &memory)
{
    if (memory.trimmed().isEmpty())
        return system;
    // The injector's section starts with its own newline; keep one blank line either way.
    return system + (memory.startsWith(u'\n') ? u"\n"_s : u"\n\n"_s) + memory;
}

QString PromptFormat::notesLanguageLine(const QString &code, const QString &fields)
{
    if (code.isEmpty() || code == "en"_L1)
        return {};
    const QLocale locale(code);
    if (locale.language() == QLocale::C || locale.language() == QLocale::English)
        return {};
    return u"\n\nWrite the text of %1 in %2 (%3, language code \"%4\"): the person reading it "
           "works in that language. Keep the JSON keys and the fixed values (outcome, changeType, "
           "tags) exactly as specified."_s
        .arg(fields, QLocale::languageToString(locale.language()), locale.nativeLanguageName(),
             QLocale::languageToCode(locale.language()));
}

QString PromptFormat::intentWord(Intent intent)
{
    return intentName(intent);
}

QString PromptFormat::oneLine(const QString &text)
{
    return text.simplified();
}

QString PromptFormat::clip(const QString &text, qsizetype maxChars)
{
    if (text.size() <= maxChars)
        return text;
    // The longest grapheme-aligned prefix that fits, leaving room for the ellipsis.
    QTextBoundaryFinder graphemes(QTextBoundaryFinder::Grapheme, text);
    qsizetype fit = 0;
    for (qsizetype pos = graphemes.toNextBoundary(); pos > 0 && pos <= maxChars - 1;
         pos = graphemes.toNextBoundary())
        fit = pos;
    QString head = text.left(fit);
    // Back off to the last word boundary when there is one in the second half.
    const qsizetype space = head.lastIndexOf(u' ');
    if (text.at(fit).isSpace()) {
        // the cut already falls between words
    } else if (space > fit / 2) {
        head.truncate(space);
    }
    while (!head.isEmpty() && (head.back().isSpace() || head.back().isPunct()))
        head.chop(1);
    return head + u'…';
}

QString PromptFormat::numberedList(const QStringList &items)
{
    QStringList lines;
    for (qsizetype i = 0; i < items.size(); ++i)
        lines.append(QString::number(i + 1) + u". "_s + oneLine(items.at(i)));
    return lines.join(u'\n');
}

QString PromptFormat::quotedList(const QStringList &items)
{
    QStringList quoted;
    for (const QString &item : items)
        quoted.append(u'"' + oneLine(item) + u'"');
    return quoted.join(u", "_s);
}

QString PromptFormat::joinedOrNone(const QStringList &items, const QString &separator)
{
    QStringList kept;
    for (const QString &item : items) {
        if (!item.trimmed().isEmpty())
            kept.append(oneLine(item));
    }
    return kept.isEmpty() ? u"None"_s : kept.join(separator);
}

QString PromptFormat::examplesNumbered(const QStringList &examples)
{
    return examples.isEmpty() ? u"None (description-only mode)"_s : numberedList(examples);
}

QString PromptFormat::examplesInline(const QStringList &examples)
{
    return examples.isEmpty() ? u"None (description-only)"_s : quotedList(examples);
}

QList<TestCase> PromptFormat::failures(const QList<TestResult> &results, Error kind)
{
    QList<TestCase> out;
    for (const TestResult &r : results) {
        const bool expected = r.testCase.expectedTriggered;
        if (!r.counts())
            continue;
        if (kind == Error::FalsePositive ? (!expected && r.actualTriggered)
                                         : (expected && !r.actualTriggered))
            out.append(r.testCase);
    }
    return out;
}

QString PromptFormat::promptLines(const QList<TestCase> &tests, bool withCategory)
{
    if (tests.isEmpty())
        return u"None"_s;
    QStringList lines;
    const qsizetype shown = qMin<qsizetype>(tests.size(), MaxListedPrompts);
    for (qsizetype i = 0; i < shown; ++i) {
        const TestCase &t = tests.at(i);
        QString line = u"- \""_s + clip(oneLine(t.prompt), MaxPromptChars) + u'"';
        if (withCategory)
            line += u" ("_s + oneLine(t.category) + u')';
        lines.append(line);
    }
    if (tests.size() > shown)
        lines.append(u"- … and %1 more"_s.arg(tests.size() - shown));
    return lines.join(u'\n');
}

QString PromptFormat::breakdownSection(const QList<CategoryBreakdown> &breakdown)
{
    if (breakdown.isEmpty())
        return {};
    QString out = u"\nError rates per category in the previous iteration. Write proportionally "
                  "more tests in the categories with the highest error rates:\n"_s;
    for (const CategoryBreakdown &b : breakdown) {
        out += u"- %1: %2/%3 errors (%4%) — %5 FP, %6 FN\n"_s.arg(
            oneLine(b.category), QString::number(b.fp + b.fn), QString::number(b.total),
            QString::number(b.errorRate * 100.0, 'f', 0), QString::number(b.fp),
            QString::number(b.fn));
    }
    return out;
}

QString PromptFormat::guidanceSection(const QString &hint, const std::optional<Topic> &rejected, const QStringList &kept)
{
    QString out;
    if (!hint.trimmed().isEmpty())
        out += u"\nThe person designing this topic asks: "_s + oneLine(hint) + u'\n';
    if (rejected) {
        out += u"\nThey turned down this proposal, so write a different one:\nDescription: "_s
               + oneLine(rejected->description) + u"\nExamples: "_s + examplesInline(rejected->examples) + u'\n';
    }
    if (!kept.isEmpty())
        out += u"\nKeep these examples exactly as written:\n"_s + numberedList(kept) + u'\n';
    if (out.isEmpty())
        return {};
    return u"\n\nGuidance from the person designing this topic (it outranks the analysis):"_s + out;
}

QString PromptFormat::correctionsSection(const QList<TestCase> &corrected)
{
    if (corrected.isEmpty())
        return {};
    QStringList lines;
    for (const TestCase &t : corrected)
        lines.append(u"- \"%1\" %2"_s.arg(clip(oneLine(t.prompt), MaxPromptChars),
                                          t.expectedTriggered ? u"should trigger"_s : u"should not trigger"_s));
    return u"\n\nThe person corrected these expected labels; label similar prompts the same way:\n"_s
           + lines.join(u'\n') + u'\n';
}
