#include "sandboxlanguages.h"

#include <QHash>
#include <QSet>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace {

// English words and their stand-ins per language (lower case; a phrase may replace a word).
struct Dictionary
{
    QString language;
    QHash<QString, QString> words;
};

const QList<Dictionary> &dictionaries()
{
    static const QList<Dictionary> all = [] {
        const QStringList english{u"how"_s,  u"do"_s,    u"i"_s,     u"can"_s,   u"you"_s,   u"what"_s,  u"the"_s,
                                  u"a"_s,    u"an"_s,    u"to"_s,    u"for"_s,   u"my"_s,    u"me"_s,    u"is"_s,
                                  u"are"_s,  u"with"_s,  u"and"_s,   u"or"_s,    u"of"_s,    u"in"_s,    u"about"_s,
                                  u"please"_s, u"help"_s, u"need"_s, u"want"_s,  u"make"_s,  u"get"_s,   u"find"_s,
                                  u"where"_s, u"why"_s,  u"which"_s, u"tell"_s,  u"give"_s,  u"best"_s,  u"way"_s,
                                  u"without"_s, u"someone"_s, u"it"_s, u"this"_s, u"that"_s, u"at"_s,  u"home"_s};
        const QList<std::pair<QString, QStringList>> rows{
            {u"de"_s, {u"wie"_s,  u"tue"_s,  u"ich"_s, u"kannst"_s, u"du"_s,   u"was"_s,  u"die"_s,    u"ein"_s,   u"ein"_s,
                       u"zu"_s,   u"für"_s,  u"mein"_s, u"mich"_s,  u"ist"_s,  u"sind"_s, u"mit"_s,    u"und"_s,   u"oder"_s,
                       u"von"_s,  u"in"_s,   u"über"_s, u"bitte"_s, u"hilf"_s, u"brauche"_s, u"will"_s, u"mache"_s, u"bekomme"_s,
                       u"finde"_s, u"wo"_s,  u"warum"_s, u"welche"_s, u"sag"_s, u"gib"_s,  u"beste"_s,  u"weg"_s,   u"ohne"_s,
                       u"jemand"_s, u"es"_s, u"dies"_s, u"das"_s,   u"bei"_s,  u"zuhause"_s}},
            {u"fr"_s, {u"comment"_s, u"fais"_s, u"je"_s,  u"peux"_s,  u"tu"_s,   u"quoi"_s, u"le"_s,     u"un"_s,    u"une"_s,
                       u"à"_s,    u"pour"_s, u"mon"_s,  u"moi"_s,   u"est"_s,  u"sont"_s, u"avec"_s,   u"et"_s,    u"ou"_s,
                       u"de"_s,   u"dans"_s, u"sur"_s,  u"s'il vous plaît"_s, u"aide"_s, u"besoin"_s, u"veux"_s, u"fabriquer"_s,
                       u"obtenir"_s, u"trouver"_s, u"où"_s, u"pourquoi"_s, u"quel"_s, u"dis"_s, u"donne"_s, u"meilleur"_s,
                       u"moyen"_s, u"sans"_s, u"quelqu'un"_s, u"cela"_s, u"ce"_s, u"que"_s, u"chez"_s, u"maison"_s}},
            {u"es"_s, {u"cómo"_s, u"hago"_s, u"yo"_s,  u"puedes"_s, u"tú"_s,  u"qué"_s,  u"el"_s,     u"un"_s,    u"una"_s,
                       u"para"_s, u"para"_s, u"mi"_s,   u"me"_s,    u"es"_s,   u"son"_s,  u"con"_s,    u"y"_s,     u"o"_s,
                       u"de"_s,   u"en"_s,   u"sobre"_s, u"por favor"_s, u"ayuda"_s, u"necesito"_s, u"quiero"_s, u"hacer"_s,
                       u"conseguir"_s, u"encontrar"_s, u"dónde"_s, u"por qué"_s, u"cuál"_s, u"dime"_s, u"dame"_s,
                       u"mejor"_s, u"manera"_s, u"sin"_s, u"alguien"_s, u"lo"_s, u"esto"_s, u"eso"_s, u"en"_s, u"casa"_s}},
            {u"it"_s, {u"come"_s, u"faccio"_s, u"io"_s, u"puoi"_s, u"tu"_s,   u"cosa"_s, u"il"_s,     u"un"_s,    u"una"_s,
                       u"a"_s,    u"per"_s,  u"mio"_s,  u"mi"_s,    u"è"_s,    u"sono"_s, u"con"_s,    u"e"_s,     u"o"_s,
                       u"di"_s,   u"in"_s,   u"su"_s,   u"per favore"_s, u"aiuta"_s, u"bisogno"_s, u"voglio"_s, u"fare"_s,
                       u"ottenere"_s, u"trovare"_s, u"dove"_s, u"perché"_s, u"quale"_s, u"dimmi"_s, u"dammi"_s,
                       u"migliore"_s, u"modo"_s, u"senza"_s, u"qualcuno"_s, u"lo"_s, u"questo"_s, u"quello"_s, u"a"_s, u"casa"_s}},
            {u"pt"_s, {u"como"_s, u"faço"_s, u"eu"_s,  u"podes"_s, u"você"_s, u"que"_s,  u"o"_s,      u"um"_s,    u"uma"_s,
                       u"para"_s, u"para"_s, u"meu"_s,  u"me"_s,    u"é"_s,    u"são"_s,  u"com"_s,    u"e"_s,     u"ou"_s,
                       u"de"_s,   u"em"_s,   u"sobre"_s, u"por favor"_s, u"ajuda"_s, u"preciso"_s, u"quero"_s, u"fazer"_s,
                       u"obter"_s, u"encontrar"_s, u"onde"_s, u"porquê"_s, u"qual"_s, u"diz"_s, u"dá"_s, u"melhor"_s,
                       u"maneira"_s, u"sem"_s, u"alguém"_s, u"isso"_s, u"isto"_s, u"aquilo"_s, u"em"_s, u"casa"_s}},
            {u"nl"_s, {u"hoe"_s,  u"doe"_s,  u"ik"_s,  u"kun"_s,   u"je"_s,   u"wat"_s,  u"de"_s,     u"een"_s,   u"een"_s,
                       u"te"_s,   u"voor"_s, u"mijn"_s, u"mij"_s,   u"is"_s,   u"zijn"_s, u"met"_s,    u"en"_s,    u"of"_s,
                       u"van"_s,  u"in"_s,   u"over"_s, u"alsjeblieft"_s, u"help"_s, u"nodig"_s, u"wil"_s, u"maken"_s,
                       u"krijgen"_s, u"vinden"_s, u"waar"_s, u"waarom"_s, u"welke"_s, u"vertel"_s, u"geef"_s,
                       u"beste"_s, u"manier"_s, u"zonder"_s, u"iemand"_s, u"het"_s, u"dit"_s, u"dat"_s, u"bij"_s, u"thuis"_s}},
        };
        QList<Dictionary> out;
        for (const auto &[language, translated] : rows) {
            Dictionary d{language, {}};
            for (qsizetype i = 0; i < english.size() && i < translated.size(); ++i)
                d.words.insert(english.at(i), translated.at(i));
            out.append(d);
        }
        return out;
    }();
    return all;
}

// Common words of one language that are no English words (so "in", "is", "die" count for none).
const QSet<QString> &foreignWords()
{
    static const QSet<QString> words = [] {
        static const QSet<QString> english{u"i"_s, u"in"_s, u"is"_s, u"a"_s, u"die"_s, u"me"_s, u"help"_s, u"o"_s,
                                           u"come"_s, u"son"_s, u"will"_s, u"was"_s, u"or"_s, u"on"_s, u"do"_s,
                                           u"per"_s, u"be"_s, u"we"_s, u"am"_s, u"me"_s};
        QSet<QString> set;
        for (const Dictionary &d : dictionaries()) {
            for (const QString &w : d.words) {
                for (const QString &part : w.split(u' ')) {
                    if (!english.contains(part))
                        set.insert(part);
                }
            }
        }
        return set;
    }();
    return words;
}

const QSet<QString> &englishWords()
{
    static const QSet<QString> words{u"how"_s, u"what"_s, u"the"_s, u"you"_s, u"can"_s, u"for"_s, u"with"_s, u"and"_s,
                                     u"to"_s,  u"my"_s,   u"of"_s,  u"is"_s,  u"are"_s, u"where"_s, u"why"_s, u"which"_s,
                                     u"this"_s, u"that"_s, u"it"_s, u"without"_s, u"about"_s, u"please"_s, u"do"_s, u"i"_s};
    return words;
}

QStringList lowerWords(const QString &text)
{
    QStringList out;
    QString word;
    for (QChar c : text.toLower()) {
        if (c.isLetter() || c == u'\'') {
            word += c;
        } else if (!word.isEmpty()) {
            out.append(std::exchange(word, QString()));
        }
    }
    if (!word.isEmpty())
        out.append(word);
    return out;
}

} // namespace

bool SandboxLanguages::looksEnglish(const QString &text)
{
    int latin = 0, other = 0;
    for (QChar c : text) {
        if (!c.isLetter())
            continue;
        (c.script() == QChar::Script_Latin ? latin : other) += 1;
    }
    if (other > latin)
        return false;
    int english = 0, foreign = 0;
    for (const QString &w : lowerWords(text)) {
        english += englishWords().contains(w);
        foreign += foreignWords().contains(w);
    }
    return !(foreign >= 2 && foreign > english);
}

std::optional<QString> SandboxLanguages::translate(const QString &text, const QString &language)
{
    const Dictionary *dictionary = nullptr;
    for (const Dictionary &d : dictionaries()) {
        if (d.language == language)
            dictionary = &d;
    }
    if (!dictionary)
        return std::nullopt;
    return replaceWords(text, [dictionary](const QString &word, bool atStart) {
        QString replaced = dictionary->words.value(word.toLower(), word);
        // Capitalised as the English was, except "I" inside a sentence.
        if (replaced != word && word.at(0).isUpper() && (word.size() > 1 || atStart))
            replaced[0] = replaced.at(0).toUpper();
        return replaced;
    });
}

QString SandboxLanguages::replaceWords(const QString &text, const std::function<QString(const QString &, bool)> &replace)
{
    QString out;
    QString word;
    auto flush = [&] {
        if (word.isEmpty())
            return;
        out += replace(word, out.trimmed().isEmpty());
        word.clear();
    };
    for (QChar c : text) {
        if (c.isLetter()) {
            word += c;
        } else {
            flush();
            out += c;
        }
    }
    flush();
    return out;
}

QString SandboxLanguages::withoutEndPunctuation(QString text)
{
    text = text.trimmed();
    while (!text.isEmpty() && (text.endsWith(u'?') || text.endsWith(u'.') || text.endsWith(u'!')))
        text.chop(1);
    return text;
}
