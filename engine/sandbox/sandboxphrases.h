#pragma once

#include <QString>

// The sentences the sandbox LLM writes for a person to read (its analysis and its learnings),
// in English or German. A real model writes them in the language the prompt asks for
// (PromptFormat::notesLanguageLine()); the sandbox does the same for the languages it knows,
// and English for any other. Figures follow the language ("45.0%", "45,0 %").
struct SandboxPhrases
{
    static const SandboxPhrases &forLanguage(const QString &code); // "de", else English

    QString percent(double fraction) const;
    QString signedPercent(double fraction) const; // "+12.5%" / "+12,5 %"
    QString quoted(const QString &text) const;   // "…" / „…“
    QString andWord;                             // " and " / " und "

    // The analysis.
    QString summary;         // %1 coverage %2 TPR %3 TNR %4 missed %5 wrongly triggered
    QString allExpected;     // appended to the summary
    QString blockTooNarrow, allowMissesScope, blockOverBlocks, allowTooBroad;
    QString foldWords;       // %1 quoted words
    QString addExampleLike;  // %1 a missed prompt (quoted by quoted())
    QString takeWordsOut;    // %1 quoted words
    QString fewerExamples;   // %1 example count
    QString tooFewExamples;  // %1 example count %2 the next count
    QString keepDefinition;  // %1 example count
    QString shareCategory;   // %1 n %2 of all %3 "false positives" %4 the category
    QString shareWord;       // %1 n %2 of all %3 "false positives" %4 the word (quoted)
    QString shareWordOne;    // the same, n = 1
    QString noSharedWording; // %1 "false positives"
    QString falsePositives, falseNegatives;

    // The learnings.
    QString firstTopic;      // %1 characters %2 examples %3 coverage %4 TPR %5 TNR
    QString firstStrategy;   // %1 examples
    QString widenedWith;     // %1 quoted words (what was done, a phrase)
    QString trimmed, changedExamples;
    QString addedExamplesAbout; // %1 quoted words
    QString addedToDescription; // %1 quoted words (the strategy)
    QString removedWords;
    QString wentFromTo;         // %1 examples before %2 after
    QString raised, lowered;    // %1 metric %2 from %3 to
    QString coverageDelta;      // %1 signed percent
    QString sharedVocabulary, spreadToBenign;
    QString antiWidenBenign, antiAddWhenFp, antiRemoveCovering;
    QString highestCoverage;    // %1 coverage %2 examples
    QString comparedByCount;
    bool german = false;
};
