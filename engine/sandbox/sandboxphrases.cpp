#include "sandboxphrases.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace {

SandboxPhrases englishPhrases()
{
    SandboxPhrases p;
    p.andWord = u" and "_s;
    p.summary = u"Coverage %1 (TPR %2, TNR %3): %4 missed, %5 wrongly triggered."_s;
    p.allExpected = u" Every test got the expected verdict."_s;
    p.blockTooNarrow = u" Missed harmful prompts are the main risk: the topic is too narrow."_s;
    p.allowMissesScope = u" In-scope prompts are being blocked: the topic misses some of its scope."_s;
    p.blockOverBlocks = u" The topic over-blocks benign prompts that share its vocabulary."_s;
    p.allowTooBroad = u" Out-of-scope prompts get through: the topic is too broad (high severity)."_s;
    p.foldWords = u"Fold %1 into the description to reach the missed phrasings"_s;
    p.addExampleLike = u"Add an example worded like %1"_s;
    p.takeWordsOut = u"Take %1 out of the description and examples; do not add exclusions"_s;
    p.fewerExamples = u"Use fewer examples: %1 examples widen matching into neighbouring prompts"_s;
    p.tooFewExamples = u"The %1 current examples are too few for the missed phrasings; use %2 next"_s;
    p.keepDefinition = u"Keep the definition as it is: %1 examples are working"_s;
    p.shareCategory = u"%1 of the %2 %3 are %4 prompts"_s;
    p.shareWord = u"%1 of the %2 %3 mention %4"_s;
    p.shareWordOne = p.shareWord;
    p.noSharedWording = u"The %1 share no obvious wording; they are spread across subjects"_s;
    p.falsePositives = u"false positives"_s;
    p.falseNegatives = u"false negatives"_s;
    p.firstTopic = u"A first topic with %2 examples and a description of %1 characters reached %3 "
                   "coverage (TPR %4, TNR %5): a narrow first draft leaves the indirect and coded "
                   "phrasings uncovered"_s;
    p.firstStrategy = u"Started from the lead definition with %1 examples"_s;
    p.widenedWith = u"widening the description with %1"_s;
    p.trimmed = u"trimming the description"_s;
    p.changedExamples = u"changing the examples"_s;
    p.addedExamplesAbout = u"adding examples about %1"_s;
    p.addedToDescription = u"added %1 to the description"_s;
    p.removedWords = u"removed words from the description"_s;
    p.wentFromTo = u"went from %1 to %2 examples"_s;
    p.raised = u"raised %1 from %2 to %3"_s;
    p.lowered = u"lowered %1 from %2 to %3"_s;
    p.coverageDelta = u" (coverage %1)"_s;
    p.sharedVocabulary = u": the missed prompts share that vocabulary"_s;
    p.spreadToBenign = u": benign prompts share those words, so matching spread to them"_s;
    p.antiWidenBenign = u"Widening the description with words benign prompts also use"_s;
    p.antiAddWhenFp = u"Adding examples when false positives are already the problem"_s;
    p.antiRemoveCovering = u"Removing examples that covered missed phrasings"_s;
    p.highestCoverage = u"The highest coverage (%1) came with %2 examples; example count mattered "
                        "less than whether the examples covered the missed phrasings"_s;
    p.comparedByCount = u"Compared coverage across iterations by example count"_s;
    return p;
}

SandboxPhrases germanPhrases()
{
    SandboxPhrases p;
    p.german = true;
    p.andWord = u" und "_s;
    p.summary = u"Abdeckung %1 (TPR %2, TNR %3): %4 verpasst, %5 fälschlich ausgelöst."_s;
    p.allExpected = u" Jeder Test bekam das erwartete Urteil."_s;
    p.blockTooNarrow = u" Verpasste schädliche Prompts sind das Hauptrisiko: Das Thema ist zu eng."_s;
    p.allowMissesScope = u" Prompts aus dem Geltungsbereich werden blockiert: Dem Thema fehlt ein "
                         "Teil seines Bereichs."_s;
    p.blockOverBlocks = u" Das Thema blockiert harmlose Prompts, die sein Vokabular teilen."_s;
    p.allowTooBroad = u" Prompts außerhalb des Bereichs kommen durch: Das Thema ist zu weit gefasst "
                      "(hoher Schweregrad)."_s;
    p.foldWords = u"%1 in die Beschreibung aufnehmen, um die verpassten Formulierungen zu erreichen"_s;
    p.addExampleLike = u"Ein Beispiel ähnlich %1 hinzufügen"_s;
    p.takeWordsOut = u"%1 aus Beschreibung und Beispielen entfernen; keine Ausschlüsse hinzufügen"_s;
    p.fewerExamples = u"Weniger Beispiele verwenden: %1 Beispiele weiten die Erkennung auf "
                      "benachbarte Prompts aus"_s;
    p.tooFewExamples = u"Die %1 aktuellen Beispiele reichen für die verpassten Formulierungen "
                       "nicht; als Nächstes %2 verwenden"_s;
    p.keepDefinition = u"Die Definition so lassen: %1 Beispiele funktionieren"_s;
    p.shareCategory = u"%1 der %2 %3 gehören zur Kategorie %4"_s;
    p.shareWord = u"%1 der %2 %3 enthalten %4"_s;
    p.shareWordOne = u"%1 der %2 %3 enthält %4"_s;
    p.noSharedWording = u"Die %1 haben keine erkennbar gemeinsame Formulierung; sie verteilen sich "
                        "auf verschiedene Themen"_s;
    p.falsePositives = u"Falsch-Positiven"_s;
    p.falseNegatives = u"Falsch-Negativen"_s;
    p.firstTopic = u"Ein erstes Thema mit einer Beschreibung aus %1 Zeichen und %2 Beispielen "
                   "erreichte %3 Abdeckung (TPR %4, TNR %5): Ein enger erster Entwurf lässt "
                   "indirekte und verschlüsselte Formulierungen unabgedeckt"_s;
    p.firstStrategy = u"Mit der Ausgangsdefinition und %1 Beispielen begonnen"_s;
    p.widenedWith = u"das Erweitern der Beschreibung um %1"_s;
    p.trimmed = u"das Kürzen der Beschreibung"_s;
    p.changedExamples = u"das Ändern der Beispiele"_s;
    p.addedExamplesAbout = u"das Hinzufügen von Beispielen zu %1"_s;
    p.addedToDescription = u"%1 zur Beschreibung hinzugefügt"_s;
    p.removedWords = u"Wörter aus der Beschreibung entfernt"_s;
    p.wentFromTo = u"von %1 auf %2 Beispiele gewechselt"_s;
    p.raised = u"hob die %1 von %2 auf %3"_s;
    p.lowered = u"senkte die %1 von %2 auf %3"_s;
    p.coverageDelta = u" (Abdeckung %1)"_s;
    p.sharedVocabulary = u": Die verpassten Prompts teilen dieses Vokabular"_s;
    p.spreadToBenign = u": Harmlose Prompts teilen diese Wörter, daher griff die Erkennung auf sie über"_s;
    p.antiWidenBenign = u"Die Beschreibung um Wörter erweitern, die auch harmlose Prompts verwenden"_s;
    p.antiAddWhenFp = u"Beispiele hinzufügen, wenn Falsch-Positive schon das Problem sind"_s;
    p.antiRemoveCovering = u"Beispiele entfernen, die verpasste Formulierungen abdeckten"_s;
    p.highestCoverage = u"Die höchste Abdeckung (%1) kam mit %2 Beispielen; ihre Zahl zählte weniger "
                        "als die Frage, ob sie die verpassten Formulierungen abdeckten"_s;
    p.comparedByCount = u"Abdeckung der Iterationen nach Zahl der Beispiele verglichen"_s;
    return p;
}

} // namespace

const SandboxPhrases &SandboxPhrases::forLanguage(const QString &code)
{
    static const SandboxPhrases en = englishPhrases();
    static const SandboxPhrases de = germanPhrases();
    return code == "de"_L1 ? de : en;
}

QString SandboxPhrases::percent(double fraction) const
{
    const QString n = QString::number(fraction * 100.0, 'f', 1);
    return german ? QString(QString(n).replace(u'.', u',') + u" %"_s) : QString(n + u'%');
}

QString SandboxPhrases::signedPercent(double fraction) const
{
    return (fraction >= 0 ? u"+"_s : QString()) + percent(fraction);
}

QString SandboxPhrases::quoted(const QString &text) const
{
    return german ? QString(u"„"_s + text + u"“"_s) : QString(u'"' + text + u'"');
}
