#include "topicrefiner.h"

#include "hintphrase.h"

#include "sandboxcorpus.h"
#include "termstats.h"
#include "topicmatcher.h"

#include "domain/topiclimits.h"
#include "domain/utf8.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
const QString kIncluding = u", including "_s;
const QString kExamplePrefix = u"Tell me about "_s;

double scoreOn(const QString &prompt, const QString &text)
{
    return TopicMatcher::textScore(TopicMatcher::contentTokens(prompt), text);
}
} // namespace

TopicRefiner::TopicRefiner(const CorpusDomain &domain, const QString &name,
                           const QString &fallbackLead)
    : m_domain(domain)
    , m_name(name)
    , m_lead(fallbackLead)
{}

QString TopicRefiner::joinAnd(const QStringList &items)
{
    if (items.size() <= 1)
        return items.join(QString());
    return items.mid(0, items.size() - 1).join(u", "_s) + u" and "_s + items.last();
}

QString TopicRefiner::renderDescription(const QString &lead, const QStringList &phrases)
{
    if (phrases.isEmpty())
        return lead + u'.';
    return lead + kIncluding + joinAnd(phrases) + u'.';
}

QString TopicRefiner::renderExample(const QStringList &phrases)
{
    return kExamplePrefix + joinAnd(phrases) + u'.';
}

std::optional<QStringList> TopicRefiner::phrasesOf(const QString &body) const
{
    QList<QPair<qsizetype, QString>> found;
    for (const QString &p : m_domain.phrases) {
        const qsizetype at = body.indexOf(p);
        if (at >= 0)
            found.append({at, p});
    }
    std::sort(found.begin(), found.end());
    QStringList phrases;
    for (const auto &f : found)
        phrases.append(f.second);
    if (phrases.isEmpty() || joinAnd(phrases) != body)
        return std::nullopt;
    return phrases;
}

void TopicRefiner::load(const QString &description, const QStringList &examples)
{
    QString d = description.trimmed();
    if (d.endsWith(u'.'))
        d.chop(1);
    // What a person's hint added (HintPhrase) closes the sentence and stays there.
    qsizetype tailAt = -1;
    for (const QString &connector : {HintPhrase::AlsoConnector, HintPhrase::NotConnector}) {
        const qsizetype at = d.indexOf(connector);
        if (at > 0 && (tailAt < 0 || at < tailAt))
            tailAt = at;
    }
    m_tail = tailAt > 0 ? d.mid(tailAt) : QString();
    if (tailAt > 0)
        d.truncate(tailAt);
    Text desc{true, false, {}, {}};
    const qsizetype at = d.indexOf(kIncluding);
    const std::optional<QStringList> phrases =
        at >= 0 ? phrasesOf(d.mid(at + kIncluding.size())) : std::nullopt;
    if (phrases) {
        m_lead = d.left(at);
        desc.phrases = *phrases;
    } else if (!d.isEmpty()) {
        m_lead = Utf8::truncated(d, TopicLimits::DescriptionBytes - 1);
    }
    m_texts = {desc};
    for (const QString &e : examples) {
        Text t;
        std::optional<QStringList> ph;
        if (e.startsWith(kExamplePrefix) && e.endsWith(u'.'))
            ph = phrasesOf(e.mid(kExamplePrefix.size()).chopped(1));
        if (ph) {
            t.phrases = *ph;
        } else {
            t.verbatim = true;
            t.verbatimText = e;
        }
        m_texts.append(t);
    }
}

QString TopicRefiner::render(const Text &t) const
{
    if (t.description) {
        const QString rendered = renderDescription(m_lead, t.phrases);
        return m_tail.isEmpty() ? rendered : rendered.chopped(1) + m_tail + u'.';
    }
    return t.verbatim ? t.verbatimText : renderExample(t.phrases);
}

bool TopicRefiner::fits(const QList<Text> &texts) const
{
    Topic t{m_name, {}, {}};
    for (const Text &text : texts) {
        const QString r = render(text);
        const qsizetype limit =
            text.description ? TopicLimits::DescriptionBytes : TopicLimits::ExampleBytes;
        if (Utf8::size(r) > limit)
            return false;
        (text.description ? t.description : t.examples.emplaceBack()) = r;
    }
    return t.examples.size() <= TopicLimits::MaxExamples &&
           TopicLimits::combinedBytes(t) <= TopicLimits::CombinedBytes;
}

bool TopicRefiner::matches(const QString &prompt, const QList<Text> &texts) const
{
    // Exactly as the AIRS emulator will judge the topic these texts make.
    const TopicMatcher matcher;
    return matcher.matches(prompt, topicOf(texts));
}

Topic TopicRefiner::topicOf(const QList<Text> &texts) const
{
    Topic t{m_name, {}, {}};
    for (const Text &text : texts)
        (text.description ? t.description : t.examples.emplaceBack()) = render(text);
    return t;
}

QStringList TopicRefiner::descriptionPhrases() const
{
    return m_texts.isEmpty() ? QStringList() : m_texts.first().phrases;
}

void TopicRefiner::pushOut(const QStringList &falsePositives)
{
    const double threshold = TopicMatcher().threshold();
    for (const QString &fp : falsePositives) {
        const QSet<QString> fpStems = TermStats::stems(fp);
        for (qsizetype i = m_texts.size() - 1; i >= 0; --i) {
            Text &t = m_texts[i];
            if (scoreOn(fp, render(t)) < threshold)
                continue;
            if (t.verbatim) {
                if (!t.description)
                    m_texts.removeAt(i);
                continue;
            }
            // Drop whole phrases, the one sharing most words with the prompt first, until the
            // prompt no longer matches (only the lead may be left).
            while (!t.phrases.isEmpty() && scoreOn(fp, render(t)) >= threshold) {
                qsizetype worst = -1, worstShared = 0;
                for (qsizetype k = 0; k < t.phrases.size(); ++k) {
                    const qsizetype shared =
                        QSet<QString>(fpStems).intersect(TermStats::stems(t.phrases.at(k))).size();
                    if (shared > worstShared) {
                        worstShared = shared;
                        worst = k;
                    }
                }
                if (worst < 0)
                    break; // the lead alone matches: nothing the refiner may remove
                t.phrases.removeAt(worst);
            }
            if (!t.description && t.phrases.isEmpty())
                m_texts.removeAt(i);
        }
        // The topic as a whole may still match, its words spread over several texts: drop the
        // phrase sharing most words with the prompt, wherever it is, until it no longer does.
        while (matches(fp, m_texts)) {
            qsizetype atText = -1, atPhrase = -1, mostShared = 0;
            for (qsizetype i = 0; i < m_texts.size(); ++i) {
                for (qsizetype k = 0; k < m_texts.at(i).phrases.size(); ++k) {
                    const qsizetype shared =
                        QSet<QString>(fpStems).intersect(TermStats::stems(m_texts.at(i).phrases.at(k))).size();
                    if (shared > mostShared) {
                        mostShared = shared;
                        atText = i;
                        atPhrase = k;
                    }
                }
            }
            if (atText < 0)
                break; // only the lead and whole prompts are left to match it
            m_texts[atText].phrases.removeAt(atPhrase);
            if (!m_texts.at(atText).description && m_texts.at(atText).phrases.isEmpty())
                m_texts.removeAt(atText);
        }
    }
}

void TopicRefiner::foldIn(const QStringList &falseNegatives, const QStringList &falsePositives)
{
    const QSet<QString> avoid = TermStats::stems(falsePositives) - TermStats::stems(m_lead);
    const double threshold = TopicMatcher().threshold();
    int folded = 0;
    for (const QString &fn : falseNegatives) {
        if (folded >= MaxFoldedPerRound)
            break;
        if (matches(fn, m_texts))
            continue; // covered already, perhaps by an earlier fold this round
        // The phrase, and the text to put it in, that scores the missed prompt highest.
        const auto placePhrase = [&](const QList<Text> &texts) {
            double bestScore = threshold;
            QList<Text> best;
            // Into a text the topic has first; a new example only when none will do.
            for (const bool newText : {false, true}) {
            for (const QString &p : m_domain.phrases) {
                if (!best.isEmpty())
                    break;
                if (TermStats::stems(p).intersects(avoid))
                    continue;
                for (qsizetype i = newText ? texts.size() : 0;
                     i < (newText ? texts.size() + 1 : texts.size()); ++i) {
                    QList<Text> next = texts;
                    if (i == next.size())
                        next.append(Text{});
                    // A phrase may appear in a second, shorter text where it scores better.
                    if (next.at(i).verbatim || next.at(i).phrases.contains(p))
                        continue;
                    next[i].phrases.append(p);
                    const double score = TopicMatcher().score(fn, topicOf(next));
                    if (score >= bestScore && fits(next)) {
                        bestScore = score + 1e-9;
                        best = next;
                    }
                }
            }
            }
            return best;
        };
        QList<Text> best = placePhrase(m_texts);
        // Make room by retiring whole-prompt examples, oldest first (never below two).
        QList<Text> trimmed = m_texts;
        for (qsizetype i = 1; best.isEmpty() && i < trimmed.size();) {
            if (!trimmed.at(i).verbatim || trimmed.size() <= 3) {
                ++i;
                continue;
            }
            trimmed.removeAt(i);
            best = placePhrase(trimmed);
        }
        if (best.isEmpty()) {
            // No phrase reaches it: the prompt itself becomes an example.
            QList<Text> next = m_texts;
            next.append(Text{false, true, fn, {}});
            if (fits(next))
                best = next;
        }
        if (best.isEmpty()) {
            // Five examples already: the prompt joins the shortest whole-prompt example as one
            // more sentence (a sample prompt may ask two things), within the byte limits.
            qsizetype shortest = -1;
            for (qsizetype i = 0; i < m_texts.size(); ++i) {
                const Text &t = m_texts.at(i);
                if (t.verbatim && (shortest < 0 || t.verbatimText.size() < m_texts.at(shortest).verbatimText.size()))
                    shortest = i;
            }
            if (shortest >= 0) {
                QList<Text> next = m_texts;
                next[shortest].verbatimText += u' ' + fn.trimmed();
                if (fits(next))
                    best = next;
            }
        }
        if (!best.isEmpty()) {
            m_texts = best;
            ++folded;
        }
    }
}

void TopicRefiner::halve(int maxExamples)
{
    if (m_texts.isEmpty())
        return;
    QStringList &phrases = m_texts.first().phrases;
    phrases = phrases.mid(0, (phrases.size() + 1) / 2);
    while (m_texts.size() > maxExamples + 1)
        m_texts.removeLast();
}

void TopicRefiner::topUp(const QStringList &candidates, int minExamples)
{
    for (const QString &c : candidates) {
        if (m_texts.size() - 1 >= minExamples)
            return;
        bool present = false;
        for (const Text &t : m_texts)
            present = present || render(t) == c;
        QList<Text> next = m_texts;
        next.append(Text{false, true, c, {}});
        if (!present && fits(next))
            m_texts = next;
    }
}

void TopicRefiner::addHint(const QString &hint)
{
    const HintPhrase::Phrase phrase = HintPhrase::of(hint);
    if (phrase.text.isEmpty() || m_texts.isEmpty() ||
        render(m_texts.first()).contains(phrase.text, Qt::CaseInsensitive))
        return;
    const QString before = m_tail;
    const QList<Text> texts = m_texts;
    m_tail = HintPhrase::extendedTail(m_tail, phrase);
    while (!fits(m_texts) && !m_texts.first().phrases.isEmpty())
        m_texts.first().phrases.removeLast();
    if (!fits(m_texts)) {
        m_tail = before;
        m_texts = texts;
    }
}

Topic TopicRefiner::topic() const
{
    return topicOf(m_texts);
}
