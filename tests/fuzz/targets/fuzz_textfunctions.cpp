// The text functions every message, file name and prompt line passes through, each checked by
// a second route to the same answer: Utf8::size against Qt's UTF-8 encoder; a word diff
// against the two texts it reassembles; a normal form's hash against the hash of the normal
// form itself; a category key against the key of its own words; the redactor against the
// secret it must hide; typed prompts against the lines written from them.
#include "../fuzztarget.h"

#include "memorystore/categorykey.h"
#include "memorystore/learningtext.h"

#include "domain/printable.h"
#include "domain/redaction.h"
#include "models/live/typedprompts.h"
#include "domain/utf8.h"
#include "domain/worddiff.h"

using namespace Qt::StringLiterals;

namespace {
// Valid UTF-16: no lone surrogate (which UTF-8 cannot carry).
bool wellFormed(const QString &text)
{
    return QString::fromUtf8(text.toUtf8()) == text;
}

bool isControl(QChar c)
{
    const char16_t u = c.unicode();
    return u < 0x20 || (u >= 0x7f && u < 0xa0) || u == 0x2028 || u == 0x2029;
}
} // namespace

DAYSTROM_FUZZ_TARGET(utf8_printable)
{
    const QString text = QString::fromUtf8(data.left(4096));
    const qsizetype bytes = Utf8::size(text);
    FUZZ_REQUIRE(bytes == text.toUtf8().size(), u"Utf8::size %1, the encoder %2"_s.arg(bytes).arg(text.toUtf8().size()));
    const qsizetype limit = data.isEmpty() ? 0 : uchar(data.back()) % 200;
    const QString cut = Utf8::truncated(text, limit);
    FUZZ_REQUIRE(text.startsWith(cut), u"not a prefix"_s);
    FUZZ_REQUIRE(Utf8::size(cut) <= limit, u"%1 bytes over a limit of %2"_s.arg(Utf8::size(cut)).arg(limit));
    FUZZ_REQUIRE(wellFormed(cut), u"a cut splits a character"_s);
    FUZZ_REQUIRE(Utf8::truncated(text, bytes) == text, u"a text within the limit was cut"_s);

    const QString shown = Printable::escaped(text, limit);
    for (const QChar c : shown)
        FUZZ_REQUIRE(!isControl(c), u"a control character shown raw: U+%1"_s.arg(uint(c.unicode()), 4, 16, QChar(u'0')));
    FUZZ_REQUIRE(wellFormed(shown), u"escaped() split a surrogate pair: "_s + shown);

    const QString line = LearningText::promptLine(text, int(limit));
    for (const QChar c : line)
        FUZZ_REQUIRE(!isControl(c), u"a control character in a prompt line"_s);
    FUZZ_REQUIRE(limit == 0 || line.size() <= limit, u"a prompt line of %1 characters"_s.arg(line.size()));
    FUZZ_REQUIRE(wellFormed(line), u"promptLine() split a surrogate pair"_s);
}

DAYSTROM_FUZZ_TARGET(word_diff)
{
    const QStringList parts = Fuzz::split(data.left(2048), 2);
    const QString before = parts.first(), after = parts.value(1);
    const QList<DiffSpan> spans = WordDiff::diff(before, after);
    FUZZ_REQUIRE(WordDiff::oldText(spans) == before, u"the diff's old side is not the old text"_s);
    FUZZ_REQUIRE(WordDiff::newText(spans) == after, u"the diff's new side is not the new text"_s);
    FUZZ_REQUIRE(WordDiff::tokenize(before).join(QString()) == before, u"tokens lose text"_s);
    if (before == after)
        FUZZ_REQUIRE(WordDiff::changedWords(spans, DiffSpan::Kind::Added) == 0, u"a change in equal texts"_s);
}

DAYSTROM_FUZZ_TARGET(learning_text)
{
    const QStringList parts = Fuzz::split(data.left(4096), 2);
    const QString a = parts.first(), b = parts.value(1);
    const QString na = LearningText::normalised(a);
    FUZZ_REQUIRE(LearningText::normalised(na) == na, u"normalised() is not idempotent: "_s + na);
    FUZZ_REQUIRE(LearningText::normalisedHash(a) == LearningText::normalisedHash(na),
                 u"the hash of a text differs from the hash of its normal form: "_s + na);
    const double s = LearningText::similarity(a, b);
    FUZZ_REQUIRE(s >= 0.0 && s <= 1.0, u"similarity %1"_s.arg(s));
    FUZZ_REQUIRE(qFuzzyCompare(1.0 + s, 1.0 + LearningText::similarity(b, a)), u"similarity is not symmetric"_s);
    FUZZ_REQUIRE(LearningText::similarity(a, a) == 1.0, u"a text is not similar to itself"_s);

    const QString key = CategoryKey::fromDescription(a);
    FUZZ_REQUIRE(!key.isEmpty(), u"an empty key"_s);
    FUZZ_REQUIRE(CategoryKey::fromDescription(CategoryKey::words(key).join(u' ')) == key,
                 u"the key of a key's words is another key: "_s + key);
    const CategoryKey::Match m = CategoryKey::match(key, key);
    FUZZ_REQUIRE(m.related && m.sameKey, u"a key is not related to itself: "_s + key);
}

DAYSTROM_FUZZ_TARGET(redaction)
{
    static const QString secret = u"sk-fuzz-Secret-Value-0123456789"_s;
    static const bool registered = (Redaction::addSecret(secret), true);
    (void)registered;
    const QStringList parts = Fuzz::split(data.left(4096), 2);
    // The secret somewhere in text of any kind, as a server would echo it back.
    const QString text = parts.first() + secret + parts.value(1);
    const QString once = Redaction::apply(text);
    FUZZ_REQUIRE(!once.contains(secret), u"the secret survived: "_s + once);
    FUZZ_REQUIRE(Redaction::apply(once) == once, u"apply() is not idempotent on: "_s + once.left(300));
    const QString plain = Redaction::apply(parts.first());
    FUZZ_REQUIRE(Redaction::apply(plain) == plain, u"apply() is not idempotent on: "_s + plain.left(300));
}

DAYSTROM_FUZZ_TARGET(typed_prompts)
{
    const QString text = QString::fromUtf8(data.left(8192));
    const TypedPrompts::Parsed parsed = TypedPrompts::parse(text);
    if (!parsed.ok()) {
        FUZZ_REQUIRE(parsed.errorLine > 0 && parsed.tests.isEmpty(), parsed.error);
        return;
    }
    // Written back one per line in CSV quotes, as a labelled CSV file's first two columns
    // paste, they read back the same.
    QStringList lines;
    for (const TestCase &t : parsed.tests) {
        FUZZ_REQUIRE(!t.prompt.isEmpty() && !t.prompt.contains(u'\n'), t.prompt);
        lines.append(u'"' + QString(t.prompt).replace(u"\""_s, u"\"\""_s) + u'"'
                     + (t.expectedTriggered ? u",yes"_s : u",no"_s));
    }
    const TypedPrompts::Parsed again = TypedPrompts::parse(lines.join(u'\n'));
    FUZZ_REQUIRE(again.ok(), again.error);
    FUZZ_REQUIRE(again.tests.size() == parsed.tests.size(), u"a different number of prompts"_s);
    for (qsizetype i = 0; i < again.tests.size(); ++i) {
        FUZZ_REQUIRE(again.tests.at(i).prompt == parsed.tests.at(i).prompt,
                     parsed.tests.at(i).prompt + u" -> "_s + again.tests.at(i).prompt);
        FUZZ_REQUIRE(again.tests.at(i).expectedTriggered == parsed.tests.at(i).expectedTriggered,
                     parsed.tests.at(i).prompt);
    }
}
