#include "topicrefiner.h"

#include "sandboxcorpus.h"
#include "termstats.h"
#include "topicwriter.h"

#include "domain/topiclimits.h"
#include "domain/utf8.h"

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {
constexpr double kCovered = 0.5;   // the share of a prompt's words one text must hold
constexpr double kOverMatch = 0.4; // a false positive this close to a text is pushed out
const QString kExamplePrefix = u"How to "_s;

// What is left of "doesn't", "won't", … once the apostrophe splits the word: the matcher
// counts them, but they say nothing about a topic, so the refiner never writes them.
bool isContractionStub(const QString &word)
{
    static const QSet<QString> stubs{u"don"_s,    u"doesn"_s,   u"didn"_s,   u"isn"_s,   u"aren"_s,
                                     u"wasn"_s,   u"weren"_s,   u"won"_s,    u"haven"_s, u"hasn"_s,
                                     u"couldn"_s, u"shouldn"_s, u"wouldn"_s, u"ain"_s};
    return stubs.contains(word);
}

QString joinWith(const QStringList &items, const QString &last)
{
    if (items.size() <= 1)
        return items.join(QString());
    return items.mid(0, items.size() - 1).join(u", "_s) + last + items.last();
}
} // namespace

TopicRefiner::TopicRefiner(const CorpusDomain &domain, const QString &name,
                           const QString &fallbackLead)
    : m_domain(domain)
    , m_name(name)
    , m_lead(fallbackLead)
{}

QString TopicRefiner::renderExample(const QStringList &phrases)
{
    return kExamplePrefix + joinWith(phrases, u" or "_s) + u'?';
}

bool TopicRefiner::parseExample(const QString &example, QStringList *phrases)
{
    if (!example.startsWith(kExamplePrefix) || !example.endsWith(u'?'))
        return false;
    QString body = example.mid(kExamplePrefix.size());
    body.chop(1);
    const qsizetype lastOr = body.lastIndexOf(u" or "_s);
    if (lastOr >= 0)
        body.replace(lastOr, 4, u", "_s);
    phrases->clear();
    for (const QString &p : body.split(u", "_s)) {
        if (!p.trimmed().isEmpty())
            phrases->append(p.trimmed());
    }
    return !phrases->isEmpty();
}

void TopicRefiner::load(const QString &description, const QStringList &examples)
{
    const TopicWriter::Definition def = TopicWriter::parseDescription(description);
    if (!def.lead.isEmpty())
        m_lead = TopicWriter::fitWords(def.lead, TopicLimits::DescriptionBytes * 3 / 5);
    m_texts.clear();
    m_texts.append(Text{true, false, {}, def.terms});
    for (const QString &e : examples) {
        Text t;
        if (!parseExample(e, &t.phrases)) {
            t.verbatim = true;
            t.verbatimText = e;
        }
        m_texts.append(t);
    }
}

QString TopicRefiner::render(const Text &t) const
{
    if (t.description)
        return TopicWriter::composeDescription({m_lead, t.phrases});
    return t.verbatim ? t.verbatimText : renderExample(t.phrases);
}

QSet<QString> TopicRefiner::stemsOf(const Text &t) const
{
    return TermStats::stems(render(t));
}

int TopicRefiner::exampleCount() const
{
    return int(m_texts.size()) - 1;
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

bool TopicRefiner::tryAdd(qsizetype index, const QStringList &words)
{
    QList<Text> next = m_texts;
    if (index >= next.size())
        next.append(Text{});
    Text &t = next[index];
    if (t.verbatim)
        return false;
    t.phrases.append(words.join(u' '));
    if (!fits(next))
        return false;
    m_texts = next;
    return true;
}

QStringList TopicRefiner::keyWords(const QString &prompt, const QSet<QString> &have, int need,
                                   const QSet<QString> &avoid) const
{
    // The prompt's words the text lacks, the domain's most specific first.
    QList<TermStats::Term> candidates;
    QSet<QString> seen;
    for (const TermStats::Term &t : TermStats::terms(prompt)) {
        if (have.contains(t.stem) || seen.contains(t.stem))
            continue;
        seen.insert(t.stem);
        candidates.append(t);
    }
    // Words the false positives use last, then the domain's most specific words, then the
    // longer (rarer) word.
    const auto rank = [&](const TermStats::Term &t) {
        return (avoid.contains(t.stem) ? -1000 : 0) + (isContractionStub(t.surface) ? -500 : 0) +
               m_domain.termValue(t.stem);
    };
    QList<TermStats::Term> ranked = candidates;
    std::stable_sort(ranked.begin(), ranked.end(), [&](const auto &a, const auto &b) {
        const int ra = rank(a), rb = rank(b);
        return ra != rb ? ra > rb : a.surface.size() > b.surface.size();
    });
    QSet<QString> chosen;
    for (qsizetype i = 0; i < ranked.size() && chosen.size() < need; ++i)
        chosen.insert(ranked.at(i).stem);
    QStringList words; // in the prompt's own order
    for (const TermStats::Term &t : candidates) {
        if (chosen.contains(t.stem))
            words.append(t.surface);
    }
    return words;
}

void TopicRefiner::pushOut(const QStringList &falsePositives)
{
    for (const QString &fp : falsePositives) {
        const QSet<QString> fpStems = TermStats::stems(fp);
        for (qsizetype i = m_texts.size() - 1; i >= 0; --i) {
            Text &t = m_texts[i];
            if (TermStats::coverage(fpStems, stemsOf(t)) < (t.verbatim ? kCovered : kOverMatch))
                continue;
            if (t.verbatim) {
                m_texts.removeAt(i);
                continue;
            }
            // Drop the shared words, weakest first, until the prompt no longer comes close.
            while (TermStats::coverage(fpStems, stemsOf(t)) >= kOverMatch) {
                QString weakest;
                int weakestValue = INT_MAX;
                for (const QString &phrase : t.phrases) {
                    for (const TermStats::Term &w : TermStats::terms(phrase)) {
                        if (fpStems.contains(w.stem) && m_domain.termValue(w.stem) < weakestValue) {
                            weakestValue = m_domain.termValue(w.stem);
                            weakest = w.stem;
                        }
                    }
                }
                if (weakest.isEmpty())
                    break; // only the lead matches: nothing the refiner may remove
                for (QString &phrase : t.phrases) {
                    QStringList kept;
                    for (const QString &word : phrase.split(u' ')) {
                        if (!TermStats::stems(word).contains(weakest))
                            kept.append(word);
                    }
                    phrase = kept.join(u' ');
                }
                t.phrases.removeAll(QString());
            }
            if (!t.description && t.phrases.isEmpty())
                m_texts.removeAt(i);
        }
    }
}

void TopicRefiner::foldIn(const QStringList &falseNegatives, const QStringList &falsePositives)
{
    const QSet<QString> avoid = TermStats::stems(falsePositives);
    const auto overlap = [](const QSet<QString> &a, const QSet<QString> &b) {
        return int(QSet<QString>(a).intersect(b).size());
    };
    // A listed miss is a fact about the deployed topic: whatever its words' share looks like,
    // it lost (to the threshold or to a competing topic), so it needs more than it had.
    QList<int> needed;
    for (const QString &fn : falseNegatives) {
        const QSet<QString> stems = TermStats::stems(fn);
        int had = 0;
        for (const Text &t : m_texts)
            had = std::max(had, overlap(stems, stemsOf(t)));
        needed.append(std::min(int(stems.size()),
                               std::max(int(std::ceil(stems.size() * kCovered)), had + 1)));
    }

    int folded = 0;
    for (qsizetype k = 0; k < falseNegatives.size() && folded < MaxFoldedPerRound; ++k) {
        const QString &fn = falseNegatives.at(k);
        const QSet<QString> stems = TermStats::stems(fn);
        const int need = needed.at(k);
        bool covered = stems.isEmpty();
        for (const Text &t : m_texts)
            covered = covered || overlap(stems, stemsOf(t)) >= need;
        if (covered)
            continue; // a repeat of a prompt already handled this round

        // Cheapest placement: the text that already holds most of the prompt's words.
        QList<QPair<int, qsizetype>> order; // (-overlap, index)
        for (qsizetype i = 0; i < m_texts.size(); ++i) {
            if (!m_texts.at(i).verbatim)
                order.append({-overlap(stems, stemsOf(m_texts.at(i))), i});
        }
        std::stable_sort(order.begin(), order.end());
        bool placed = false;
        for (const auto &[negOverlap, i] : order) {
            const QSet<QString> have = QSet<QString>(stems).intersect(stemsOf(m_texts.at(i)));
            placed = tryAdd(i, keyWords(fn, have, need - int(have.size()), avoid));
            if (placed)
                break;
        }
        // A new example, making room by retiring verbatim examples (oldest first).
        while (!placed) {
            placed = tryAdd(m_texts.size(), keyWords(fn, {}, need, avoid));
            if (placed)
                break;
            qsizetype verbatim = -1;
            for (qsizetype i = 1; i < m_texts.size() && verbatim < 0; ++i) {
                if (m_texts.at(i).verbatim)
                    verbatim = i;
            }
            if (verbatim < 0)
                break;
            m_texts.removeAt(verbatim);
        }
        if (placed)
            ++folded;
    }
}

Topic TopicRefiner::topic() const
{
    Topic t{m_name, {}, {}};
    for (const Text &text : m_texts)
        (text.description ? t.description : t.examples.emplaceBack()) = render(text);
    return t;
}
