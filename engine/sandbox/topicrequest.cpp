#include "topicrequest.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QStringList>

#include <optional>

using namespace Qt::StringLiterals;

namespace {

// One language's request vocabulary: the intent verbs (every form a request is typed with), the
// words that only carry grammar, and a dictionary of request and subject words. A word mapped to
// an empty string is dropped ("Thema" in "Fragen zum Thema Sport").
struct Lexicon
{
    QString code;
    QHash<QString, QString> verbs;
    QSet<QString> articles;
    QHash<QString, QString> words;
    QHash<QString, QString> adjectives; // by stem; any ending of the language may follow
    QStringList adjectiveEndings;
    QSet<QString> ofAfterGerund; // "von" in "Kauf von Waffen" -> "buying weapons"
    QSet<QString> markers;       // function words that tell the language apart from English
};

const Lexicon &german()
{
    static const Lexicon l = [] {
        Lexicon d;
        d.code = u"de"_s;
        const QList<std::pair<QString, QStringList>> verbs{
            {u"Block"_s,
             {u"blockieren"_s, u"blockiere"_s, u"blockiert"_s, u"sperren"_s, u"sperre"_s,
              u"sperrt"_s, u"verbieten"_s, u"verbiete"_s, u"verbietet"_s, u"unterbinden"_s,
              u"unterbinde"_s, u"abweisen"_s, u"ablehnen"_s, u"stoppen"_s, u"stoppe"_s,
              u"verhindern"_s, u"verhindere"_s, u"blocken"_s, u"blocke"_s}},
            {u"Detect"_s,
             {u"erkennen"_s, u"erkenne"_s, u"erkennt"_s, u"melden"_s, u"melde"_s, u"markieren"_s,
              u"markiere"_s, u"filtern"_s, u"filtere"_s, u"abfangen"_s, u"fange"_s}},
            {u"Allow"_s,
             {u"erlauben"_s, u"erlaube"_s, u"erlaubt"_s, u"zulassen"_s, u"zugelassen"_s,
              u"gestatten"_s, u"gestatte"_s, u"genehmigen"_s, u"durchlassen"_s}}};
        for (const auto &[english, forms] : verbs) {
            for (const QString &f : forms)
                d.verbs.insert(f, english);
        }
        d.articles = {u"der"_s,   u"die"_s,   u"das"_s,  u"den"_s,      u"dem"_s,
                      u"des"_s,   u"ein"_s,   u"eine"_s, u"einen"_s,    u"einem"_s,
                      u"einer"_s, u"eines"_s, u"alle"_s, u"jegliche"_s, u"sämtliche"_s};
        d.ofAfterGerund = {u"von"_s, u"vom"_s, u"der"_s, u"des"_s, u"eines"_s, u"einer"_s, u"an"_s};
        d.words = {// Request words.
                   {u"anfragen"_s, u"requests"_s},
                   {u"anfrage"_s, u"request"_s},
                   {u"fragen"_s, u"questions"_s},
                   {u"frage"_s, u"question"_s},
                   {u"nachrichten"_s, u"messages"_s},
                   {u"gespräche"_s, u"conversations"_s},
                   {u"unterhaltungen"_s, u"conversations"_s},
                   {u"diskussionen"_s, u"discussions"_s},
                   {u"inhalte"_s, u"content"_s},
                   {u"hilfe"_s, u"help"_s},
                   {u"versuche"_s, u"attempts"_s},
                   {u"bitten"_s, u"requests"_s},
                   {u"aufforderungen"_s, u"requests"_s},
                   {u"thema"_s, QString()},
                   {u"themen"_s, QString()},
                   {u"bitte"_s, u"please"_s},
                   {u"nur"_s, u"only"_s},
                   // Grammar.
                   {u"zum"_s, u"for"_s},
                   {u"zur"_s, u"for"_s},
                   {u"zu"_s, u"about"_s},
                   {u"über"_s, u"about"_s},
                   {u"nach"_s, u"for"_s},
                   {u"bei"_s, u"with"_s},
                   {u"beim"_s, u"with"_s},
                   {u"für"_s, u"for"_s},
                   {u"um"_s, u"about"_s},
                   {u"von"_s, u"of"_s},
                   {u"vom"_s, u"of"_s},
                   {u"mit"_s, u"with"_s},
                   {u"gegen"_s, u"against"_s},
                   {u"ohne"_s, u"without"_s},
                   {u"im"_s, u"in"_s},
                   {u"und"_s, u"and"_s},
                   {u"oder"_s, u"or"_s},
                   {u"sowie"_s, u"and"_s},
                   {u"wie"_s, u"how"_s},
                   {u"man"_s, QString()},
                   // Actions (a gerund, as English subjects say them).
                   {u"kauf"_s, u"buying"_s},
                   {u"kaufen"_s, u"buying"_s},
                   {u"erwerb"_s, u"buying"_s},
                   {u"verkauf"_s, u"selling"_s},
                   {u"verkaufen"_s, u"selling"_s},
                   {u"bau"_s, u"building"_s},
                   {u"bauen"_s, u"building"_s},
                   {u"herstellung"_s, u"making"_s},
                   {u"herstellen"_s, u"making"_s},
                   {u"beschaffung"_s, u"obtaining"_s},
                   {u"besorgen"_s, u"obtaining"_s},
                   {u"nutzung"_s, u"using"_s},
                   {u"benutzen"_s, u"using"_s},
                   {u"einsatz"_s, u"using"_s},
                   {u"schreiben"_s, u"writing"_s},
                   {u"entwicklung"_s, u"developing"_s},
                   {u"planung"_s, u"planning"_s},
                   {u"umgehen"_s, u"evading"_s},
                   {u"diagnose"_s, u"diagnosis"_s},
                   {u"diagnosen"_s, u"diagnoses"_s},
                   // Subjects.
                   {u"waffen"_s, u"weapons"_s},
                   {u"waffe"_s, u"weapon"_s},
                   {u"schusswaffen"_s, u"firearms"_s},
                   {u"schusswaffe"_s, u"firearm"_s},
                   {u"gewehre"_s, u"rifles"_s},
                   {u"pistolen"_s, u"pistols"_s},
                   {u"munition"_s, u"ammunition"_s},
                   {u"sprengstoff"_s, u"explosives"_s},
                   {u"sprengstoffe"_s, u"explosives"_s},
                   {u"bomben"_s, u"bombs"_s},
                   {u"bombe"_s, u"bomb"_s},
                   {u"drogen"_s, u"drugs"_s},
                   {u"rauschgift"_s, u"drugs"_s},
                   {u"betäubungsmittel"_s, u"narcotics"_s},
                   {u"betrug"_s, u"fraud"_s},
                   {u"finanzbetrug"_s, u"financial fraud"_s},
                   {u"geldwäsche"_s, u"money laundering"_s},
                   {u"selbstverletzung"_s, u"self-harm"_s},
                   {u"selbstverletzungen"_s, u"self-harm"_s},
                   {u"suizid"_s, u"suicide"_s},
                   {u"selbstmord"_s, u"suicide"_s},
                   {u"schadsoftware"_s, u"malware"_s},
                   {u"malware"_s, u"malware"_s},
                   {u"phishing"_s, u"phishing"_s},
                   {u"passwörter"_s, u"passwords"_s},
                   {u"passwort"_s, u"password"_s},
                   {u"zugangsdaten"_s, u"credentials"_s},
                   {u"diebstahl"_s, u"theft"_s},
                   {u"hassrede"_s, u"hate speech"_s},
                   {u"hass"_s, u"hate"_s},
                   {u"hetze"_s, u"hateful content"_s},
                   {u"extremismus"_s, u"extremism"_s},
                   {u"terrorismus"_s, u"terrorism"_s},
                   {u"anschläge"_s, u"attacks"_s},
                   {u"konkurrenten"_s, u"competitors"_s},
                   {u"konkurrenz"_s, u"competitors"_s},
                   {u"wettbewerber"_s, u"competitors"_s},
                   {u"vergleiche"_s, u"comparisons"_s},
                   {u"vergleich"_s, u"comparison"_s},
                   {u"rechtsberatung"_s, u"legal advice"_s},
                   {u"beratung"_s, u"advice"_s},
                   {u"rat"_s, u"advice"_s},
                   {u"gesundheit"_s, u"health"_s},
                   {u"gesundheitsinformationen"_s, u"health information"_s},
                   {u"gesundheitsfragen"_s, u"health questions"_s},
                   {u"symptome"_s, u"symptoms"_s},
                   {u"krankheiten"_s, u"diseases"_s},
                   {u"behandlung"_s, u"treatment"_s},
                   {u"medikamente"_s, u"medication"_s},
                   {u"anlageberatung"_s, u"investment advice"_s},
                   {u"geldanlage"_s, u"investment"_s},
                   {u"aktien"_s, u"stocks"_s},
                   {u"kryptowährungen"_s, u"cryptocurrency"_s},
                   {u"kryptowährung"_s, u"cryptocurrency"_s},
                   {u"glücksspiel"_s, u"gambling"_s},
                   {u"glücksspiele"_s, u"gambling"_s},
                   {u"sportwetten"_s, u"sports betting"_s},
                   {u"wetten"_s, u"betting"_s},
                   {u"politik"_s, u"politics"_s},
                   {u"meinungen"_s, u"opinions"_s},
                   {u"meinung"_s, u"opinion"_s},
                   {u"wahlen"_s, u"elections"_s},
                   {u"parteien"_s, u"parties"_s},
                   {u"daten"_s, u"data"_s},
                   {u"adressen"_s, u"addresses"_s},
                   {u"adresse"_s, u"address"_s},
                   {u"systemprompt"_s, u"system prompt"_s},
                   {u"anweisungen"_s, u"instructions"_s},
                   {u"personalrichtlinien"_s, u"HR policies"_s},
                   {u"personalfragen"_s, u"HR policy questions"_s},
                   {u"urlaub"_s, u"vacation"_s},
                   {u"gehalt"_s, u"salary"_s},
                   {u"bestellungen"_s, u"orders"_s},
                   {u"bestellung"_s, u"order"_s},
                   {u"lieferungen"_s, u"deliveries"_s},
                   {u"rücksendungen"_s, u"returns"_s},
                   {u"erstattungen"_s, u"refunds"_s},
                   {u"sport"_s, u"sports"_s},
                   {u"mannschaften"_s, u"teams"_s},
                   {u"spieler"_s, u"players"_s},
                   {u"spiele"_s, u"games"_s},
                   {u"inhalt"_s, u"content"_s},
                   {u"geschichten"_s, u"stories"_s},
                   {u"bilder"_s, u"images"_s},
                   {u"kinder"_s, u"children"_s},
                   {u"geld"_s, u"money"_s},
                   {u"kreditkarten"_s, u"credit cards"_s}};
        d.adjectives = {{u"illegal"_s, u"illegal"_s},         {u"medizinisch"_s, u"medical"_s},
                        {u"persönlich"_s, u"personal"_s},     {u"allgemein"_s, u"general"_s},
                        {u"politisch"_s, u"political"_s},     {u"sexuell"_s, u"sexual"_s},
                        {u"explizit"_s, u"explicit"_s},       {u"personenbezogen"_s, u"personal"_s},
                        {u"gewalttätig"_s, u"violent"_s},     {u"gewaltbereit"_s, u"violent"_s},
                        {u"rechtlich"_s, u"legal"_s},         {u"privat"_s, u"private"_s},
                        {u"verboten"_s, u"illegal"_s},        {u"gefährlich"_s, u"dangerous"_s},
                        {u"extremistisch"_s, u"extremist"_s}, {u"terroristisch"_s, u"terrorist"_s},
                        {u"finanziell"_s, u"financial"_s},    {u"gefälscht"_s, u"fake"_s},
                        {u"schädlich"_s, u"malicious"_s},     {u"selbstgebaut"_s, u"homemade"_s},
                        {u"unerlaubt"_s, u"illegal"_s},       {u"sportlich"_s, u"sports"_s}};
        d.adjectiveEndings = {u"en"_s, u"er"_s, u"es"_s, u"em"_s, u"e"_s};
        d.markers = {u"anfragen"_s, u"anfrage"_s, u"fragen"_s, u"zum"_s,         u"zur"_s,
                     u"über"_s,     u"für"_s,     u"von"_s,    u"vom"_s,         u"beim"_s,
                     u"und"_s,      u"oder"_s,    u"nach"_s,   u"mit"_s,         u"der"_s,
                     u"das"_s,      u"des"_s,     u"dem"_s,    u"den"_s,         u"eine"_s,
                     u"einen"_s,    u"einer"_s,   u"zu"_s,     u"nur"_s,         u"bitte"_s,
                     u"ohne"_s,     u"gegen"_s,   u"thema"_s,  u"nachrichten"_s, u"hilfe"_s};
        return d;
    }();
    return l;
}

const QSet<QString> &englishMarkers()
{
    static const QSet<QString> words{
        u"the"_s,  u"for"_s,      u"about"_s,     u"to"_s,    u"and"_s,   u"or"_s,
        u"of"_s,   u"requests"_s, u"questions"_s, u"block"_s, u"allow"_s, u"detect"_s,
        u"with"_s, u"on"_s,       u"help"_s,      u"any"_s,   u"all"_s};
    return words;
}

// A whitespace-separated word cut into its leading punctuation, its core (letters, digits and
// inner hyphens or apostrophes) and its trailing punctuation.
struct Word
{
    QString lead, core, tail;
};

Word split(const QString &word)
{
    qsizetype begin = 0, end = word.size();
    while (begin < end && !word.at(begin).isLetterOrNumber())
        ++begin;
    while (end > begin && !word.at(end - 1).isLetterOrNumber())
        --end;
    return {word.left(begin), word.mid(begin, end - begin), word.mid(end)};
}

QStringList wordsOf(const QString &text)
{
    return text.simplified().split(u' ', Qt::SkipEmptyParts);
}

int score(const QStringList &words, const Lexicon &lex, int *english)
{
    int foreign = 0;
    *english = 0;
    for (const QString &w : words) {
        const QString core = split(w).core.toLower();
        if (lex.verbs.contains(core))
            foreign += 2;
        else if (lex.markers.contains(core))
            foreign += 1;
        if (englishMarkers().contains(core))
            *english += 1;
    }
    return foreign;
}

const Lexicon *lexiconFor(const QStringList &words)
{
    for (const Lexicon *lex : {&german()}) {
        int english = 0;
        const int foreign = score(words, *lex, &english);
        if (foreign >= 2 && foreign > english)
            return lex;
    }
    return nullptr;
}

// The English for one word of `lex`'s language, nullopt when the dictionary does not know it.
std::optional<QString> translated(const Lexicon &lex, const QString &lower)
{
    if (lex.words.contains(lower))
        return lex.words.value(lower);
    if (lex.adjectives.contains(lower))
        return lex.adjectives.value(lower);
    for (const QString &ending : lex.adjectiveEndings) {
        if (lower.size() > ending.size() + 2 && lower.endsWith(ending)) {
            const QString stem = lower.chopped(ending.size());
            if (lex.adjectives.contains(stem))
                return lex.adjectives.value(stem);
        }
    }
    return std::nullopt;
}

} // namespace

namespace TopicRequest {

QString languageOf(const QString &text)
{
    const Lexicon *lex = lexiconFor(wordsOf(text));
    // A text of nothing but articles, markers and marks has no reading (inEnglish leaves it
    // as it is): it is not taken for a request in that language (found by fuzz_topic_request).
    return lex && inEnglish(text) != text ? lex->code : QString();
}

QString inEnglish(const QString &text)
{
    const QStringList words = wordsOf(text);
    const Lexicon *lex = lexiconFor(words);
    if (!lex)
        return text;
    QString verb;
    QStringList out;
    bool afterGerund = false;
    // Punctuation of a dropped word stays in the sentence: it joins the word written before it.
    const auto keepPunctuation = [&out](const Word &w) {
        const QString marks = w.lead + w.tail;
        if (!marks.isEmpty() && !out.isEmpty())
            out.last() += marks;
    };
    for (const QString &typed : words) {
        const Word w = split(typed);
        const QString lower = w.core.toLower();
        if (w.core.isEmpty()) {
            keepPunctuation(w);
            continue;
        }
        if (lex->verbs.contains(lower)) {
            if (verb.isEmpty())
                verb = lex->verbs.value(lower);
            keepPunctuation(w);
            continue;
        }
        if (lex->articles.contains(lower) || (afterGerund && lex->ofAfterGerund.contains(lower))) {
            keepPunctuation(w);
            continue;
        }
        const std::optional<QString> english = translated(*lex, lower);
        if (english && english->isEmpty()) {
            keepPunctuation(w);
            continue;
        }
        const QString word = english.value_or(w.core);
        afterGerund = word.endsWith(u"ing"_s);
        out.append(w.lead + word + w.tail);
    }
    if (!verb.isEmpty())
        out.prepend(verb);
    QString english = out.join(u' ');
    if (english.isEmpty())
        return text;
    english[0] = english.at(0).toUpper();
    return english;
}

} // namespace TopicRequest
