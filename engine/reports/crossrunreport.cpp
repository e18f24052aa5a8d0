#include "crossrunreport.h"

#include "verdictcolours.h"

#include "domain/format.h"
#include "domain/printable.h"
#include "domain/worddiff.h"

#include <QTextStream>

using namespace Qt::StringLiterals;
using namespace CrossRun;

namespace {

constexpr qsizetype TopicChars = 2000; // a topic is run text: escaped, long ones shortened

QString clean(const QString &text, qsizetype max = TopicChars)
{
    return Printable::escaped(text, max);
}

QString padded(const QString &text, qsizetype width)
{
    return text.leftJustified(width, u' ');
}

QString classes(const SharedBenchmark &b)
{
    int positives = 0;
    for (const TestCase &t : b.prompts)
        positives += t.expectedTriggered;
    return u"%1 positives, %2 negatives"_s.arg(positives).arg(b.prompts.size() - positives);
}

QString curveText(const Candidate &c)
{
    QStringList points;
    for (const auto &[iteration, coverage] : c.curve)
        points.append(u"%1: %2"_s.arg(iteration).arg(Format::percent(coverage)));
    return points.join(u", "_s);
}

QString verdictClass(const Row &row)
{
    if (!row.verdict)
        return {};
    switch (row.verdict->change) {
    case Decision::Change::Better:
        return u"better"_s;
    case Decision::Change::Worse:
        return u"worse"_s;
    case Decision::Change::Same:
        break;
    }
    return u"same"_s;
}

QString pValue(double p)
{
    return p < 0.001 ? u"p < 0.001"_s : u"p = "_s + QString::number(p, 'f', 3);
}

QString e(const QString &text)
{
    return text.toHtmlEscaped();
}

QString htmlInterval(double value, const std::optional<ProportionStats::Interval> &i)
{
    if (!i)
        return Format::percent(value);
    return u"%1 <span class=\"ci\">[%2–%3]</span>"_s.arg(Format::percent(value), Format::percent(i->low),
                                                        Format::percent(i->high));
}

} // namespace

DiffColours CrossRunReport::lightColours()
{
    return {u"#1f2328"_s, u"#ccf0d6"_s, u"#ffd7d5"_s, u"#82071e"_s, QString(VerdictColours::poor), u"#59636e"_s};
}

QString CrossRunReport::verdictText(const Leaderboard &board, qsizetype row)
{
    const Row &r = board.rows.at(row);
    if (!r.verdict)
        return u"—"_s;
    const QString other = row == 0 ? u"#2"_s : u"#1"_s;
    const QString onBoth = r.paired && r.paired->notScanned > 0 ? u" (on the prompts both scanned)"_s : QString();
    switch (r.verdict->change) {
    case Decision::Change::Better:
        return u"better than "_s + other + onBoth;
    case Decision::Change::Worse:
        return u"worse than "_s + other + onBoth;
    case Decision::Change::Same:
        break;
    }
    return r.verdict->word() == "equal"_L1 ? u"equal to "_s + other : u"within noise of "_s + other;
}

QString CrossRunReport::text(const Leaderboard &board)
{
    QString out;
    QTextStream s(&out);
    s << "Cross-run comparison of " << board.rows.size() << " candidates on " << clean(board.benchmark.describe(), 400)
      << " (" << classes(board.benchmark) << ").\n";
    s << "Ranked by coverage, min(TPR, TNR), with 95 % intervals; each verdict is the paired one the loop decides "
         "with (alpha "
      << board.alpha << "): better or worse only beyond noise. The leader's verdict is against the runner-up.\n\n";

    QStringList labels{u"Candidate"_s}, coverages{u"Coverage [95 %]"_s}, tprs{u"TPR"_s}, tnrs{u"TNR"_s},
        verdicts{u"Verdict"_s};
    for (qsizetype i = 0; i < board.rows.size(); ++i) {
        const Row &r = board.rows.at(i);
        labels.append(clean(r.candidate.label, 80));
        coverages.append(Format::withInterval(r.metrics.coverage, r.intervals.coverage));
        tprs.append(Format::percent(r.metrics.truePositiveRate));
        tnrs.append(Format::percent(r.metrics.trueNegativeRate));
        verdicts.append(verdictText(board, i));
    }
    const auto width = [](const QStringList &column) {
        qsizetype w = 0;
        for (const QString &c : column)
            w = std::max(w, c.size());
        return w;
    };
    const qsizetype wl = width(labels), wc = width(coverages), wp = width(tprs), wn = width(tnrs),
                    wv = width(verdicts);
    for (qsizetype i = 0; i < labels.size(); ++i) {
        const QString rank = i == 0 ? u"#"_s : QString::number(i);
        const QString separating = i == 0 ? u"Separating"_s : QString::number(board.rows.at(i - 1).separating.size());
        s << padded(rank, 3) << padded(labels.at(i), wl) << "  " << padded(coverages.at(i), wc) << "  "
          << padded(tprs.at(i), wp) << "  " << padded(tnrs.at(i), wn) << "  " << padded(verdicts.at(i), wv) << "  "
          << separating << '\n';
    }
    s << "\nSeparating: the shared prompts on which a candidate and the leader (the leader: the runner-up) are not "
         "both right or both wrong.\n";

    for (qsizetype i = 0; i < board.rows.size(); ++i) {
        const Row &r = board.rows.at(i);
        const Candidate &c = r.candidate;
        s << "\n#" << (i + 1) << ' ' << clean(c.label, 80) << (r.leader ? " (leader)" : "") << " — "
          << intentName(c.intent) << " topic \"" << clean(c.topic.name, 200) << '"';
        if (!c.profileName.isEmpty())
            s << ", profile \"" << clean(c.profileName, 200) << '"';
        if (!c.model.isEmpty())
            s << ", written by " << clean(c.model, 200);
        s << '\n';
        s << "  TP " << r.metrics.truePositives << "  FN " << r.metrics.falseNegatives << "  TN "
          << r.metrics.trueNegatives << "  FP " << r.metrics.falsePositives;
        if (r.metrics.notScanned > 0)
            s << "  not scanned " << r.metrics.notScanned;
        s << '\n';
        if (r.leader || board.rows.size() < 2)
            s << "  Description: " << clean(c.topic.description) << '\n';
        else
            s << "  Description against the leader's ([-only the leader's-] {+only this one's+}):\n    "
              << clean(r.diffAgainstLeader) << '\n';
        for (const QString &example : c.topic.examples)
            s << "  Example: " << clean(example, 400) << '\n';
        if (c.companion)
            s << "  Companion allow topic \"" << clean(c.companion->name, 200)
              << "\": " << clean(c.companion->description) << '\n';
        if (r.paired && r.verdict) {
            const PairedComparison &p = *r.paired;
            s << "  Against " << (r.leader ? "the runner-up" : "the leader") << " on " << p.shared
              << " prompts both scanned: positives " << p.positives.fixed << " fixed, " << p.positives.broken
              << " broken (" << pValue(p.positives.pValue) << "); negatives " << p.negatives.fixed
              << " fixed, " << p.negatives.broken << " broken (" << pValue(p.negatives.pValue) << ")\n";
        }
        if (!r.separating.isEmpty()) {
            s << "  Separating prompts (" << r.separating.size() << "):\n";
            for (qsizetype k = 0; k < std::min(r.separating.size(), MaxSeparatingShown); ++k)
                s << "    - " << clean(r.separating.at(k), 200) << '\n';
            if (r.separating.size() > MaxSeparatingShown)
                s << "    … and " << (r.separating.size() - MaxSeparatingShown) << " more\n";
        }
        if (!c.curve.isEmpty())
            s << "  Its run's iterations on that run's own benchmark (not the shared one): " << curveText(c) << '\n';
    }
    return out;
}

QString CrossRunReport::html(const Leaderboard &board)
{
    return html(board, lightColours());
}

QString CrossRunReport::html(const Leaderboard &board, const DiffColours &colours)
{
    QString out = u"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                  u"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
                  u"<title>Cross-run comparison</title><style>"
                  u"body{font-family:sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}"
                  u"th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}td.n{text-align:right}"
                  u".ci{color:#666;font-size:90%}.note{color:#666}.better{color:%1}.worse{color:%2}"
                  u".leader{font-weight:bold}ul.sep{margin:0.3em 0}"
                  u"</style></head><body>\n"_s.arg(QString(VerdictColours::good), QString(VerdictColours::poor));
    out += u"<h1>Which run designed the best topic?</h1>\n<p>%1 candidates on %2 (%3). Ranked by coverage, "
           u"min(TPR, TNR), with 95&nbsp;% intervals; each verdict is the paired one the loop decides with "
           u"(alpha %4): better or worse only beyond noise. The leader's verdict is against the runner-up.</p>\n"_s
               .arg(board.rows.size())
               .arg(e(board.benchmark.describe()), e(classes(board.benchmark)), QString::number(board.alpha));
    out += u"<table id=\"leaderboard\"><tr><th>#</th><th>Candidate</th><th>Coverage</th><th>TPR</th><th>TNR</th>"
           u"<th>TP / FN / TN / FP</th><th>Verdict</th><th>Separating</th></tr>\n"_s;
    for (qsizetype i = 0; i < board.rows.size(); ++i) {
        const Row &r = board.rows.at(i);
        out += u"<tr%1><td class=\"n\">%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td><td class=\"n\">%7</td>"
               u"<td class=\"%8\">%9</td><td class=\"n\">%10</td></tr>\n"_s.arg(
                   r.leader ? u" class=\"leader\""_s : QString(), QString::number(i + 1), e(r.candidate.label),
                   htmlInterval(r.metrics.coverage, r.intervals.coverage),
                   htmlInterval(r.metrics.truePositiveRate, r.intervals.truePositiveRate),
                   htmlInterval(r.metrics.trueNegativeRate, r.intervals.trueNegativeRate),
                   u"%1 / %2 / %3 / %4"_s.arg(r.metrics.truePositives)
                       .arg(r.metrics.falseNegatives)
                       .arg(r.metrics.trueNegatives)
                       .arg(r.metrics.falsePositives),
                   verdictClass(r), e(verdictText(board, i)))
                   .arg(r.separating.size());
    }
    out += u"</table>\n<p class=\"note\">Separating: the shared prompts on which a candidate and the leader (the "
           u"leader: the runner-up) are not both right or both wrong.</p>\n"_s;
    const QString leaderDescription = board.rows.isEmpty() ? QString() : board.rows.first().candidate.topic.description;
    for (qsizetype i = 0; i < board.rows.size(); ++i) {
        const Row &r = board.rows.at(i);
        const Candidate &c = r.candidate;
        out += u"<h2>#%1 %2%3</h2>\n<p>%4 topic “%5”%6</p>\n"_s.arg(
            QString::number(i + 1), e(c.label), r.leader ? u" (leader)"_s : QString(), e(intentName(c.intent)),
            e(c.topic.name),
            c.profileName.isEmpty() ? QString() : u", profile “%1”"_s.arg(e(c.profileName)));
        if (r.leader || board.rows.size() < 2)
            out += u"<p>%1</p>\n"_s.arg(e(c.topic.description));
        else
            out += u"<p class=\"note\">Description against the leader's:</p>\n<p>%1</p>\n"_s.arg(
                DiffHtml::html(WordDiff::diff(leaderDescription, c.topic.description), colours));
        if (!c.topic.examples.isEmpty()) {
            out += u"<ul>"_s;
            for (const QString &example : c.topic.examples)
                out += u"<li>%1</li>"_s.arg(e(example));
            out += u"</ul>\n"_s;
        }
        if (c.companion)
            out += u"<p class=\"note\">Companion allow topic “%1”: %2</p>\n"_s.arg(e(c.companion->name),
                                                                                  e(c.companion->description));
        if (!r.separating.isEmpty()) {
            out += u"<p class=\"note\">Separating prompts (%1):</p>\n<ul class=\"sep\">"_s.arg(r.separating.size());
            for (qsizetype k = 0; k < std::min(r.separating.size(), MaxSeparatingShown); ++k)
                out += u"<li>%1</li>"_s.arg(e(r.separating.at(k)));
            if (r.separating.size() > MaxSeparatingShown)
                out += u"<li>… and %1 more</li>"_s.arg(r.separating.size() - MaxSeparatingShown);
            out += u"</ul>\n"_s;
        }
        if (!c.curve.isEmpty())
            out += u"<p class=\"note\">Its run's iterations on that run's own benchmark (not the shared one): "
                   u"%1</p>\n"_s.arg(e(curveText(c)));
    }
    return out + u"</body></html>\n"_s;
}
