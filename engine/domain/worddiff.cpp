#include "worddiff.h"

#include <dtl/dtl.hpp>

#include <vector>

namespace {

enum class Class { Word, Space, Other };

Class classify(char32_t c)
{
    if (QChar::isLetterOrNumber(c) || QChar::isMark(c) || c == U'_')
        return Class::Word;
    if (QChar::isSpace(c))
        return Class::Space;
    return Class::Other;
}

bool isBlank(const QString &token)
{
    return !token.isEmpty() && token.trimmed().isEmpty();
}

// The code point at `i` and its length in UTF-16 units (2 for a valid surrogate pair).
char32_t codePointAt(const QString &text, qsizetype i, qsizetype *length)
{
    const QChar c = text.at(i);
    if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
        *length = 2;
        return QChar::surrogateToUcs4(c, text.at(i + 1));
    }
    *length = 1;
    return c.unicode();
}

bool isWord(const QString &token)
{
    qsizetype length = 0;
    return !token.isEmpty() && classify(codePointAt(token, 0, &length)) == Class::Word;
}

struct Edit
{
    DiffSpan::Kind kind;
    QString token;
};

// Appends `text` to the last span when it has the same kind, otherwise starts a new span.
void push(QList<DiffSpan> &spans, DiffSpan::Kind kind, const QString &text)
{
    if (text.isEmpty())
        return;
    if (!spans.isEmpty() && spans.last().kind == kind)
        spans.last().text += text;
    else
        spans.append(DiffSpan{kind, text});
}

} // namespace

QStringList WordDiff::tokenize(const QString &text)
{
    QStringList tokens;
    QString current;
    Class currentClass = Class::Other;
    for (qsizetype i = 0; i < text.size();) {
        qsizetype length = 0;
        const char32_t c = codePointAt(text, i, &length);
        const QString piece = text.mid(i, length); // keeps surrogate pairs whole
        i += length;
        const Class k = classify(c);
        if (!current.isEmpty() && (k != currentClass || k == Class::Other)) {
            tokens.append(current);
            current.clear();
        }
        current += piece;
        currentClass = k;
    }
    if (!current.isEmpty())
        tokens.append(current);
    return tokens;
}

QList<DiffSpan> WordDiff::diff(const QString &before, const QString &after)
{
    const QStringList a = tokenize(before);
    const QStringList b = tokenize(after);
    std::vector<QString> seqA(a.cbegin(), a.cend());
    std::vector<QString> seqB(b.cbegin(), b.cend());
    dtl::Diff<QString, std::vector<QString>> engine(seqA, seqB);
    engine.compose();

    QList<Edit> edits;
    for (const auto &[token, info] : engine.getSes().getSequence()) {
        const DiffSpan::Kind kind = info.type == dtl::SES_ADD      ? DiffSpan::Kind::Added
                                    : info.type == dtl::SES_DELETE ? DiffSpan::Kind::Removed
                                                                   : DiffSpan::Kind::Same;
        edits.append(Edit{kind, token});
    }

    // Group changes into blocks; a whitespace-only common token between two changes belongs
    // to the block (in both its old and its new text), anything else ends it.
    QList<DiffSpan> spans;
    QString removed, added;
    auto flush = [&] {
        push(spans, DiffSpan::Kind::Removed, removed);
        push(spans, DiffSpan::Kind::Added, added);
        removed.clear();
        added.clear();
    };
    for (qsizetype i = 0; i < edits.size(); ++i) {
        const Edit &e = edits.at(i);
        if (e.kind == DiffSpan::Kind::Removed) {
            removed += e.token;
            continue;
        }
        if (e.kind == DiffSpan::Kind::Added) {
            added += e.token;
            continue;
        }
        const bool inBlock = !removed.isEmpty() || !added.isEmpty();
        const bool bridges = inBlock && isBlank(e.token) && i + 1 < edits.size() &&
                             edits.at(i + 1).kind != DiffSpan::Kind::Same;
        if (bridges) {
            removed += e.token;
            added += e.token;
            continue;
        }
        flush();
        push(spans, DiffSpan::Kind::Same, e.token);
    }
    flush();
    return spans;
}

QString WordDiff::oldText(const QList<DiffSpan> &spans)
{
    QString out;
    for (const DiffSpan &s : spans) {
        if (s.kind != DiffSpan::Kind::Added)
            out += s.text;
    }
    return out;
}

QString WordDiff::newText(const QList<DiffSpan> &spans)
{
    QString out;
    for (const DiffSpan &s : spans) {
        if (s.kind != DiffSpan::Kind::Removed)
            out += s.text;
    }
    return out;
}

int WordDiff::changedWords(const QList<DiffSpan> &spans, DiffSpan::Kind kind)
{
    int n = 0;
    for (const DiffSpan &s : spans) {
        if (s.kind != kind)
            continue;
        for (const QString &t : tokenize(s.text))
            n += isWord(t) ? 1 : 0;
    }
    return n;
}
