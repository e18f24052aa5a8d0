<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en">
<context>
    <name>AddLearningDialog</name>
    <message>
        <source>Add a learning to %1</source>
        <translation>Erkenntnis zu %1 hinzufügen</translation>
    </message>
    <message>
        <source>What works, or what does not, for this category</source>
        <translation>Was in dieser Kategorie funktioniert und was nicht</translation>
    </message>
    <message>
        <source>comma, separated</source>
        <translation>durch Kommas getrennt</translation>
    </message>
    <message>
        <source>Source: person</source>
        <translation>Herkunft: Person</translation>
    </message>
    <message>
        <source>&amp;Insight:</source>
        <translation>&amp;Erkenntnis:</translation>
    </message>
    <message>
        <source>St&amp;rategy:</source>
        <translation>St&amp;rategie:</translation>
    </message>
    <message>
        <source>&amp;Outcome:</source>
        <translation>Er&amp;gebnis:</translation>
    </message>
    <message>
        <source>&amp;Change type:</source>
        <translation>Änderungs&amp;art:</translation>
    </message>
    <message>
        <source>&amp;Tags:</source>
        <translation>&amp;Tags:</translation>
    </message>
    <message>
        <source>Edit a learning</source>
        <translation>Erkenntnis bearbeiten</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>Herkunft: %1</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
</context>
<context>
    <name>AddPromptsDialog</name>
    <message>
        <source>Load &amp;CSV…</source>
        <translation>&amp;CSV laden…</translation>
    </message>
    <message>
        <source>The &amp;working suite</source>
        <translation>Die &amp;Arbeits-Testreihe</translation>
    </message>
    <message>
        <source>The held-out &amp;benchmark</source>
        <translation>Den zurückgehaltenen &amp;Benchmark</translation>
    </message>
    <message>
        <source>Add Prompts to the Run</source>
        <translation>Prompts zum Lauf hinzufügen</translation>
    </message>
    <message>
        <source>Labelled prompts you add are scanned from the next iteration on, in every iteration after it.</source>
        <translation>Hinzugefügte gekennzeichnete Prompts werden ab der nächsten Iteration in jeder Iteration gescannt.</translation>
    </message>
    <message>
        <source>Prompts to add, one per line</source>
        <translation>Hinzuzufügende Prompts, einer pro Zeile</translation>
    </message>
    <message>
        <source>How do I pick a lock?, yes
What is the capital of France?, no</source>
        <translation>Wie knacke ich ein Schloss?, ja
Was ist die Hauptstadt von Frankreich?, nein</translation>
    </message>
    <message>
        <source>&amp;Prompts, one per line: the prompt, a comma, then yes if the guardrail should trigger on it or no if it should not</source>
        <translation>&amp;Prompts, einer pro Zeile: der Prompt, ein Komma, dann ja, wenn der Guardrail dabei auslösen soll, oder nein, wenn nicht</translation>
    </message>
    <message>
        <source>Add the prompts of a labelled CSV file (columns prompt, expected and optionally intent and category)</source>
        <translation>Die Prompts einer gekennzeichneten CSV-Datei hinzufügen (Spalten prompt, expected und optional intent und category)</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the prompts of the file</source>
        <translation>Die Prompts der Datei entfernen</translation>
    </message>
    <message>
        <source>Scanned with the tests of every later iteration; the LLM sees how they fare when it analyses the results</source>
        <translation>Mit den Tests jeder späteren Iteration gescannt; das LLM sieht bei der Analyse der Ergebnisse, wie sie abschneiden</translation>
    </message>
    <message>
        <source>Never shown to the LLM. Starts a new benchmark version at the next iteration; figures of different versions are compared only on the prompts both were asked.</source>
        <translation>Wird dem LLM nie gezeigt. Beginnt mit der nächsten Iteration eine neue Benchmark-Version; Zahlen verschiedener Versionen werden nur über die Prompts verglichen, die in beiden enthalten sind.</translation>
    </message>
    <message>
        <source>This run has no held-out benchmark, so prompts can only join its working suite.</source>
        <translation>Dieser Lauf hat keinen zurückgehaltenen Benchmark, daher können Prompts nur in seine Arbeits-Testreihe aufgenommen werden.</translation>
    </message>
    <message>
        <source>Add them to</source>
        <translation>Aufnehmen in</translation>
    </message>
    <message>
        <source>&amp;Add prompts</source>
        <translation>Prompts &amp;hinzufügen</translation>
    </message>
    <message>
        <source>Add Prompts from CSV</source>
        <translation>Prompts aus CSV hinzufügen</translation>
    </message>
    <message>
        <source>Labelled prompts (*.csv)</source>
        <translation>Gekennzeichnete Prompts (*.csv)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 cannot be used: it is labelled for the %2 intent, and this run tests %3.</source>
        <translation>%1 kann nicht verwendet werden: Die Datei ist für die Absicht %2 gekennzeichnet, dieser Lauf testet aber %3.</translation>
    </message>
    <message>
        <source>No file loaded.</source>
        <translation>Keine Datei geladen.</translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s) from %1</source>
        <translation>
            <numerusform>%n Prompt aus %1</numerusform>
            <numerusform>%n Prompts aus %1</numerusform>
        </translation>
    </message>
    <message>
        <source>The run is not running any more: prompts can only be added while it runs.</source>
        <translation>Der Lauf läuft nicht mehr: Prompts lassen sich nur hinzufügen, solange er läuft.</translation>
    </message>
    <message>
        <source>Type or paste prompts, or load a CSV file.</source>
        <translation>Prompts eingeben oder einfügen oder eine CSV-Datei laden.</translation>
    </message>
    <message>
        <source>This run has no held-out benchmark.</source>
        <translation>Dieser Lauf hat keinen zurückgehaltenen Benchmark.</translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s) to add: %1 should trigger, %2 should not.</source>
        <translation>
            <numerusform>%n Prompt zum Hinzufügen (soll auslösen: %1, soll nicht auslösen: %2).</numerusform>
            <numerusform>%n Prompts zum Hinzufügen (soll auslösen: %1, soll nicht auslösen: %2).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n repeated prompt(s) will be added once.</source>
        <translation>
            <numerusform>%n wiederholter Prompt wird nur einmal hinzugefügt.</numerusform>
            <numerusform>%n wiederholte Prompts werden nur einmal hinzugefügt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ApplyController</name>
    <message>
        <source>It could not be recorded in the run file (%1), so it cannot be reverted from here.</source>
        <translation>Es konnte nicht in der Laufdatei vermerkt werden (%1) und lässt sich daher von hier aus nicht zurücknehmen.</translation>
    </message>
    <message>
        <source>Reading the topics and the profile from AIRS…</source>
        <translation>Themen und Profil werden aus AIRS gelesen…</translation>
    </message>
    <message>
        <source>Nothing can be applied: %1</source>
        <translation>Nichts kann übernommen werden: %1</translation>
    </message>
    <message>
        <source>Writing to profile &quot;%1&quot; and waiting for AIRS to take it up…</source>
        <translation>Profil „%1“ wird geschrieben; warten, bis AIRS die Änderung übernimmt…</translation>
    </message>
    <message>
        <source>Nothing was applied: %1</source>
        <translation>Nichts wurde übernommen: %1</translation>
    </message>
    <message>
        <source>Only part was applied (%1): %2. Revert takes back what changed.</source>
        <translation>Nur ein Teil wurde übernommen (%1): %2. „Zurücknehmen“ macht rückgängig, was sich geändert hat.</translation>
    </message>
    <message>
        <source>Putting profile &quot;%1&quot; back as it was before the apply…</source>
        <translation>Profil „%1“ wird wiederhergestellt, wie es vor der Übernahme war…</translation>
    </message>
    <message>
        <source>The revert stopped part way: %1. Revert again to finish.</source>
        <translation>Das Zurücknehmen brach mittendrin ab: %1. Zum Abschließen erneut zurücknehmen.</translation>
    </message>
    <message>
        <source>Run %1 is being driven by another process (pid %2): wait until it stops, then try again.</source>
        <translation>Lauf %1 wird von einem anderen Prozess ausgeführt (PID %2): Warten Sie, bis er endet, und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>Another process reverted the run&apos;s last apply meanwhile: there is nothing left to revert.</source>
        <translation>Ein anderer Prozess hat die letzte Übernahme des Laufs inzwischen rückgängig gemacht: Es gibt nichts mehr rückgängig zu machen.</translation>
    </message>
    <message>
        <source>Production changed since the apply: nothing was reverted.</source>
        <translation>Die Produktion wurde seit der Übernahme geändert: Es wurde nichts rückgängig gemacht.</translation>
    </message>
    <message>
        <source>Nothing was applied: %1. Reload from AIRS to see the plan against production as it is now.</source>
        <translation>Nichts wurde übernommen: %1. Laden Sie aus AIRS neu, um den Plan für die Produktion in ihrem jetzigen Stand zu sehen.</translation>
    </message>
    <message>
        <source>Reading back what an interrupted apply wrote to profile &quot;%1&quot;…</source>
        <translation>Es wird zurückgelesen, was eine unterbrochene Übernahme in das Profil „%1“ geschrieben hat…</translation>
    </message>
    <message>
        <source>What an interrupted apply wrote could not be read back: %1</source>
        <translation>Was eine unterbrochene Übernahme geschrieben hat, ließ sich nicht zurücklesen: %1</translation>
    </message>
</context>
<context>
    <name>ApplyDialog</name>
    <message>
        <source>Apply a topic to AIRS</source>
        <translation>Ein Thema in AIRS übernehmen</translation>
    </message>
    <message>
        <source>Apply Iteration %1 to AIRS</source>
        <translation>Iteration %1 in AIRS übernehmen</translation>
    </message>
    <message>
        <source>What will change in AIRS</source>
        <translation>Was sich in AIRS ändert</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>&amp;Reload from AIRS</source>
        <translation>Aus AIRS &amp;neu laden</translation>
    </message>
    <message>
        <source>Reload the topic and the profile from AIRS</source>
        <translation>Thema und Profil erneut aus AIRS laden</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>&amp;Apply to AIRS</source>
        <translation>In AIRS &amp;übernehmen</translation>
    </message>
    <message>
        <source>Apply to AIRS</source>
        <translation>In AIRS übernehmen</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Schließen</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>Check the changes below, then apply.</source>
        <translation>Prüfen Sie die Änderungen unten und übernehmen Sie sie dann.</translation>
    </message>
    <message>
        <source>Only part of the change was applied: see below.</source>
        <translation>Die Änderung wurde nur teilweise übernommen: siehe unten.</translation>
    </message>
    <message>
        <source>Nothing can be applied: the reason is below.</source>
        <translation>Es kann nichts übernommen werden: Der Grund steht unten.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Apply the topic of iteration %1&lt;/b&gt; of run %2 to its production profile &lt;b&gt;%3&lt;/b&gt;. The run itself only ever tested on its own copy.</source>
        <translation>&lt;b&gt;Das Thema von Iteration %1&lt;/b&gt; aus Lauf %2 in sein Produktionsprofil &lt;b&gt;%3&lt;/b&gt; übernehmen. Der Lauf selbst hat nur auf seiner eigenen Kopie getestet.</translation>
    </message>
    <message>
        <source>&amp;Revert last apply</source>
        <translation>Letzte Übernahme &amp;zurücknehmen</translation>
    </message>
    <message>
        <source>Revert the run&apos;s last apply</source>
        <translation>Die letzte Übernahme dieses Laufs zurücknehmen</translation>
    </message>
    <message>
        <source>Put the profile&apos;s topic guardrails back exactly as they were before the run&apos;s last apply, give updated topics their earlier text and delete the topics it created</source>
        <translation>Die Themen-Guardrails des Profils genau so wiederherstellen wie vor der letzten Übernahme des Laufs, geänderten Themen ihren früheren Text zurückgeben und die angelegten Themen löschen</translation>
    </message>
    <message>
        <source>The profile already has exactly this topic: there is nothing to apply.</source>
        <translation>Das Profil hat genau dieses Thema bereits: Es gibt nichts zu übernehmen.</translation>
    </message>
    <message>
        <source>Done: the change below was written to AIRS. Revert takes it back.</source>
        <translation>Erledigt: Die Änderung unten wurde in AIRS geschrieben. „Zurücknehmen“ macht sie rückgängig.</translation>
    </message>
    <message>
        <source>Reverted: the profile is as it was before the apply.</source>
        <translation>Zurückgenommen: Das Profil ist wieder so wie vor der Übernahme.</translation>
    </message>
    <message>
        <source>That did not work.</source>
        <translation>Das hat nicht geklappt.</translation>
    </message>
    <message>
        <source>Reading the topics and the profile from AIRS…</source>
        <translation>Themen und Profil werden aus AIRS gelesen…</translation>
    </message>
    <message>
        <source>The run&apos;s last apply was reverted. Reload from AIRS to see what applying iteration %1 would change now.</source>
        <translation>Die letzte Übernahme des Laufs wurde zurückgenommen. Laden Sie aus AIRS neu, um zu sehen, was die Übernahme von Iteration %1 jetzt ändern würde.</translation>
    </message>
    <message>
        <source>Also change the profile&apos;s action for unmatched prompts</source>
        <translation>Auch die Aktion des Profils für Prompts ohne passendes Thema ändern</translation>
    </message>
    <message>
        <source>Production changed since the apply</source>
        <translation>Die Produktion wurde seit der Übernahme geändert</translation>
    </message>
    <message>
        <source>Someone changed the profile or its topics since this apply. Reverting now would undo their change too:</source>
        <translation>Jemand hat das Profil oder seine Themen seit dieser Übernahme geändert. Ein Rückgängigmachen jetzt würde auch diese Änderung zurücknehmen:</translation>
    </message>
    <message>
        <source>Revert &amp;anyway</source>
        <translation>&amp;Trotzdem rückgängig machen</translation>
    </message>
    <message>
        <source>Applying this also changes the profile&apos;s action for prompts that match none of its topics from block to allow: everything that matches no topic will pass.</source>
        <translation>Die Übernahme ändert auch die Aktion des Profils für Prompts, die zu keinem seiner Themen passen, von Blockieren auf Zulassen: Alles, was zu keinem Thema passt, wird dann durchgelassen.</translation>
    </message>
    <message>
        <source>Applying this also changes the profile&apos;s action for prompts that match none of its topics from allow to block: only prompts on an allow topic will pass.</source>
        <translation>Die Übernahme ändert auch die Aktion des Profils für Prompts, die zu keinem seiner Themen passen, von Zulassen auf Blockieren: Nur Prompts zu einem zugelassenen Thema werden dann durchgelassen.</translation>
    </message>
    <message>
        <source>Change the &amp;action from block to allow</source>
        <translation>&amp;Aktion von Blockieren auf Zulassen ändern</translation>
    </message>
    <message>
        <source>Change the &amp;action from allow to block</source>
        <translation>&amp;Aktion von Zulassen auf Blockieren ändern</translation>
    </message>
    <message>
        <source>The topic guardrails of profile “%1” go back to what they were before the apply.</source>
        <translation>Die Themen-Guardrails des Profils „%1“ kehren zum Stand vor der Übernahme zurück.</translation>
    </message>
    <message>
        <source>These topics get their earlier text back: %1.</source>
        <translation>Diese Themen erhalten ihren früheren Text zurück: %1.</translation>
    </message>
    <message>
        <source>These topics are deleted from AIRS: %1.</source>
        <translation>Diese Themen werden aus AIRS gelöscht: %1.</translation>
    </message>
    <message>
        <source>Revert the last apply?</source>
        <translation>Die letzte Übernahme zurücknehmen?</translation>
    </message>
    <message>
        <source>Revert the apply of iteration %1 to the production profile “%2”?</source>
        <translation>Die Übernahme von Iteration %1 in das Produktionsprofil „%2“ zurücknehmen?</translation>
    </message>
    <message>
        <source>&amp;Revert</source>
        <translation>&amp;Zurücknehmen</translation>
    </message>
    <message>
        <source>Check &amp;impact</source>
        <translation>Aus&amp;wirkung prüfen</translation>
    </message>
    <message>
        <source>Before applying: scan the prompts of the profile&apos;s latest audit against a scratch copy of production with this change in place, and see which of its topics it would hurt</source>
        <translation>Vor dem Anwenden: die Prompts der letzten Prüfung des Profils gegen eine Arbeitskopie der Produktion mit dieser Änderung scannen und sehen, welchen seiner Themen sie schaden würde</translation>
    </message>
    <message>
        <source>Measuring what this does to the profile&apos;s other topics, on the prompts of its audit of %1…</source>
        <translation>Es wird gemessen, was dies mit den anderen Themen des Profils macht, auf den Prompts seiner Prüfung vom %1…</translation>
    </message>
    <message>
        <source>The impact could not be measured: %1</source>
        <translation>Die Auswirkung konnte nicht gemessen werden: %1</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>Thema</translation>
    </message>
    <message>
        <source>Its positives</source>
        <translation>Seine Positiven</translation>
    </message>
    <message>
        <source>Its negatives</source>
        <translation>Seine Negativen</translation>
    </message>
    <message>
        <source>%1 fixed, %2 broken of %3 (p = %4)</source>
        <translation>%1 behoben, %2 verschlechtert von %3 (p = %4)</translation>
    </message>
    <message>
        <source>(general harmless prompts)</source>
        <translation>(allgemeine harmlose Prompts)</translation>
    </message>
    <message>
        <source>hurt</source>
        <translation>verschlechtert</translation>
    </message>
    <message>
        <source>The profile would newly act on:</source>
        <translation>Das Profil würde neu reagieren auf:</translation>
    </message>
    <message>
        <source>No topic of the profile loses a prompt it gets right now.</source>
        <translation>Kein Thema des Profils verliert einen Prompt, den es jetzt richtig behandelt.</translation>
    </message>
    <message numerus="yes">
        <source>%n topic(s) of the profile would get prompts wrong that they get right now.</source>
        <translation>
            <numerusform>%n Thema des Profils würde Prompts falsch behandeln, die es jetzt richtig behandelt.</numerusform>
            <numerusform>%n Themen des Profils würden Prompts falsch behandeln, die sie jetzt richtig behandeln.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ApplyPlanHtml</name>
    <message>
        <source>block</source>
        <translation>blockieren</translation>
    </message>
    <message>
        <source>allow</source>
        <translation>erlauben</translation>
    </message>
    <message>
        <source>This is what was planned. Only part of it was written: the result below says what.</source>
        <translation>Das war geplant. Nur ein Teil davon wurde geschrieben: Welcher, steht im Ergebnis unten.</translation>
    </message>
    <message>
        <source>AIRS already has exactly this text (revision %1): unchanged.</source>
        <translation>AIRS hat genau diesen Text bereits (Revision %1): unverändert.</translation>
    </message>
    <message>
        <source>There is no topic of this name in AIRS: it will be created.</source>
        <translation>In AIRS gibt es kein Thema dieses Namens: Es wird angelegt.</translation>
    </message>
    <message>
        <source>Created in AIRS.</source>
        <translation>In AIRS angelegt.</translation>
    </message>
    <message>
        <source>The apply created it; the revert deleted it again.</source>
        <translation>Die Übernahme hat es angelegt; das Zurücknehmen hat es wieder gelöscht.</translation>
    </message>
    <message>
        <source>AIRS now has revision %1 of this topic. Struck-through text is in AIRS now and will be replaced; highlighted text will be written.</source>
        <translation>AIRS hat jetzt Revision %1 dieses Themas. Durchgestrichener Text steht jetzt in AIRS und wird ersetzt; hervorgehobener Text wird geschrieben.</translation>
    </message>
    <message>
        <source>Updated: the text of revision %1 was replaced. Struck-through text was removed; highlighted text is in AIRS now.</source>
        <translation>Aktualisiert: Der Text von Revision %1 wurde ersetzt. Durchgestrichener Text wurde entfernt; hervorgehobener Text steht jetzt in AIRS.</translation>
    </message>
    <message>
        <source>Reverted: AIRS has the text of revision %1 again (struck through); the highlighted text was taken back.</source>
        <translation>Zurückgenommen: AIRS hat wieder den Text von Revision %1 (durchgestrichen); der hervorgehobene Text wurde zurückgenommen.</translation>
    </message>
    <message>
        <source>Companion topic “%1” (allow)</source>
        <translation>Zugehöriges Thema „%1“ (erlauben)</translation>
    </message>
    <message>
        <source>Topic “%1” (%2)</source>
        <translation>Thema „%1“ (%2)</translation>
    </message>
    <message>
        <source>The companion is an allow topic the run wrote for the legitimate side of the same subject, so that AIRS can tell harmless prompts from the ones the block topic must catch; the run measured the block topic together with it, so it is applied with it.</source>
        <translation>Das zugehörige Thema ist ein Erlauben-Thema, das der Lauf für die legitime Seite desselben Gegenstands geschrieben hat, damit AIRS harmlose Prompts von denen unterscheiden kann, die das Blockieren-Thema abfangen muss; der Lauf hat das Blockieren-Thema zusammen mit ihm gemessen, daher wird es mit ihm übernommen.</translation>
    </message>
    <message>
        <source>Description (unchanged)</source>
        <translation>Beschreibung (unverändert)</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>Beispiele</translation>
    </message>
    <message>
        <source>removed:</source>
        <translation>entfernt:</translation>
    </message>
    <message>
        <source>added:</source>
        <translation>hinzugefügt:</translation>
    </message>
    <message>
        <source>Security profile %1</source>
        <translation>Sicherheitsprofil %1</translation>
    </message>
    <message>
        <source>Profile &lt;b&gt;%1&lt;/b&gt; already pins these topics at their latest revisions.</source>
        <translation>Profil &lt;b&gt;%1&lt;/b&gt; verwendet diese Themen bereits in ihrer neuesten Revision.</translation>
    </message>
    <message>
        <source>The revert put the topic guardrails of profile &lt;b&gt;%1&lt;/b&gt; back as they were before the apply.</source>
        <translation>Das Zurücknehmen hat die Themen-Guardrails von Profil &lt;b&gt;%1&lt;/b&gt; so wiederhergestellt, wie sie vor der Übernahme waren.</translation>
    </message>
    <message>
        <source>Profile &lt;b&gt;%1&lt;/b&gt; now pins these topics at their latest revisions:</source>
        <translation>Profil &lt;b&gt;%1&lt;/b&gt; verwendet diese Themen jetzt in ihrer neuesten Revision:</translation>
    </message>
    <message>
        <source>Profile &lt;b&gt;%1&lt;/b&gt; will pin these topics at their latest revisions:</source>
        <translation>Profil &lt;b&gt;%1&lt;/b&gt; wird diese Themen in ihrer neuesten Revision verwenden:</translation>
    </message>
    <message>
        <source>Block: &lt;b&gt;%1&lt;/b&gt; — a prompt that matches it is blocked</source>
        <translation>Blockieren: &lt;b&gt;%1&lt;/b&gt; — ein Prompt, der darauf passt, wird blockiert</translation>
    </message>
    <message>
        <source>Allow: &lt;b&gt;%1&lt;/b&gt;, the companion — a prompt that matches it is allowed</source>
        <translation>Erlauben: &lt;b&gt;%1&lt;/b&gt;, das zugehörige Thema — ein Prompt, der darauf passt, wird erlaubt</translation>
    </message>
    <message>
        <source>Allow: &lt;b&gt;%1&lt;/b&gt; — a prompt that matches it is allowed</source>
        <translation>Erlauben: &lt;b&gt;%1&lt;/b&gt; — ein Prompt, der darauf passt, wird erlaubt</translation>
    </message>
    <message>
        <source>Profile action for a prompt that matches none of its topics: &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>Profilaktion für einen Prompt, der auf keines seiner Themen passt: &lt;b&gt;%1&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>(It is &lt;b&gt;%1&lt;/b&gt; now: this changes too.)</source>
        <translation>(Derzeit &lt;b&gt;%1&lt;/b&gt;: Auch das ändert sich.)</translation>
    </message>
    <message>
        <source>So the block topic is what this guardrail enforces; everything else passes.</source>
        <translation>Dieser Guardrail setzt also das Blockieren-Thema durch; alles andere wird durchgelassen.</translation>
    </message>
    <message>
        <source>So only prompts on the allow topic pass; everything else is blocked.</source>
        <translation>Es werden also nur Prompts zum Erlauben-Thema durchgelassen; alles andere wird blockiert.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Every other topic on the profile, and every other setting, is kept.</source>
        <translation>Alle anderen Themen des Profils und alle anderen Einstellungen bleiben erhalten.</translation>
    </message>
    <message>
        <source>Other topics on the profile: %1.</source>
        <translation>Weitere Themen des Profils: %1.</translation>
    </message>
    <message>
        <source>Profile %1 changed since the run read it at its start: the run&apos;s figures were measured against the profile as it was then.</source>
        <translation>Profil %1 wurde geändert, seit der Lauf es zu Beginn gelesen hat: Die Zahlen des Laufs wurden mit dem Profil gemessen, wie es damals war.</translation>
    </message>
    <message>
        <source>Topic “%1” was pinned since (%2).</source>
        <translation>Thema „%1“ wurde seitdem angeheftet (%2).</translation>
    </message>
    <message>
        <source>Topic “%1” was unpinned since.</source>
        <translation>Thema „%1“ wurde seitdem entfernt.</translation>
    </message>
    <message>
        <source>Topic “%1” moved from %2 to %3.</source>
        <translation>Thema „%1“ wurde von %2 nach %3 verschoben.</translation>
    </message>
    <message>
        <source>Topic “%1” is pinned at revision %2 now (was %3).</source>
        <translation>Thema „%1“ ist jetzt in Revision %2 angeheftet (vorher %3).</translation>
    </message>
    <message>
        <source>The action for prompts that match none of its topics is %1 now (was %2).</source>
        <translation>Die Aktion für Prompts, die zu keinem seiner Themen passen, ist jetzt %1 (vorher %2).</translation>
    </message>
    <message>
        <source>unset</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>Other settings of the profile changed.</source>
        <translation>Andere Einstellungen des Profils wurden geändert.</translation>
    </message>
</context>
<context>
    <name>AuditTopicsModel</name>
    <message>
        <source>allow</source>
        <translation>erlauben</translation>
    </message>
    <message>
        <source>block</source>
        <translation>blockieren</translation>
    </message>
    <message>
        <source>%1 (%2 not scanned)</source>
        <translation>%1 (%2 nicht gescannt)</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>Thema</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>TPR</source>
        <translation>TPR</translation>
    </message>
    <message>
        <source>TNR</source>
        <translation>TNR</translation>
    </message>
    <message>
        <source>Prompts</source>
        <translation>Prompts</translation>
    </message>
</context>
<context>
    <name>BenchmarkField</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 cannot be used: %2</source>
        <translation>%1 ist nicht verwendbar: %2</translation>
    </message>
    <message>
        <source>%1 cannot be used: a benchmark needs prompts that should trigger and prompts that should not.</source>
        <translation>%1 ist nicht verwendbar: Ein Benchmark braucht Prompts, die auslösen sollen, und Prompts, die es nicht sollen.</translation>
    </message>
    <message>
        <source>±%1 points would need %2 prompts, more than a benchmark here may have.</source>
        <translation>±%1 Punkte bräuchten %2 Prompts, mehr als ein Benchmark hier haben darf.</translation>
    </message>
    <message>
        <source>±%1 points needs %2 prompts.</source>
        <translation>±%1 Punkte brauchen %2 Prompts.</translation>
    </message>
    <message>
        <source>With %1 positives and %2 negatives, a coverage near 90 % is measured to about ±%3 points (95 % interval). %4</source>
        <translation>Mit %1 Positiven und %2 Negativen wird eine Abdeckung um 90 % auf etwa ±%3 Punkte genau gemessen (95-%-Intervall). %4</translation>
    </message>
    <message numerus="yes">
        <source>%n labelled prompt(s) from %1, scored in every iteration and never shown to the LLM.</source>
        <translation>
            <numerusform>%n gelabelter Prompt aus %1, in jeder Iteration gemessen und dem LLM nie gezeigt.</numerusform>
            <numerusform>%n gelabelte Prompts aus %1, in jeder Iteration gemessen und dem LLM nie gezeigt.</numerusform>
        </translation>
    </message>
    <message>
        <source>the copied run</source>
        <translation>dem kopierten Lauf</translation>
    </message>
    <message>
        <source>The LLM writes %1 prompts once; every iteration is scored on them.</source>
        <translation>Das LLM schreibt einmal %1 Prompts; jede Iteration wird daran gemessen.</translation>
    </message>
    <message>
        <source>No benchmark: each iteration is scored only on its own tests.</source>
        <translation>Kein Benchmark: Jede Iteration wird nur an ihren eigenen Tests gemessen.</translation>
    </message>
    <message>
        <source>Benchmark unchanged: %1</source>
        <translation>Benchmark unverändert: %1</translation>
    </message>
</context>
<context>
    <name>BenchmarkGrid</name>
    <message>
        <source>Search the benchmark prompts</source>
        <translation>Benchmark-Prompts durchsuchen</translation>
    </message>
    <message>
        <source>Benchmark prompts by iteration</source>
        <translation>Benchmark-Prompts nach Iteration</translation>
    </message>
    <message>
        <source>This run has no held-out benchmark (runs made before it existed, or started with --benchmark 0), so there is no prompt-by-iteration grid.</source>
        <translation>Dieser Lauf hat keinen zurückgehaltenen Benchmark (Läufe von vor seiner Einführung oder mit --benchmark 0 gestartet), daher gibt es kein Prompt-Iterations-Raster.</translation>
    </message>
    <message>
        <source>Your additions made %1 benchmark versions; each column says which one it was scored on, and · marks a prompt added after it.</source>
        <translation>Durch manuelle Ergänzungen gibt es %1 Benchmark-Versionen; jede Spalte nennt die Version, an der sie gemessen wurde, und · markiert einen Prompt, der erst danach hinzukam.</translation>
    </message>
    <message>
        <source>%1 held-out prompts × %2 iterations; %3 of them flip between iterations. Showing %4. ✓ correct, ✗ wrong. Click an iteration&apos;s header to compare it with the one before.</source>
        <translation>%1 zurückgehaltene Prompts × %2 Iterationen; %3 davon wechseln zwischen Iterationen. Angezeigt: %4. ✓ richtig, ✗ falsch. Klicken Sie auf den Spaltenkopf einer Iteration, um sie mit der vorigen zu vergleichen.</translation>
    </message>
    <message>
        <source>Onl&amp;y prompts that flip</source>
        <translation>Nur Prompts, die &amp;wechseln</translation>
    </message>
</context>
<context>
    <name>BenchmarkGridModel</name>
    <message>
        <source>Category: %1</source>
        <translation>Kategorie: %1</translation>
    </message>
    <message>
        <source>no action</source>
        <translation>keine Aktion</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Click to compare iteration %1 with the one before it</source>
        <translation>Klicken, um Iteration %1 mit der vorigen zu vergleichen</translation>
    </message>
    <message>
        <source>Benchmark prompt</source>
        <translation>Benchmark-Prompt</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Erwartet</translation>
    </message>
    <message>
        <source>%1

Added by you: in the benchmark from version %2 on</source>
        <translation>%1

Manuell hinzugefügt: im Benchmark ab Version %2</translation>
    </message>
    <message>
        <source>%1
Category: %2</source>
        <translation>%1
Kategorie: %2</translation>
    </message>
    <message>
        <source>not asked</source>
        <translation>nicht gescannt</translation>
    </message>
    <message>
        <source>Iteration %1 was scored on benchmark version %2, before this prompt was added</source>
        <translation>Iteration %1 wurde an Benchmark-Version %2 gemessen, bevor dieser Prompt hinzukam</translation>
    </message>
    <message>
        <source>Scored on benchmark version %1 (%2 prompts).</source>
        <translation>Gemessen an Benchmark-Version %1 (%2 Prompts).</translation>
    </message>
    <message>
        <source>%1 (v%2)</source>
        <translation>%1 (v%2)</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1 as expected: correct</source>
        <translation>%1, wie erwartet: richtig</translation>
    </message>
    <message>
        <source>%1, expected %2: wrong (a %3)</source>
        <translation>%1, erwartet war %2: falsch (ein %3)</translation>
    </message>
    <message>
        <source>Iteration %1: %2
AIRS action: %3, category: %4</source>
        <translation>Iteration %1: %2
AIRS-Aktion: %3, Kategorie: %4</translation>
    </message>
    <message>
        <source>not scanned</source>
        <translation>nicht gescannt</translation>
    </message>
    <message>
        <source>Iteration %1: not scanned, so left out of the figures
%2</source>
        <translation>Iteration %1: nicht gescannt, daher in keiner Kennzahl
%2</translation>
    </message>
</context>
<context>
    <name>BudgetFields</name>
    <message>
        <source>Token budget</source>
        <translation>Token-Budget</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keines</translation>
    </message>
    <message>
        <source>Pause the run before an LLM call would take it past this many tokens (in + out, the whole run). Empty: no limit. Resume with a higher budget to go on.</source>
        <translation>Den Lauf anhalten, bevor ein LLM-Aufruf ihn über so viele Tokens brächte (Eingabe + Ausgabe, der ganze Lauf). Leer: keine Grenze. Setzen Sie ihn mit einem höheren Budget fort, um weiterzumachen.</translation>
    </message>
    <message>
        <source>Cost budget in US dollars</source>
        <translation>Kostenbudget in US-Dollar</translation>
    </message>
    <message>
        <source>Pause the run before an LLM call would take its estimated cost past this many US dollars. Needs a price for the model in &quot;llmPrices&quot; in config.json. Empty: no limit.</source>
        <translation>Den Lauf anhalten, bevor ein LLM-Aufruf seine geschätzten Kosten über so viele US-Dollar brächte. Braucht einen Preis für das Modell in &quot;llmPrices&quot; in config.json. Leer: keine Grenze.</translation>
    </message>
    <message>
        <source>Token &amp;budget:</source>
        <translation>Token-Budg&amp;et:</translation>
    </message>
    <message>
        <source>Cost budget (US&amp;D):</source>
        <translation>Kosten&amp;budget (USD):</translation>
    </message>
    <message>
        <source>The token budget must be a whole number of tokens above 0 (or empty for none).</source>
        <translation>Das Token-Budget muss eine ganze Zahl von Tokens über 0 sein (oder leer für keines).</translation>
    </message>
    <message>
        <source>The cost budget must be an amount in US dollars above 0, such as %1 (or empty for none).</source>
        <translation>Das Kostenbudget muss ein Betrag in US-Dollar über 0 sein, etwa %1 (oder leer für keines).</translation>
    </message>
</context>
<context>
    <name>CategoryDetailsWidget</name>
    <message>
        <source>Anti-patterns</source>
        <translation>Anti-Patterns</translation>
    </message>
    <message>
        <source>Remove anti-pattern</source>
        <translation>Anti-Pattern entfernen</translation>
    </message>
    <message>
        <source>Best-known topic</source>
        <translation>Bestes bekanntes Thema</translation>
    </message>
    <message>
        <source>Use as &amp;seed for a new run</source>
        <translation>Als &amp;Startpunkt für einen neuen Lauf verwenden</translation>
    </message>
    <message>
        <source>No best-known topic yet.</source>
        <translation>Noch kein bestes bekanntes Thema.</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>TPR</source>
        <translation>TPR</translation>
    </message>
    <message>
        <source>TNR</source>
        <translation>TNR</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>%1, iteration %2</source>
        <translation>%1, Iteration %2</translation>
    </message>
    <message>
        <source>An anti-pattern cannot be empty.</source>
        <translation>Ein Anti-Pattern darf nicht leer sein.</translation>
    </message>
    <message>
        <source>Add anti-pattern</source>
        <translation>Anti-Pattern hinzufügen</translation>
    </message>
    <message>
        <source>What to avoid in %1:</source>
        <translation>Was in %1 vermieden werden soll:</translation>
    </message>
    <message>
        <source>A learning rejected until it turned into an anti-pattern (%1). Edit or delete it in the learnings table.</source>
        <translation>Eine Erkenntnis, die so oft abgelehnt wurde, dass sie zum Anti-Pattern wurde (%1). In der Erkenntnistabelle bearbeiten oder löschen.</translation>
    </message>
    <message>
        <source>Edit anti-pattern</source>
        <translation>Anti-Pattern bearbeiten</translation>
    </message>
    <message>
        <source>Add…</source>
        <comment>an anti-pattern; Alt+D is the learning&apos;s Add</comment>
        <translation>Hinzufügen…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
</context>
<context>
    <name>CategoryListModel</name>
    <message>
        <source>%1 (unreadable)</source>
        <translation>%1 (nicht lesbar)</translation>
    </message>
    <message>
        <source>%1 (%2, %3 pending)</source>
        <translation>%1 (%2, %3 ausstehend)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>%1, %n learning(s)</source>
        <translation>
            <numerusform>%1, %n Erkenntnis</numerusform>
            <numerusform>%1, %n Erkenntnisse</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1
File: %2.json
%n learning(s), %3 pending, %4 anti-patterns</source>
        <translation>
            <numerusform>%1
Datei: %2.json
%n Erkenntnis, %3 ausstehend, %4 Anti-Patterns</numerusform>
            <numerusform>%1
Datei: %2.json
%n Erkenntnisse, %3 ausstehend, %4 Anti-Patterns</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CleanupDialog</name>
    <message>
        <source>Clean Up AIRS</source>
        <translation>AIRS aufräumen</translation>
    </message>
    <message>
        <source>Clean up what stopped runs left on AIRS</source>
        <translation>Aufräumen, was beendete Läufe in AIRS hinterlassen haben</translation>
    </message>
    <message>
        <source>What will be deleted</source>
        <translation>Was gelöscht wird</translation>
    </message>
    <message>
        <source>&amp;Delete these</source>
        <translation>Diese &amp;löschen</translation>
    </message>
    <message>
        <source>Deleting…</source>
        <translation>Wird gelöscht…</translation>
    </message>
    <message>
        <source>Passed over: %1</source>
        <translation>Übersprungen: %1</translation>
    </message>
    <message>
        <source>Not done: %1</source>
        <translation>Nicht erledigt: %1</translation>
    </message>
    <message>
        <source>Done: nothing the runs created is left on AIRS.</source>
        <translation>Erledigt: Von dem, was die Läufe angelegt haben, ist nichts mehr in AIRS.</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) still have objects on AIRS: see the reasons below, then try again.</source>
        <translation>
            <numerusform>%n Lauf hat noch Objekte in AIRS: Gründe siehe unten, dann erneut versuchen.</numerusform>
            <numerusform>%n Läufe haben noch Objekte in AIRS: Gründe siehe unten, dann erneut versuchen.</numerusform>
        </translation>
    </message>
    <message>
        <source>No stopped run, audit or impact check has anything left on AIRS.</source>
        <translation>Kein beendeter Lauf, kein Audit und keine Auswirkungsprüfung hat etwas in AIRS hinterlassen.</translation>
    </message>
    <message>
        <source>Stopped runs, audits or impact checks left these on AIRS (killed, or AIRS refused their clean-up). Nothing is deleted until you choose Delete.</source>
        <translation>Beendete Läufe, Audits oder Auswirkungsprüfungen haben dies in AIRS hinterlassen (abgebrochen, oder AIRS verweigerte das Aufräumen). Gelöscht wird erst, wenn Sie „Löschen“ wählen.</translation>
    </message>
</context>
<context>
    <name>ComparePanel</name>
    <message>
        <source>Compare iterations</source>
        <translation>Iterationen vergleichen</translation>
    </message>
    <message>
        <source>Iteration A (before)</source>
        <translation>Iteration A (vorher)</translation>
    </message>
    <message>
        <source>Iteration B (after)</source>
        <translation>Iteration B (nachher)</translation>
    </message>
    <message>
        <source>with iteration &amp;B:</source>
        <translation>mit Iteration &amp;B:</translation>
    </message>
    <message>
        <source>⇄ Swap</source>
        <translation>⇄ Tauschen</translation>
    </message>
    <message>
        <source>Swap iterations A and B</source>
        <translation>Iterationen A und B tauschen</translation>
    </message>
    <message>
        <source>Swap A and B (Ctrl+Shift+S)</source>
        <translation>A und B tauschen (Strg+Umschalt+S)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Description changes</source>
        <translation>Änderungen der Beschreibung</translation>
    </message>
    <message>
        <source>Examples added in B</source>
        <translation>In B hinzugefügte Beispiele</translation>
    </message>
    <message>
        <source>Examples removed from A</source>
        <translation>Aus A entfernte Beispiele</translation>
    </message>
    <message>
        <source>Examples a&amp;dded</source>
        <translation>Beispiele hin&amp;zugefügt</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>Kennzahlen</translation>
    </message>
    <message>
        <source>▲/▼ show which way a metric moved from A to B; green is better, red is worse. Rates change in percentage points (pp); for false positives and false negatives fewer is better.</source>
        <translation>▲/▼ zeigen, in welche Richtung sich eine Kennzahl von A nach B bewegt hat; Grün ist besser, Rot ist schlechter. Raten ändern sich in Prozentpunkten (PP); bei Falsch-Positiven und Falsch-Negativen ist weniger besser.</translation>
    </message>
    <message>
        <source>Apply iteration B to AIRS</source>
        <translation>Iteration B in AIRS übernehmen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+A</source>
        <translation>Ctrl+Shift+A</translation>
    </message>
    <message>
        <source>#%1 — %2 coverage</source>
        <translation>#%1 — %2 Abdeckung</translation>
    </message>
    <message>
        <source> (best)</source>
        <translation> (beste)</translation>
    </message>
    <message>
        <source>Open a run or wait for its first recorded iteration to compare iterations.</source>
        <translation>Öffnen Sie einen Lauf oder warten Sie auf seine erste aufgezeichnete Iteration, um Iterationen zu vergleichen.</translation>
    </message>
    <message>
        <source>Iteration %1 → %2: coverage %3 → %4 (%5); %6 fixed, %7 broken.</source>
        <translation>Iteration %1 → %2: Abdeckung %3 → %4 (%5); %6 behoben, %7 neu falsch.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>The description is unchanged.</source>
        <translation>Die Beschreibung ist unverändert.</translation>
    </message>
    <message>
        <source>Words in the description: %1 removed, %2 added.</source>
        <translation>Wörter in der Beschreibung: %1 entfernt, %2 hinzugefügt.</translation>
    </message>
    <message>
        <source>A: %1
B: %2
%3</source>
        <translation>A: %1
B: %2
%3</translation>
    </message>
    <message>
        <source>Apply iteration %1 to AIRS…</source>
        <translation>Iteration %1 in AIRS übernehmen…</translation>
    </message>
    <message>
        <source>Apply iteration B to AIRS…</source>
        <translation>Iteration B in AIRS übernehmen…</translation>
    </message>
    <message>
        <source>Pick an iteration to apply.</source>
        <translation>Wählen Sie eine Iteration zum Übernehmen.</translation>
    </message>
    <message>
        <source>Add AIRS management credentials in the settings to apply topics.</source>
        <translation>Tragen Sie AIRS-Verwaltungszugangsdaten in den Einstellungen ein, um Themen zu übernehmen.</translation>
    </message>
    <message>
        <source>The run is still deploying its own topics: pause it or let it finish first.</source>
        <translation>Der Lauf stellt noch seine eigenen Themen bereit: Pausieren Sie ihn oder lassen Sie ihn erst zu Ende laufen.</translation>
    </message>
    <message>
        <source>Write iteration %1&apos;s topic to the production profile, or revert an earlier apply (Ctrl+Shift+A)</source>
        <translation>Das Thema von Iteration %1 ins Produktionsprofil übernehmen oder eine frühere Übernahme zurücknehmen (Strg+Umschalt+A)</translation>
    </message>
    <message>
        <source>Is B better than A?</source>
        <translation>Ist B besser als A?</translation>
    </message>
    <message>
        <source>These iterations scanned no prompt in common, so they cannot be compared prompt by prompt.</source>
        <translation>Diese Iterationen haben keinen Prompt gemeinsam gescannt und lassen sich daher nicht Prompt für Prompt vergleichen.</translation>
    </message>
    <message>
        <source>p = %1</source>
        <translation>p = %1</translation>
    </message>
    <message>
        <source>Iteration %1 is better than iteration %2: %3.</source>
        <translation>Iteration %1 ist besser als Iteration %2: %3.</translation>
    </message>
    <message>
        <source>Iteration %1 is worse than iteration %2: %3.</source>
        <translation>Iteration %1 ist schlechter als Iteration %2: %3.</translation>
    </message>
    <message>
        <source>The difference is within noise: %1.</source>
        <translation>Der Unterschied liegt im Rauschen: %1.</translation>
    </message>
    <message>
        <source>Counted on the %1 prompts both iterations scanned; %2 only in iteration %3, %4 only in iteration %5.</source>
        <translation>Gezählt über die %1 Prompts, die beide Iterationen gescannt haben; %2 nur in Iteration %3, %4 nur in Iteration %5.</translation>
    </message>
    <message>
        <source>Tests that fl&amp;ipped</source>
        <translation>Ge&amp;änderte Tests</translation>
    </message>
    <message>
        <source>Benchmark &amp;grid</source>
        <translation>Benchmark-Ra&amp;ster</translation>
    </message>
    <message>
        <source>Counted on the %1 held-out benchmark prompts.</source>
        <translation>Gezählt über die %1 zurückgehaltenen Benchmark-Prompts.</translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s) left out: their verdict changed between repeated scans.</source>
        <translation>
            <numerusform>%n Prompt weggelassen: Sein Urteil wechselte zwischen wiederholten Scans.</numerusform>
            <numerusform>%n Prompts weggelassen: Ihr Urteil wechselte zwischen wiederholten Scans.</numerusform>
        </translation>
    </message>
    <message>
        <source>Iteration %1 → %2: benchmark coverage %3 → %4 (%5); in their own tests, %6 fixed, %7 broken.</source>
        <translation>Iteration %1 → %2: Benchmark-Abdeckung %3 → %4 (%5); in den eigenen Tests %6 behoben, %7 neu falsch.</translation>
    </message>
    <message>
        <source> (benchmark v%1)</source>
        <translation> (Benchmark v%1)</translation>
    </message>
    <message numerus="yes">
        <source>Benchmark v%1 vs v%2: compared on the %n prompt(s) both were asked.</source>
        <translation>
            <numerusform>Benchmark v%1 und v%2: verglichen über den %n Prompt, der in beiden enthalten ist.</numerusform>
            <numerusform>Benchmark v%1 und v%2: verglichen über die %n Prompts, die in beiden enthalten sind.</numerusform>
        </translation>
    </message>
    <message>
        <source>▲▼ from A to B: green better, red worse; pp = percentage points</source>
        <translation>▲▼ von A nach B: Grün besser, Rot schlechter; PP = Prozentpunkte</translation>
    </message>
    <message>
        <source>p &lt; %1</source>
        <translation>p &lt; %1</translation>
    </message>
    <message>
        <source>coverage %1 → %2</source>
        <translation>Abdeckung %1 → %2</translation>
    </message>
    <message>
        <source>limits B</source>
        <translation>begrenzt B</translation>
    </message>
    <message>
        <source>limited A</source>
        <translation>begrenzte A</translation>
    </message>
    <message>
        <source>%1: %2 fixed, %3 broken, %4</source>
        <translation>%1: %2 behoben, %3 neu falsch, %4</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Positives (TPR)</source>
        <translation>Positive (TPR)</translation>
    </message>
    <message>
        <source>Negatives (TNR)</source>
        <translation>Negative (TNR)</translation>
    </message>
    <message>
        <source>All prompts (accuracy)</source>
        <translation>Alle Prompts (Genauigkeit)</translation>
    </message>
    <message>
        <source>%1 fixed, %2 broken, %3</source>
        <translation>%1 behoben, %2 neu falsch, %3</translation>
    </message>
    <message>
        <source>In production: iteration %1 of this run, applied to profile “%2” on %3. &lt;a href=&quot;#revert&quot;&gt;Revert…&lt;/a&gt;</source>
        <translation>In Produktion: Iteration %1 dieses Laufs, am %3 in das Profil „%2“ übernommen. &lt;a href=&quot;#revert&quot;&gt;Zurücknehmen…&lt;/a&gt;</translation>
    </message>
    <message>
        <source>&amp;Topic changes</source>
        <translation>&amp;Themenänderungen</translation>
    </message>
    <message>
        <source>Responses: %1 → %2 (%3).</source>
        <translation>Antworten: %1 → %2 (%3).</translation>
    </message>
    <message>
        <source>Responses: coverage %1 → %2; TPR %3 → %4, TNR %5 → %6.</source>
        <translation>Antworten: Abdeckung %1 → %2; TPR %3 → %4, TNR %5 → %6.</translation>
    </message>
    <message>
        <source>Compar&amp;e iteration A:</source>
        <translation>&amp;Iteration A vergleichen:</translation>
    </message>
    <message>
        <source>E&amp;xamples removed</source>
        <translation>Beispiele &amp;entfernt</translation>
    </message>
    <message>
        <source>coverage of the weaker direction %1 → %2</source>
        <translation>Abdeckung der schwächeren Richtung %1 → %2</translation>
    </message>
    <message>
        <source>No difference: %1.</source>
        <translation>Kein Unterschied: %1.</translation>
    </message>
    <message>
        <source>Decided on the measured values: a paired test holds for one set of prompts, not for the lower of two.</source>
        <translation>Nach den gemessenen Werten entschieden: Ein gepaarter Test gilt für eine Menge von Prompts, nicht für die schwächere von zwei.</translation>
    </message>
    <message>
        <source>Decided on the measured values of the working suites, as the run decides.</source>
        <translation>Nach den gemessenen Werten der Arbeits-Testreihen entschieden, wie der Lauf entscheidet.</translation>
    </message>
    <message>
        <source>Iteration %1&apos;s %2 (%3) are not above iteration %4&apos;s coverage (%5) beyond noise (%6).</source>
        <translation>Die %2 von Iteration %1 (%3) liegen nicht über das Rauschen hinaus über der Abdeckung von Iteration %4 (%5) (%6).</translation>
    </message>
    <message>
        <source>positives</source>
        <translation>Positiven</translation>
    </message>
    <message>
        <source>negatives</source>
        <translation>Negativen</translation>
    </message>
    <message>
        <source>A benchmark of about %1 prompts would tell them apart.</source>
        <translation>Ein Benchmark mit etwa %1 Prompts würde sie unterscheiden.</translation>
    </message>
    <message>
        <source>Iteration %1 of this run was applied to profile “%2” on %3, but the profile no longer holds it as applied: it was changed or reverted on AIRS since (or the sandbox&apos;s tenant was reset).</source>
        <translation>Iteration %1 dieses Laufs wurde am %3 in das Profil „%2“ übernommen, aber das Profil enthält sie nicht mehr so: Sie wurde seither in AIRS geändert oder zurückgenommen (oder der Mandant der Sandbox wurde zurückgesetzt).</translation>
    </message>
    <message>
        <source>Iteration %1 of this run was applied to profile “%2” on %3; whether it is still there could not be read (%4). &lt;a href=&quot;#revert&quot;&gt;Revert…&lt;/a&gt;</source>
        <translation>Iteration %1 dieses Laufs wurde am %3 auf das Profil „%2“ angewendet; ob sie noch dort ist, ließ sich nicht lesen (%4). &lt;a href=&quot;#revert&quot;&gt;Zurücknehmen…&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Iteration %1 of this run was applied to profile “%2” on %3; reading the profile to see whether it is still there…</source>
        <translation>Iteration %1 dieses Laufs wurde am %3 auf das Profil „%2“ angewendet; das Profil wird gelesen, um zu sehen, ob sie noch dort ist…</translation>
    </message>
</context>
<context>
    <name>ConflictListModel</name>
    <message>
        <source>should match</source>
        <translation>soll treffen</translation>
    </message>
    <message>
        <source>should not match</source>
        <translation>soll nicht treffen</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Written for</source>
        <translation>Geschrieben für</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Label</translation>
    </message>
    <message>
        <source>Matched by</source>
        <translation>Getroffen von</translation>
    </message>
</context>
<context>
    <name>ConflictMatrixModel</name>
    <message>
        <source>%1 against itself</source>
        <translation>%1 gegen sich selbst</translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s) written for “%1” matched by “%2”</source>
        <translation>
            <numerusform>%n Prompt für „%1“ von „%2“ getroffen</numerusform>
            <numerusform>%n Prompts für „%1“ von „%2“ getroffen</numerusform>
        </translation>
    </message>
    <message>
        <source>Prompts written for “%1”</source>
        <translation>Prompts, geschrieben für „%1“</translation>
    </message>
    <message>
        <source>Matched by “%1”</source>
        <translation>Getroffen von „%1“</translation>
    </message>
</context>
<context>
    <name>ConnectionTester</name>
    <message>
        <source>No AIRS API key is set.</source>
        <translation>Es ist kein AIRS-API-Schlüssel gesetzt.</translation>
    </message>
    <message>
        <source>Choose a security profile to scan against first.</source>
        <translation>Wählen Sie zuerst ein Sicherheitsprofil, gegen das gescannt wird.</translation>
    </message>
    <message>
        <source>Scan API answered (scan id %1).</source>
        <translation>Die Scan-API hat geantwortet (Scan-ID %1).</translation>
    </message>
    <message>
        <source>Client id, client secret and TSG id are all needed.</source>
        <translation>Client-ID, Client-Secret und TSG-ID werden alle benötigt.</translation>
    </message>
    <message>
        <source>OAuth token received.</source>
        <translation>OAuth-Token erhalten.</translation>
    </message>
    <message>
        <source>%1 (%2) answered.</source>
        <translation>%1 (%2) hat geantwortet.</translation>
    </message>
</context>
<context>
    <name>CrossRunChart</name>
    <message>
        <source>Each run&apos;s coverage by iteration, on its own benchmark</source>
        <translation>Die Abdeckung jedes Laufs je Iteration, auf seinem eigenen Benchmark</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>Iteration</translation>
    </message>
    <message>
        <source>Coverage %</source>
        <translation>Abdeckung in %</translation>
    </message>
    <message>
        <source>Each run on its own benchmark</source>
        <translation>Jeder Lauf auf eigenem Benchmark</translation>
    </message>
</context>
<context>
    <name>CrossRunPlanBox</name>
    <message>
        <source>Reading the runs…</source>
        <translation>Die Läufe werden gelesen…</translation>
    </message>
    <message>
        <source>The &amp;prompts in common</source>
        <translation>Die gemeinsamen &amp;Prompts</translation>
    </message>
    <message>
        <source>&amp;One run&apos;s benchmark:</source>
        <translation>Benchmark &amp;eines Laufs:</translation>
    </message>
    <message>
        <source>The union of &amp;their benchmarks</source>
        <translation>Die Vereinigung &amp;ihrer Benchmarks</translation>
    </message>
    <message>
        <source>Every prompt of every run&apos;s benchmark once; each topic is scanned on the prompts it was not</source>
        <translation>Jeder Prompt aus dem Benchmark jedes Laufs einmal; jedes Thema wird auf den Prompts gescannt, auf denen es noch nicht gescannt wurde</translation>
    </message>
    <message>
        <source>A labelled CS&amp;V file:</source>
        <translation>Eine beschriftete CS&amp;V-Datei:</translation>
    </message>
    <message>
        <source>A CSV with a prompt and its expected label per line, as Add prompts reads</source>
        <translation>Eine CSV-Datei mit einem Prompt und seinem erwarteten Label je Zeile, wie „Prompts hinzufügen“ sie liest</translation>
    </message>
    <message>
        <source>The run whose benchmark to compare on</source>
        <translation>Der Lauf, auf dessen Benchmark verglichen wird</translation>
    </message>
    <message>
        <source>Labelled CSV file</source>
        <translation>Beschriftete CSV-Datei</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>Scan progress</source>
        <translation>Scan-Fortschritt</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>Star&amp;ten</translation>
    </message>
    <message>
        <source>Scan the topics that have no verdicts on these prompts yet, each in a scratch profile removed afterwards</source>
        <translation>Die Themen, die auf diesen Prompts noch kein Ergebnis haben, scannen, jedes in einem Arbeitsprofil, das danach entfernt wird</translation>
    </message>
    <message>
        <source>Ca&amp;ncel scan</source>
        <translation>Scan a&amp;bbrechen</translation>
    </message>
    <message>
        <source>Stop scanning and remove the scratch profile; what was scanned is kept for Resume</source>
        <translation>Das Scannen beenden und das Arbeitsprofil entfernen; was gescannt ist, bleibt für „Fortsetzen“ erhalten</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>Continue the cancelled comparison without scanning again what it has</source>
        <translation>Den abgebrochenen Vergleich fortsetzen, ohne erneut zu scannen, was er schon hat</translation>
    </message>
    <message>
        <source>Nothing to scan: every run&apos;s stored verdicts cover these prompts.</source>
        <translation>Nichts zu scannen: die gespeicherten Ergebnisse jedes Laufs decken diese Prompts ab.</translation>
    </message>
    <message numerus="yes">
        <source>To scan: %n topic(s) × %1 prompts = %2 scans, each in a scratch profile that is removed afterwards.</source>
        <extracomment>%n topics to scan, %1 prompts each, %2 the scans in all.</extracomment>
        <translation>
            <numerusform>Zu scannen: %n Thema × %1 Prompts = %2 Scans, in einem Arbeitsprofil, das danach entfernt wird.</numerusform>
            <numerusform>Zu scannen: %n Themen × %1 Prompts = %2 Scans, jedes in einem Arbeitsprofil, das danach entfernt wird.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The runs&apos; benchmarks have %n prompt(s) in common.</source>
        <extracomment>%n prompts every compared run&apos;s benchmark holds, with the same label.</extracomment>
        <translation>
            <numerusform>Die Benchmarks der Läufe haben %n Prompt gemeinsam.</numerusform>
            <numerusform>Die Benchmarks der Läufe haben %n Prompts gemeinsam.</numerusform>
        </translation>
    </message>
    <message>
        <source>Too few to compare on (at least %1, %2 of each label): compare them on another benchmark.</source>
        <translation>Zu wenige für einen Vergleich (mindestens %1, je Label %2): vergleichen Sie sie auf einem anderen Benchmark.</translation>
    </message>
    <message>
        <source>Compared on %1 prompts (%2 should trigger, %3 should pass).</source>
        <extracomment>%1 prompts, %2 of them should trigger, %3 should pass.</extracomment>
        <translation>Verglichen auf %1 Prompts (%2 sollen auslösen, %3 sollen passieren).</translation>
    </message>
    <message>
        <source>Labelled Prompts</source>
        <translation>Beschriftete Prompts</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV-Dateien (*.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cancelling: removing the scratch profile…</source>
        <translation>Abbruch: das Arbeitsprofil wird entfernt…</translation>
    </message>
    <message>
        <source>Too few to compare on (at least %1, %2 of each label).</source>
        <translation>Zu wenige für einen Vergleich (mindestens %1, je Label %2).</translation>
    </message>
</context>
<context>
    <name>CrossRunTexts</name>
    <message>
        <source>Topic of the leader, %1</source>
        <extracomment>The accessible name of one topic&apos;s column: %1 its rank, %2 its run and iteration.</extracomment>
        <translation>Thema des Spitzenreiters, %1</translation>
    </message>
    <message>
        <source>Topic #%1, %2, against the leader&apos;s</source>
        <translation>Thema #%1, %2, gegen das des Spitzenreiters</translation>
    </message>
    <message>
        <source>#1 (leader) %1</source>
        <extracomment>Heading of a topic&apos;s column: %1 its rank, %2 its run and iteration (&quot;RUN:3&quot;).</extracomment>
        <translation>#1 (Spitzenreiter) %1</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>As a word diff against the leader&apos;s topic</source>
        <translation>Wortweise Unterschiede zum Thema des Spitzenreiters</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>Beispiele</translation>
    </message>
</context>
<context>
    <name>CrossRunWindow</name>
    <message>
        <source>Compare Runs</source>
        <translation>Läufe vergleichen</translation>
    </message>
    <message>
        <source>Compare runs on one benchmark</source>
        <translation>Läufe auf einem Benchmark vergleichen</translation>
    </message>
    <message>
        <source>Leaderboard</source>
        <translation>Rangliste</translation>
    </message>
    <message>
        <source>&amp;Leaderboard on the shared prompts (expand a row for the prompts that separate it from the leader):</source>
        <translation>&amp;Rangliste auf den gemeinsamen Prompts (eine Zeile aufklappen für die Prompts, die sie vom Spitzenreiter trennen):</translation>
    </message>
    <message>
        <source>&amp;Apply…</source>
        <translation>&amp;Übernehmen…</translation>
    </message>
    <message>
        <source>Reading the runs…</source>
        <translation>Die Läufe werden gelesen…</translation>
    </message>
    <message>
        <source>Scanning needs AIRS: add its credentials in the settings, or pick a benchmark every run was scanned on.</source>
        <translation>Zum Scannen wird AIRS gebraucht: tragen Sie die Zugangsdaten in den Einstellungen ein, oder wählen Sie einen Benchmark, auf dem jeder Lauf gescannt wurde.</translation>
    </message>
    <message>
        <source>Cancelled; the scratch profile was removed. What was scanned is kept.</source>
        <translation>Abgebrochen; das Arbeitsprofil ist entfernt. Was gescannt wurde, bleibt erhalten.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Start…</translation>
    </message>
    <message>
        <source>Left on AIRS (File ▸ Clean up AIRS… removes it): %1</source>
        <translation>In AIRS übrig geblieben (Datei ▸ AIRS aufräumen… entfernt es): %1</translation>
    </message>
    <message>
        <source>Scanned; every scratch profile was removed.</source>
        <translation>Gescannt; jedes Arbeitsprofil ist entfernt.</translation>
    </message>
    <message>
        <source>Add the AIRS management credentials in the settings to apply a topic</source>
        <translation>Tragen Sie die AIRS-Verwaltungszugangsdaten in den Einstellungen ein, um ein Thema zu übernehmen</translation>
    </message>
    <message>
        <source>Apply the topic of %1 to its production profile, with an impact check first</source>
        <extracomment>%1 the candidate&apos;s run and iteration (&quot;RUN:3&quot;).</extracomment>
        <translation>Das Thema von %1 in sein Produktionsprofil übernehmen, mit vorheriger Auswirkungsprüfung</translation>
    </message>
    <message>
        <source>Apply the selected candidate&apos;s topic to AIRS</source>
        <translation>Das Thema des gewählten Kandidaten in AIRS übernehmen</translation>
    </message>
    <message>
        <source>A comparison of these runs on this benchmark stopped before it finished: Resume scans only what it lacks; Start begins afresh.</source>
        <translation>Ein Vergleich dieser Läufe auf diesem Benchmark wurde vor seinem Ende angehalten: Fortsetzen scannt nur, was ihm fehlt; Starten beginnt von vorn.</translation>
    </message>
</context>
<context>
    <name>DesktopNotifier</name>
    <message>
        <source>no session bus</source>
        <translation>kein Session-Bus</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
</context>
<context>
    <name>DirectionsView</name>
    <message>
        <source>Coverage kept under each rewrite</source>
        <translation>Erhaltene Abdeckung je Umformulierung</translation>
    </message>
    <message>
        <source>The figures appear when the first iteration is recorded.</source>
        <translation>Die Zahlen erscheinen, sobald die erste Iteration aufgezeichnet ist.</translation>
    </message>
    <message>
        <source>Iteration %1, the last one recorded</source>
        <translation>Iteration %1, die zuletzt aufgezeichnete</translation>
    </message>
    <message>
        <source>Iteration %1</source>
        <translation>Iteration %1</translation>
    </message>
    <message numerus="yes">
        <source>Responses, %n prompt and response pair(s) judged on what AIRS says of the response: coverage %1, TPR %2, TNR %3 (95 % intervals).</source>
        <translation>
            <numerusform>Antworten, %n Paar aus Prompt und Antwort, bewertet nach dem, was AIRS über die Antwort sagt: Abdeckung %1, TPR %2, TNR %3 (95-%-Intervalle).</numerusform>
            <numerusform>Antworten, %n Paare aus Prompt und Antwort, bewertet nach dem, was AIRS über die Antwort sagt: Abdeckung %1, TPR %2, TNR %3 (95-%-Intervalle).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) AIRS gave no verdict for are left out.</source>
        <translation>
            <numerusform>%n Paar ohne Urteil von AIRS ist nicht mitgezählt.</numerusform>
            <numerusform>%n Paare ohne Urteil von AIRS sind nicht mitgezählt.</numerusform>
        </translation>
    </message>
    <message>
        <source>The run decides on the weaker of the prompt and the response side.</source>
        <translation>Der Lauf entscheidet nach der schwächeren Seite, Prompt oder Antwort.</translation>
    </message>
    <message>
        <source>The run decides on the prompt side; these figures are shown beside it.</source>
        <translation>Der Lauf entscheidet nach der Prompt-Seite; diese Zahlen stehen daneben.</translation>
    </message>
    <message>
        <source>Responses: this iteration has no response tests.</source>
        <translation>Antworten: Diese Iteration hat keine Antworttests.</translation>
    </message>
    <message>
        <source>Rewrites: this iteration has none.</source>
        <translation>Umformulierungen: Diese Iteration hat keine.</translation>
    </message>
    <message numerus="yes">
        <source>Coverage kept under each rewrite of %n benchmark prompt(s), against the same prompts as written. Never part of the decision.</source>
        <translation>
            <numerusform>Erhaltene Abdeckung je Umformulierung von %n Benchmark-Prompt, verglichen mit demselben Prompt im Original. Nie Teil der Entscheidung.</numerusform>
            <numerusform>Erhaltene Abdeckung je Umformulierung von %n Benchmark-Prompts, verglichen mit denselben Prompts im Original. Nie Teil der Entscheidung.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <source>%1%</source>
        <comment>percent</comment>
        <extracomment>A percentage: %1 is the number already formatted for the locale (&quot;87.5&quot;). German: &quot;%1 %&quot;.</extracomment>
        <translation>%1&#xa0;%</translation>
    </message>
    <message>
        <source>%1%2 pp</source>
        <comment>percentage points</comment>
        <extracomment>A change in percentage points: %1 is the sign (+ or −), %2 the number.</extracomment>
        <translation>%1%2 PP</translation>
    </message>
    <message>
        <source>triggered</source>
        <translation>ausgelöst</translation>
    </message>
    <message>
        <source>not triggered</source>
        <translation>nicht ausgelöst</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>richtig</translation>
    </message>
    <message>
        <source>wrong</source>
        <translation>falsch</translation>
    </message>
    <message>
        <source>false negative</source>
        <translation>Falsch-Negativ</translation>
    </message>
    <message>
        <source>false positive</source>
        <translation>Falsch-Positiv</translation>
    </message>
    <message>
        <source>reached the target coverage on the benchmark (%1 ≥ %2)</source>
        <translation>Zielabdeckung auf dem Benchmark erreicht (%1 ≥ %2)</translation>
    </message>
    <message>
        <source>reached the target coverage (%1 ≥ %2)</source>
        <translation>Zielabdeckung erreicht (%1 ≥ %2)</translation>
    </message>
    <message>
        <source>reached the maximum of %1 iterations</source>
        <translation>Höchstzahl von %1 Iterationen erreicht</translation>
    </message>
    <message>
        <source>stopped after %1 consecutive regressions</source>
        <translation>nach %1 Regressionen in Folge angehalten</translation>
    </message>
    <message>
        <source>coverage plateaued between %1 and %2</source>
        <translation>Abdeckung stagniert zwischen %1 und %2</translation>
    </message>
    <message>
        <source>paused: the application was closed</source>
        <translation>pausiert: Die Anwendung wurde geschlossen</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>the %1 step did not finish within %2 s</source>
        <translation>Schritt „%1“ wurde nicht innerhalb von %2 s abgeschlossen</translation>
    </message>
    <message>
        <source>no LLM provider is configured</source>
        <translation>kein LLM-Anbieter eingerichtet</translation>
    </message>
    <message>
        <source>AIRS management is not configured</source>
        <translation>AIRS-Verwaltung ist nicht eingerichtet</translation>
    </message>
    <message>
        <source>the run file could not be saved</source>
        <translation>Laufdatei konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>paused: the prompt set &quot;%1&quot; is incomplete (%2 of %3 prompts); resume the run to finish it</source>
        <translation>pausiert: Das Prompt-Set „%1“ ist unvollständig (%2 von %3 Prompts); setzen Sie den Lauf fort, um es fertigzustellen</translation>
    </message>
    <message>
        <source>paused: the prompt set &quot;%1&quot; was not created; resume the run to try again</source>
        <translation>pausiert: Das Prompt-Set „%1“ wurde nicht angelegt; setzen Sie den Lauf fort, um es erneut zu versuchen</translation>
    </message>
    <message>
        <source>paused: the token budget would be exceeded by the next LLM call (%1 of %2 tokens used; the call needs about %3); resume the run to raise the budget</source>
        <translation>pausiert: der nächste LLM-Aufruf würde das Token-Budget überschreiten (%1 von %2 Tokens verbraucht; der Aufruf braucht etwa %3); setzen Sie den Lauf fort, um das Budget zu erhöhen</translation>
    </message>
    <message>
        <source>paused: the cost budget would be exceeded by the next LLM call (%1 of %2 spent; the call needs about %3); resume the run to raise the budget</source>
        <translation>pausiert: der nächste LLM-Aufruf würde das Kostenbudget überschreiten (%1 von %2 ausgegeben; der Aufruf braucht etwa %3); setzen Sie den Lauf fort, um das Budget zu erhöhen</translation>
    </message>
    <message>
        <source>paused: the cost budget cannot be checked: there is no price for model %1 in llmPrices in config.json; add one, then resume the run</source>
        <translation>pausiert: das Kostenbudget lässt sich nicht prüfen: für das Modell %1 steht kein Preis in llmPrices in config.json; tragen Sie einen ein und setzen Sie den Lauf dann fort</translation>
    </message>
    <message>
        <source>the production profile &quot;%1&quot; was put back as it was before the run; resuming deploys the candidate on it again</source>
        <translation>das Produktionsprofil „%1“ wurde wiederhergestellt, wie es vor dem Lauf war; beim Fortsetzen wird der Kandidat erneut darauf bereitgestellt</translation>
    </message>
    <message>
        <source>the production profile &quot;%1&quot; could not be put back (%2): the run&apos;s candidate still filters its traffic; `daystrom cleanup --run %3 --yes` puts it back</source>
        <translation>das Produktionsprofil „%1“ konnte nicht wiederhergestellt werden (%2): der Kandidat des Laufs filtert weiter dessen Verkehr; `daystrom cleanup --run %3 --yes` stellt es wieder her</translation>
    </message>
    <message>
        <source>reached the target coverage on the benchmark (%1 ≥ %2; 95% lower bound %3; %4 unstable prompts counted as errors)</source>
        <translation>Zielabdeckung auf dem Benchmark erreicht (%1 ≥ %2; untere 95-%-Grenze %3; %4 instabile Prompts als Fehler gezählt)</translation>
    </message>
    <message>
        <source>reached the target coverage on the benchmark (%1 ≥ %2; 95% lower bound %3)</source>
        <translation>Zielabdeckung auf dem Benchmark erreicht (%1 ≥ %2; untere 95-%-Grenze %3)</translation>
    </message>
    <message>
        <source>stopped after %1 regressions or repeated topics without a new best</source>
        <translation>nach %1 Regressionen oder wiederholten Themen ohne neue beste Iteration angehalten</translation>
    </message>
    <message>
        <source>authentication failed</source>
        <translation>Anmeldung fehlgeschlagen</translation>
    </message>
    <message>
        <source>quota or billing exhausted</source>
        <translation>Kontingent oder Guthaben erschöpft</translation>
    </message>
    <message>
        <source>temporarily unavailable</source>
        <translation>vorübergehend nicht verfügbar</translation>
    </message>
    <message>
        <source>request refused</source>
        <translation>Anfrage abgelehnt</translation>
    </message>
    <message>
        <source>the model refused</source>
        <translation>das Modell hat abgelehnt</translation>
    </message>
    <message>
        <source>output cut off</source>
        <translation>Ausgabe abgeschnitten</translation>
    </message>
    <message>
        <source>invalid output</source>
        <translation>ungültige Ausgabe</translation>
    </message>
    <message>
        <source>network error</source>
        <translation>Netzwerkfehler</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>nicht gefunden</translation>
    </message>
    <message>
        <source>rejected as invalid</source>
        <translation>als ungültig abgelehnt</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>Konflikt</translation>
    </message>
    <message>
        <source>rate limited</source>
        <translation>Anfragelimit erreicht</translation>
    </message>
    <message>
        <source>server error</source>
        <translation>Serverfehler</translation>
    </message>
    <message>
        <source>invalid response</source>
        <translation>ungültige Antwort</translation>
    </message>
    <message>
        <source>LLM: %1</source>
        <translation>LLM: %1</translation>
    </message>
    <message>
        <source>AIRS: %1</source>
        <translation>AIRS: %1</translation>
    </message>
    <message>
        <source>%1 (HTTP %2)</source>
        <translation>%1 (HTTP %2)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 [%2–%3]</source>
        <extracomment>A rate and its 95 % interval: &quot;87.5% [73.2%–94.1%]&quot;.</extracomment>
        <translation>%1 [%2–%3]</translation>
    </message>
    <message>
        <source>As written</source>
        <translation>Im Original</translation>
    </message>
    <message>
        <source>Translation (%1)</source>
        <extracomment>%1: a language&apos;s own name (&quot;Deutsch&quot;, &quot;français&quot;) or its ISO code</extracomment>
        <translation>Übersetzung (%1)</translation>
    </message>
    <message>
        <source>Typos</source>
        <translation>Tippfehler</translation>
    </message>
    <message>
        <source>Leetspeak</source>
        <translation>Leetspeak</translation>
    </message>
    <message>
        <source>Casing and spacing</source>
        <translation>Groß-/Kleinschreibung und Leerzeichen</translation>
    </message>
    <message>
        <source>Base64</source>
        <translation>Base64</translation>
    </message>
    <message>
        <source>Lookalike letters</source>
        <translation>Ähnlich aussehende Buchstaben</translation>
    </message>
    <message>
        <source>Paraphrase</source>
        <translation>Paraphrase</translation>
    </message>
    <message>
        <source>Split over two sentences</source>
        <translation>Auf zwei Sätze verteilt</translation>
    </message>
    <message>
        <source>The sampled benchmark prompts as the benchmark has them: what each rewrite is measured against</source>
        <translation>Die ausgewählten Benchmark-Prompts so, wie der Benchmark sie hat: der Maßstab für jede Umformulierung</translation>
    </message>
    <message>
        <source>The LLM translated each prompt. Custom topics are documented as English-only.</source>
        <translation>Das LLM hat jeden Prompt übersetzt. Eigene Themen sind laut Dokumentation nur für Englisch gedacht.</translation>
    </message>
    <message>
        <source>Two letters swapped in every third longer word</source>
        <translation>Zwei Buchstaben in jedem dritten längeren Wort vertauscht</translation>
    </message>
    <message>
        <source>Letters written as digits: a→4, e→3, i→1, o→0, s→5, t→7</source>
        <translation>Buchstaben als Ziffern: a→4, e→3, i→1, o→0, s→5, t→7</translation>
    </message>
    <message>
        <source>aLtErNaTiNg case, and longer words split by a space</source>
        <translation>wEcHsElNdE Schreibung, und längere Wörter durch ein Leerzeichen geteilt</translation>
    </message>
    <message>
        <source>The prompt encoded in Base64, behind a request to decode it</source>
        <translation>Der Prompt in Base64 kodiert, mit der Bitte, ihn zu dekodieren</translation>
    </message>
    <message>
        <source>Latin letters replaced by Cyrillic ones that look the same</source>
        <translation>Lateinische Buchstaben durch gleich aussehende kyrillische ersetzt</translation>
    </message>
    <message>
        <source>The LLM said the same in other words</source>
        <translation>Das LLM hat dasselbe mit anderen Worten gesagt</translation>
    </message>
    <message>
        <source>The LLM spread the request over two sentences</source>
        <translation>Das LLM hat die Anfrage auf zwei Sätze verteilt</translation>
    </message>
    <message>
        <source>iteration %1 measured %2 but is within noise of iteration %3 on %4 prompts; a benchmark of about %5 prompts would tell them apart</source>
        <translation>Iteration %1 hat %2 gemessen, liegt auf %4 Prompts aber im Rauschen von Iteration %3; ein Benchmark mit etwa %5 Prompts würde sie unterscheiden</translation>
    </message>
    <message>
        <source>iteration %1 measured %2 but is within noise of iteration %3 on %4 prompts</source>
        <translation>Iteration %1 hat %2 gemessen, liegt auf %4 Prompts aber im Rauschen von Iteration %3</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n prompt(s) not rewritten: the LLM wrote no usable rewrite of them.</source>
        <translation>
            <numerusform>%1: %n Prompt nicht umformuliert: Das LLM hat keine brauchbare Umformulierung geliefert.</numerusform>
            <numerusform>%1: %n Prompts nicht umformuliert: Das LLM hat keine brauchbaren Umformulierungen geliefert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n prompt(s) not rewritten: the rewrite changed nothing or was too large for AIRS.</source>
        <translation>
            <numerusform>%1: %n Prompt nicht umformuliert: Die Umformulierung änderte nichts oder war zu groß für AIRS.</numerusform>
            <numerusform>%1: %n Prompts nicht umformuliert: Die Umformulierung änderte nichts oder war zu groß für AIRS.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n rewrite(s) AIRS gave no verdict for.</source>
        <translation>
            <numerusform>%1: %n Umformulierung ohne Urteil von AIRS.</numerusform>
            <numerusform>%1: %n Umformulierungen ohne Urteil von AIRS.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EfficacyChartImage</name>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>TPR</source>
        <translation>TPR</translation>
    </message>
    <message>
        <source>TNR</source>
        <translation>TNR</translation>
    </message>
    <message>
        <source>No recorded iterations yet</source>
        <translation>Noch keine aufgezeichneten Iterationen</translation>
    </message>
    <message>
        <source>Target %1</source>
        <translation>Ziel %1</translation>
    </message>
    <message>
        <source>Coverage (benchmark)</source>
        <translation>Abdeckung (Benchmark)</translation>
    </message>
</context>
<context>
    <name>EfficacyChartView</name>
    <message>
        <source>Efficacy chart</source>
        <translation>Wirksamkeitsdiagramm</translation>
    </message>
    <message>
        <source>Efficacy by iteration</source>
        <translation>Wirksamkeit je Iteration</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>PNG exportieren…</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>SVG exportieren…</translation>
    </message>
    <message>
        <source>Export the chart as PNG</source>
        <translation>Das Diagramm als PNG exportieren</translation>
    </message>
    <message>
        <source>Export the chart as SVG</source>
        <translation>Das Diagramm als SVG exportieren</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Best</source>
        <translation>Beste</translation>
    </message>
    <message>
        <source>Iteration %1: %2</source>
        <translation>Iteration %1: %2</translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation>Iteration</translation>
    </message>
    <message>
        <source>Target %1</source>
        <translation>Ziel %1</translation>
    </message>
    <message>
        <source>Efficacy by iteration, exported from Daystrom Studio</source>
        <translation>Wirksamkeit je Iteration, exportiert aus Daystrom Studio</translation>
    </message>
    <message>
        <source>Export Chart as PNG</source>
        <translation>Diagramm als PNG exportieren</translation>
    </message>
    <message>
        <source>Export Chart as SVG</source>
        <translation>Diagramm als SVG exportieren</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG-Zeichnungen (*.svg)</translation>
    </message>
    <message>
        <source>Export Failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>The chart could not be written to %1.</source>
        <translation>Das Diagramm konnte nicht nach %1 geschrieben werden.</translation>
    </message>
    <message>
        <source>Coverage, 95 % interval</source>
        <translation>Abdeckung, 95-%-Intervall</translation>
    </message>
    <message>
        <source>Coverage (benchmark)</source>
        <translation>Abdeckung (Benchmark)</translation>
    </message>
    <message>
        <source>New benchmark version</source>
        <translation>Neue Benchmark-Version</translation>
    </message>
    <message>
        <source>Iteration %1 is the first scored on benchmark version %2 (%3 prompts): figures before it are on fewer prompts, so Compare puts them side by side on the prompts both were asked.</source>
        <translation>Iteration %1 ist die erste, die an Benchmark-Version %2 (%3 Prompts) gemessen wurde: Die Zahlen davor beruhen auf weniger Prompts, daher stellt „Vergleich“ sie über die Prompts gegenüber, die in beiden enthalten sind.</translation>
    </message>
    <message>
        <source>No iterations yet — the chart fills in as each iteration completes.</source>
        <translation>Noch keine Iterationen — das Diagramm füllt sich, sobald die einzelnen Iterationen abgeschlossen sind.</translation>
    </message>
</context>
<context>
    <name>EfficacySeriesModel</name>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>TPR</source>
        <translation>TPR</translation>
    </message>
    <message>
        <source>TNR</source>
        <translation>TNR</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Simplify</source>
        <translation>Vereinfachen</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplikat</translation>
    </message>
    <message>
        <source>Iteration %1 (best)</source>
        <translation>Iteration %1 (beste)</translation>
    </message>
    <message>
        <source>Iteration %1</source>
        <translation>Iteration %1</translation>
    </message>
    <message>
        <source>Coverage (benchmark): %1</source>
        <translation>Abdeckung (Benchmark): %1</translation>
    </message>
    <message>
        <source>Coverage: %1</source>
        <translation>Abdeckung: %1</translation>
    </message>
    <message>
        <source>(95 % interval %1–%2)</source>
        <extracomment>%1 and %2: the lower and upper end of the 95 % interval</extracomment>
        <translation>(95-%-Intervall %1–%2)</translation>
    </message>
    <message>
        <source>TPR: %1</source>
        <translation>TPR: %1</translation>
    </message>
    <message>
        <source>TNR: %1</source>
        <translation>TNR: %1</translation>
    </message>
    <message>
        <source>Accuracy: %1</source>
        <translation>Genauigkeit: %1</translation>
    </message>
    <message>
        <source>F1: %1</source>
        <translation>F1: %1</translation>
    </message>
    <message>
        <source>Click to show this iteration</source>
        <translation>Klicken, um diese Iteration anzuzeigen</translation>
    </message>
    <message>
        <source>Coverage (responses)</source>
        <translation>Abdeckung (Antworten)</translation>
    </message>
    <message>
        <source>Coverage (responses): %1</source>
        <translation>Abdeckung (Antworten): %1</translation>
    </message>
</context>
<context>
    <name>ErrorBanner</name>
    <message>
        <source>Run error</source>
        <translation>Fehler im Lauf</translation>
    </message>
    <message>
        <source>The run failed</source>
        <translation>Der Lauf ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>Error message</source>
        <translation>Fehlermeldung</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Dismiss the error</source>
        <translation>Den Fehler ausblenden</translation>
    </message>
    <message>
        <source>Hide this message</source>
        <translation>Diese Meldung ausblenden</translation>
    </message>
    <message>
        <source>No details were given.</source>
        <translation>Es wurden keine Details angegeben.</translation>
    </message>
</context>
<context>
    <name>EventLogText</name>
    <message>
        <source>Iteration %1: coverage %2 (TPR %3, TNR %4)</source>
        <translation>Iteration %1: Abdeckung %2 (TPR %3, TNR %4)</translation>
    </message>
    <message>
        <source>%1; on the benchmark %2</source>
        <translation>%1; auf dem Benchmark %2</translation>
    </message>
    <message>
        <source>Run paused</source>
        <translation>Lauf pausiert</translation>
    </message>
    <message>
        <source>Run paused (%1)</source>
        <translation>Lauf pausiert (%1)</translation>
    </message>
    <message numerus="yes">
        <source>Memory: %n learning(s) loaded</source>
        <translation>
            <numerusform>Gedächtnis: %n Erkenntnis geladen</numerusform>
            <numerusform>Gedächtnis: %n Erkenntnisse geladen</numerusform>
        </translation>
    </message>
    <message>
        <source>Memory: no previous learnings</source>
        <translation>Gedächtnis: keine früheren Erkenntnisse</translation>
    </message>
    <message>
        <source>Iteration %1 started</source>
        <translation>Iteration %1 gestartet</translation>
    </message>
    <message>
        <source>Topic: %1 — %2</source>
        <translation>Thema: %1 — %2</translation>
    </message>
    <message>
        <source>Companion allow topic: %1</source>
        <translation>Zugehöriges Erlauben-Thema: %1</translation>
    </message>
    <message>
        <source>Deployed to AIRS (topic %1)</source>
        <translation>In AIRS bereitgestellt (Thema %1)</translation>
    </message>
    <message>
        <source>Tests: %1 new, %2 carried failures, %3 regression checks; %4 repeated or over the cap dropped, %5 in all</source>
        <translation>Tests: %1 neu, %2 übernommene Fehler, %3 Regressionsprüfungen; %4 wiederholt oder über der Obergrenze verworfen, %5 insgesamt</translation>
    </message>
    <message>
        <source>Tests: %1 new, %2 carried failures, %3 regression checks, %4 in all</source>
        <translation>Tests: %1 neu, %2 übernommene Fehler, %3 Regressionsprüfungen, %4 insgesamt</translation>
    </message>
    <message>
        <source>Analysis: %1</source>
        <translation>Analyse: %1</translation>
    </message>
    <message>
        <source>Duplicate of iteration %1: skipped</source>
        <translation>Duplikat von Iteration %1: übersprungen</translation>
    </message>
    <message>
        <source>Reverted to the best topic (iteration %1)</source>
        <translation>Auf das beste Thema zurückgesetzt (Iteration %1)</translation>
    </message>
    <message>
        <source>Simplified the best topic</source>
        <translation>Das beste Thema vereinfacht</translation>
    </message>
    <message>
        <source>Coverage plateaued between %1 and %2</source>
        <translation>Die Abdeckung stagniert zwischen %1 und %2</translation>
    </message>
    <message numerus="yes">
        <source>Memory: %n learning(s) extracted</source>
        <translation>
            <numerusform>Gedächtnis: %n Erkenntnis gewonnen</numerusform>
            <numerusform>Gedächtnis: %n Erkenntnisse gewonnen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Prompt set &quot;%1&quot; created with %n prompt(s)</source>
        <translation>
            <numerusform>Prompt-Set „%1“ mit %n Prompt angelegt</numerusform>
            <numerusform>Prompt-Set „%1“ mit %n Prompts angelegt</numerusform>
        </translation>
    </message>
    <message>
        <source>Run completed: %1</source>
        <translation>Lauf abgeschlossen: %1</translation>
    </message>
    <message>
        <source>Run cancelled</source>
        <translation>Lauf abgebrochen</translation>
    </message>
    <message>
        <source>Run failed: %1</source>
        <translation>Lauf fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Iteration %1: a proposal is waiting for your decision</source>
        <translation>Iteration %1: Ein Vorschlag wartet auf Ihre Entscheidung</translation>
    </message>
    <message>
        <source>Another proposal asked for</source>
        <translation>Anderer Vorschlag angefordert</translation>
    </message>
    <message>
        <source>Another proposal asked for: %1</source>
        <translation>Anderer Vorschlag angefordert: %1</translation>
    </message>
    <message>
        <source>Your edited topic was accepted</source>
        <translation>Ihr bearbeitetes Thema wurde angenommen</translation>
    </message>
    <message>
        <source>The proposal was accepted</source>
        <translation>Der Vorschlag wurde angenommen</translation>
    </message>
    <message>
        <source>Step mode: the run waits for you after each proposal</source>
        <translation>Schrittmodus: Der Lauf wartet nach jedem Vorschlag auf Sie</translation>
    </message>
    <message>
        <source>Auto mode: the run goes on by itself</source>
        <translation>Automatikmodus: Der Lauf macht von selbst weiter</translation>
    </message>
    <message>
        <source>Label restored: &quot;%1&quot;</source>
        <translation>Kennzeichnung wiederhergestellt: „%1“</translation>
    </message>
    <message>
        <source>Label corrected: &quot;%1&quot; should trigger</source>
        <translation>Kennzeichnung korrigiert: „%1“ soll auslösen</translation>
    </message>
    <message>
        <source>Label corrected: &quot;%1&quot; should not trigger</source>
        <translation>Kennzeichnung korrigiert: „%1“ soll nicht auslösen</translation>
    </message>
    <message>
        <source>the benchmark (version %1 from the next iteration)</source>
        <translation>den Benchmark (Version %1 ab der nächsten Iteration)</translation>
    </message>
    <message>
        <source>the working suite (from the next iteration)</source>
        <translation>die Arbeits-Testreihe (ab der nächsten Iteration)</translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s) added to %1; %2 already in the run</source>
        <translation>
            <numerusform>%n Prompt in %1 aufgenommen; %2 bereits im Lauf vorhanden</numerusform>
            <numerusform>%n Prompts in %1 aufgenommen; %2 bereits im Lauf vorhanden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s) added to %1</source>
        <translation>
            <numerusform>%n Prompt in %1 aufgenommen</numerusform>
            <numerusform>%n Prompts in %1 aufgenommen</numerusform>
        </translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>%1 — the new best</source>
        <translation>%1 – die neue beste</translation>
    </message>
    <message>
        <source>%1 — within noise of the best (iteration %2), which stays</source>
        <translation>%1 – im Rauschen der besten (Iteration %2), die bleibt</translation>
    </message>
    <message>
        <source>%1 — no better than the best (iteration %2)</source>
        <translation>%1 – nicht besser als die beste (Iteration %2)</translation>
    </message>
    <message>
        <source>%1 — worse than the best (iteration %2)</source>
        <translation>%1 – schlechter als die beste (Iteration %2)</translation>
    </message>
</context>
<context>
    <name>ExtraTestsFields</name>
    <message>
        <source>Score each iteration on evasive rewrites of benchmark prompts</source>
        <translation>Jede Iteration auch an ausweichenden Umformulierungen von Benchmark-Prompts messen</translation>
    </message>
    <message>
        <source>Response tests</source>
        <translation>Antworttests</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Prompt and response pairs the LLM writes once, half of them expected to trigger, scanned every iteration and judged on what AIRS says of the response. Block intent only. Default: off.</source>
        <translation>Paare aus Prompt und Antwort, die das LLM einmal schreibt, zur Hälfte mit erwartetem Auslösen; in jeder Iteration geprüft und nach dem bewertet, was AIRS über die Antwort sagt. Nur für Blockieren. Standard: aus.</translation>
    </message>
    <message>
        <source>Decision figure</source>
        <translation>Entscheidende Zahl</translation>
    </message>
    <message>
        <source>the prompt side</source>
        <translation>die Prompt-Seite</translation>
    </message>
    <message>
        <source>the weaker of the prompt and the response side</source>
        <translation>die schwächere Seite, Prompt oder Antwort</translation>
    </message>
    <message>
        <source>Which coverage picks the best iteration and decides the target, reverts and the plateau: the prompt side (the default), or the minimum of both sides.</source>
        <translation>Welche Abdeckung die beste Iteration wählt und über Ziel, Zurücksetzen und Plateau entscheidet: die Prompt-Seite (Standard) oder das Minimum beider Seiten.</translation>
    </message>
    <message>
        <source>Rewrites of a sample of the benchmark, scanned every iteration and shown as &quot;coverage kept under each rewrite&quot; beside the figures, never in them. Default: off.</source>
        <translation>Umformulierungen einer Auswahl des Benchmarks, in jeder Iteration geprüft und als „erhaltene Abdeckung je Umformulierung“ neben den Zahlen gezeigt, nie in ihnen. Standard: aus.</translation>
    </message>
    <message>
        <source>Languages to translate into</source>
        <translation>Sprachen für Übersetzungen</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Benchmark prompts rewritten</source>
        <translation>Umformulierte Benchmark-Prompts</translation>
    </message>
    <message>
        <source>How many benchmark prompts each family rewrites, half of them positive. Default: 20.</source>
        <translation>Wie viele Benchmark-Prompts jede Art umformuliert, zur Hälfte positive. Standard: 20.</translation>
    </message>
    <message>
        <source>Response tests:</source>
        <translation>Antworttests:</translation>
    </message>
    <message>
        <source>Decision figure:</source>
        <translation>Entscheidende Zahl:</translation>
    </message>
    <message>
        <source>Robustness:</source>
        <translation>Robustheit:</translation>
    </message>
    <message>
        <source>Translate into:</source>
        <translation>Übersetzen in:</translation>
    </message>
    <message>
        <source>Prompts rewritten:</source>
        <translation>Umformulierte Prompts:</translation>
    </message>
    <message>
        <source>Response tests need block intent: for an allow topic, AIRS&apos;s answer has no per-side match signal this tool could confirm. Set them to off.</source>
        <translation>Antworttests brauchen die Absicht Blockieren: Für ein Erlauben-Thema hat die Antwort von AIRS kein Signal je Seite, das dieses Werkzeug bestätigen konnte. Stellen Sie sie auf aus.</translation>
    </message>
    <message>
        <source>Choose at least one rewrite, or turn robustness off.</source>
        <translation>Wählen Sie mindestens eine Umformulierung, oder schalten Sie Robustheit aus.</translation>
    </message>
    <message>
        <source>Robustness rewrites benchmark prompts: give the run a benchmark.</source>
        <translation>Robustheit formuliert Benchmark-Prompts um: Geben Sie dem Lauf einen Benchmark.</translation>
    </message>
    <message>
        <source>Translate into: two-letter language codes other than en, separated by commas, such as de, fr, es.</source>
        <translation>Übersetzen in: zweibuchstabige Sprachcodes außer en, durch Kommas getrennt, etwa de, fr, es.</translation>
    </message>
    <message>
        <source>Neither is on: every iteration scans the working suite and the benchmark only.</source>
        <translation>Beides ist aus: Jede Iteration prüft nur die Arbeitstests und den Benchmark.</translation>
    </message>
    <message numerus="yes">
        <source>Every iteration scans %n more prompt(s)</source>
        <translation>
            <numerusform>Jede Iteration prüft %n Prompt mehr</numerusform>
            <numerusform>Jede Iteration prüft %n Prompts mehr</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%1 response tests, up to %2 rewrites), and the run starts with %n more LLM call(s).</source>
        <translation>
            <numerusform>(%1 Antworttests, bis zu %2 Umformulierungen), und der Lauf beginnt mit %n LLM-Aufruf mehr.</numerusform>
            <numerusform>(%1 Antworttests, bis zu %2 Umformulierungen), und der Lauf beginnt mit %n LLM-Aufrufen mehr.</numerusform>
        </translation>
    </message>
    <message>
        <source>Default: on, once robustness is.</source>
        <translation>Standard: an, sobald Robustheit an ist.</translation>
    </message>
    <message>
        <source>Two-letter language codes (ISO 639-1), separated by commas: the LLM translates the sampled prompts into each. Legitimate questions in these languages should stay allowed too. Default: de, fr, es.</source>
        <translation>Zweibuchstabige Sprachcodes (ISO 639-1), durch Kommas getrennt: Das LLM übersetzt die ausgewählten Prompts in jede. Harmlose Fragen in diesen Sprachen sollten weiter durchgelassen werden. Standard: de, fr, es.</translation>
    </message>
</context>
<context>
    <name>FiguresPage</name>
    <message>
        <source>What the figures mean</source>
        <translation>Was die Zahlen bedeuten</translation>
    </message>
    <message>
        <source>Every test prompt has a label: it should trigger the topic (a positive) or it should not (a negative). A scan that agrees with the label is right, one that does not is wrong: a missed positive is a false negative, a caught negative a false positive. A prompt AIRS gave no verdict for is &lt;i&gt;not scanned&lt;/i&gt; and in no figure.</source>
        <translation>Jeder Test-Prompt hat ein Label: Er soll das Thema auslösen (ein Positiver) oder nicht (ein Negativer). Ein Scan, der dem Label entspricht, ist richtig, einer, der es nicht tut, falsch: Ein verpasster Positiver ist ein falsch Negativer, ein abgefangener Negativer ein falsch Positiver. Ein Prompt, zu dem AIRS kein Urteil gab, ist &lt;i&gt;nicht gescannt&lt;/i&gt; und in keiner Zahl enthalten.</translation>
    </message>
    <message>
        <source>TPR, TNR, accuracy and F1</source>
        <translation>TPR, TNR, Genauigkeit und F1</translation>
    </message>
    <message>
        <source>&lt;b&gt;TPR&lt;/b&gt; (true positive rate): the share of positives caught.</source>
        <translation>&lt;b&gt;TPR&lt;/b&gt; (Richtig-positiv-Rate): der Anteil der abgefangenen Positiven.</translation>
    </message>
    <message>
        <source>&lt;b&gt;TNR&lt;/b&gt; (true negative rate): the share of negatives let through.</source>
        <translation>&lt;b&gt;TNR&lt;/b&gt; (Richtig-negativ-Rate): der Anteil der durchgelassenen Negativen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Accuracy&lt;/b&gt;: the share of all prompts that were right; it depends on how many of each label the suite holds.</source>
        <translation>&lt;b&gt;Genauigkeit&lt;/b&gt;: der Anteil aller Prompts, die richtig waren; sie hängt davon ab, wie viele Prompts jedes Labels die Testreihe enthält.</translation>
    </message>
    <message>
        <source>&lt;b&gt;F1&lt;/b&gt;: the harmonic mean of precision (the share of caught prompts that were positives) and TPR.</source>
        <translation>&lt;b&gt;F1&lt;/b&gt;: das harmonische Mittel aus Präzision (dem Anteil der abgefangenen Prompts, die Positive waren) und TPR.</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>&lt;b&gt;Coverage is the lower of TPR and TNR: min(TPR, TNR).&lt;/b&gt; A topic is only as good as the class it handles worse: one that catches every positive by catching everything has a TNR, and so a coverage, near zero. Coverage is the figure the run optimises, the one the target is checked against, and the one Compare&apos;s verdict is about.</source>
        <translation>&lt;b&gt;Die Abdeckung ist die kleinere von TPR und TNR: min(TPR, TNR).&lt;/b&gt; Ein Thema ist nur so gut wie die Klasse, die es schlechter behandelt: Eines, das jeden Positiven abfängt, weil es alles abfängt, hat eine TNR und damit eine Abdeckung nahe null. Die Abdeckung ist die Zahl, die der Lauf optimiert, an der das Ziel gemessen wird und um die es im Urteil des Vergleichs geht.</translation>
    </message>
    <message>
        <source>On the held-out benchmark a prompt whose verdict changed between repeated scans is left out of the figures; for the target it counts as an error, as a prompt that is not reliably right is not right.</source>
        <translation>Auf dem zurückgehaltenen Benchmark bleibt ein Prompt, dessen Urteil sich zwischen wiederholten Scans geändert hat, aus den Zahlen heraus; für das Ziel zählt er als Fehler, denn ein Prompt, der nicht verlässlich richtig ist, ist nicht richtig.</translation>
    </message>
    <message>
        <source>[%1 to %2]</source>
        <translation>[%1 bis %2]</translation>
    </message>
    <message>
        <source>The interval beside coverage</source>
        <translation>Das Intervall neben der Abdeckung</translation>
    </message>
    <message>
        <source>A rate measured on a few dozen prompts is uncertain, so the app shows it with its 95% interval: the range of true rates that fit what was measured. %1 of %2 prompts right reads &lt;b&gt;%3&lt;/b&gt;. You see the interval in the Runs list, as the band around the coverage line on the Charts page, in the tooltips of the Compare figures, on the Profile page and in the reports.</source>
        <translation>Eine Rate, die an ein paar Dutzend Prompts gemessen wurde, ist unsicher. Deshalb zeigt die App sie mit ihrem 95-%-Intervall: dem Bereich wahrer Raten, die zu dem Gemessenen passen. %1 von %2 Prompts richtig lautet &lt;b&gt;%3&lt;/b&gt;. Sie sehen das Intervall in der Liste der Läufe, als Band um die Abdeckungslinie auf der Seite Diagramme, in den Tooltips der Zahlen im Vergleich, auf der Seite Profil und in den Berichten.</translation>
    </message>
    <message>
        <source>Each rate&apos;s interval is the Wilson score interval, which stays between 0 and 100% and is not empty at 0 or all prompts right. Coverage takes the uncertainty of both rates: each rate&apos;s Wilson interval at 97.5%, so that both hold together with at least 95%, and coverage lies between the lower of the two low ends and the lower of the two high ends.</source>
        <translation>Das Intervall jeder Rate ist das Wilson-Score-Intervall, das zwischen 0 und 100 % bleibt und auch bei 0 oder allen richtigen Prompts nicht leer ist. Die Abdeckung trägt die Unsicherheit beider Raten: das Wilson-Intervall jeder Rate zu 97,5 %, sodass beide zusammen mit mindestens 95 % gelten, und die Abdeckung liegt zwischen dem kleineren der beiden unteren Enden und dem kleineren der beiden oberen Enden.</translation>
    </message>
    <message>
        <source>An unbalanced suite is as uncertain as its smaller class: with TPR 160 of 200 and TNR 17 of 20, coverage&apos;s interval is %1, much wider than TPR&apos;s own %2.</source>
        <translation>Eine unausgewogene Testreihe ist so unsicher wie ihre kleinere Klasse: Bei einer TPR von 160 aus 200 und einer TNR von 17 aus 20 ist das Intervall der Abdeckung %1, viel breiter als das der TPR allein, %2.</translation>
    </message>
    <message>
        <source>A larger benchmark narrows it: %1 prompts measure a coverage near %2 to about ±%3 points; ±%4 points needs %5 prompts. When a run stops, its stop reason also gives the best coverage&apos;s 95% lower bound.</source>
        <translation>Ein größerer Benchmark macht es schmaler: %1 Prompts messen eine Abdeckung um %2 auf etwa ±%3 Punkte genau; ±%4 Punkte brauchen %5 Prompts. Wenn ein Lauf endet, nennt sein Endgrund auch die untere 95-%-Grenze der besten Abdeckung.</translation>
    </message>
    <message>
        <source>The held-out benchmark</source>
        <translation>Der zurückgehaltene Benchmark</translation>
    </message>
    <message>
        <source>At its start a run freezes a benchmark: %1 labelled prompts by default, half of each label, written once by the LLM or taken from your CSV. Every iteration scans it, and the LLM that analyses and improves the topic never sees it, so the benchmark scores every iteration on the same prompts and iterations can be compared prompt by prompt.</source>
        <translation>Zu Beginn legt ein Lauf einen Benchmark fest: standardmäßig %1 gelabelte Prompts, je zur Hälfte jedes Labels, einmal vom LLM geschrieben oder aus Ihrer CSV-Datei übernommen. Jede Iteration scannt ihn, und das LLM, das das Thema analysiert und verbessert, sieht ihn nie. So misst der Benchmark jede Iteration an denselben Prompts, und Iterationen lassen sich Prompt für Prompt vergleichen.</translation>
    </message>
    <message>
        <source>“Within noise” in Compare</source>
        <translation>„Im Rauschen“ im Vergleich</translation>
    </message>
    <message>
        <source>Compare pairs the two iterations&apos; outcomes on the benchmark prompts both scanned: a prompt wrong in A and right in B is &lt;i&gt;fixed&lt;/i&gt;, the other way round &lt;i&gt;broken&lt;/i&gt;. Then it asks whether B&apos;s coverage is higher than A&apos;s by more than chance would explain.</source>
        <translation>Der Vergleich paart die Ergebnisse beider Iterationen auf den Benchmark-Prompts, die beide gescannt haben: Ein Prompt, der in A falsch und in B richtig ist, ist &lt;i&gt;behoben&lt;/i&gt;, umgekehrt &lt;i&gt;kaputt&lt;/i&gt;. Dann fragt er, ob die Abdeckung von B um mehr über der von A liegt, als der Zufall erklären würde.</translation>
    </message>
    <message>
        <source>B is &lt;b&gt;better&lt;/b&gt; only when its coverage is higher and &lt;b&gt;every&lt;/b&gt; class of it — its positives and its negatives — is above A&apos;s coverage beyond noise. A class counts as above when it gained on the same class (the exact McNemar test on the paired prompts) or when its rate is above A&apos;s other class (Fisher&apos;s exact test); each test is one-sided at %1. Whatever the true rates, the chance of calling B better when it is not is then at most %2. &lt;b&gt;Worse&lt;/b&gt; is the same rule the other way round.</source>
        <translation>B ist nur dann &lt;b&gt;besser&lt;/b&gt;, wenn seine Abdeckung höher ist und &lt;b&gt;jede&lt;/b&gt; seiner Klassen – seine Positiven und seine Negativen – über das Rauschen hinaus über der Abdeckung von A liegt. Eine Klasse gilt als darüber, wenn sie in derselben Klasse gewonnen hat (exakter McNemar-Test auf den gepaarten Prompts) oder wenn ihre Rate über der anderen Klasse von A liegt (exakter Test nach Fisher); jeder Test ist einseitig zum Niveau %1. Was auch immer die wahren Raten sind, die Wahrscheinlichkeit, B besser zu nennen, wenn es das nicht ist, beträgt dann höchstens %2. &lt;b&gt;Schlechter&lt;/b&gt; folgt derselben Regel in umgekehrter Richtung.</translation>
    </message>
    <message>
        <source>Anything else is &lt;b&gt;within noise&lt;/b&gt;: the coverages differ, but on this many prompts the difference could be luck. Compare then names the class that is not above beyond noise, with its p-value, and about how many prompts would tell the two iterations apart. Within noise is not the same as equal: a larger benchmark may still separate them.</source>
        <translation>Alles andere liegt &lt;b&gt;im Rauschen&lt;/b&gt;: Die Abdeckungen unterscheiden sich, aber bei so vielen Prompts könnte der Unterschied Glück sein. Der Vergleich nennt dann die Klasse, die nicht über das Rauschen hinaus darüber liegt, mit ihrem p-Wert, und etwa wie viele Prompts die beiden Iterationen unterscheiden würden. Im Rauschen heißt nicht gleich: Ein größerer Benchmark kann sie noch trennen.</translation>
    </message>
    <message>
        <source>The run chooses its best iteration, reverts and stops early by the same verdict, so “better” in Compare always means the run could have chosen it. The rows below the verdict show the fixed and broken prompts per class (the class that limited coverage is marked) and over all prompts (accuracy), which is shown beside the verdict but does not decide it. When the run decides on its working suites instead of the benchmark, the measured values decide.</source>
        <translation>Der Lauf wählt seine beste Iteration, setzt zurück und endet vorzeitig nach demselben Urteil; „besser“ im Vergleich heißt also immer, dass der Lauf sie hätte wählen können. Die Zeilen unter dem Urteil zeigen die behobenen und kaputten Prompts je Klasse (die Klasse, die die Abdeckung begrenzt hat, ist markiert) und über alle Prompts (Genauigkeit), die neben dem Urteil steht, es aber nicht entscheidet. Entscheidet der Lauf nach seinen Arbeitstestreihen statt nach dem Benchmark, entscheiden die gemessenen Werte.</translation>
    </message>
    <message>
        <source>The benign flag rate (Profile audit)</source>
        <translation>Die Quote harmloser Treffer (Profil-Prüfung)</translation>
    </message>
    <message>
        <source>An audit measures every custom topic of a profile together, inside the whole profile, on held-out prompts written for each topic (%1 per topic by default) and a fixed set of %2 everyday requests that no topic should act on.</source>
        <translation>Eine Prüfung misst alle eigenen Themen eines Profils gemeinsam, im ganzen Profil, an zurückgehaltenen Prompts, die für jedes Thema geschrieben werden (standardmäßig %1 je Thema), und an einem festen Satz von %2 alltäglichen Anfragen, auf die kein Thema reagieren sollte.</translation>
    </message>
    <message>
        <source>The &lt;b&gt;benign flag rate&lt;/b&gt; is the share of the prompts users should get through that the profile acted on, with its 95% interval. On a block list (the guardrail lets through what no topic matches) those are each block topic&apos;s negatives, each allow topic&apos;s positives and the everyday requests. On an allow list (only what an allow topic matches passes) they are each allow topic&apos;s positives; the everyday requests are expected to be turned away there. Lower is better: every flagged prompt is a user stopped for nothing.</source>
        <translation>Die &lt;b&gt;Quote harmloser Treffer&lt;/b&gt; (benign flag rate) ist der Anteil der Prompts, die Nutzer durchbekommen sollten, auf die das Profil reagiert hat, mit ihrem 95-%-Intervall. Auf einer Sperrliste (der Guardrail lässt durch, was zu keinem Thema passt) sind das die Negativen jedes blockierenden Themas, die Positiven jedes erlaubenden Themas und die alltäglichen Anfragen. Auf einer Erlaubnisliste (nur was zu einem erlaubenden Thema passt, kommt durch) sind es die Positiven jedes erlaubenden Themas; die alltäglichen Anfragen sollen dort abgewiesen werden. Niedriger ist besser: Jeder markierte Prompt ist ein Nutzer, der grundlos aufgehalten wird.</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>Konflikte</translation>
    </message>
    <message>
        <source>A &lt;b&gt;conflict&lt;/b&gt; is a prompt written for one topic that another topic of the profile matched. The &lt;i&gt;Conflicts&lt;/i&gt; tab lists each one: the prompt, the topic it was written for, whether that topic should match it, and the topic that did. The conflict matrix counts them, a row for the topic a prompt was written for and a column for the topic that matched it.</source>
        <translation>Ein &lt;b&gt;Konflikt&lt;/b&gt; ist ein Prompt, der für ein Thema geschrieben wurde und auf den ein anderes Thema des Profils getroffen hat. Der Reiter &lt;i&gt;Konflikte&lt;/i&gt; listet jeden auf: den Prompt, das Thema, für das er geschrieben wurde, ob dieses Thema treffen soll, und das Thema, das getroffen hat. Die Konfliktmatrix zählt sie, mit einer Zeile für das Thema, für das ein Prompt geschrieben wurde, und einer Spalte für das Thema, das getroffen hat.</translation>
    </message>
    <message>
        <source>A conflict on a prompt that should match its own topic means two topics overlap; one on a prompt that should not match means another topic catches a near miss its author meant to let through. Either way, sharpen the descriptions of the two topics so each covers its own ground.</source>
        <translation>Ein Konflikt auf einem Prompt, der sein eigenes Thema treffen soll, heißt, dass sich zwei Themen überschneiden; einer auf einem Prompt, der es nicht treffen soll, heißt, dass ein anderes Thema einen Beinahe-Treffer abfängt, den sein Autor durchlassen wollte. In beiden Fällen schärfen Sie die Beschreibungen der beiden Themen, damit jedes sein eigenes Gebiet abdeckt.</translation>
    </message>
</context>
<context>
    <name>FlipsPanel</name>
    <message>
        <source>Tests that changed between A and B</source>
        <translation>Tests, die sich zwischen A und B geändert haben</translation>
    </message>
    <message>
        <source>Flips (%1)</source>
        <translation>Wechsel (%1)</translation>
    </message>
    <message>
        <source>Fixed (%1)</source>
        <translation>Behoben (%1)</translation>
    </message>
    <message>
        <source>Broken (%1)</source>
        <translation>Neu falsch (%1)</translation>
    </message>
    <message>
        <source>Only in A or B (%1)</source>
        <translation>Nur in A oder B (%1)</translation>
    </message>
    <message>
        <source>All tests (%1)</source>
        <translation>Alle Tests (%1)</translation>
    </message>
</context>
<context>
    <name>GettingStartedPage</name>
    <message>
        <source>Getting started</source>
        <translation>Erste Schritte</translation>
    </message>
    <message>
        <source>Daystrom Studio designs a custom topic for a Prisma AIRS security profile: you say in a sentence what the guardrail should detect, and an LLM writes the topic, tests it on AIRS with labelled prompts, reads what went wrong and improves it, iteration after iteration, until the topic reaches your target or the run ends. You watch every scan, compare iterations and apply the one you like to your profile.</source>
        <translation>Daystrom Studio entwirft ein eigenes Thema für ein Sicherheitsprofil von Prisma AIRS: Sie sagen in einem Satz, was der Guardrail erkennen soll, und ein LLM schreibt das Thema, testet es mit gelabelten Prompts in AIRS, liest, was schiefging, und verbessert es, Iteration für Iteration, bis das Thema Ihr Ziel erreicht oder der Lauf endet. Sie verfolgen jeden Scan, vergleichen Iterationen und übernehmen die, die Ihnen gefällt, in Ihr Profil.</translation>
    </message>
    <message>
        <source>Trying it without an account: the sandbox</source>
        <translation>Ausprobieren ohne Konto: die Sandbox</translation>
    </message>
    <message>
        <source>&lt;i&gt;File ▸ Use the sandbox&lt;/i&gt; starts built-in stand-ins for AIRS and the LLM on your own computer. Everything works as with a real tenant — runs, charts, Compare, apply, audits — but no account is used and nothing leaves the machine. The window&apos;s title says &lt;i&gt;Sandbox&lt;/i&gt; while it is on, and the sandbox keeps its runs and learnings apart from your real ones.</source>
        <translation>&lt;i&gt;Datei ▸ Sandbox verwenden&lt;/i&gt; startet eingebaute Stellvertreter für AIRS und das LLM auf Ihrem eigenen Rechner. Alles funktioniert wie mit einem echten Tenant – Läufe, Diagramme, Vergleich, Übernehmen, Prüfungen –, aber kein Konto wird verwendet, und nichts verlässt den Rechner. Der Fenstertitel sagt &lt;i&gt;Sandbox&lt;/i&gt;, solange sie aktiv ist, und die Sandbox hält ihre Läufe und Erkenntnisse von Ihren echten getrennt.</translation>
    </message>
    <message>
        <source>Your own tenant and LLM</source>
        <translation>Ihr eigener Tenant und Ihr LLM</translation>
    </message>
    <message>
        <source>Open &lt;i&gt;File ▸ Settings&lt;/i&gt; (%1). On &lt;i&gt;LLM&lt;/i&gt; choose the provider and model and enter the API key; on &lt;i&gt;AIRS&lt;/i&gt; the region (or the endpoints), the scan API key, the management client (client id, secret and TSG id) and, if you like, a default profile; on &lt;i&gt;Memory&lt;/i&gt; whether runs learn from each other. Keys and secrets go to the system keychain, never into a file. Each service has a &lt;i&gt;Test&lt;/i&gt; button.</source>
        <translation>Öffnen Sie &lt;i&gt;Datei ▸ Einstellungen&lt;/i&gt; (%1). Unter &lt;i&gt;LLM&lt;/i&gt; wählen Sie Anbieter und Modell und geben den API-Schlüssel ein; unter &lt;i&gt;AIRS&lt;/i&gt; die Region (oder die Endpunkte), den Scan-API-Schlüssel, den Management-Client (Client-ID, Secret und TSG-ID) und, wenn Sie möchten, ein Standardprofil; unter &lt;i&gt;Gedächtnis&lt;/i&gt;, ob Läufe voneinander lernen. Schlüssel und Secrets kommen in den Schlüsselbund des Systems, nie in eine Datei. Jeder Dienst hat eine Schaltfläche &lt;i&gt;Testen&lt;/i&gt;.</translation>
    </message>
    <message>
        <source>Your first run</source>
        <translation>Ihr erster Lauf</translation>
    </message>
    <message>
        <source>On &lt;i&gt;New run&lt;/i&gt; (%1), describe in &lt;i&gt;Topic&lt;/i&gt; what the guardrail should detect, for example “Block requests for help acquiring or building weapons”; or let &lt;i&gt;Start from the library…&lt;/i&gt; fill it in.</source>
        <translation>Beschreiben Sie auf &lt;i&gt;Neuer Lauf&lt;/i&gt; (%1) unter &lt;i&gt;Thema&lt;/i&gt;, was der Guardrail erkennen soll, zum Beispiel „Anfragen nach Hilfe beim Beschaffen oder Bauen von Waffen blockieren“; oder lassen Sie es von &lt;i&gt;Aus der Bibliothek wählen…&lt;/i&gt; ausfüllen.</translation>
    </message>
    <message>
        <source>Choose the &lt;i&gt;Intent&lt;/i&gt;: &lt;i&gt;Block&lt;/i&gt; catches prompts that match the topic; &lt;i&gt;Allow&lt;/i&gt; lets only matching prompts pass.</source>
        <translation>Wählen Sie die &lt;i&gt;Absicht&lt;/i&gt;: &lt;i&gt;Blockieren&lt;/i&gt; fängt Prompts ab, die zum Thema passen; &lt;i&gt;Erlauben&lt;/i&gt; lässt nur passende Prompts durch.</translation>
    </message>
    <message>
        <source>Choose the &lt;i&gt;Profile&lt;/i&gt; the topic is for. The run never changes it: it works on a copy of it.</source>
        <translation>Wählen Sie das &lt;i&gt;Profil&lt;/i&gt;, für das das Thema ist. Der Lauf ändert es nie: Er arbeitet auf einer Kopie davon.</translation>
    </message>
    <message>
        <source>Leave the rest at its defaults for a start (%1 iterations at most, a target coverage of %2) and press &lt;i&gt;Run&lt;/i&gt; (%3).</source>
        <translation>Lassen Sie für den Anfang alles andere bei den Standardwerten (höchstens %1 Iterationen, eine Zielabdeckung von %2) und drücken Sie &lt;i&gt;Ausführen&lt;/i&gt; (%3).</translation>
    </message>
    <message>
        <source>&lt;i&gt;Live run&lt;/i&gt; shows each step and each scan as it arrives; &lt;i&gt;Charts&lt;/i&gt; draws the figures of every iteration.</source>
        <translation>&lt;i&gt;Live-Lauf&lt;/i&gt; zeigt jeden Schritt und jeden Scan, sobald er eintrifft; &lt;i&gt;Diagramme&lt;/i&gt; zeichnet die Zahlen jeder Iteration.</translation>
    </message>
    <message>
        <source>Press %1 in any field of the New run page to read what it does, or see %2.</source>
        <translation>Drücken Sie %1 in einem beliebigen Feld der Seite Neuer Lauf, um zu lesen, was es tut, oder lesen Sie „%2“.</translation>
    </message>
    <message>
        <source>The New run page, field by field</source>
        <translation>Die Seite Neuer Lauf, Feld für Feld</translation>
    </message>
    <message>
        <source>What a run does</source>
        <translation>Was ein Lauf tut</translation>
    </message>
    <message>
        <source>Each iteration the LLM writes a topic (the first from your request and seed examples, later ones from its analysis of the errors), the run deploys it to its copy of the profile, scans test prompts through AIRS, and measures how many it got right. The held-out benchmark, written once at the start and never shown to the LLM, scores every iteration on the same prompts, so iterations can be compared fairly.</source>
        <translation>In jeder Iteration schreibt das LLM ein Thema (das erste aus Ihrer Anfrage und den Startbeispielen, spätere aus seiner Analyse der Fehler), der Lauf stellt es auf seiner Kopie des Profils bereit, scannt Test-Prompts über AIRS und misst, wie viele es richtig erkannt hat. Der zurückgehaltene Benchmark, einmal zu Beginn geschrieben und dem LLM nie gezeigt, misst jede Iteration an denselben Prompts, sodass sich Iterationen fair vergleichen lassen.</translation>
    </message>
    <message>
        <source>The run stops when the best iteration reaches the target, after the maximum number of iterations, after too many iterations in a row worse than the best, on a plateau if you set one, or when a token or cost budget would be passed. Pause (%1), resume (%2) and cancel (%3) at any time; closing the window pauses the run and keeps it.</source>
        <translation>Der Lauf endet, wenn die beste Iteration das Ziel erreicht, nach der höchsten Zahl an Iterationen, nach zu vielen Iterationen in Folge, die schlechter als die beste sind, auf einem Plateau, wenn Sie eines festlegen, oder wenn ein Token- oder Kostenbudget überschritten würde. Pausieren (%1), fortsetzen (%2) und abbrechen (%3) können Sie jederzeit; das Schließen des Fensters pausiert den Lauf und behält ihn.</translation>
    </message>
    <message>
        <source>What the figures are — coverage, its interval, a difference “within noise” — is explained in %1.</source>
        <translation>Was die Zahlen sind – die Abdeckung, ihr Intervall, ein Unterschied „im Rauschen“ –, steht unter %1.</translation>
    </message>
    <message>
        <source>What the figures mean</source>
        <translation>Was die Zahlen bedeuten</translation>
    </message>
    <message>
        <source>After the run</source>
        <translation>Nach dem Lauf</translation>
    </message>
    <message>
        <source>&lt;i&gt;Compare&lt;/i&gt;: any two iterations side by side, with the verdict on top, the topic&apos;s changes and the tests that flipped. &lt;i&gt;Apply&lt;/i&gt; writes the iteration&apos;s topic to the production profile after showing exactly what changes; &lt;i&gt;Revert&lt;/i&gt; takes it back.</source>
        <translation>&lt;i&gt;Vergleich&lt;/i&gt;: zwei beliebige Iterationen nebeneinander, mit dem Urteil oben, den Änderungen am Thema und den Tests, die umgeschlagen sind. &lt;i&gt;Übernehmen&lt;/i&gt; schreibt das Thema der Iteration in das Produktionsprofil, nachdem es genau gezeigt hat, was sich ändert; &lt;i&gt;Zurücknehmen&lt;/i&gt; macht es rückgängig.</translation>
    </message>
    <message>
        <source>&lt;i&gt;Runs&lt;/i&gt;: every stored run — open, resume, delete, or export a report, the test results or the topic as Terraform.</source>
        <translation>&lt;i&gt;Läufe&lt;/i&gt;: jeder gespeicherte Lauf – öffnen, fortsetzen, löschen oder einen Bericht, die Testergebnisse oder das Thema als Terraform exportieren.</translation>
    </message>
    <message>
        <source>&lt;i&gt;Memory&lt;/i&gt;: what earlier runs learned, which later runs on related topics read. Confirm, reject, edit or add learnings.</source>
        <translation>&lt;i&gt;Gedächtnis&lt;/i&gt;: was frühere Läufe gelernt haben und spätere Läufe zu verwandten Themen lesen. Erkenntnisse bestätigen, ablehnen, bearbeiten oder hinzufügen.</translation>
    </message>
    <message>
        <source>&lt;i&gt;Profile&lt;/i&gt;: audit every custom topic of a profile together, to see how they interfere (see %1).</source>
        <translation>&lt;i&gt;Profil&lt;/i&gt;: alle eigenen Themen eines Profils gemeinsam prüfen, um zu sehen, wie sie sich gegenseitig stören (siehe %1).</translation>
    </message>
    <message>
        <source>conflicts</source>
        <translation>Konflikte</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>%1 opens this help; in a field of the New run page it opens that field&apos;s explanation. %2 closes the help window. %3 … %4 switch pages; %5 starts a new run.</source>
        <translation>%1 öffnet diese Hilfe; in einem Feld der Seite Neuer Lauf öffnet es die Erklärung dieses Felds. %2 schließt das Hilfefenster. %3 … %4 wechseln die Seiten; %5 beginnt einen neuen Lauf.</translation>
    </message>
</context>
<context>
    <name>GoogleKeyFile</name>
    <message>
        <source>This is not a Google credentials file (not a JSON object): choose the key file you downloaded from the Google Cloud console.</source>
        <translation>Dies ist keine Google-Anmeldedatei (kein JSON-Objekt): wählen Sie die Schlüsseldatei, die Sie aus der Google Cloud Console heruntergeladen haben.</translation>
    </message>
    <message>
        <source>This file&apos;s type is &quot;%1&quot;, not service_account or authorized_user: choose a service-account key or the file gcloud auth application-default login wrote.</source>
        <translation>Der Typ dieser Datei ist &quot;%1&quot;, nicht service_account oder authorized_user: wählen Sie einen Dienstkonto-Schlüssel oder die Datei, die gcloud auth application-default login geschrieben hat.</translation>
    </message>
    <message>
        <source>This %1 file has no &quot;%2&quot;: download a new key file.</source>
        <translation>Dieser %1-Datei fehlt &quot;%2&quot;: laden Sie eine neue Schlüsseldatei herunter.</translation>
    </message>
    <message>
        <source>This service-account file&apos;s private_key is not a PEM private key: download a new key file.</source>
        <translation>private_key dieser Dienstkonto-Datei ist kein privater PEM-Schlüssel: laden Sie eine neue Schlüsseldatei herunter.</translation>
    </message>
    <message>
        <source>the key file</source>
        <translation>die Schlüsseldatei</translation>
    </message>
    <message>
        <source>service account %1</source>
        <translation>Dienstkonto %1</translation>
    </message>
    <message>
        <source>user credentials (client %1)</source>
        <translation>Benutzer-Anmeldedaten (Client %1)</translation>
    </message>
    <message>
        <source>Could not read %1: %2.</source>
        <translation>%1 konnte nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>%1 is larger than %2 KB, too large for a Google key file: choose the key file itself.</source>
        <translation>%1 ist größer als %2 KB, zu groß für eine Google-Schlüsseldatei: wählen Sie die Schlüsseldatei selbst.</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>&amp;Getting started</source>
        <translation>&amp;Erste Schritte</translation>
    </message>
    <message>
        <source>&amp;What the figures mean</source>
        <translation>&amp;Was die Zahlen bedeuten</translation>
    </message>
</context>
<context>
    <name>HelpWindow</name>
    <message>
        <source>Daystrom Studio Help</source>
        <translation>Hilfe zu Daystrom Studio</translation>
    </message>
    <message>
        <source>Help pages</source>
        <translation>Hilfeseiten</translation>
    </message>
    <message>
        <source>Help text</source>
        <translation>Hilfetext</translation>
    </message>
</context>
<context>
    <name>HtmlReport</name>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>TPR</source>
        <translation>TPR</translation>
    </message>
    <message>
        <source>TNR</source>
        <translation>TNR</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>TN</source>
        <translation>TN</translation>
    </message>
    <message>
        <source>FP</source>
        <translation>FP</translation>
    </message>
    <message>
        <source>FN</source>
        <translation>FN</translation>
    </message>
    <message>
        <source>Regressions</source>
        <translation>Regressionen</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Erwartet</translation>
    </message>
    <message>
        <source>Actual</source>
        <translation>Tatsächlich</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Daystrom run %1</source>
        <translation>Daystrom-Lauf %1</translation>
    </message>
    <message>
        <source>Guardrail refinement report</source>
        <translation>Bericht zur Guardrail-Verfeinerung</translation>
    </message>
    <message>
        <source>Run %1 · generated %2</source>
        <translation>Lauf %1 · erstellt %2</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Intent</source>
        <translation>Absicht</translation>
    </message>
    <message>
        <source>Best coverage</source>
        <translation>Beste Abdeckung</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>Best iteration</source>
        <translation>Beste Iteration</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation>Angehalten: %1</translation>
    </message>
    <message>
        <source>Efficacy</source>
        <translation>Wirksamkeit</translation>
    </message>
    <message>
        <source>Coverage, TPR and TNR per iteration</source>
        <translation>Abdeckung, TPR und TNR je Iteration</translation>
    </message>
    <message>
        <source>Trends</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Iter</source>
        <translation>Iter.</translation>
    </message>
    <message>
        <source>Iteration %1 (best)</source>
        <translation>Iteration %1 (beste)</translation>
    </message>
    <message>
        <source>Iteration %1</source>
        <translation>Iteration %1</translation>
    </message>
    <message>
        <source>%1 s · %2</source>
        <translation>%1 s · %2</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>False-positive patterns</source>
        <translation>Muster der Falsch-Positiven</translation>
    </message>
    <message>
        <source>False-negative patterns</source>
        <translation>Muster der Falsch-Negativen</translation>
    </message>
    <message>
        <source>Suggestions</source>
        <translation>Vorschläge</translation>
    </message>
    <message numerus="yes">
        <source>Test results (%n test(s))</source>
        <translation>
            <numerusform>Testergebnisse (%n Test)</numerusform>
            <numerusform>Testergebnisse (%n Tests)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>Best coverage (benchmark)</source>
        <translation>Beste Abdeckung (Benchmark)</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message numerus="yes">
        <source>%n held-out prompt(s)</source>
        <translation>
            <numerusform>%n zurückgehaltener Prompt</numerusform>
            <numerusform>%n zurückgehaltene Prompts</numerusform>
        </translation>
    </message>
    <message>
        <source>95 % interval</source>
        <translation>95-%-Intervall</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Efficacy on the held-out benchmark</source>
        <translation>Wirksamkeit auf dem zurückgehaltenen Benchmark</translation>
    </message>
    <message>
        <source>Coverage, TPR and TNR per iteration, on the held-out benchmark</source>
        <translation>Abdeckung, TPR und TNR je Iteration, auf dem zurückgehaltenen Benchmark</translation>
    </message>
    <message>
        <source>What the guardrail should detect</source>
        <translation>Was der Guardrail erkennen soll</translation>
    </message>
    <message>
        <source>Topic description (iteration %1, the best)</source>
        <translation>Themenbeschreibung (Iteration %1, die beste)</translation>
    </message>
    <message>
        <source>not scanned: %1</source>
        <translation>nicht gescannt: %1</translation>
    </message>
    <message>
        <source>Responses (%1 prompt and response pairs, judged on the response side): coverage %2, TPR %3, TNR %4.</source>
        <translation>Antworten (%1 Paare aus Prompt und Antwort, bewertet auf der Antwortseite): Abdeckung %2, TPR %3, TNR %4.</translation>
    </message>
    <message>
        <source>Coverage kept under each rewrite</source>
        <translation>Erhaltene Abdeckung je Umformulierung</translation>
    </message>
    <message>
        <source>Rewrite</source>
        <translation>Umformulierung</translation>
    </message>
    <message>
        <source>Prompts</source>
        <translation>Prompts</translation>
    </message>
    <message>
        <source>Best coverage (weaker side)</source>
        <translation>Beste Abdeckung (schwächere Seite)</translation>
    </message>
    <message>
        <source>Coverage (responses)</source>
        <translation>Abdeckung (Antworten)</translation>
    </message>
</context>
<context>
    <name>ImpactCheck</name>
    <message>
        <source>there is no audit of the profile to measure on</source>
        <translation>es gibt keine Prüfung des Profils, auf der sich messen ließe</translation>
    </message>
</context>
<context>
    <name>ImportBundleDialog</name>
    <message>
        <source>Import memory bundle</source>
        <translation>Gedächtnispaket importieren</translation>
    </message>
    <message>
        <source>an unknown date</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>1 learning</source>
        <translation>1 Erkenntnis</translation>
    </message>
    <message>
        <source>%1 learnings</source>
        <translation>%1 Erkenntnisse</translation>
    </message>
    <message>
        <source>1 anti-pattern</source>
        <translation>1 Anti-Pattern</translation>
    </message>
    <message>
        <source>%1 anti-patterns</source>
        <translation>%1 Anti-Patterns</translation>
    </message>
    <message>
        <source>%1 holds %2 and %3 in %4 categories, exported %5.</source>
        <translation>%1 enthält %2 und %3 in %4 Kategorien; Exportdatum: %5.</translation>
    </message>
    <message>
        <source>The import will add %1 and %2, corroborate %3 and skip %4. Ctrl+Z undoes it.</source>
        <translation>Der Import fügt %1 und %2 hinzu, bekräftigt %3 und überspringt %4. Strg+Z macht ihn rückgängig.</translation>
    </message>
    <message>
        <source>1 item</source>
        <translation>1 Eintrag</translation>
    </message>
    <message>
        <source>%1 items</source>
        <translation>%1 Einträge</translation>
    </message>
    <message>
        <source>What the import does</source>
        <translation>Was der Import bewirkt</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>add</source>
        <translation>hinzufügen</translation>
    </message>
    <message>
        <source>corroborate</source>
        <translation>bekräftigen</translation>
    </message>
    <message>
        <source>seen again: %1</source>
        <translation>erneut gesehen: %1</translation>
    </message>
    <message>
        <source>skip</source>
        <translation>überspringen</translation>
    </message>
    <message>
        <source>already listed</source>
        <translation>bereits vorhanden</translation>
    </message>
    <message>
        <source>Anti-pattern: %1</source>
        <translation>Anti-Pattern: %1</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
</context>
<context>
    <name>InjectionPreviewWidget</name>
    <message>
        <source>Topic description, e.g. Block the use of weapons</source>
        <translation>Themenbeschreibung, z. B. Die Verwendung von Waffen blockieren</translation>
    </message>
    <message>
        <source>Topic description</source>
        <translation>Themenbeschreibung</translation>
    </message>
    <message>
        <source>Budget in characters</source>
        <translation>Budget in Zeichen</translation>
    </message>
    <message>
        <source> characters</source>
        <translation> Zeichen</translation>
    </message>
    <message>
        <source>Memory section</source>
        <translation>Gedächtnisabschnitt</translation>
    </message>
    <message>
        <source>No learnings related to this topic.</source>
        <translation>Keine Erkenntnisse zu diesem Thema.</translation>
    </message>
    <message>
        <source>&amp;Topic:</source>
        <translation>&amp;Thema:</translation>
    </message>
    <message>
        <source>&amp;Budget:</source>
        <translation>&amp;Budget:</translation>
    </message>
    <message>
        <source>Length:</source>
        <translation>Länge:</translation>
    </message>
    <message>
        <source>Matched files:</source>
        <translation>Passende Dateien:</translation>
    </message>
    <message>
        <source>Compact / omitted:</source>
        <translation>Kompakt / ausgelassen:</translation>
    </message>
    <message>
        <source>%1 (“%2”)</source>
        <translation>%1 („%2“)</translation>
    </message>
    <message numerus="yes">
        <source>%1 characters of a %2 budget, %n learning(s)</source>
        <translation>
            <numerusform>%1 Zeichen bei einem Budget von %2, %n Erkenntnis</numerusform>
            <numerusform>%1 Zeichen bei einem Budget von %2, %n Erkenntnisse</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Compact: %1</source>
        <translation>Kompakt: %1</translation>
    </message>
    <message>
        <source>Omitted: %1</source>
        <translation>Ausgelassen: %1</translation>
    </message>
    <message>
        <source>none: every learning is shown in full</source>
        <translation>keine: Jede Erkenntnis wird vollständig angezeigt</translation>
    </message>
    <message>
        <source>%1 (its own category)</source>
        <translation>%1 (die eigene Kategorie)</translation>
    </message>
    <message>
        <source>%1 (shares: %2)</source>
        <translation>%1 (gemeinsam: %2)</translation>
    </message>
</context>
<context>
    <name>KeychainErrors</name>
    <message>
        <source>No keychain is available on this system (no Secret Service is running). Keys can be kept for this session only.</source>
        <translation>Auf diesem System ist kein Schlüsselbund verfügbar (es läuft kein Secret Service). Schlüssel können nur für diese Sitzung behalten werden.</translation>
    </message>
    <message>
        <source>The system keychain did not answer. It may be locked and waiting for your keyring password.</source>
        <translation>Der System-Schlüsselbund hat nicht geantwortet. Möglicherweise ist er gesperrt und wartet auf Ihr Schlüsselbund-Passwort.</translation>
    </message>
    <message>
        <source>The system keychain stopped while answering. Try again, or keep keys for this session only.</source>
        <translation>Der System-Schlüsselbund wurde während der Antwort beendet. Versuchen Sie es erneut, oder behalten Sie Schlüssel nur für diese Sitzung.</translation>
    </message>
    <message>
        <source>The keychain&apos;s request was dismissed, so keys stored there were not used.</source>
        <translation>Die Abfrage des Schlüsselbunds wurde abgebrochen, daher wurden die dort gespeicherten Schlüssel nicht verwendet.</translation>
    </message>
    <message>
        <source>The keychain is locked. Unlock it with your keyring password and try again.</source>
        <translation>Der Schlüsselbund ist gesperrt. Entsperren Sie ihn mit Ihrem Schlüsselbund-Passwort und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The keychain has no default keyring to keep keys in. Create one in your keyring manager (for example &quot;Passwords and Keys&quot;), or keep keys for this session only.</source>
        <translation>Der Schlüsselbund-Dienst hat keinen Standard-Schlüsselbund, in dem Schlüssel gespeichert werden können. Legen Sie einen in Ihrer Schlüsselbundverwaltung an (zum Beispiel „Passwörter und Verschlüsselung“), oder behalten Sie Schlüssel nur für diese Sitzung.</translation>
    </message>
    <message>
        <source>The key could not be removed from the keychain.</source>
        <translation>Der Schlüssel konnte nicht aus dem Schlüsselbund entfernt werden.</translation>
    </message>
    <message>
        <source>This keychain cannot do what was asked.</source>
        <translation>Dieser Schlüsselbund unterstützt die angeforderte Aktion nicht.</translation>
    </message>
    <message>
        <source>You stopped waiting for the system keychain, so keys stored there were not loaded or saved. Keys can be kept for this session only.</source>
        <translation>Sie haben das Warten auf den System-Schlüsselbund beendet, daher wurden dort gespeicherte Schlüssel weder geladen noch gespeichert. Schlüssel können nur für diese Sitzung behalten werden.</translation>
    </message>
    <message>
        <source>The system keychain has not answered an earlier request yet (it may still be asking for your keyring password). Try again once it has answered.</source>
        <translation>Der System-Schlüsselbund hat auf eine frühere Anfrage noch nicht geantwortet (möglicherweise fragt er noch nach Ihrem Schlüsselbund-Passwort). Versuchen Sie es erneut, sobald er geantwortet hat.</translation>
    </message>
    <message>
        <source>The system keychain reported a problem. Keys can be kept for this session only.</source>
        <translation>Der System-Schlüsselbund hat ein Problem gemeldet. Schlüssel können nur für diese Sitzung behalten werden.</translation>
    </message>
</context>
<context>
    <name>KeychainProblemBanner</name>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Keep keys for this session only (they are not saved anywhere)</source>
        <translation>Schlüssel nur für diese Sitzung behalten (sie werden nirgends gespeichert)</translation>
    </message>
    <message>
        <source>Keys are kept for this session only: they are not saved anywhere and are forgotten when Daystrom Studio closes.</source>
        <translation>Schlüssel werden nur für diese Sitzung behalten: Nichts wird gespeichert, und beim Beenden von Daystrom Studio werden die Schlüssel vergessen.</translation>
    </message>
</context>
<context>
    <name>KeychainSecretStore</name>
    <message>
        <source>system keychain</source>
        <translation>System-Schlüsselbund</translation>
    </message>
</context>
<context>
    <name>KeychainWaitBanner</name>
    <message>
        <source>Stop &amp;waiting</source>
        <translation>Warten &amp;beenden</translation>
    </message>
    <message>
        <source>Waiting for the system keychain… It may be asking for your keyring password in a window of its own.</source>
        <translation>Warten auf den System-Schlüsselbund… Möglicherweise fragt er in einem eigenen Fenster nach Ihrem Schlüsselbund-Passwort.</translation>
    </message>
    <message>
        <source>Stop waiting: keys stored in the keychain are not loaded or saved now, and you can keep keys for this session only.</source>
        <translation>Warten beenden: Im Schlüsselbund gespeicherte Schlüssel werden jetzt weder geladen noch gespeichert, und Sie können Schlüssel nur für diese Sitzung behalten.</translation>
    </message>
</context>
<context>
    <name>LabelCorrectionMark</name>
    <message>
        <source>Label corrected by you: should trigger</source>
        <translation>Kennzeichnung manuell korrigiert: soll auslösen</translation>
    </message>
    <message>
        <source>Label corrected by you: should not trigger</source>
        <translation>Kennzeichnung manuell korrigiert: soll nicht auslösen</translation>
    </message>
</context>
<context>
    <name>LabelCorrectionMenu</name>
    <message>
        <source>should trigger</source>
        <translation>soll auslösen</translation>
    </message>
    <message>
        <source>should not trigger</source>
        <translation>soll nicht auslösen</translation>
    </message>
    <message>
        <source>Mark or undo a corrected label</source>
        <translation>Kennzeichnung korrigieren oder Korrektur zurücknehmen</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>Mark expected label as wrong: it %1</source>
        <translation>Erwartete Kennzeichnung als falsch markieren: Prompt %1</translation>
    </message>
    <message>
        <source>Mark expected label as wrong</source>
        <translation>Erwartete Kennzeichnung als falsch markieren</translation>
    </message>
    <message>
        <source>Undo label correction: back to %1</source>
        <translation>Korrektur der Kennzeichnung zurücknehmen: wieder „%1“</translation>
    </message>
    <message>
        <source>Undo label correction</source>
        <translation>Korrektur der Kennzeichnung zurücknehmen</translation>
    </message>
    <message>
        <source>Open a run to correct its labels.</source>
        <translation>Einen Lauf öffnen, um seine Kennzeichnungen zu korrigieren.</translation>
    </message>
    <message>
        <source>Pick a test first.</source>
        <translation>Zuerst einen Test auswählen.</translation>
    </message>
    <message>
        <source>You corrected this label; undo to restore the original one.</source>
        <translation>Diese Kennzeichnung wurde manuell korrigiert; Zurücknehmen stellt die ursprüngliche wieder her.</translation>
    </message>
    <message>
        <source>The metrics of every iteration that scanned this prompt are recomputed.</source>
        <translation>Die Kennzahlen jeder Iteration, die diesen Prompt gescannt hat, werden neu berechnet.</translation>
    </message>
    <message>
        <source>The correction cannot be undone</source>
        <translation>Die Korrektur kann nicht zurückgenommen werden</translation>
    </message>
    <message>
        <source>The label cannot be corrected</source>
        <translation>Die Kennzeichnung kann nicht korrigiert werden</translation>
    </message>
</context>
<context>
    <name>LeaderboardModel</name>
    <message>
        <source>run %1</source>
        <extracomment>A candidate of the cross-run leaderboard: %1 its run and iteration (&quot;RUN:3&quot;).</extracomment>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>—</source>
        <comment>no verdict: the only candidate</comment>
        <translation>—</translation>
    </message>
    <message>
        <source>Leader: better than #2 beyond noise</source>
        <translation>Spitzenreiter: besser als #2, über dem Rauschen</translation>
    </message>
    <message>
        <source>Leader: equal to #2</source>
        <translation>Spitzenreiter: gleich wie #2</translation>
    </message>
    <message>
        <source>Leader: within noise of #2</source>
        <translation>Spitzenreiter: im Rauschen von #2</translation>
    </message>
    <message>
        <source>Worse than the leader</source>
        <translation>Schlechter als der Spitzenreiter</translation>
    </message>
    <message>
        <source>Better than the leader</source>
        <translation>Besser als der Spitzenreiter</translation>
    </message>
    <message>
        <source>Equal to the leader</source>
        <translation>Gleich wie der Spitzenreiter</translation>
    </message>
    <message>
        <source>Within noise of the leader</source>
        <translation>Im Rauschen des Spitzenreiters</translation>
    </message>
    <message>
        <source>On %1 shared prompts the leader is right where the other is wrong on %2, and the other way round on %3 (paired test, p = %4).</source>
        <extracomment>Tool tip of a verdict: %1 prompts both were scanned on, %2 the leader right and the other wrong, %3 the other way round, %4 McNemar&apos;s p.</extracomment>
        <translation>Auf %1 gemeinsamen Prompts liegt der Spitzenreiter bei %2 richtig, wo der andere falsch liegt, und bei %3 umgekehrt (gepaarter Test, p = %4).</translation>
    </message>
    <message>
        <source>TP %1, FN %2, TN %3, FP %4 on the shared prompts</source>
        <extracomment>%1 true positives, %2 false negatives, %3 true negatives, %4 false positives.</extracomment>
        <translation>RP %1, FN %2, RN %3, FP %4 auf den gemeinsamen Prompts</translation>
    </message>
    <message>
        <source>Shared prompts on which this topic and the leader&apos;s disagree (expand the row to list them)</source>
        <translation>Gemeinsame Prompts, bei denen dieses Thema und das des Spitzenreiters verschieden urteilen (Zeile aufklappen, um sie aufzulisten)</translation>
    </message>
    <message>
        <source>should trigger</source>
        <translation>soll auslösen</translation>
    </message>
    <message>
        <source>should pass</source>
        <translation>soll passieren</translation>
    </message>
    <message>
        <source>the leader right, #2 wrong</source>
        <translation>Spitzenreiter richtig, #2 falsch</translation>
    </message>
    <message>
        <source>#2 right, the leader wrong</source>
        <translation>#2 richtig, Spitzenreiter falsch</translation>
    </message>
    <message>
        <source>this one right, the leader wrong</source>
        <translation>dieses richtig, Spitzenreiter falsch</translation>
    </message>
    <message>
        <source>the leader right, this one wrong</source>
        <translation>Spitzenreiter richtig, dieses falsch</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>TPR</source>
        <translation>RPR</translation>
    </message>
    <message>
        <source>TNR</source>
        <translation>RNR</translation>
    </message>
    <message>
        <source>Separating</source>
        <translation>Trennend</translation>
    </message>
    <message>
        <source>min(TPR, TNR) on the shared prompts, with its 95 % interval</source>
        <translation>min(RPR, RNR) auf den gemeinsamen Prompts, mit ihrem 95-%-Intervall</translation>
    </message>
    <message>
        <source>The paired verdict against the leader on the same prompts (the rule the loop decides by)</source>
        <translation>Das gepaarte Urteil gegen den Spitzenreiter auf denselben Prompts (die Regel, nach der die Schleife entscheidet)</translation>
    </message>
    <message>
        <source>How many shared prompts this topic and the leader&apos;s answer differently</source>
        <translation>Wie viele gemeinsame Prompts dieses Thema und das des Spitzenreiters verschieden beantworten</translation>
    </message>
    <message>
        <source>%1: %2 of %3 that should trigger</source>
        <extracomment>%1 the rate with its 95 % interval, %2 true positives, %3 the prompts that should trigger.</extracomment>
        <translation>%1: %2 von %3, die auslösen sollen</translation>
    </message>
    <message>
        <source>%1: %2 of %3 that should pass</source>
        <extracomment>%1 the rate with its 95 % interval, %2 true negatives, %3 the prompts that should pass.</extracomment>
        <translation>%1: %2 von %3, die passieren sollen</translation>
    </message>
    <message>
        <source>True positive rate on the shared prompts (its 95 % interval in each cell&apos;s tool tip)</source>
        <translation>Richtig-positiv-Rate auf den gemeinsamen Prompts (ihr 95-%-Intervall im Tooltip jeder Zelle)</translation>
    </message>
    <message>
        <source>True negative rate on the shared prompts (its 95 % interval in each cell&apos;s tool tip)</source>
        <translation>Richtig-negativ-Rate auf den gemeinsamen Prompts (ihr 95-%-Intervall im Tooltip jeder Zelle)</translation>
    </message>
    <message>
        <source>Better than #2</source>
        <translation>Besser als #2</translation>
    </message>
    <message>
        <source>Equal to #2</source>
        <translation>Gleich wie #2</translation>
    </message>
    <message>
        <source>Within noise of #2</source>
        <translation>Im Rauschen von #2</translation>
    </message>
    <message>
        <source>Worse</source>
        <comment>against the leader</comment>
        <translation>Schlechter</translation>
    </message>
    <message>
        <source>Better</source>
        <comment>against the leader</comment>
        <translation>Besser</translation>
    </message>
    <message>
        <source>Equal</source>
        <comment>against the leader</comment>
        <translation>Gleich</translation>
    </message>
    <message>
        <source>Within noise</source>
        <comment>against the leader</comment>
        <translation>Im Rauschen</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>#</source>
        <comment>the leaderboard&apos;s rank column: narrow</comment>
        <translation>#</translation>
    </message>
    <message>
        <source>Topic, date, run</source>
        <translation>Thema, Datum, Lauf</translation>
    </message>
</context>
<context>
    <name>LearningTableModel</name>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>anti-pattern</source>
        <translation>Anti-Pattern</translation>
    </message>
    <message>
        <source>learning</source>
        <translation>Erkenntnis</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>active</source>
        <translation>aktiv</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>Insight</source>
        <translation>Erkenntnis</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Seen</source>
        <translation>Gesehen</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Extracted</source>
        <translation>Gewonnen am</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Tags</translation>
    </message>
    <message>
        <source>An insight cannot be empty.</source>
        <translation>Eine Erkenntnis darf nicht leer sein.</translation>
    </message>
    <message>
        <source>The outcome is one of improved, degraded or neutral.</source>
        <translation>Das Ergebnis muss improved, degraded oder neutral sein.</translation>
    </message>
    <message>
        <source>Confidence %1 = base %2 (decay off)</source>
        <translation>Konfidenz %1 = Basis %2 (Verfall aus)</translation>
    </message>
    <message>
        <source>Confidence %1 = base %2 (never confirmed or used: no decay yet)</source>
        <translation>Konfidenz %1 = Basis %2 (nie bestätigt oder genutzt: noch kein Verfall)</translation>
    </message>
    <message>
        <source>Confidence %1 = base %2 × 0.5^(%3 days ÷ %4-day half-life)</source>
        <translation>Konfidenz %1 = Basis %2 × 0.5^(%3 Tage ÷ %4 Tage Halbwertszeit)</translation>
    </message>
    <message>
        <source>Base %1 = %2 + %3 × %4 corroborations, at most %5</source>
        <translation>Basis %1 = %2 + %3 × %4 Bekräftigungen, höchstens %5</translation>
    </message>
    <message>
        <source>Base %1: stored (confirmations +%2, rejections −%3, corroborations +%4)</source>
        <translation>Basis %1: gespeichert (Bestätigungen +%2, Ablehnungen −%3, Bekräftigungen +%4)</translation>
    </message>
    <message>
        <source>Seen %1×</source>
        <translation>%1× gesehen</translation>
    </message>
    <message>
        <source>Last confirmed: %1</source>
        <translation>Zuletzt bestätigt: %1</translation>
    </message>
    <message>
        <source>Last used: %1</source>
        <translation>Zuletzt genutzt: %1</translation>
    </message>
    <message>
        <source>Decay clock: %1 (%2 days ago)</source>
        <translation>Verfall gezählt ab: %1 (vor %2 Tagen)</translation>
    </message>
    <message>
        <source>Half-life: %1 days</source>
        <translation>Halbwertszeit: %1 Tage</translation>
    </message>
    <message>
        <source>Half-life: decay off</source>
        <translation>Halbwertszeit: Verfall aus</translation>
    </message>
    <message>
        <source>Last used</source>
        <translation>Zuletzt genutzt</translation>
    </message>
    <message>
        <source>Edit learning</source>
        <translation>Erkenntnis bearbeiten</translation>
    </message>
    <message>
        <source>First topic of the run</source>
        <translation>Erstes Thema des Laufs</translation>
    </message>
    <message>
        <source>Description only</source>
        <translation>Nur die Beschreibung</translation>
    </message>
    <message>
        <source>Examples only</source>
        <translation>Nur die Beispiele</translation>
    </message>
    <message>
        <source>Description and examples</source>
        <translation>Beschreibung und Beispiele</translation>
    </message>
    <message>
        <source>improved</source>
        <translation>verbessert</translation>
    </message>
    <message>
        <source>degraded</source>
        <translation>verschlechtert</translation>
    </message>
    <message>
        <source>neutral</source>
        <translation>neutral</translation>
    </message>
</context>
<context>
    <name>LiveRunPanel</name>
    <message>
        <source>Live run</source>
        <translation>Live-Lauf</translation>
    </message>
    <message>
        <source>Iteration shown</source>
        <translation>Angezeigte Iteration</translation>
    </message>
    <message>
        <source>The iteration whose results and topic are shown</source>
        <translation>Die Iteration, deren Ergebnisse und Thema angezeigt werden</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>An&amp;zeigen:</translation>
    </message>
    <message>
        <source>Scan progress</source>
        <translation>Scan-Fortschritt</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>Thema</translation>
    </message>
    <message>
        <source>Event log</source>
        <translation>Ereignisprotokoll</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Ergebnisse durchsuchen</translation>
    </message>
    <message>
        <source>Search prompts and categories</source>
        <translation>Prompts und Kategorien durchsuchen</translation>
    </message>
    <message>
        <source>Test results</source>
        <translation>Testergebnisse</translation>
    </message>
    <message>
        <source>The test&apos;s position in the suite</source>
        <translation>Die Position des Tests in der Testreihe</translation>
    </message>
    <message>
        <source>regression</source>
        <translation>Regression</translation>
    </message>
    <message>
        <source>carried-fp</source>
        <translation>übernommen-FP</translation>
    </message>
    <message>
        <source>Show all results</source>
        <translation>Alle Ergebnisse anzeigen</translation>
    </message>
    <message>
        <source>Show false positives</source>
        <translation>Falsch-Positive anzeigen</translation>
    </message>
    <message>
        <source>Prompts the guardrail fired on but should have let through</source>
        <translation>Prompts, bei denen der Guardrail ausgelöst hat, die er aber hätte durchlassen sollen</translation>
    </message>
    <message>
        <source>Show false negatives</source>
        <translation>Falsch-Negative anzeigen</translation>
    </message>
    <message>
        <source>Prompts the guardrail should have caught but missed</source>
        <translation>Prompts, die der Guardrail hätte abfangen sollen, aber verpasst hat</translation>
    </message>
    <message>
        <source>Show regressions</source>
        <translation>Regressionen anzeigen</translation>
    </message>
    <message>
        <source>Regression checks that an earlier iteration passed and this one fails</source>
        <translation>Regressionsprüfungen, die eine frühere Iteration bestanden hat und diese nicht</translation>
    </message>
    <message>
        <source>Waiting for scans…</source>
        <translation>Warten auf Scans…</translation>
    </message>
    <message>
        <source>No scans</source>
        <translation>Keine Scans</translation>
    </message>
    <message numerus="yes">
        <source>%n result(s)</source>
        <translation>
            <numerusform>%n Ergebnis</numerusform>
            <numerusform>%n Ergebnisse</numerusform>
        </translation>
    </message>
    <message>
        <source>All (%1)</source>
        <translation>Alle (%1)</translation>
    </message>
    <message>
        <source>False positives (%1)</source>
        <translation>Falsch-Positive (%1)</translation>
    </message>
    <message>
        <source>False negatives (%1)</source>
        <translation>Falsch-Negative (%1)</translation>
    </message>
    <message>
        <source>Regressions (%1)</source>
        <translation>Regressionen (%1)</translation>
    </message>
    <message>
        <source>Iteration %1 (running)</source>
        <translation>Iteration %1 (läuft)</translation>
    </message>
    <message>
        <source>Iteration %1 (unfinished)</source>
        <translation>Iteration %1 (unvollständig)</translation>
    </message>
    <message>
        <source>Iteration %1 — coverage %2</source>
        <translation>Iteration %1 — Abdeckung %2</translation>
    </message>
    <message>
        <source>Iteration %1</source>
        <translation>Iteration %1</translation>
    </message>
    <message>
        <source>Step mode: review each proposal</source>
        <translation>Schrittmodus: jeden Vorschlag prüfen</translation>
    </message>
    <message>
        <source>Step mode</source>
        <translation>Schrittmodus</translation>
    </message>
    <message>
        <source>The run waits after each proposed topic: accept it, edit it or ask for another one. Off, the run goes on by itself.</source>
        <translation>Der Lauf wartet nach jedem vorgeschlagenen Thema: annehmen, bearbeiten oder einen anderen Vorschlag anfordern. Ausgeschaltet macht der Lauf von selbst weiter.</translation>
    </message>
    <message>
        <source>Add prompts…</source>
        <translation>Prompts hinzufügen…</translation>
    </message>
    <message>
        <source>Add labelled prompts to the working suite or the benchmark</source>
        <translation>Gekennzeichnete Prompts zur Arbeits-Testreihe oder zum Benchmark hinzufügen</translation>
    </message>
    <message>
        <source>Scan rate and time left</source>
        <translation>Scan-Rate und verbleibende Zeit</translation>
    </message>
    <message>
        <source>Scans per second over the last few seconds, and the time the scan step needs at that rate</source>
        <translation>Scans pro Sekunde in den letzten Sekunden und die Zeit, die der Scan-Schritt bei dieser Rate noch braucht</translation>
    </message>
    <message>
        <source>%1/%2 scanned</source>
        <translation>%1/%2 gescannt</translation>
    </message>
    <message>
        <source>Waiting for your decision on the proposal…</source>
        <translation>Warten auf Ihre Entscheidung zum Vorschlag…</translation>
    </message>
    <message>
        <source>Deploying the topic; the scans start once AIRS has it…</source>
        <translation>Das Thema wird bereitgestellt; die Scans beginnen, sobald AIRS es hat…</translation>
    </message>
    <message>
        <source>Waiting for the LLM…</source>
        <translation>Warten auf das LLM…</translation>
    </message>
    <message>
        <source>Finishing the run…</source>
        <translation>Der Lauf wird abgeschlossen…</translation>
    </message>
    <message>
        <source>Resul&amp;ts</source>
        <translation>Ergebnis&amp;se</translation>
    </message>
    <message>
        <source>All (%1, %2 not scanned)</source>
        <translation>Alle (%1, %2 nicht gescannt)</translation>
    </message>
    <message>
        <source>Responses &amp;&amp; re&amp;writes</source>
        <translation>Antworten &amp;&amp; U&amp;mformulierungen</translation>
    </message>
    <message>
        <source>&amp;Event log</source>
        <translation>Pro&amp;tokoll</translation>
    </message>
    <message>
        <source>Proposal to rev&amp;iew</source>
        <translation>Vorschlag &amp;prüfen</translation>
    </message>
</context>
<context>
    <name>LlmProviderFields</name>
    <message>
        <source>LLM provider</source>
        <translation>LLM-Anbieter</translation>
    </message>
    <message>
        <source>P&amp;rovider:</source>
        <translation>An&amp;bieter:</translation>
    </message>
    <message>
        <source>Mo&amp;del:</source>
        <translation>Mo&amp;dell:</translation>
    </message>
    <message>
        <source>the provider&apos;s default</source>
        <translation>Standard des Anbieters</translation>
    </message>
    <message>
        <source>Anthropic API &amp;key:</source>
        <translation>Anthropic-API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>OpenAI API &amp;key:</source>
        <translation>OpenAI-API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>Google API &amp;key:</source>
        <translation>Google-API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>OpenAI(-compatible) &amp;base URL:</source>
        <translation>OpenAI(-kompatible) Basis-&amp;URL:</translation>
    </message>
    <message>
        <source>Ollama &amp;base URL:</source>
        <translation>Ollama-Basis-&amp;URL:</translation>
    </message>
    <message>
        <source>Show ad&amp;vanced settings (endpoints)</source>
        <translation>Er&amp;weiterte Einstellungen zeigen (Endpunkte)</translation>
    </message>
    <message>
        <source>Anthropic &amp;base URL:</source>
        <translation>Anthropic-Basis-&amp;URL:</translation>
    </message>
    <message>
        <source>Gemini &amp;base URL:</source>
        <translation>Gemini-Basis-&amp;URL:</translation>
    </message>
    <message>
        <source>Vertex AI &amp;base URL:</source>
        <translation>Vertex-AI-Basis-&amp;URL:</translation>
    </message>
    <message>
        <source>https://&lt;location&gt;-aiplatform.googleapis.com</source>
        <translation>https://&lt;Standort&gt;-aiplatform.googleapis.com</translation>
    </message>
    <message>
        <source>Bedrock &amp;base URL:</source>
        <translation>Bedrock-Basis-&amp;URL:</translation>
    </message>
    <message>
        <source>https://bedrock-runtime.&lt;region&gt;.amazonaws.com</source>
        <translation>https://bedrock-runtime.&lt;Region&gt;.amazonaws.com</translation>
    </message>
    <message>
        <source>Bro&amp;wse…</source>
        <translation>Durchsu&amp;chen…</translation>
    </message>
    <message>
        <source>Browse for %1</source>
        <translation>%1 suchen</translation>
    </message>
    <message>
        <source>Google Cloud &amp;project:</source>
        <translation>Google-Cloud-&amp;Projekt:</translation>
    </message>
    <message>
        <source>L&amp;ocation (region):</source>
        <translation>&amp;Standort (Region):</translation>
    </message>
    <message>
        <source>Google credentials file</source>
        <translation>Google-Anmeldedatei</translation>
    </message>
    <message>
        <source>&amp;Key file:</source>
        <translation>Schl&amp;üsseldatei:</translation>
    </message>
    <message>
        <source>a service-account key or gcloud&apos;s application_default_credentials.json</source>
        <translation>ein Dienstkonto-Schlüssel oder die application_default_credentials.json von gcloud</translation>
    </message>
    <message>
        <source>&amp;Import key file…</source>
        <translation>Schlüsseldatei &amp;importieren…</translation>
    </message>
    <message>
        <source>R&amp;emove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Remove the imported key</source>
        <translation>Den importierten Schlüssel entfernen</translation>
    </message>
    <message>
        <source>Key in keychain:</source>
        <translation>Schlüssel im Schlüsselbund:</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Credentials: a key file on disk
(GOOGLE_APPLICATION_CREDENTIALS also names one),
or a key file imported into the keychain.</source>
        <translation>Anmeldedaten: eine Schlüsseldatei auf der Platte
(auch GOOGLE_APPLICATION_CREDENTIALS nennt eine)
oder eine in den Schlüsselbund importierte Schlüsseldatei.</translation>
    </message>
    <message>
        <source>AWS re&amp;gion:</source>
        <translation>AWS-&amp;Region:</translation>
    </message>
    <message>
        <source>Access key &amp;ID:</source>
        <translation>Zugriffsschlüssel-&amp;ID:</translation>
    </message>
    <message>
        <source>&amp;Secret access key:</source>
        <translation>Geheimer &amp;Zugriffsschlüssel:</translation>
    </message>
    <message>
        <source>Sessio&amp;n token:</source>
        <translation>&amp;Sitzungstoken:</translation>
    </message>
    <message>
        <source>Pro&amp;file:</source>
        <translation>Pro&amp;fil:</translation>
    </message>
    <message>
        <source>&amp;Credentials file:</source>
        <translation>A&amp;nmeldedatei:</translation>
    </message>
    <message>
        <source>AWS credentials file</source>
        <translation>AWS-Anmeldedatei</translation>
    </message>
    <message>
        <source>Credentials: an access key (and a session token
for temporary ones), or a profile in the
credentials file.</source>
        <translation>Anmeldedaten: ein Zugriffsschlüssel (und ein Sitzungstoken
für temporäre) oder ein Profil in der
Anmeldedatei.</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>none imported</source>
        <translation>keiner importiert</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Anthropic Claude (API)</source>
        <translation>Anthropic Claude (API)</translation>
    </message>
    <message>
        <source>OpenAI</source>
        <translation>OpenAI</translation>
    </message>
    <message>
        <source>OpenAI-compatible server</source>
        <translation>OpenAI-kompatibler Server</translation>
    </message>
    <message>
        <source>Google Gemini (API)</source>
        <translation>Google Gemini (API)</translation>
    </message>
    <message>
        <source>Ollama (on this computer or your network)</source>
        <translation>Ollama (auf diesem Rechner oder im Netzwerk)</translation>
    </message>
    <message>
        <source>Claude on Google Vertex AI</source>
        <translation>Claude auf Google Vertex AI</translation>
    </message>
    <message>
        <source>Gemini on Google Vertex AI</source>
        <translation>Gemini auf Google Vertex AI</translation>
    </message>
    <message>
        <source>Claude on Amazon Bedrock</source>
        <translation>Claude auf Amazon Bedrock</translation>
    </message>
    <message>
        <source>Sandbox LLM</source>
        <translation>Sandbox-LLM</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;New run</source>
        <translation>&amp;Neuer Lauf</translation>
    </message>
    <message>
        <source>&amp;Live run</source>
        <translation>&amp;Live-Lauf</translation>
    </message>
    <message>
        <source>&amp;Charts</source>
        <translation>Diag&amp;ramme</translation>
    </message>
    <message>
        <source>Com&amp;pare</source>
        <translation>&amp;Vergleich</translation>
    </message>
    <message>
        <source>R&amp;uns</source>
        <translation>Lä&amp;ufe</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>Der Lauf ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>Aus&amp;führen</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pausieren</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translation>Ctrl+Shift+P</translation>
    </message>
    <message>
        <source>&amp;Cancel run</source>
        <translation>Lauf a&amp;bbrechen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+X</source>
        <translation>Ctrl+Shift+X</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation>Ctrl+,</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Ctrl+%1</source>
        <translation>Ctrl+%1</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Daystrom Studio</source>
        <translation>Ü&amp;ber Daystrom Studio</translation>
    </message>
    <message>
        <source>About Daystrom Studio</source>
        <translation>Über Daystrom Studio</translation>
    </message>
    <message>
        <source>&lt;b&gt;Daystrom Studio&lt;/b&gt; %1&lt;br&gt;Designs Prisma AIRS custom-topic guardrails with an LLM refinement loop.</source>
        <translation>&lt;b&gt;Daystrom Studio&lt;/b&gt; %1&lt;br&gt;Entwirft Prisma-AIRS-Guardrails für eigene Themen mit einer LLM-Verfeinerungsschleife.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Running %1</source>
        <translation>Läuft: %1</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>Lauf %1: %2</translation>
    </message>
    <message>
        <source>Daystrom Studio — Sandbox (no account is used)</source>
        <translation>Daystrom Studio — Sandbox (es wird kein Konto verwendet)</translation>
    </message>
    <message>
        <source>Daystrom Studio</source>
        <translation>Daystrom Studio</translation>
    </message>
    <message>
        <source>The run cannot start</source>
        <translation>Der Lauf kann nicht starten</translation>
    </message>
    <message>
        <source>The run cannot resume</source>
        <translation>Der Lauf kann nicht fortgesetzt werden</translation>
    </message>
    <message>
        <source>The run cannot be opened</source>
        <translation>Der Lauf kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Pausing the run and saving its checkpoint…</source>
        <translation>Der Lauf wird pausiert und sein Checkpoint gespeichert…</translation>
    </message>
    <message>
        <source>&amp;Memory</source>
        <translation>&amp;Gedächtnis</translation>
    </message>
    <message>
        <source>&amp;Clean up AIRS…</source>
        <translation>AIRS a&amp;ufräumen…</translation>
    </message>
    <message>
        <source>Clean up AIRS</source>
        <translation>AIRS aufräumen</translation>
    </message>
    <message>
        <source>Add the AIRS management credentials in the settings first.</source>
        <translation>Zuerst die Zugangsdaten der AIRS-Verwaltung in den Einstellungen eintragen.</translation>
    </message>
    <message>
        <source>List and delete what stopped runs left on AIRS</source>
        <translation>Auflisten und löschen, was beendete Läufe in AIRS hinterlassen haben</translation>
    </message>
    <message>
        <source>R&amp;uns (sandbox)</source>
        <translation>Lä&amp;ufe (Sandbox)</translation>
    </message>
    <message>
        <source>&amp;Memory (sandbox)</source>
        <translation>&amp;Gedächtnis (Sandbox)</translation>
    </message>
    <message>
        <source>&amp;Live run (decide)</source>
        <translation>&amp;Live-Lauf (entscheiden)</translation>
    </message>
    <message>
        <source>A proposed topic is waiting for your decision</source>
        <translation>Ein vorgeschlagenes Thema wartet auf eine Entscheidung</translation>
    </message>
    <message>
        <source>A proposed topic is waiting for your decision on the Live run page (%1)</source>
        <translation>Ein vorgeschlagenes Thema wartet auf der Seite „Live-Lauf“ auf eine Entscheidung (%1)</translation>
    </message>
    <message>
        <source>&amp;Add prompts…</source>
        <translation>Prompts &amp;hinzufügen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+T</source>
        <translation>Ctrl+Shift+T</translation>
    </message>
    <message>
        <source>Add labelled prompts to the running run&apos;s working suite or benchmark (%1)</source>
        <translation>Gekennzeichnete Prompts zur Arbeits-Testreihe oder zum Benchmark des aktiven Laufs hinzufügen (%1)</translation>
    </message>
    <message>
        <source>Pr&amp;ofile</source>
        <translation>Pr&amp;ofil</translation>
    </message>
    <message>
        <source>Audit every custom topic of a profile together</source>
        <translation>Alle eigenen Themen eines Profils gemeinsam prüfen</translation>
    </message>
</context>
<context>
    <name>MemoryBrowserPanel</name>
    <message>
        <source>Select a learning first.</source>
        <translation>Wählen Sie zuerst eine Erkenntnis aus.</translation>
    </message>
    <message>
        <source>Confirmed: confidence now %1.</source>
        <translation>Bestätigt: Konfidenz jetzt %1.</translation>
    </message>
    <message>
        <source>Rejected below %1: the learning is now an anti-pattern: “%2”</source>
        <translation>Unter %1 abgelehnt: Die Erkenntnis ist jetzt ein Anti-Pattern: „%2“</translation>
    </message>
    <message>
        <source>Rejected: confidence now %1.</source>
        <translation>Abgelehnt: Konfidenz jetzt %1.</translation>
    </message>
    <message>
        <source>Approved: the learning is active and will be injected.</source>
        <translation>Freigegeben: Die Erkenntnis ist aktiv und wird eingefügt.</translation>
    </message>
    <message>
        <source>Deleted. Ctrl+Z brings it back.</source>
        <translation>Gelöscht. Strg+Z stellt sie wieder her.</translation>
    </message>
    <message>
        <source>Select a category first.</source>
        <translation>Wählen Sie zuerst eine Kategorie aus.</translation>
    </message>
    <message>
        <source>Added.</source>
        <translation>Hinzugefügt.</translation>
    </message>
    <message>
        <source>Merged: seen %1× now.</source>
        <translation>Zusammengeführt: jetzt %1× gesehen.</translation>
    </message>
    <message>
        <source>Merge learnings</source>
        <translation>Erkenntnisse zusammenführen</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Gedächtnis</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Gespeichert.</translation>
    </message>
    <message>
        <source>Anti-patterns saved.</source>
        <translation>Anti-Patterns gespeichert.</translation>
    </message>
    <message>
        <source>Search categories and learnings</source>
        <translation>Kategorien und Erkenntnisse durchsuchen</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>Categories</source>
        <translation>Kategorien</translation>
    </message>
    <message>
        <source>Learnings</source>
        <translation>Erkenntnisse</translation>
    </message>
    <message>
        <source>Raise the confidence by 0.1</source>
        <translation>Die Konfidenz um 0,1 erhöhen</translation>
    </message>
    <message>
        <source>Lower the confidence by 0.15; below 0.15 the learning becomes an anti-pattern</source>
        <translation>Die Konfidenz um 0,15 senken; unter 0,15 wird die Erkenntnis zum Anti-Pattern</translation>
    </message>
    <message>
        <source>Make a pending learning active</source>
        <translation>Eine ausstehende Erkenntnis aktivieren</translation>
    </message>
    <message>
        <source>Write a learning by hand</source>
        <translation>Eine Erkenntnis von Hand erfassen</translation>
    </message>
    <message>
        <source>Merge the two selected learnings: the current one absorbs the other</source>
        <translation>Die zwei ausgewählten Erkenntnisse zusammenführen: Die aktuelle nimmt die andere auf</translation>
    </message>
    <message>
        <source>Confirm learning</source>
        <translation>Erkenntnis bestätigen</translation>
    </message>
    <message>
        <source>Reject learning</source>
        <translation>Erkenntnis ablehnen</translation>
    </message>
    <message>
        <source>Approve learning</source>
        <translation>Erkenntnis freigeben</translation>
    </message>
    <message>
        <source>Delete learning</source>
        <translation>Erkenntnis löschen</translation>
    </message>
    <message>
        <source>Add learning</source>
        <translation>Erkenntnis hinzufügen</translation>
    </message>
    <message>
        <source>Keep “%1” and merge “%2” into it? Their seen counts add up (Ctrl+Z undoes it).</source>
        <translation>„%1“ behalten und „%2“ damit zusammenführen? Die Zähler „Gesehen“ beider werden addiert (Strg+Z macht das rückgängig).</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>E&amp;xportieren…</translation>
    </message>
    <message>
        <source>Write learnings and anti-patterns to a bundle file to share</source>
        <translation>Erkenntnisse und Anti-Patterns zum Weitergeben in eine Paketdatei schreiben</translation>
    </message>
    <message>
        <source>All categories…</source>
        <translation>Alle Kategorien…</translation>
    </message>
    <message>
        <source>This category…</source>
        <translation>Diese Kategorie…</translation>
    </message>
    <message>
        <source>Merge a bundle into this memory; you see what it adds, corroborates and skips first</source>
        <translation>Ein Paket in dieses Gedächtnis übernehmen; vorher wird angezeigt, was es hinzufügt, bekräftigt und überspringt</translation>
    </message>
    <message>
        <source>Delete the learning</source>
        <translation>Die Erkenntnis löschen</translation>
    </message>
    <message>
        <source>Nothing was exported: %1</source>
        <translation>Nichts wurde exportiert: %1</translation>
    </message>
    <message>
        <source>Exported %1 learnings and %2 anti-patterns to %3.</source>
        <translation>%1 Erkenntnisse und %2 Anti-Patterns nach %3 exportiert.</translation>
    </message>
    <message>
        <source>Left out (unreadable): %1</source>
        <translation>Ausgelassen (nicht lesbar): %1</translation>
    </message>
    <message>
        <source>The bundle was refused, nothing was imported: %1</source>
        <translation>Das Paket wurde abgewiesen, nichts wurde importiert: %1</translation>
    </message>
    <message>
        <source>Import cancelled: nothing was written.</source>
        <translation>Import abgebrochen: Es wurde nichts geschrieben.</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>%1 importieren</translation>
    </message>
    <message>
        <source>The import stopped: %1</source>
        <translation>Der Import brach ab: %1</translation>
    </message>
    <message>
        <source>Imported: %1 added, %2 corroborated, %3 skipped. Ctrl+Z undoes it.</source>
        <translation>Importiert: %1 hinzugefügt, %2 bekräftigt, %3 übersprungen. Strg+Z macht das rückgängig.</translation>
    </message>
    <message>
        <source>Export all categories</source>
        <translation>Alle Kategorien exportieren</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
    <message>
        <source>Memory bundles (*.json)</source>
        <translation>Gedächtnispakete (*.json)</translation>
    </message>
    <message>
        <source>Import a memory bundle</source>
        <translation>Ein Gedächtnispaket importieren</translation>
    </message>
    <message>
        <source>Undone: %1</source>
        <translation>Rückgängig gemacht: %1</translation>
    </message>
    <message>
        <source>Redone: %1</source>
        <translation>Wiederhergestellt: %1</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>Bearbei&amp;ten…</translation>
    </message>
    <message>
        <source>Read and edit the whole learning: insight, strategy, outcome, tags</source>
        <translation>Die ganze Erkenntnis lesen und bearbeiten: Erkenntnis, Strategie, Ergebnis, Tags</translation>
    </message>
    <message>
        <source>Learnin&amp;gs</source>
        <translation>&amp;Erkenntnisse</translation>
    </message>
    <message>
        <source>Injection previe&amp;w</source>
        <translation>Einfügevors&amp;chau</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>Freigeben</translation>
    </message>
    <message>
        <source>A&amp;dd…</source>
        <translation>Hinzuf&amp;ügen…</translation>
    </message>
    <message>
        <source>Merge</source>
        <translation>Zusammenführen</translation>
    </message>
    <message>
        <source>Impor&amp;t…</source>
        <translation>I&amp;mportieren…</translation>
    </message>
    <message>
        <source>Conf&amp;irm</source>
        <translation>&amp;Bestätigen</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
</context>
<context>
    <name>MemoryEditCommand</name>
    <message>
        <source>The learning “%1” was changed elsewhere in the meantime.</source>
        <translation>Die Erkenntnis „%1“ wurde inzwischen anderswo geändert.</translation>
    </message>
    <message>
        <source>The anti-patterns were changed elsewhere in the meantime.</source>
        <translation>Die Anti-Patterns wurden inzwischen anderswo geändert.</translation>
    </message>
    <message>
        <source>The best-known topic was changed elsewhere in the meantime.</source>
        <translation>Das beste bekannte Thema wurde inzwischen anderswo geändert.</translation>
    </message>
    <message>
        <source>Cannot undo or redo “%1”: %2</source>
        <translation>„%1“ kann nicht rückgängig gemacht oder wiederholt werden: %2</translation>
    </message>
    <message>
        <source>%1 is locked by another process.</source>
        <translation>%1 ist von einem anderen Prozess gesperrt.</translation>
    </message>
    <message>
        <source>Cannot remove %1.</source>
        <translation>%1 kann nicht entfernt werden.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>MetricDeltaTable</name>
    <message>
        <source>Metric changes</source>
        <translation>Änderungen der Kennzahlen</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>TPR</source>
        <translation>TPR</translation>
    </message>
    <message>
        <source>TNR</source>
        <translation>TNR</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>False positives</source>
        <translation>Falsch-Positive</translation>
    </message>
    <message>
        <source>False negatives</source>
        <translation>Falsch-Negative</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>keine Änderung</translation>
    </message>
    <message>
        <source>A (#%1)</source>
        <translation>A (#%1)</translation>
    </message>
    <message>
        <source>B (#%1)</source>
        <translation>B (#%1)</translation>
    </message>
    <message>
        <source>better</source>
        <translation>besser</translation>
    </message>
    <message>
        <source>worse</source>
        <translation>schlechter</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>95 % interval: %1 to %2</source>
        <translation>95-%-Intervall: %1 bis %2</translation>
    </message>
    <message>
        <source>A (#%1, v%2)</source>
        <translation>A (#%1, v%2)</translation>
    </message>
    <message>
        <source>B (#%1, v%2)</source>
        <translation>B (#%1, v%2)</translation>
    </message>
    <message numerus="yes">
        <source>On the %n benchmark prompt(s) both versions hold.</source>
        <translation>
            <numerusform>Über den %n Benchmark-Prompt, der in beiden Versionen enthalten ist.</numerusform>
            <numerusform>Über die %n Benchmark-Prompts, die in beiden Versionen enthalten sind.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NewRunFieldsPage</name>
    <message>
        <source>The New run page, field by field</source>
        <translation>Die Seite Neuer Lauf, Feld für Feld</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>Thema</translation>
    </message>
    <message>
        <source>What the guardrail should detect, in your own words (at most %1 characters). The LLM turns it into the topic AIRS reads: a name, a description and a few examples. Be concrete about what belongs to the topic and what does not.</source>
        <translation>Was der Guardrail erkennen soll, in Ihren eigenen Worten (höchstens %1 Zeichen). Das LLM macht daraus das Thema, das AIRS liest: einen Namen, eine Beschreibung und einige Beispiele. Sagen Sie konkret, was zum Thema gehört und was nicht.</translation>
    </message>
    <message>
        <source>&lt;i&gt;Start from the library…&lt;/i&gt; fills the topic, the intent and the seed examples with one of the starter topics enterprises commonly need.</source>
        <translation>&lt;i&gt;Aus der Bibliothek wählen…&lt;/i&gt; füllt Thema, Absicht und Startbeispiele mit einem der Startthemen, die Unternehmen häufig brauchen.</translation>
    </message>
    <message>
        <source>Intent</source>
        <translation>Absicht</translation>
    </message>
    <message>
        <source>&lt;i&gt;Block&lt;/i&gt;: the topic describes what must be stopped, and a prompt that matches it is caught. &lt;i&gt;Allow&lt;/i&gt;: the topic describes what may pass, and only prompts that match it get through (an allow list).</source>
        <translation>&lt;i&gt;Blockieren&lt;/i&gt;: Das Thema beschreibt, was aufgehalten werden muss, und ein Prompt, der dazu passt, wird abgefangen. &lt;i&gt;Erlauben&lt;/i&gt;: Das Thema beschreibt, was durchgehen darf, und nur Prompts, die dazu passen, kommen durch (eine Erlaubnisliste).</translation>
    </message>
    <message>
        <source>The intent decides how a scan is read: for Block the topic violation AIRS reports, for Allow its category (“benign” means the prompt matched the topic). Each intent keeps its own target: %1 for Block, %2 for Allow, as allow lists rarely reach the higher one.</source>
        <translation>Die Absicht entscheidet, wie ein Scan gelesen wird: bei Blockieren die Themenverletzung, die AIRS meldet, bei Erlauben seine Kategorie („benign“ heißt, der Prompt passte zum Thema). Jede Absicht behält ihr eigenes Ziel: %1 für Blockieren, %2 für Erlauben, da Erlaubnislisten das höhere selten erreichen.</translation>
    </message>
    <message>
        <source>Seed examples</source>
        <translation>Startbeispiele</translation>
    </message>
    <message>
        <source>Optional example prompts, one per line, that belong to the topic. The LLM reads them when it writes the first topic and the held-out benchmark.</source>
        <translation>Optionale Beispiel-Prompts, einer pro Zeile, die zum Thema gehören. Das LLM liest sie, wenn es das erste Thema und den zurückgehaltenen Benchmark schreibt.</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>The AIRS security profile the topic is for, listed from your tenant (&lt;i&gt;Refresh&lt;/i&gt; lists them again). The run never changes it: it works on a copy named &lt;code&gt;daystrom-run-&amp;lt;id&amp;gt;&lt;/code&gt; that holds the profile&apos;s own topics and the run&apos;s, and removes the copy when it ends. Only &lt;i&gt;Apply&lt;/i&gt; on the Compare page writes to the profile.</source>
        <translation>Das AIRS-Sicherheitsprofil, für das das Thema ist, aus Ihrem Tenant gelistet (&lt;i&gt;Aktualisieren&lt;/i&gt; listet sie neu). Der Lauf ändert es nie: Er arbeitet auf einer Kopie namens &lt;code&gt;daystrom-run-&amp;lt;id&amp;gt;&lt;/code&gt;, die die Themen des Profils und die des Laufs enthält, und entfernt die Kopie, wenn er endet. Nur &lt;i&gt;Übernehmen&lt;/i&gt; auf der Seite Vergleich schreibt in das Profil.</translation>
    </message>
    <message>
        <source>The list under the profile shows the custom topics it holds now; uncheck one to leave it out of the run&apos;s copy. A profile holds at most %1 topics.</source>
        <translation>Die Liste unter dem Profil zeigt die eigenen Themen, die es jetzt enthält; entfernen Sie einen Haken, um das Thema aus der Kopie des Laufs herauszulassen. Ein Profil enthält höchstens %1 Themen.</translation>
    </message>
    <message>
        <source>&lt;i&gt;Test on the production profile itself&lt;/i&gt; is only for tenants that refuse to create security profiles: while the run goes on, its half-finished topics filter real traffic, and the profile&apos;s topic guardrails are put back when the run ends, fails, is cancelled or paused.</source>
        <translation>&lt;i&gt;Auf dem Produktionsprofil selbst testen&lt;/i&gt; ist nur für Tenants gedacht, die keine Sicherheitsprofile anlegen lassen: Während der Lauf läuft, filtern seine halbfertigen Themen echten Verkehr, und die Themen-Guardrails des Profils werden wiederhergestellt, wenn der Lauf endet, fehlschlägt, abgebrochen oder pausiert wird.</translation>
    </message>
    <message>
        <source>Test prompts</source>
        <translation>Test-Prompts</translation>
    </message>
    <message>
        <source>By default the LLM writes new labelled test prompts for every iteration, aimed at the topic&apos;s weak spots. &lt;i&gt;From CSV…&lt;/i&gt; uses your own labelled prompts instead (&lt;code&gt;prompt,expected[,intent][,category]&lt;/code&gt;; a test-results export reads back), scanned in every iteration.</source>
        <translation>Standardmäßig schreibt das LLM für jede Iteration neue gelabelte Test-Prompts, gezielt auf die Schwachstellen des Themas. &lt;i&gt;Aus CSV…&lt;/i&gt; verwendet stattdessen Ihre eigenen gelabelten Prompts (&lt;code&gt;prompt,expected[,intent][,category]&lt;/code&gt;; ein Export der Testergebnisse lässt sich wieder einlesen), gescannt in jeder Iteration.</translation>
    </message>
    <message>
        <source>Max iterations</source>
        <translation>Max. Iterationen</translation>
    </message>
    <message>
        <source>The most iterations the run makes (default %1). Each iteration costs LLM calls and one scan per test prompt and benchmark prompt.</source>
        <translation>Die meisten Iterationen, die der Lauf macht (Standard %1). Jede Iteration kostet LLM-Aufrufe und einen Scan je Test-Prompt und Benchmark-Prompt.</translation>
    </message>
    <message>
        <source>Target coverage</source>
        <translation>Zielabdeckung</translation>
    </message>
    <message>
        <source>The run stops when its best iteration reaches this %1 (default %2 for Block). Only the best iteration can reach it, and on the benchmark its prompts that changed their verdict between repeated scans count as errors.</source>
        <translation>Der Lauf endet, wenn seine beste Iteration diese %1 erreicht (Standard %2 für Blockieren). Nur die beste Iteration kann sie erreichen, und auf dem Benchmark zählen ihre Prompts, deren Urteil sich zwischen wiederholten Scans geändert hat, als Fehler.</translation>
    </message>
    <message>
        <source>coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>Token budget and cost budget</source>
        <translation>Token-Budget und Kostenbudget</translation>
    </message>
    <message>
        <source>Optional limits on what the run&apos;s LLM calls may use: the run pauses before a call would take it past this many tokens (in and out, the whole run) or this many US dollars. The cost needs a price for the model under &lt;code&gt;llmPrices&lt;/code&gt; in config.json. Resume with a higher budget to go on; empty means no limit.</source>
        <translation>Optionale Grenzen dafür, was die LLM-Aufrufe des Laufs verbrauchen dürfen: Der Lauf pausiert, bevor ein Aufruf ihn über so viele Tokens (ein und aus, der ganze Lauf) oder so viele US-Dollar bringen würde. Die Kosten brauchen einen Preis für das Modell unter &lt;code&gt;llmPrices&lt;/code&gt; in config.json. Setzen Sie mit einem höheren Budget fort, um weiterzumachen; leer heißt ohne Grenze.</translation>
    </message>
    <message>
        <source>Step mode</source>
        <translation>Schrittmodus</translation>
    </message>
    <message>
        <source>The run waits after each proposed topic: accept it, edit it, or ask for another one. It can be switched on the Live run page at any time.</source>
        <translation>Der Lauf wartet nach jedem vorgeschlagenen Thema: Übernehmen Sie es, bearbeiten Sie es oder fordern Sie ein anderes an. Er lässt sich jederzeit auf der Seite Live-Lauf umschalten.</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>Erweitert</translation>
    </message>
    <message>
        <source>Settings most runs leave at their defaults. Check the box to show them.</source>
        <translation>Einstellungen, die die meisten Läufe bei ihren Standardwerten lassen. Setzen Sie den Haken, um sie zu zeigen.</translation>
    </message>
    <message>
        <source>Keeping earlier tests, and the test suite cap</source>
        <translation>Frühere Tests behalten, und die Obergrenze der Testreihe</translation>
    </message>
    <message>
        <source>&lt;i&gt;Keep earlier passing tests as regression checks&lt;/i&gt; carries the tests that passed into later iterations, so the suite grows and a topic that breaks them shows it (default: off).</source>
        <translation>&lt;i&gt;Früher bestandene Tests als Regressionsprüfungen behalten&lt;/i&gt; nimmt die bestandenen Tests in spätere Iterationen mit, sodass die Testreihe wächst und ein Thema, das sie bricht, das zeigt (Standard: aus).</translation>
    </message>
    <message>
        <source>&lt;i&gt;Test suite cap&lt;/i&gt; is the most tests the suite may then hold (default: no cap). Half of it is kept for the iteration&apos;s new tests; the last iteration&apos;s failures take what they can of the rest, and the oldest passing tests go first.</source>
        <translation>&lt;i&gt;Obergrenze der Testreihe&lt;/i&gt; ist die größte Zahl an Tests, die die Testreihe dann enthalten darf (Standard: keine Obergrenze). Die Hälfte davon bleibt den neuen Tests der Iteration vorbehalten; die Fehlschläge der letzten Iteration nehmen, was sie vom Rest bekommen können, und die ältesten bestandenen Tests fallen zuerst weg.</translation>
    </message>
    <message>
        <source>Plateau window and band</source>
        <translation>Plateau-Fenster und -Band</translation>
    </message>
    <message>
        <source>Stop when the coverage of this many iterations in a row stays within the band, without a new best (default: off). The band is a fraction: %1 means %2 points apart at most (the default).</source>
        <translation>Anhalten, wenn die Abdeckung so vieler Iterationen in Folge innerhalb des Bands bleibt, ohne neue beste (Standard: aus). Das Band ist ein Bruchteil: %1 heißt höchstens %2 Punkte auseinander (der Standard).</translation>
    </message>
    <message>
        <source>Stop after regressions</source>
        <translation>Anhalten nach Regressionen</translation>
    </message>
    <message>
        <source>Stop the run after this many iterations in a row that are worse than the best (default %1; 0 never stops early). Worse means worse beyond noise, by the same rule %2 uses; after two such iterations in a row the run first goes back to the best topic, then tries a simpler one.</source>
        <translation>Den Lauf nach so vielen Iterationen in Folge anhalten, die schlechter als die beste sind (Standard %1; 0 hält nie vorzeitig an). Schlechter heißt schlechter über das Rauschen hinaus, nach derselben Regel, die %2 verwendet; nach zwei solchen Iterationen in Folge kehrt der Lauf zuerst zum besten Thema zurück und versucht dann ein einfacheres.</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>der Vergleich</translation>
    </message>
    <message>
        <source>Prompt set</source>
        <translation>Prompt-Set</translation>
    </message>
    <message>
        <source>When the run ends, save the best iteration&apos;s tests as a custom prompt set in AI Red Team (default: off). Without a name, one is made from the topic.</source>
        <translation>Wenn der Lauf endet, die Tests der besten Iteration als eigenes Prompt-Set in AI Red Team speichern (Standard: aus). Ohne Namen wird einer aus dem Thema gebildet.</translation>
    </message>
    <message>
        <source>Scans in parallel and scans per second</source>
        <translation>Parallele Scans und Scans pro Sekunde</translation>
    </message>
    <message>
        <source>How many scans are sent to AIRS at the same time (default %1), and at most how many per second, for tenants with a rate limit (default: unlimited).</source>
        <translation>Wie viele Scans gleichzeitig an AIRS gehen (Standard %1) und höchstens wie viele pro Sekunde, für Tenants mit einer Ratenbegrenzung (Standard: unbegrenzt).</translation>
    </message>
    <message>
        <source>Benchmark prompts</source>
        <translation>Benchmark-Prompts</translation>
    </message>
    <message>
        <source>The %1: labelled prompts written once when the run starts (default %2, half of each label) and never shown to the LLM, on which every iteration is scored. &lt;i&gt;From CSV…&lt;/i&gt; uses your own labelled prompts instead; &lt;i&gt;none&lt;/i&gt; scores each iteration only on its own tests.</source>
        <translation>Der %1: gelabelte Prompts, einmal zu Beginn des Laufs geschrieben (Standard %2, je zur Hälfte jedes Labels) und dem LLM nie gezeigt, an denen jede Iteration gemessen wird. &lt;i&gt;Aus CSV…&lt;/i&gt; verwendet stattdessen Ihre eigenen gelabelten Prompts; &lt;i&gt;keine&lt;/i&gt; misst jede Iteration nur an ihren eigenen Tests.</translation>
    </message>
    <message>
        <source>held-out benchmark</source>
        <translation>zurückgehaltene Benchmark</translation>
    </message>
    <message>
        <source>The larger the benchmark, the narrower the interval around coverage: %1 prompts measure a coverage near %2 to about ±%3 points; ±%4 points needs %5 prompts. &lt;i&gt;Precision wanted&lt;/i&gt; with &lt;i&gt;Use that size&lt;/i&gt; sets the size for you.</source>
        <translation>Je größer der Benchmark, desto schmaler das Intervall um die Abdeckung: %1 Prompts messen eine Abdeckung um %2 auf etwa ±%3 Punkte genau; ±%4 Punkte brauchen %5 Prompts. &lt;i&gt;Gewünschte Genauigkeit&lt;/i&gt; mit &lt;i&gt;Diese Größe übernehmen&lt;/i&gt; stellt die Größe für Sie ein.</translation>
    </message>
    <message>
        <source>Decide on</source>
        <translation>Entscheiden nach</translation>
    </message>
    <message>
        <source>Which scores pick the best iteration and decide reverts, the plateau and the target: the held-out benchmark (the default, allowing for %1), or each iteration&apos;s own tests, on their measured values, as the original tool did.</source>
        <translation>Welche Werte die beste Iteration wählen und über das Zurücksetzen, das Plateau und das Ziel entscheiden: der zurückgehaltene Benchmark (der Standard, unter Berücksichtigung von %1) oder die eigenen Tests jeder Iteration nach ihren gemessenen Werten, wie es das ursprüngliche Werkzeug tat.</translation>
    </message>
    <message>
        <source>noise</source>
        <translation>Rauschen</translation>
    </message>
    <message>
        <source>Scans per benchmark prompt</source>
        <translation>Scans pro Benchmark-Prompt</translation>
    </message>
    <message>
        <source>Scan each benchmark prompt this many times (default %1). A prompt whose verdict changes between the scans is flagged unstable and left out of the figures and of every comparison.</source>
        <translation>Jeden Benchmark-Prompt so oft scannen (Standard %1). Ein Prompt, dessen Urteil sich zwischen den Scans ändert, wird als instabil markiert und bleibt aus den Zahlen und aus jedem Vergleich heraus.</translation>
    </message>
    <message>
        <source>Response tests and the decision figure</source>
        <translation>Antworttests und die entscheidende Zahl</translation>
    </message>
    <message>
        <source>&lt;i&gt;Response tests&lt;/i&gt;: prompt and response pairs the LLM writes once (up to %1), half of them expected to trigger, scanned every iteration and judged on what AIRS says of the response. Block intent only; default: off.</source>
        <translation>&lt;i&gt;Antworttests&lt;/i&gt;: Paare aus Prompt und Antwort, die das LLM einmal schreibt (bis zu %1), die Hälfte davon soll auslösen, in jeder Iteration gescannt und danach beurteilt, was AIRS zur Antwort sagt. Nur bei der Absicht Blockieren; Standard: aus.</translation>
    </message>
    <message>
        <source>&lt;i&gt;Decision figure&lt;/i&gt;: which coverage decides — the prompt side (the default) or the weaker of the prompt and the response side.</source>
        <translation>&lt;i&gt;Entscheidende Zahl&lt;/i&gt;: welche Abdeckung entscheidet – die Prompt-Seite (der Standard) oder die schwächere Seite, Prompt oder Antwort.</translation>
    </message>
    <message>
        <source>Robustness</source>
        <translation>Robustheit</translation>
    </message>
    <message>
        <source>Scores each iteration also on evasive rewrites of a sample of the benchmark (default %1 prompts, half positive), one family of rewrites per check box, and on translations into the languages you list (two-letter codes; default: de, fr, es). The results are shown as the coverage kept under each rewrite, beside the figures and never in them; default: off.</source>
        <translation>Misst jede Iteration auch an ausweichenden Umformulierungen einer Stichprobe des Benchmarks (Standard %1 Prompts, zur Hälfte positiv), eine Familie von Umformulierungen je Kontrollkästchen, und an Übersetzungen in die Sprachen, die Sie angeben (zweibuchstabige Codes; Standard: de, fr, es). Die Ergebnisse erscheinen als die unter jeder Umformulierung gehaltene Abdeckung, neben den Zahlen und nie in ihnen; Standard: aus.</translation>
    </message>
    <message>
        <source>Press F1 in a field to come back here at its explanation. Every field has a tooltip too.</source>
        <translation>Drücken Sie F1 in einem Feld, um hierher zu seiner Erklärung zurückzukommen. Jedes Feld hat auch einen Tooltip.</translation>
    </message>
</context>
<context>
    <name>NewRunPanel</name>
    <message>
        <source>What the guardrail should detect</source>
        <translation>Was der Guardrail erkennen soll</translation>
    </message>
    <message>
        <source>Intent</source>
        <translation>Absicht</translation>
    </message>
    <message>
        <source>Seed examples, one per line</source>
        <translation>Startbeispiele, eines pro Zeile</translation>
    </message>
    <message>
        <source>Security profile</source>
        <translation>Sicherheitsprofil</translation>
    </message>
    <message>
        <source>Refresh profiles</source>
        <translation>Profile aktualisieren</translation>
    </message>
    <message>
        <source>Maximum iterations</source>
        <translation>Maximale Iterationen</translation>
    </message>
    <message>
        <source>Target coverage</source>
        <translation>Zielabdeckung</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>Erweitert</translation>
    </message>
    <message>
        <source>Advanced settings</source>
        <translation>Erweiterte Einstellungen</translation>
    </message>
    <message>
        <source>Keep earlier passing tests as regression checks</source>
        <translation>Früher bestandene Tests als Regressionsprüfungen behalten</translation>
    </message>
    <message>
        <source>Accumulate tests</source>
        <translation>Tests sammeln</translation>
    </message>
    <message>
        <source>Test suite cap</source>
        <translation>Obergrenze der Testreihe</translation>
    </message>
    <message>
        <source>Plateau window</source>
        <translation>Plateau-Fenster</translation>
    </message>
    <message>
        <source>Plateau band</source>
        <translation>Plateau-Band</translation>
    </message>
    <message>
        <source>Maximum consecutive regressions</source>
        <translation>Maximale aufeinanderfolgende Regressionen</translation>
    </message>
    <message>
        <source>Export the best tests as an AI Red Team prompt set</source>
        <translation>Die besten Tests als AI-Red-Team-Prompt-Set exportieren</translation>
    </message>
    <message>
        <source>Export prompt set</source>
        <translation>Prompt-Set exportieren</translation>
    </message>
    <message>
        <source>Prompt set name</source>
        <translation>Name des Prompt-Sets</translation>
    </message>
    <message>
        <source>Scans in parallel</source>
        <translation>Parallele Scans</translation>
    </message>
    <message>
        <source>Scans per second</source>
        <translation>Scans pro Sekunde</translation>
    </message>
    <message>
        <source>Start the run</source>
        <translation>Den Lauf starten</translation>
    </message>
    <message>
        <source>e.g. Block requests for help acquiring or building weapons</source>
        <translation>z. B. Anfragen nach Hilfe beim Beschaffen oder Bauen von Waffen blockieren</translation>
    </message>
    <message>
        <source>Block: catch prompts that match</source>
        <translation>Blockieren: passende Prompts abfangen</translation>
    </message>
    <message>
        <source>Allow: only prompts that match may pass</source>
        <translation>Erlauben: nur passende Prompts dürfen durch</translation>
    </message>
    <message>
        <source>Optional: example prompts, one per line</source>
        <translation>Optional: Beispiel-Prompts, einer pro Zeile</translation>
    </message>
    <message>
        <source>AIRS security profile</source>
        <translation>AIRS-Sicherheitsprofil</translation>
    </message>
    <message>
        <source>no cap</source>
        <translation>keine Obergrenze</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>never stop early</source>
        <translation>nie vorzeitig anhalten</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>&amp;Topic:</source>
        <translation>&amp;Thema:</translation>
    </message>
    <message>
        <source>&amp;Intent:</source>
        <translation>Ab&amp;sicht:</translation>
    </message>
    <message>
        <source>&amp;Seed examples:</source>
        <translation>Startbe&amp;ispiele:</translation>
    </message>
    <message>
        <source>Test suite cap:</source>
        <translation>Obergrenze der Testreihe:</translation>
    </message>
    <message>
        <source>Plateau window:</source>
        <translation>Plateau-Fenster:</translation>
    </message>
    <message>
        <source>Plateau band:</source>
        <translation>Plateau-Band:</translation>
    </message>
    <message>
        <source>Stop after regressions:</source>
        <translation>Anhalten nach Regressionen:</translation>
    </message>
    <message>
        <source>Prompt set name:</source>
        <translation>Name des Prompt-Sets:</translation>
    </message>
    <message>
        <source>Scans in parallel:</source>
        <translation>Parallele Scans:</translation>
    </message>
    <message>
        <source>Scans per second:</source>
        <translation>Scans pro Sekunde:</translation>
    </message>
    <message numerus="yes">
        <source>%n profile(s) in this tenant</source>
        <translation>
            <numerusform>%n Profil in diesem Mandanten</numerusform>
            <numerusform>%n Profile in diesem Mandanten</numerusform>
        </translation>
    </message>
    <message>
        <source>Profiles could not be listed: %1</source>
        <translation>Die Profile konnten nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>A run is in progress.</source>
        <translation>Ein Lauf ist im Gange.</translation>
    </message>
    <message>
        <source>Describe what the guardrail should detect.</source>
        <translation>Beschreiben Sie, was der Guardrail erkennen soll.</translation>
    </message>
    <message>
        <source>Choose the AIRS security profile to deploy to.</source>
        <translation>Wählen Sie das AIRS-Sicherheitsprofil, in dem bereitgestellt wird.</translation>
    </message>
    <message>
        <source>Test on the production profile itself, not on a copy</source>
        <translation>Auf dem Produktionsprofil selbst testen, nicht auf einer Kopie</translation>
    </message>
    <message>
        <source>Test in place</source>
        <translation>Direkt testen</translation>
    </message>
    <message>
        <source>Only for tenants that refuse to create security profiles: the run&apos;s copy &quot;daystrom-run-&lt;id&gt;&quot; is the default</source>
        <translation>Nur für Mandanten, die keine Sicherheitsprofile anlegen lassen: Standard ist die eigene Kopie des Laufs „daystrom-run-&lt;id&gt;“</translation>
    </message>
    <message>
        <source>⚠ While the run goes on, its half-finished topics filter real traffic on this profile. Its topic guardrails are put back when the run ends, is cancelled, fails or is paused (also by a budget or by closing the app); resuming deploys the candidate on it again.</source>
        <translation>⚠ Solange der Lauf dauert, filtern seine halbfertigen Themen echten Datenverkehr auf diesem Profil. Seine Themen-Guardrails werden wiederhergestellt, wenn der Lauf endet, abgebrochen wird, fehlschlägt oder pausiert (auch durch ein Budget oder beim Schließen der App); beim Fortsetzen wird der Kandidat wieder darauf bereitgestellt.</translation>
    </message>
    <message>
        <source>The run&apos;s copy of the profile would hold more than %1 topics: uncheck some of the profile&apos;s topics above.</source>
        <translation>Die Kopie des Profils hätte mehr als %1 Themen: Oben einige Themen des Profils abwählen.</translation>
    </message>
    <message>
        <source>Held-out benchmark prompts</source>
        <translation>Zurückgehaltene Benchmark-Prompts</translation>
    </message>
    <message>
        <source>Decide on</source>
        <translation>Entscheiden nach</translation>
    </message>
    <message>
        <source>Scans per benchmark prompt</source>
        <translation>Scans pro Benchmark-Prompt</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>the held-out benchmark</source>
        <translation>dem zurückgehaltenen Benchmark</translation>
    </message>
    <message>
        <source>each iteration&apos;s own tests (as the original tool)</source>
        <translation>den eigenen Tests jeder Iteration (wie das Originalwerkzeug)</translation>
    </message>
    <message>
        <source>Benchmark prompts:</source>
        <translation>Benchmark-Prompts:</translation>
    </message>
    <message>
        <source>Decide on:</source>
        <translation>Entscheiden nach:</translation>
    </message>
    <message>
        <source>Scans per benchmark prompt:</source>
        <translation>Scans pro Benchmark-Prompt:</translation>
    </message>
    <message>
        <source>Load the benchmark from a CSV file</source>
        <translation>Den Benchmark aus einer CSV-Datei laden</translation>
    </message>
    <message>
        <source>Let the LLM write the benchmark</source>
        <translation>Das LLM den Benchmark schreiben lassen</translation>
    </message>
    <message>
        <source>Benchmark from CSV</source>
        <translation>Benchmark aus CSV</translation>
    </message>
    <message>
        <source>Labelled prompts (*.csv)</source>
        <translation>Gekennzeichnete Prompts (*.csv)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Step mode: review each proposal</source>
        <translation>Schrittmodus: jeden Vorschlag prüfen</translation>
    </message>
    <message>
        <source>Step mode</source>
        <translation>Schrittmodus</translation>
    </message>
    <message>
        <source>The run waits after each proposed topic: accept it, edit it or ask for another one. It can be switched in the Live page at any time.</source>
        <translation>Der Lauf wartet nach jedem vorgeschlagenen Thema: annehmen, bearbeiten oder einen anderen Vorschlag anfordern. Lässt sich jederzeit auf der Seite „Live-Lauf“ umschalten.</translation>
    </message>
    <message>
        <source>Labelled prompts the LLM writes once; every iteration is scored on them and the LLM never sees them again, so iterations can be compared. Default: 60; none: each iteration is scored only on its own tests.</source>
        <translation>Gekennzeichnete Prompts, die das LLM einmal schreibt; jede Iteration wird an ihnen gemessen, und das LLM sieht sie nie wieder, sodass sich Iterationen vergleichen lassen. Standard: 60; keiner: Jede Iteration wird nur an ihren eigenen Tests gemessen.</translation>
    </message>
    <message>
        <source>Use labelled prompts from a CSV file as the held-out benchmark instead of prompts the LLM writes. Default: LLM-written.</source>
        <translation>Gekennzeichnete Prompts aus einer CSV-Datei als zurückgehaltenen Benchmark verwenden statt Prompts, die das LLM schreibt. Standard: vom LLM geschrieben.</translation>
    </message>
    <message>
        <source>Forget the CSV benchmark and let the LLM write it again (the default).</source>
        <translation>Den CSV-Benchmark verwerfen und ihn wieder vom LLM schreiben lassen (Standard).</translation>
    </message>
    <message>
        <source>Scan each benchmark prompt this many times; prompts whose verdict changes are flagged unstable and left out of the figures. Default: 1.</source>
        <translation>Jeden Benchmark-Prompt so oft scannen; Prompts, deren Urteil wechselt, werden als instabil markiert und bei den Zahlen weggelassen. Standard: 1.</translation>
    </message>
    <message>
        <source>Settings most runs leave at their defaults</source>
        <translation>Einstellungen, die die meisten Läufe beim Standardwert belassen</translation>
    </message>
    <message>
        <source>Carry the tests that passed into later iterations as regression checks, so the suite grows. Default: off.</source>
        <translation>Bestandene Tests als Regressionsprüfungen in spätere Iterationen übernehmen, sodass die Testreihe wächst. Standard: aus.</translation>
    </message>
    <message>
        <source>The most tests the suite may hold when earlier tests are kept; the oldest go first. Default: no cap.</source>
        <translation>Höchstzahl an Tests in der Testreihe, wenn frühere Tests behalten werden; die ältesten fallen zuerst weg. Standard: keine Obergrenze.</translation>
    </message>
    <message>
        <source>Stop when the coverage of this many iterations in a row stays within the plateau band without a new best. Default: off.</source>
        <translation>Anhalten, wenn die Abdeckung so vieler Iterationen in Folge innerhalb des Plateau-Bands bleibt, ohne einen neuen Bestwert zu erreichen. Standard: aus.</translation>
    </message>
    <message>
        <source>How far apart (as a fraction: 0.05 is 5 points) the coverage of the plateau window may be and still count as a plateau. Default: %1.</source>
        <translation>Wie weit die Abdeckungswerte im Plateau-Fenster auseinanderliegen dürfen (als Anteil: 0,05 sind 5 Prozentpunkte), um noch als Plateau zu gelten. Standard: %1.</translation>
    </message>
    <message>
        <source>Stop the run after this many iterations in a row that are worse than the best. Default: 3; 0 never stops early.</source>
        <translation>Den Lauf nach so vielen Iterationen in Folge anhalten, die schlechter als die beste sind. Standard: 3; bei 0 wird nie vorzeitig angehalten.</translation>
    </message>
    <message>
        <source>When the run ends, save the best iteration&apos;s tests as a custom prompt set in AI Red Team. Default: off.</source>
        <translation>Am Ende des Laufs die Tests der besten Iteration als eigenes Prompt-Set in AI Red Team speichern. Standard: aus.</translation>
    </message>
    <message>
        <source>The name of the exported prompt set. Default: empty, a name made from the topic.</source>
        <translation>Der Name des exportierten Prompt-Sets. Standard: leer, dann wird ein Name aus dem Thema gebildet.</translation>
    </message>
    <message>
        <source>How many scans are sent to AIRS at the same time. Default: 5.</source>
        <translation>Wie viele Scans gleichzeitig an AIRS gesendet werden. Standard: 5.</translation>
    </message>
    <message>
        <source>At most this many scans per second, for tenants with a rate limit. Default: unlimited.</source>
        <translation>Höchstens so viele Scans pro Sekunde, für Mandanten mit Ratenbegrenzung. Standard: unbegrenzt.</translation>
    </message>
    <message>
        <source>Which scores pick the best iteration and decide reverts, the plateau and the target: the held-out benchmark (the default), or each iteration&apos;s own tests as the original tool did.</source>
        <translation>Welche Werte die beste Iteration bestimmen und über Zurücksetzen, Plateau und Ziel entscheiden: der zurückgehaltene Benchmark (Standard) oder, wie beim Originalwerkzeug, die eigenen Tests jeder Iteration.</translation>
    </message>
    <message>
        <source>Listing the profiles…</source>
        <translation>Profile werden aufgelistet…</translation>
    </message>
    <message>
        <source>⚠ Profile %1 blocks every prompt that matches none of its topics (an allow list). A block topic works the other way round: the run measures it with that action set to allow, and applying it would let everything that matches no topic pass. Apply asks before it changes that.</source>
        <translation>⚠ Profil %1 blockiert jeden Prompt, der zu keinem seiner Themen passt (eine Zulassungsliste). Ein Blockier-Thema funktioniert umgekehrt: Der Lauf misst es mit dieser Aktion auf Zulassen gesetzt, und seine Übernahme würde alles durchlassen, was zu keinem Thema passt. Die Übernahme fragt, bevor sie das ändert.</translation>
    </message>
    <message>
        <source>⚠ Profile %1 lets every prompt through that matches none of its topics (a block list). An allow topic works the other way round: the run measures it with that action set to block, and applying it would block everything that matches no topic. Apply asks before it changes that.</source>
        <translation>⚠ Profil %1 lässt jeden Prompt durch, der zu keinem seiner Themen passt (eine Sperrliste). Ein Zulassungs-Thema funktioniert umgekehrt: Der Lauf misst es mit dieser Aktion auf Blockieren gesetzt, und seine Übernahme würde alles blockieren, was zu keinem Thema passt. Die Übernahme fragt, bevor sie das ändert.</translation>
    </message>
    <message>
        <source>Wanted precision of coverage, in points</source>
        <translation>Gewünschte Genauigkeit der Abdeckung, in Punkten</translation>
    </message>
    <message>
        <source> points</source>
        <translation> Punkte</translation>
    </message>
    <message>
        <source>Set the benchmark to the size this precision needs (the default size is 60 prompts).</source>
        <translation>Setzt den Benchmark auf die Größe, die diese Genauigkeit braucht (Standardgröße: 60 Prompts).</translation>
    </message>
    <message>
        <source>Precision &amp;wanted:</source>
        <translation>Gewüns&amp;chte Genauigkeit:</translation>
    </message>
    <message>
        <source>How precisely you want a coverage near 90 % measured (half the 95 % interval). Default: ±5 points.</source>
        <translation>Wie genau eine Abdeckung um 90 % gemessen werden soll (die halbe Breite des 95-%-Intervalls). Standard: ±5 Punkte.</translation>
    </message>
    <message>
        <source>This run is too large: %1.</source>
        <translation>Dieser Lauf ist zu groß: %1.</translation>
    </message>
    <message>
        <source>Describe what the guardrail should detect in at most %1 characters.</source>
        <translation>Beschreiben Sie in höchstens %1 Zeichen, was der Guardrail erkennen soll.</translation>
    </message>
    <message>
        <source>Start from the librar&amp;y…</source>
        <translation>Aus der Bibliothek &amp;wählen…</translation>
    </message>
    <message>
        <source>Pick one of the starter topics enterprises commonly need as the request, intent and seeds</source>
        <translation>Eines der Startthemen, die Unternehmen oft brauchen, als Anfrage, Absicht und Startbeispiele übernehmen</translation>
    </message>
    <message>
        <source>Use that si&amp;ze</source>
        <translation>Diese Größe &amp;übernehmen</translation>
    </message>
    <message>
        <source>From CSV…</source>
        <translation>Aus CSV…</translation>
    </message>
    <message>
        <source>LLM-written</source>
        <translation>Vom LLM geschrieben</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Run</source>
        <comment>the New run page&apos;s button; the Run menu holds Alt+R</comment>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>Profil&amp;e:</source>
        <translation>&amp;Profil:</translation>
    </message>
    <message>
        <source>Test prompts:</source>
        <translation>Test-Prompts:</translation>
    </message>
    <message>
        <source>Ma&amp;x iterations:</source>
        <translation>&amp;Max. Iterationen:</translation>
    </message>
    <message>
        <source>Tar&amp;get coverage:</source>
        <translation>&amp;Zielabdeckung:</translation>
    </message>
    <message>
        <source>Target coverage changed from %1 % to %2 % for an allow topic (allow lists rarely reach 90 %); Block keeps its %1 %.</source>
        <translation>Zielabdeckung für ein Erlaubnisthema von %1 % auf %2 % geändert (Erlaubnislisten erreichen selten 90 %); Blockieren behält seine %1 %.</translation>
    </message>
    <message>
        <source>Target coverage changed back from %1 % to %2 %, the target for a block topic; Allow keeps its %1 %.</source>
        <translation>Zielabdeckung von %1 % zurück auf %2 % geändert, das Ziel für ein Blockierthema; Erlauben behält seine %1 %.</translation>
    </message>
</context>
<context>
    <name>ProductionCheck</name>
    <message>
        <source>AIRS management credentials are needed to read the profile.</source>
        <translation>Zum Lesen des Profils werden AIRS-Verwaltungszugangsdaten benötigt.</translation>
    </message>
</context>
<context>
    <name>ProfilePage</name>
    <message>
        <source>Au&amp;dit…</source>
        <translation>Prüf&amp;en…</translation>
    </message>
    <message>
        <source>Cancel audit</source>
        <translation>Prüfung abbrechen</translation>
    </message>
    <message>
        <source>Scan every custom topic of the profile together, in a scratch copy of it (the cost is shown before it starts)</source>
        <translation>Alle eigenen Themen des Profils gemeinsam scannen, in einer Arbeitskopie davon (die Kosten werden vor dem Start gezeigt)</translation>
    </message>
    <message>
        <source>&amp;Topics</source>
        <translation>&amp;Themen</translation>
    </message>
    <message>
        <source>Audit the profile</source>
        <translation>Profil prüfen</translation>
    </message>
    <message>
        <source>Cancelling: removing the scratch copy of the profile…</source>
        <translation>Abbruch: die Arbeitskopie des Profils wird entfernt…</translation>
    </message>
    <message>
        <source>The audit could not start: %1</source>
        <translation>Die Prüfung konnte nicht starten: %1</translation>
    </message>
    <message>
        <source>Choose the profile to audit.</source>
        <translation>Wählen Sie das zu prüfende Profil.</translation>
    </message>
    <message>
        <source>Reading the topics of “%1”…</source>
        <translation>Die Themen von „%1“ werden gelesen…</translation>
    </message>
    <message>
        <source>An unfinished audit of “%1” is resumed: what it finished is not scanned again.

</source>
        <translation>Eine unfertige Prüfung von „%1“ wird fortgesetzt: Was sie abgeschlossen hat, wird nicht erneut gescannt.

</translation>
    </message>
    <message numerus="yes">
        <source>The audit writes held-out prompts for %n topic(s) with the LLM, </source>
        <translation>
            <numerusform>Die Prüfung schreibt mit dem LLM zurückgehaltene Prompts für %n Thema </numerusform>
            <numerusform>Die Prüfung schreibt mit dem LLM zurückgehaltene Prompts für %n Themen </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and makes %n scan(s) against a scratch copy of the profile, which it removes afterwards. Production is only read.</source>
        <translation>
            <numerusform>und macht %n Scan gegen eine Arbeitskopie des Profils, die sie danach entfernt. Die Produktion wird nur gelesen.</numerusform>
            <numerusform>und macht %n Scans gegen eine Arbeitskopie des Profils, die sie danach entfernt. Die Produktion wird nur gelesen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>

At the configured rate that takes about %n second(s).</source>
        <translation>
            <numerusform>

Bei der eingestellten Rate dauert das etwa %n Sekunde.</numerusform>
            <numerusform>

Bei der eingestellten Rate dauert das etwa %n Sekunden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>

Start the audit of %n topic(s)?</source>
        <translation>
            <numerusform>

Die Prüfung von %n Thema starten?</numerusform>
            <numerusform>

Die Prüfung von %n Themen starten?</numerusform>
        </translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>Nicht gestartet.</translation>
    </message>
    <message>
        <source>Audit %1 finished.</source>
        <translation>Prüfung %1 abgeschlossen.</translation>
    </message>
    <message>
        <source>Audit cancelled; its scratch profile is removed. Audit again to resume it.</source>
        <translation>Prüfung abgebrochen; ihr Arbeitsprofil ist entfernt. Erneut prüfen setzt sie fort.</translation>
    </message>
    <message>
        <source>The audit failed: %1. Audit again to resume it.</source>
        <translation>Die Prüfung ist fehlgeschlagen: %1. Erneut prüfen setzt sie fort.</translation>
    </message>
    <message>
        <source>No audit of this profile yet. An audit scans every custom topic of the profile together, on held-out prompts of each, and shows each topic&apos;s figures, the share of harmless prompts the profile acts on, and the prompts one topic wrote that another caught.</source>
        <translation>Noch keine Prüfung dieses Profils. Eine Prüfung scannt alle eigenen Themen des Profils gemeinsam, auf zurückgehaltenen Prompts jedes Themas, und zeigt die Kennzahlen jedes Themas, den Anteil harmloser Prompts, auf die das Profil reagiert, und die Prompts eines Themas, die ein anderes getroffen hat.</translation>
    </message>
    <message numerus="yes">
        <source>Audit of %1: the profile acts on %2 of %n prompt(s) users should get through; </source>
        <translation>
            <numerusform>Prüfung vom %1: Das Profil reagiert auf %2 von %n Prompt, die Nutzer durchbekommen sollten; </numerusform>
            <numerusform>Prüfung vom %1: Das Profil reagiert auf %2 von %n Prompts, die Nutzer durchbekommen sollten; </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conflict(s) between topics.</source>
        <translation>
            <numerusform>%n Konflikt zwischen Themen.</numerusform>
            <numerusform>%n Konflikte zwischen Themen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the audit</source>
        <translation>Prüfung exportieren</translation>
    </message>
    <message>
        <source>HTML pages (*.html)</source>
        <translation>HTML-Seiten (*.html)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>Exportiert nach %1</translation>
    </message>
    <message>
        <source>E&amp;xport HTML…</source>
        <translation>HTML e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Conflict matr&amp;ix</source>
        <translation>Konflikt&amp;matrix</translation>
    </message>
    <message>
        <source>Conflict&amp;s</source>
        <translation>Konfl&amp;ikte</translation>
    </message>
    <message>
        <source>Profil&amp;e:</source>
        <translation>&amp;Profil:</translation>
    </message>
    <message>
        <source>Conflict&amp;s (%1)</source>
        <translation>Konfl&amp;ikte (%1)</translation>
    </message>
</context>
<context>
    <name>ProfileTopicsField</name>
    <message>
        <source>The profile&apos;s topics copied into the run&apos;s profile</source>
        <translation>Die Themen des Profils, die in das Profil des Laufs kopiert werden</translation>
    </message>
    <message numerus="yes">
        <source>The run tests on its own copy of this profile, with these topics of it (uncheck to leave one out) and its own %n topic(s).</source>
        <translation>
            <numerusform>Der Lauf testet auf seiner eigenen Kopie dieses Profils, mit diesen Themen daraus (abwählen, um eines wegzulassen) und seinem eigenen %n Thema.</numerusform>
            <numerusform>Der Lauf testet auf seiner eigenen Kopie dieses Profils, mit diesen Themen daraus (abwählen, um eines wegzulassen) und seinen eigenen %n Themen.</numerusform>
        </translation>
    </message>
    <message>
        <source>That is %1, more than the %2 a security profile holds: leave out at least %3.</source>
        <translation>Das sind %1, mehr als die %2, die ein Sicherheitsprofil fasst: Mindestens %3 weglassen.</translation>
    </message>
</context>
<context>
    <name>ProposalReviewPanel</name>
    <message>
        <source>Proposal to review</source>
        <translation>Zu prüfender Vorschlag</translation>
    </message>
    <message>
        <source>The current topic and the proposal, word by word</source>
        <translation>Das aktuelle Thema und der Vorschlag, Wort für Wort</translation>
    </message>
    <message>
        <source>Struck through: only in the current topic. Underlined: new in the proposal.</source>
        <translation>Durchgestrichen: nur im aktuellen Thema. Unterstrichen: neu im Vorschlag.</translation>
    </message>
    <message>
        <source>Hint for the next proposal</source>
        <translation>Hinweis für den nächsten Vorschlag</translation>
    </message>
    <message>
        <source>Optional hint for another proposal, e.g. also cover buying ammunition</source>
        <translation>Optionaler Hinweis, z. B. auch den Kauf von Munition abdecken</translation>
    </message>
    <message>
        <source>Another proposal…</source>
        <translation>Anderer Vorschlag…</translation>
    </message>
    <message>
        <source>Ask for another proposal</source>
        <translation>Einen anderen Vorschlag anfordern</translation>
    </message>
    <message>
        <source>Send this proposal back: the LLM writes another one, with your hint</source>
        <translation>Diesen Vorschlag zurückgeben: Das LLM schreibt einen anderen und berücksichtigt dabei den Hinweis</translation>
    </message>
    <message>
        <source>Undo edits</source>
        <translation>Änderungen verwerfen</translation>
    </message>
    <message>
        <source>Undo your edits</source>
        <translation>Die eigenen Änderungen verwerfen</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Annehmen</translation>
    </message>
    <message>
        <source>Accept the proposal</source>
        <translation>Den Vorschlag annehmen</translation>
    </message>
    <message>
        <source>Deploy this topic, as shown, and test it (Ctrl+Return)</source>
        <translation>Dieses Thema wie angezeigt bereitstellen und testen (Strg+Eingabetaste)</translation>
    </message>
    <message>
        <source>Accept edited</source>
        <translation>Mit Änderungen annehmen</translation>
    </message>
    <message>
        <source>%1/%2 bytes</source>
        <translation>%1/%2 Bytes</translation>
    </message>
    <message>
        <source>Topic name (locked)</source>
        <translation>Themenname (gesperrt)</translation>
    </message>
    <message>
        <source>The name is locked: every proposal of the run is deployed under it</source>
        <translation>Der Name ist gesperrt: Jeder Vorschlag des Laufs wird unter diesem Namen bereitgestellt</translation>
    </message>
    <message>
        <source>Name (locked):</source>
        <translation>Name (gesperrt):</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Description size</source>
        <translation>Größe der Beschreibung</translation>
    </message>
    <message>
        <source>Description:</source>
        <translation>Beschreibung:</translation>
    </message>
    <message>
        <source>Example %1</source>
        <translation>Beispiel %1</translation>
    </message>
    <message>
        <source>Example %1: leave empty for none</source>
        <translation>Beispiel %1: leer lassen für keines</translation>
    </message>
    <message>
        <source>Example %1 size</source>
        <translation>Größe von Beispiel %1</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <source>Keep example %1</source>
        <translation>Beispiel %1 behalten</translation>
    </message>
    <message>
        <source>Every later proposal keeps this example, as far as the AIRS limits allow</source>
        <translation>Jeder spätere Vorschlag behält dieses Beispiel, soweit die AIRS-Grenzen es zulassen</translation>
    </message>
    <message>
        <source>Examples:</source>
        <translation>Beispiele:</translation>
    </message>
    <message>
        <source>Why the topic cannot be accepted</source>
        <translation>Warum das Thema nicht angenommen werden kann</translation>
    </message>
    <message>
        <source>Topic size</source>
        <translation>Größe des Themas</translation>
    </message>
    <message>
        <source>Notes on the proposal</source>
        <translation>Anmerkungen zum Vorschlag</translation>
    </message>
    <message>
        <source>Iteration %1: the first topic is proposed. The run waits for your decision.</source>
        <translation>Iteration %1: Das erste Thema ist vorgeschlagen. Der Lauf wartet auf eine Entscheidung.</translation>
    </message>
    <message>
        <source>Iteration %1: an improved topic is proposed. The run waits for your decision.</source>
        <translation>Iteration %1: Ein verbessertes Thema ist vorgeschlagen. Der Lauf wartet auf eine Entscheidung.</translation>
    </message>
    <message>
        <source>Iteration %1: a simplified topic is proposed. The run waits for your decision.</source>
        <translation>Iteration %1: Ein vereinfachtes Thema ist vorgeschlagen. Der Lauf wartet auf eine Entscheidung.</translation>
    </message>
    <message>
        <source>over the limit</source>
        <translation>über der Grenze</translation>
    </message>
    <message>
        <source>The description is empty.</source>
        <translation>Die Beschreibung ist leer.</translation>
    </message>
    <message>
        <source>The description is over %1 bytes.</source>
        <translation>Die Beschreibung hat mehr als %1 Bytes.</translation>
    </message>
    <message>
        <source>Example %1 is over %2 bytes.</source>
        <translation>Beispiel %1 hat mehr als %2 Bytes.</translation>
    </message>
    <message>
        <source>A topic needs %1 to %2 examples.</source>
        <translation>Ein Thema braucht %1 bis %2 Beispiele.</translation>
    </message>
    <message>
        <source>Name, description and examples are over %1 bytes in all.</source>
        <translation>Name, Beschreibung und Beispiele haben zusammen mehr als %1 Bytes.</translation>
    </message>
    <message>
        <source>Examples: %1 (%2 to %3) · in all %4/%5 bytes</source>
        <translation>Beispiele: %1 (%2 bis %3) · insgesamt %4/%5 Bytes</translation>
    </message>
    <message>
        <source>Cannot accept: %1</source>
        <translation>Annehmen nicht möglich: %1</translation>
    </message>
    <message>
        <source>Current topic → proposal: struck through is only in the current topic, underlined is new.</source>
        <translation>Aktuelles Thema → Vorschlag: Durchgestrichenes steht nur im aktuellen Thema, Unterstrichenes ist neu.</translation>
    </message>
    <message>
        <source>The first proposal: there is no current topic to compare it with.</source>
        <translation>Der erste Vorschlag: Es gibt noch kein aktuelles Thema, mit dem er sich vergleichen ließe.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>Beispiele</translation>
    </message>
    <message>
        <source>A new proposal, as you asked.</source>
        <translation>Ein neuer Vorschlag, wie gewünscht.</translation>
    </message>
    <message>
        <source>A new proposal, written with your hint: “%1”.</source>
        <translation>Ein neuer Vorschlag, mit Ihrem Hinweis geschrieben: „%1“.</translation>
    </message>
    <message>
        <source>Discard your edits?</source>
        <translation>Ihre Änderungen verwerfen?</translation>
    </message>
    <message>
        <source>You edited this proposal. Another proposal replaces it, and your edits are lost.</source>
        <translation>Sie haben diesen Vorschlag bearbeitet. Ein anderer Vorschlag ersetzt ihn, und Ihre Änderungen gehen verloren.</translation>
    </message>
    <message>
        <source>&amp;Discard edits and ask</source>
        <translation>Änderungen &amp;verwerfen und anfragen</translation>
    </message>
    <message>
        <source>&amp;Keep editing</source>
        <translation>&amp;Weiter bearbeiten</translation>
    </message>
</context>
<context>
    <name>RaiseBudget</name>
    <message>
        <source>Raise the token budget</source>
        <translation>Token-Budget erhöhen</translation>
    </message>
    <message>
        <source>The run stopped at its token budget: %1 of %2 tokens used.
New token budget:</source>
        <translation>Der Lauf hat an seinem Token-Budget angehalten: %1 von %2 Tokens verbraucht.
Neues Token-Budget:</translation>
    </message>
    <message>
        <source>Raise the cost budget</source>
        <translation>Kostenbudget erhöhen</translation>
    </message>
    <message>
        <source>The run stopped at its cost budget: %1 of %2 spent (estimated).
New cost budget (USD):</source>
        <translation>Der Lauf hat an seinem Kostenbudget angehalten: %1 von %2 ausgegeben (geschätzt).
Neues Kostenbudget (USD):</translation>
    </message>
</context>
<context>
    <name>ReportExport</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>%1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Run %1 has no recorded iteration yet, so it has no test results to export.</source>
        <translation>Lauf %1 hat noch keine aufgezeichnete Iteration und daher keine Testergebnisse zum Exportieren.</translation>
    </message>
    <message>
        <source>Run %1 has no recorded iteration yet, so it has no topic to export.</source>
        <translation>Lauf %1 hat noch keine aufgezeichnete Iteration und damit kein Thema zum Exportieren.</translation>
    </message>
</context>
<context>
    <name>ResultsTableModel</name>
    <message>
        <source>carried-fp</source>
        <translation>übernommen-FP</translation>
    </message>
    <message>
        <source>carried-fn</source>
        <translation>übernommen-FN</translation>
    </message>
    <message>
        <source>regression</source>
        <translation>Regression</translation>
    </message>
    <message>
        <source>generated</source>
        <translation>generiert</translation>
    </message>
    <message>
        <source>Where the test came from: newly generated, a carried false positive or false negative, or a regression check</source>
        <translation>Woher der Test stammt: neu generiert, ein übernommenes Falsch-Positiv oder Falsch-Negativ oder eine Regressionsprüfung</translation>
    </message>
    <message>
        <source>The scan&apos;s action (informational)</source>
        <translation>Die Aktion des Scans (zur Information)</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Erwartet</translation>
    </message>
    <message>
        <source>Actual</source>
        <translation>Tatsächlich</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Scan action</source>
        <translation>Scan-Aktion</translation>
    </message>
    <message>
        <source>benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>added by you</source>
        <translation>manuell hinzugefügt</translation>
    </message>
    <message>
        <source>Correct: triggered, as expected</source>
        <translation>Richtig: ausgelöst, wie erwartet</translation>
    </message>
    <message>
        <source>Correct: not triggered, as expected</source>
        <translation>Richtig: nicht ausgelöst, wie erwartet</translation>
    </message>
    <message>
        <source>Wrong, a false positive: triggered on a prompt it should let through</source>
        <translation>Falsch, ein Falsch-Positiv: bei einem Prompt ausgelöst, den der Guardrail durchlassen soll</translation>
    </message>
    <message>
        <source>Wrong, a false negative: not triggered on a prompt it should catch</source>
        <translation>Falsch, ein Falsch-Negativ: bei einem Prompt nicht ausgelöst, den der Guardrail abfangen soll</translation>
    </message>
    <message>
        <source>Whether the guardrail should be triggered by the prompt</source>
        <translation>Ob der Prompt den Guardrail auslösen soll</translation>
    </message>
    <message>
        <source>Whether the guardrail was triggered by the prompt</source>
        <translation>Ob der Prompt den Guardrail ausgelöst hat</translation>
    </message>
    <message>
        <source>Correct when the actual result matches the expected one; a wrong one is a false positive or a false negative</source>
        <translation>Richtig, wenn das tatsächliche Ergebnis dem erwarteten entspricht; ein falsches ist ein Falsch-Positiv oder ein Falsch-Negativ</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Not scanned: AIRS gave no verdict, so this prompt is in no figure</source>
        <translation>Nicht gescannt: AIRS hat kein Urteil geliefert, daher zählt dieser Prompt in keiner Kennzahl</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>kein Urteil</translation>
    </message>
    <message>
        <source>– not scanned</source>
        <translation>– nicht gescannt</translation>
    </message>
</context>
<context>
    <name>RobustnessTableModel</name>
    <message numerus="yes">
        <source>%n rewrite(s) AIRS gave no verdict for are left out</source>
        <translation>
            <numerusform>%n Umformulierung ohne Urteil von AIRS ist nicht mitgezählt</numerusform>
            <numerusform>%n Umformulierungen ohne Urteil von AIRS sind nicht mitgezählt</numerusform>
        </translation>
    </message>
    <message>
        <source>min(TPR, TNR) on the rewritten prompts</source>
        <translation>min(TPR, TNR) auf den umformulierten Prompts</translation>
    </message>
    <message>
        <source>Coverage under the rewrite minus the coverage of the same prompts as written</source>
        <translation>Abdeckung mit Umformulierung minus Abdeckung derselben Prompts im Original</translation>
    </message>
    <message>
        <source>Rewrites scanned (a rewrite that changes nothing is not made)</source>
        <translation>Geprüfte Umformulierungen (eine, die nichts ändert, entsteht nicht)</translation>
    </message>
    <message>
        <source>Rewrite</source>
        <translation>Umformulierung</translation>
    </message>
    <message>
        <source>TPR</source>
        <translation>TPR</translation>
    </message>
    <message>
        <source>TNR</source>
        <translation>TNR</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>Abdeckung</translation>
    </message>
    <message>
        <source>Kept vs. as written</source>
        <translation>Erhalten ggü. Original</translation>
    </message>
    <message>
        <source>Prompts</source>
        <translation>Prompts</translation>
    </message>
</context>
<context>
    <name>RunListModel</name>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>Best coverage</source>
        <translation>Beste Abdeckung</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Aktualisiert</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>Thema</translation>
    </message>
    <message>
        <source>On the held-out benchmark; 95 % interval %1 to %2</source>
        <translation>Auf dem zurückgehaltenen Benchmark; 95-%-Intervall %1 bis %2</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>No topic was written yet.</source>
        <translation>Es wurde noch kein Thema geschrieben.</translation>
    </message>
    <message>
        <source>No iteration was recorded: the run stopped before its first one finished.</source>
        <translation>Es wurde keine Iteration aufgezeichnet: Der Lauf endete, bevor seine erste abgeschlossen war.</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>%1 tokens · %2</source>
        <translation>%1 Tokens · %2</translation>
    </message>
    <message>
        <source>This run was made before usage was recorded.</source>
        <translation>Dieser Lauf stammt aus der Zeit, bevor der Verbrauch aufgezeichnet wurde.</translation>
    </message>
    <message>
        <source>Usage</source>
        <translation>Verbrauch</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>The process that drove this run stopped (killed or crashed). Resume it, or clean up what it left on AIRS (File ▸ Clean up AIRS).</source>
        <translation>Der Prozess, der diesen Lauf ausführte, wurde beendet (abgebrochen oder abgestürzt). Setzen Sie ihn fort oder räumen Sie auf, was er in AIRS hinterlassen hat (Datei ▸ AIRS aufräumen).</translation>
    </message>
    <message>
        <source>%1 iterations run, %2 of them recorded: the others were skipped (a topic already tried) or did not finish.</source>
        <translation>%1 Iterationen gelaufen, %2 davon aufgezeichnet: Die anderen wurden übersprungen (ein schon versuchtes Thema) oder nicht beendet.</translation>
    </message>
</context>
<context>
    <name>RunNotifier</name>
    <message>
        <source>Best topic: &quot;%1&quot; (iteration %2), coverage %3</source>
        <translation>Bestes Thema: „%1“ (Iteration %2), Abdeckung %3</translation>
    </message>
    <message>
        <source>Run completed</source>
        <translation>Lauf abgeschlossen</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>Lauf fehlgeschlagen</translation>
    </message>
    <message>
        <source>A proposal is waiting for your decision</source>
        <translation>Ein Vorschlag wartet auf Ihre Entscheidung</translation>
    </message>
    <message>
        <source>Iteration %1: &quot;%2&quot;. The run waits until you accept, edit or send it back on the Live run page.</source>
        <translation>Iteration %1: „%2“. Der Lauf wartet, bis Sie den Vorschlag auf der Seite „Live-Lauf“ annehmen, bearbeiten oder zurückgeben.</translation>
    </message>
</context>
<context>
    <name>RunsPanel</name>
    <message>
        <source>Run history</source>
        <translation>Verlauf der Läufe</translation>
    </message>
    <message>
        <source>Stored runs</source>
        <translation>Gespeicherte Läufe</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;Öffnen</translation>
    </message>
    <message>
        <source>Ctrl+O</source>
        <translation>Ctrl+O</translation>
    </message>
    <message>
        <source>Show the run (also Enter or double-click)</source>
        <translation>Den Lauf anzeigen (auch mit Eingabetaste oder Doppelklick)</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>Continue the run where it stopped</source>
        <translation>Den Lauf dort fortsetzen, wo er angehalten hat</translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation>Bericht &amp;exportieren…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>Delete the run file</source>
        <translation>Die Laufdatei löschen</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Read the run directory again</source>
        <translation>Das Laufverzeichnis neu einlesen</translation>
    </message>
    <message numerus="yes">
        <source>%n run file(s) could not be read.</source>
        <translation>
            <numerusform>%n Laufdatei konnte nicht gelesen werden.</numerusform>
            <numerusform>%n Laufdateien konnten nicht gelesen werden.</numerusform>
        </translation>
    </message>
    <message>
        <source>This run is being driven right now; it cannot be resumed or deleted here.</source>
        <translation>Dieser Lauf wird gerade ausgeführt; er kann hier weder fortgesetzt noch gelöscht werden.</translation>
    </message>
    <message>
        <source>Completed runs cannot be resumed.</source>
        <translation>Abgeschlossene Läufe können nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <source>Continue the run where it stopped (%1)</source>
        <translation>Den Lauf dort fortsetzen, wo er angehalten hat (%1)</translation>
    </message>
    <message>
        <source>Delete Run</source>
        <translation>Lauf löschen</translation>
    </message>
    <message>
        <source>Delete run %1?

“%2”</source>
        <translation>Lauf %1 löschen?

„%2“</translation>
    </message>
    <message>
        <source>The run file is removed from %1. This cannot be undone.</source>
        <translation>Die Laufdatei wird aus %1 entfernt. Das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Run %1 is being driven right now; stop it before deleting it.</source>
        <translation>Lauf %1 wird gerade ausgeführt; halten Sie ihn an, bevor Sie ihn löschen.</translation>
    </message>
    <message>
        <source>Deleted run %1.</source>
        <translation>Lauf %1 gelöscht.</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation>HTML-Bericht (*.html)</translation>
    </message>
    <message>
        <source>JSON report (*.json)</source>
        <translation>JSON-Bericht (*.json)</translation>
    </message>
    <message>
        <source>Exporting the report of run %1…</source>
        <translation>Der Bericht von Lauf %1 wird exportiert…</translation>
    </message>
    <message>
        <source>Report saved to %1</source>
        <translation>Bericht in %1 gespeichert</translation>
    </message>
    <message>
        <source>Test results as CSV (*.csv)</source>
        <translation>Testergebnisse als CSV (*.csv)</translation>
    </message>
    <message>
        <source>Filter by topic, description, status or run id</source>
        <translation>Nach Thema, Beschreibung, Status oder Lauf-ID filtern</translation>
    </message>
    <message>
        <source>Filter runs</source>
        <translation>Läufe filtern</translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation>&amp;Suchen</translation>
    </message>
    <message>
        <source>Filter the runs by topic, description, status or run id</source>
        <translation>Die Läufe nach Thema, Beschreibung, Status oder Lauf-ID filtern</translation>
    </message>
    <message>
        <source>No run matches “%1”.</source>
        <translation>Kein Lauf passt zu „%1“.</translation>
    </message>
    <message>
        <source>Run %1, “%2”: %3</source>
        <extracomment>The selected run: %1 its id, %2 the topic&apos;s name, %3 its status.</extracomment>
        <translation>Lauf %1, „%2“: %3</translation>
    </message>
    <message>
        <source>Topic as Terraform (*.tf)</source>
        <translation>Thema als Terraform (*.tf)</translation>
    </message>
    <message>
        <source>Save the run&apos;s report as HTML or JSON, its test results as CSV, or its topic as Terraform</source>
        <translation>Den Bericht des Laufs als HTML oder JSON, seine Testergebnisse als CSV oder sein Thema als Terraform speichern</translation>
    </message>
    <message>
        <source>F&amp;ilter:</source>
        <translation>F&amp;ilter:</translation>
    </message>
    <message>
        <source>Refresh</source>
        <comment>Runs page button, without a mnemonic</comment>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Op&amp;en</source>
        <comment>Runs page button: a letter no menu or page tab holds</comment>
        <translation>&amp;Öffnen</translation>
    </message>
    <message>
        <source>Re&amp;sume</source>
        <comment>Runs page button: a letter no menu or page tab holds</comment>
        <translation>Fortset&amp;zen</translation>
    </message>
    <message>
        <source>E&amp;xport Report…</source>
        <comment>Runs page button: a letter no menu or page tab holds</comment>
        <translation>&amp;Bericht exportieren…</translation>
    </message>
    <message>
        <source>Dele&amp;te…</source>
        <comment>Runs page button: a letter no menu or page tab holds</comment>
        <translation>Lö&amp;schen…</translation>
    </message>
    <message>
        <source>&amp;Compare Runs…</source>
        <translation>Läufe &amp;vergleichen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Rank the selected runs&apos; topics on one shared benchmark</source>
        <translation>Die Themen der gewählten Läufe auf einem gemeinsamen Benchmark reihen</translation>
    </message>
    <message>
        <source>Compare Runs Side &amp;by Side…</source>
        <comment>Runs page button: a letter no menu, page tab or banner holds</comment>
        <translation>Läufe verglei&amp;chen…</translation>
    </message>
    <message numerus="yes">
        <source>Rank the %n selected runs&apos; topics on one shared benchmark (%1)</source>
        <translation>
            <numerusform>Das Thema des %n gewählten Laufs auf einem gemeinsamen Benchmark reihen (%1)</numerusform>
            <numerusform>Die Themen der %n gewählten Läufe auf einem gemeinsamen Benchmark reihen (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>Select two or more runs (Ctrl+click or Shift+click) to compare their topics on one benchmark (%1)</source>
        <translation>Zwei oder mehr Läufe wählen (Strg+Klick oder Umschalt+Klick), um ihre Themen auf einem Benchmark zu vergleichen (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%n runs selected: Compare Runs Side by Side… ranks their topics on the prompts they share.</source>
        <translation>
            <numerusform>%n Lauf gewählt: „Läufe vergleichen…“ reiht die Themen auf den gemeinsamen Prompts.</numerusform>
            <numerusform>%n Läufe gewählt: „Läufe vergleichen…“ reiht ihre Themen auf den gemeinsamen Prompts.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SandboxBanner</name>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Sandbox mode</source>
        <translation>Sandbox-Modus</translation>
    </message>
    <message>
        <source>A demo with built-in emulators: no account is used; results show how the loop works, not real AIRS scores.</source>
        <translation>Eine Demo mit eingebauten Emulatoren: Es wird kein Konto verwendet; die Ergebnisse zeigen, wie die Schleife funktioniert, nicht echte AIRS-Werte.</translation>
    </message>
    <message>
        <source>Leave the sand&amp;box</source>
        <translation>Sand&amp;box verlassen</translation>
    </message>
    <message>
        <source>Set up an &amp;account…</source>
        <translation>&amp;Konto einrichten…</translation>
    </message>
    <message>
        <source>Switch the sandbox off and use your configured accounts</source>
        <translation>Die Sandbox ausschalten und Ihre eingerichteten Konten verwenden</translation>
    </message>
    <message>
        <source>Open the settings to add an AIRS and an LLM account; the app leaves the sandbox once they are saved</source>
        <translation>Die Einstellungen öffnen, um ein AIRS- und ein LLM-Konto hinzuzufügen; die Anwendung verlässt die Sandbox, sobald beide gespeichert sind</translation>
    </message>
    <message>
        <source>Sandbox data: its runs and learnings are kept apart from yours.</source>
        <translation>Sandbox-Daten: Läufe und Erkenntnisse der Sandbox liegen getrennt von Ihren.</translation>
    </message>
    <message>
        <source>In %1</source>
        <translation>In %1</translation>
    </message>
</context>
<context>
    <name>SandboxSubjectNote</name>
    <message>
        <source>weapons</source>
        <translation>Waffen</translation>
    </message>
    <message>
        <source>financial fraud</source>
        <translation>Finanzbetrug</translation>
    </message>
    <message>
        <source>general health information</source>
        <translation>allgemeine Gesundheitsinformationen</translation>
    </message>
    <message>
        <source>sports talk</source>
        <translation>Sportgespräche</translation>
    </message>
    <message>
        <source>Sandbox: built-in prompts about %1.</source>
        <translation>Sandbox: eingebaute Prompts zu %1.</translation>
    </message>
    <message>
        <source>Sandbox demo: no built-in prompts about “%1”; it writes simple template prompts. The figures show how the loop works, not how AIRS would score this topic.</source>
        <translation>Sandbox-Demo: keine eingebauten Prompts zu „%1“; sie schreibt einfache Prompts nach Vorlage. Die Zahlen zeigen, wie die Schleife funktioniert, nicht, wie AIRS dieses Thema bewerten würde.</translation>
    </message>
</context>
<context>
    <name>SandboxSwitcher</name>
    <message>
        <source>Use the &amp;sandbox</source>
        <translation>&amp;Sandbox verwenden</translation>
    </message>
    <message>
        <source>Run the whole loop against built-in AIRS and LLM emulators, with no account</source>
        <translation>Die ganze Schleife mit eingebauten AIRS- und LLM-Emulatoren ausführen, ohne Konto</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Leave the sandbox</source>
        <translation>Sandbox verlassen</translation>
    </message>
    <message>
        <source>Outside the sandbox, runs use your own AIRS account and LLM account, and none is configured yet.

Add them in Settings: the app leaves the sandbox once they are saved.</source>
        <translation>Außerhalb der Sandbox verwenden Läufe Ihr eigenes AIRS-Konto und LLM-Konto, und noch keines davon ist eingerichtet.

Fügen Sie sie in den Einstellungen hinzu: Die Anwendung verlässt die Sandbox, sobald sie gespeichert sind.</translation>
    </message>
    <message>
        <source>Open &amp;Settings</source>
        <translation>&amp;Einstellungen öffnen</translation>
    </message>
    <message>
        <source>S&amp;tay in the sandbox</source>
        <translation>In der Sandbox &amp;bleiben</translation>
    </message>
    <message>
        <source>Welcome to Daystrom Studio</source>
        <translation>Willkommen bei Daystrom Studio</translation>
    </message>
    <message>
        <source>No AIRS or LLM account is configured yet.

Try the built-in sandbox: an AIRS emulator and a sandbox LLM run on this computer, so the whole loop works without any account. It is a demo: its figures show how the loop works, not real AIRS scores. You can add your accounts in Settings at any time.</source>
        <translation>Es ist noch kein AIRS- oder LLM-Konto eingerichtet.

Probieren Sie die eingebaute Sandbox aus: Ein AIRS-Emulator und ein Sandbox-LLM laufen auf diesem Computer, sodass die ganze Schleife ohne Konto funktioniert. Es ist eine Demo: Die Zahlen zeigen, wie die Schleife funktioniert, nicht echte AIRS-Werte. Sie können Ihre Konten jederzeit in den Einstellungen hinzufügen.</translation>
    </message>
    <message>
        <source>Open S&amp;ettings</source>
        <translation>&amp;Einstellungen öffnen</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>&amp;Nicht jetzt</translation>
    </message>
    <message>
        <source>The sandbox&apos;s tenant could not be read, so it starts afresh: topics applied in the sandbox before are no longer there.

%1</source>
        <translation>Der Mandant der Sandbox ließ sich nicht lesen, daher beginnt sie neu: Früher in der Sandbox übernommene Themen sind nicht mehr vorhanden.

%1</translation>
    </message>
</context>
<context>
    <name>ScanRate</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>Measuring the scan rate…</source>
        <translation>Scan-Rate wird gemessen…</translation>
    </message>
    <message>
        <source>%1 scans/s</source>
        <translation>%1 Scans/s</translation>
    </message>
    <message>
        <source>%1 · about %2 left</source>
        <extracomment>%1 the scan rate (&quot;12.5 scans/s&quot;), %2 the time left (&quot;40 s&quot;)</extracomment>
        <translation>%1 · noch etwa %2</translation>
    </message>
</context>
<context>
    <name>SettingsController</name>
    <message>
        <source>will be removed</source>
        <translation>wird entfernt</translation>
    </message>
    <message>
        <source>will be saved</source>
        <translation>wird gespeichert</translation>
    </message>
    <message>
        <source>from %1 (environment)</source>
        <translation>aus %1 (Umgebung)</translation>
    </message>
    <message>
        <source>stored in the %1</source>
        <translation>gespeichert im %1</translation>
    </message>
    <message>
        <source>keychain</source>
        <translation>Schlüsselbund</translation>
    </message>
    <message>
        <source>in config.json in clear text: save to move it to the keychain</source>
        <translation>im Klartext in config.json: Speichern verschiebt es in den Schlüsselbund</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>will be kept for this session only</source>
        <translation>wird nur für diese Sitzung behalten</translation>
    </message>
    <message>
        <source>kept for this session only (not saved)</source>
        <translation>nur für diese Sitzung behalten (nicht gespeichert)</translation>
    </message>
    <message>
        <source>The keys were not saved. %1</source>
        <translation>Die Schlüssel wurden nicht gespeichert. %1</translation>
    </message>
    <message>
        <source>from %1 (environment), which outranks what is saved here</source>
        <translation>aus %1 (Umgebung), das Vorrang vor dem hier Gespeicherten hat</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>&amp;LLM</source>
        <translation>&amp;LLM</translation>
    </message>
    <message>
        <source>&amp;AIRS</source>
        <translation>&amp;AIRS</translation>
    </message>
    <message>
        <source>&amp;Memory</source>
        <translation>&amp;Gedächtnis</translation>
    </message>
    <message>
        <source>AIRS region</source>
        <translation>AIRS-Region</translation>
    </message>
    <message>
        <source>United States</source>
        <translation>Vereinigte Staaten</translation>
    </message>
    <message>
        <source>Europe (Germany)</source>
        <translation>Europa (Deutschland)</translation>
    </message>
    <message>
        <source>India</source>
        <translation>Indien</translation>
    </message>
    <message>
        <source>Singapore</source>
        <translation>Singapur</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Benutzerdefiniert</translation>
    </message>
    <message>
        <source>Region:</source>
        <translation>Region:</translation>
    </message>
    <message>
        <source>Scan API endpoint:</source>
        <translation>Endpunkt der Scan-API:</translation>
    </message>
    <message>
        <source>Management endpoint:</source>
        <translation>Verwaltungsendpunkt:</translation>
    </message>
    <message>
        <source>OAuth token URL:</source>
        <translation>OAuth-Token-URL:</translation>
    </message>
    <message>
        <source>Red Team endpoint:</source>
        <translation>Red-Team-Endpunkt:</translation>
    </message>
    <message>
        <source>Scan API key:</source>
        <translation>Scan-API-Schlüssel:</translation>
    </message>
    <message>
        <source>Client id:</source>
        <translation>Client-ID:</translation>
    </message>
    <message>
        <source>Client secret:</source>
        <translation>Client-Secret:</translation>
    </message>
    <message>
        <source>TSG id:</source>
        <translation>TSG-ID:</translation>
    </message>
    <message>
        <source>Default profile:</source>
        <translation>Standardprofil:</translation>
    </message>
    <message>
        <source>Scans in parallel:</source>
        <translation>Parallele Scans:</translation>
    </message>
    <message>
        <source>Scans per second (0 = unlimited):</source>
        <translation>Scans pro Sekunde (0 = unbegrenzt):</translation>
    </message>
    <message>
        <source>Wait after deploying (ms):</source>
        <translation>Wartezeit nach dem Bereitstellen (ms):</translation>
    </message>
    <message>
        <source>Test scan API</source>
        <translation>Scan-API testen</translation>
    </message>
    <message>
        <source>Test OAuth token</source>
        <translation>OAuth-Token testen</translation>
    </message>
    <message>
        <source>Learn from runs and use what was learned</source>
        <translation>Aus Läufen lernen und das Gelernte nutzen</translation>
    </message>
    <message>
        <source>Injection budget (characters):</source>
        <translation>Einfügebudget (Zeichen):</translation>
    </message>
    <message>
        <source>Half-life of a learning (days, 0 = no decay):</source>
        <translation>Halbwertszeit einer Erkenntnis (Tage, 0 = kein Verfall):</translation>
    </message>
    <message>
        <source>New learnings wait for my approval</source>
        <translation>Neue Erkenntnisse warten auf meine Freigabe</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Wird getestet…</translation>
    </message>
    <message>
        <source>&amp;Test LLM</source>
        <translation>LLM &amp;testen</translation>
    </message>
</context>
<context>
    <name>StarterLibrary</name>
    <message>
        <source>Weapons and explosives</source>
        <translation>Waffen und Sprengstoffe</translation>
    </message>
    <message>
        <source>A common baseline for public assistants; allow lawful ownership and safety questions with a companion topic.</source>
        <translation>Eine übliche Grundlage für öffentliche Assistenten; legalen Besitz und Sicherheitsfragen mit einem Begleitthema erlauben.</translation>
    </message>
    <message>
        <source>Self-harm methods</source>
        <translation>Methoden der Selbstverletzung</translation>
    </message>
    <message>
        <source>Pair it with a response that points to help; support-seeking messages should stay allowed.</source>
        <translation>Mit einer Antwort kombinieren, die auf Hilfe verweist; Nachrichten, die Unterstützung suchen, sollten erlaubt bleiben.</translation>
    </message>
    <message>
        <source>Malware development</source>
        <translation>Entwicklung von Schadsoftware</translation>
    </message>
    <message>
        <source>For coding assistants; defensive security questions should stay allowed.</source>
        <translation>Für Programmierassistenten; Fragen zur defensiven Sicherheit sollten erlaubt bleiben.</translation>
    </message>
    <message>
        <source>Phishing and credential theft</source>
        <translation>Phishing und Diebstahl von Zugangsdaten</translation>
    </message>
    <message>
        <source>Security awareness training content may need an allow rule of its own.</source>
        <translation>Inhalte von Sicherheitsschulungen brauchen eventuell eine eigene Erlaubnisregel.</translation>
    </message>
    <message>
        <source>Financial fraud</source>
        <translation>Finanzbetrug</translation>
    </message>
    <message>
        <source>For banking and fintech assistants.</source>
        <translation>Für Assistenten von Banken und Fintechs.</translation>
    </message>
    <message>
        <source>Illegal drug production and sale</source>
        <translation>Illegale Herstellung und Verkauf von Drogen</translation>
    </message>
    <message>
        <source>Harm-reduction and medical questions may need to stay allowed.</source>
        <translation>Fragen zur Schadensminderung und medizinische Fragen müssen eventuell erlaubt bleiben.</translation>
    </message>
    <message>
        <source>Hateful content</source>
        <translation>Hassinhalte</translation>
    </message>
    <message>
        <source>Discussing or reporting on hate speech should stay allowed.</source>
        <translation>Das Diskutieren von Hassrede und Berichte darüber sollten erlaubt bleiben.</translation>
    </message>
    <message>
        <source>Violent extremism</source>
        <translation>Gewalttätiger Extremismus</translation>
    </message>
    <message>
        <source>Research and journalism about extremism should stay allowed.</source>
        <translation>Forschung und Journalismus über Extremismus sollten erlaubt bleiben.</translation>
    </message>
    <message>
        <source>Competitor comparisons</source>
        <translation>Vergleiche mit Mitbewerbern</translation>
    </message>
    <message>
        <source>Brand policy for customer-facing bots; edit the wording to name your competitors.</source>
        <translation>Markenrichtlinie für Kunden-Bots; den Wortlaut so ändern, dass er Ihre Mitbewerber nennt.</translation>
    </message>
    <message>
        <source>Personal legal advice</source>
        <translation>Persönliche Rechtsberatung</translation>
    </message>
    <message>
        <source>Liability guard; general information about the law can stay allowed.</source>
        <translation>Schutz vor Haftung; allgemeine Informationen über das Recht können erlaubt bleiben.</translation>
    </message>
    <message>
        <source>Personal medical diagnosis</source>
        <translation>Persönliche medizinische Diagnose</translation>
    </message>
    <message>
        <source>Liability guard; general health information can stay allowed.</source>
        <translation>Schutz vor Haftung; allgemeine Gesundheitsinformationen können erlaubt bleiben.</translation>
    </message>
    <message>
        <source>Personal investment advice</source>
        <translation>Persönliche Anlageberatung</translation>
    </message>
    <message>
        <source>For regulated firms; explaining financial concepts can stay allowed.</source>
        <translation>Für regulierte Unternehmen; das Erklären von Finanzbegriffen kann erlaubt bleiben.</translation>
    </message>
    <message>
        <source>Personal data lookup</source>
        <translation>Suche nach persönlichen Daten</translation>
    </message>
    <message>
        <source>Complements data-loss prevention on the response side.</source>
        <translation>Ergänzt den Schutz vor Datenabfluss auf der Antwortseite.</translation>
    </message>
    <message>
        <source>System prompt disclosure</source>
        <translation>Offenlegung des System-Prompts</translation>
    </message>
    <message>
        <source>Works beside prompt-injection detection, not instead of it.</source>
        <translation>Wirkt neben der Erkennung von Prompt-Injection, nicht an ihrer Stelle.</translation>
    </message>
    <message>
        <source>Sexual content</source>
        <translation>Sexuelle Inhalte</translation>
    </message>
    <message>
        <source>For workplace and general-audience assistants.</source>
        <translation>Für Assistenten am Arbeitsplatz und für ein allgemeines Publikum.</translation>
    </message>
    <message>
        <source>Gambling</source>
        <translation>Glücksspiel</translation>
    </message>
    <message>
        <source>For youth-facing or regulated services.</source>
        <translation>Für Dienste für Jugendliche oder regulierte Dienste.</translation>
    </message>
    <message>
        <source>Political opinions</source>
        <translation>Politische Meinungen</translation>
    </message>
    <message>
        <source>Brand neutrality for customer-facing bots; factual civic information can stay allowed.</source>
        <translation>Markenneutralität für Kunden-Bots; sachliche staatsbürgerliche Informationen können erlaubt bleiben.</translation>
    </message>
    <message>
        <source>HR policy questions</source>
        <translation>Fragen zu Personalrichtlinien</translation>
    </message>
    <message>
        <source>An allow list for an internal HR assistant: everything else is blocked.</source>
        <translation>Eine Erlaubnisliste für einen internen Personalassistenten: Alles andere wird blockiert.</translation>
    </message>
    <message>
        <source>IT help desk</source>
        <translation>IT-Helpdesk</translation>
    </message>
    <message>
        <source>An allow list for an internal IT help desk bot.</source>
        <translation>Eine Erlaubnisliste für einen internen IT-Helpdesk-Bot.</translation>
    </message>
    <message>
        <source>Orders and deliveries</source>
        <translation>Bestellungen und Lieferungen</translation>
    </message>
    <message>
        <source>An allow list for a retail support bot; adjust the products and services it names.</source>
        <translation>Eine Erlaubnisliste für einen Support-Bot im Handel; die genannten Produkte und Dienste anpassen.</translation>
    </message>
</context>
<context>
    <name>StarterLibraryDialog</name>
    <message>
        <source>Start from the library</source>
        <translation>Aus der Bibliothek wählen</translation>
    </message>
    <message>
        <source>Starter topics</source>
        <translation>Startthemen</translation>
    </message>
    <message>
        <source>The chosen starter topic</source>
        <translation>Das gewählte Startthema</translation>
    </message>
    <message>
        <source>Topics enterprises commonly need, each within the AIRS limits. The one you use fills the request, the intent and the seed examples; edit them before you run.</source>
        <translation>Themen, die Unternehmen oft brauchen, jedes innerhalb der AIRS-Grenzen. Das gewählte füllt Anfrage, Absicht und Startbeispiele; passen Sie sie vor dem Lauf an.</translation>
    </message>
    <message>
        <source>&amp;Use this topic</source>
        <translation>Dieses Thema &amp;verwenden</translation>
    </message>
    <message>
        <source>Block: catch prompts that match</source>
        <translation>Blockieren: passende Prompts abfangen</translation>
    </message>
    <message>
        <source>Allow: only prompts that match may pass</source>
        <translation>Erlauben: nur passende Prompts dürfen durch</translation>
    </message>
</context>
<context>
    <name>StepStrip</name>
    <message>
        <source>Iteration steps</source>
        <translation>Schritte der Iteration</translation>
    </message>
    <message>
        <source>then</source>
        <translation>dann</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>Generieren</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Bereitstellen</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>Testen</translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>Auswerten</translation>
    </message>
    <message>
        <source>Analyze</source>
        <translation>Analysieren</translation>
    </message>
    <message>
        <source>Improve</source>
        <translation>Verbessern</translation>
    </message>
    <message>
        <source>Iteration %1</source>
        <translation>Iteration %1</translation>
    </message>
    <message>
        <source>No iteration</source>
        <translation>Keine Iteration</translation>
    </message>
    <message>
        <source>in progress</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Iteration %1 of %2</source>
        <translation>Iteration %1 von %2</translation>
    </message>
</context>
<context>
    <name>StudioContext</name>
    <message>
        <source>Run %1 is already completed.</source>
        <translation>Lauf %1 ist bereits abgeschlossen.</translation>
    </message>
    <message>
        <source>Run %1 has no checkpoint (it was written by the original tool) and cannot be resumed.</source>
        <translation>Lauf %1 hat keinen Checkpoint (er wurde vom ursprünglichen Werkzeug geschrieben) und kann nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <source>A run is already in progress.</source>
        <translation>Es läuft bereits ein Lauf.</translation>
    </message>
    <message>
        <source>No run is open.</source>
        <translation>Es ist kein Lauf geöffnet.</translation>
    </message>
    <message>
        <source>A run is in progress: pause or cancel it before switching to the sandbox.</source>
        <translation>Ein Lauf ist im Gange: Pausieren Sie ihn oder brechen Sie ihn ab, bevor Sie zur Sandbox wechseln.</translation>
    </message>
    <message>
        <source>A sandbox run is in progress: pause or cancel it before leaving the sandbox.</source>
        <translation>Ein Sandbox-Lauf ist im Gange: Pausieren Sie ihn oder brechen Sie ihn ab, bevor Sie die Sandbox verlassen.</translation>
    </message>
    <message>
        <source>No AIRS management account is set up yet. Add one in File ▸ Settings, or try everything without an account in the sandbox (File ▸ Use the sandbox).</source>
        <translation>Noch kein AIRS-Verwaltungskonto eingerichtet. Fügen Sie eines unter Datei ▸ Einstellungen hinzu, oder probieren Sie alles ohne Konto in der Sandbox aus (Datei ▸ Sandbox verwenden).</translation>
    </message>
</context>
<context>
    <name>TenantCleanup</name>
    <message>
        <source>Run %1 (%2): %3</source>
        <translation>Lauf %1 (%2): %3</translation>
    </message>
    <message>
        <source>run %1 is being driven by another process (pid %2)</source>
        <translation>Lauf %1 wird von einem anderen Prozess gesteuert (PID %2)</translation>
    </message>
    <message>
        <source>Cleaning up after run %1…</source>
        <translation>Aufräumen nach Lauf %1…</translation>
    </message>
    <message>
        <source>%1 is being worked on by another process (pid %2)</source>
        <translation>%1 wird gerade von einem anderen Prozess bearbeitet (PID %2)</translation>
    </message>
    <message>
        <source>Cleaning up after %1…</source>
        <translation>Aufräumen nach %1…</translation>
    </message>
    <message>
        <source>%1: its record was not updated: %2</source>
        <translation>%1: Der Eintrag wurde nicht aktualisiert: %2</translation>
    </message>
</context>
<context>
    <name>TenantDoneText</name>
    <message>
        <source>created topic “%1”</source>
        <translation>Thema „%1“ angelegt</translation>
    </message>
    <message>
        <source>updated topic “%1”</source>
        <translation>Thema „%1“ aktualisiert</translation>
    </message>
    <message>
        <source>pinned the topics in profile “%1”</source>
        <translation>die Themen im Profil „%1“ festgelegt</translation>
    </message>
    <message>
        <source>nothing to change: profile “%1” already has this topic</source>
        <translation>nichts zu ändern: Das Profil „%1“ hat dieses Thema bereits</translation>
    </message>
    <message>
        <source>gave topic “%1” its earlier text back</source>
        <translation>Thema „%1“ hat seinen früheren Text zurückerhalten</translation>
    </message>
    <message>
        <source>restored the topic guardrails of profile “%1”</source>
        <translation>die Themen-Guardrails des Profils „%1“ wiederhergestellt</translation>
    </message>
    <message>
        <source>kept a change made meanwhile: %1</source>
        <translation>eine zwischenzeitliche Änderung beibehalten: %1</translation>
    </message>
    <message>
        <source>deleted scratch profile “%1”</source>
        <translation>Arbeitsprofil „%1“ gelöscht</translation>
    </message>
    <message>
        <source>deleted topic “%1”</source>
        <translation>Thema „%1“ gelöscht</translation>
    </message>
    <message>
        <source>unpinned the topics from profile “%1”</source>
        <translation>die Themen aus dem Profil „%1“ entfernt</translation>
    </message>
</context>
<context>
    <name>TestFlipModel</name>
    <message>
        <source>✓ Fixed</source>
        <translation>✓ Behoben</translation>
    </message>
    <message>
        <source>✗ Broken</source>
        <translation>✗ Neu falsch</translation>
    </message>
    <message>
        <source>Still wrong</source>
        <translation>Weiterhin falsch</translation>
    </message>
    <message>
        <source>Only in A</source>
        <translation>Nur in A</translation>
    </message>
    <message>
        <source>Only in B</source>
        <translation>Nur in B</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Erwartet</translation>
    </message>
    <message>
        <source>A (#%1)</source>
        <translation>A (#%1)</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B (#%1)</source>
        <translation>B (#%1)</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Still correct</source>
        <translation>Weiterhin richtig</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <extracomment>A test&apos;s result in one iteration: %1 &quot;triggered&quot; / &quot;not triggered&quot;, %2 &quot;correct&quot; / &quot;wrong&quot;.</extracomment>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Iteration %1 did not scan this prompt.</source>
        <translation>Iteration %1 hat diesen Prompt nicht gescannt.</translation>
    </message>
    <message>
        <source>Iteration %1: %2 as expected: correct.</source>
        <translation>Iteration %1: %2, wie erwartet: richtig.</translation>
    </message>
    <message>
        <source>Iteration %1: %2, expected %3: wrong (a %4).</source>
        <extracomment>%2 what AIRS did, %3 what was expected, %4 &quot;false positive&quot; / &quot;false negative&quot;.</extracomment>
        <translation>Iteration %1: %2, erwartet war %3: falsch (ein %4).</translation>
    </message>
</context>
<context>
    <name>TestPromptsField</name>
    <message>
        <source>Load test prompts from a CSV file</source>
        <translation>Test-Prompts aus einer CSV-Datei laden</translation>
    </message>
    <message>
        <source>Scan labelled prompts from a CSV file (columns prompt, expected and optionally intent and category) in every iteration instead of prompts the LLM writes</source>
        <translation>In jeder Iteration gekennzeichnete Prompts aus einer CSV-Datei scannen (Spalten prompt, expected und optional intent und category) statt Prompts, die das LLM schreibt</translation>
    </message>
    <message>
        <source>Use prompts the LLM generates</source>
        <translation>Vom LLM generierte Prompts verwenden</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 cannot be used: %2</source>
        <translation>%1 kann nicht verwendet werden: %2</translation>
    </message>
    <message>
        <source>%1 cannot be used: line %2 is labelled for another intent than the lines before it; a run tests one intent.</source>
        <translation>%1 kann nicht verwendet werden: Zeile %2 ist für eine andere Absicht gekennzeichnet als die Zeilen davor; ein Lauf testet eine Absicht.</translation>
    </message>
    <message>
        <source>Test Prompts from CSV</source>
        <translation>Test-Prompts aus CSV</translation>
    </message>
    <message>
        <source>Labelled prompts (*.csv)</source>
        <translation>Gekennzeichnete Prompts (*.csv)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Written by the LLM for each iteration.</source>
        <translation>Vom LLM für jede Iteration geschrieben.</translation>
    </message>
    <message numerus="yes">
        <source>%n labelled prompt(s)</source>
        <translation>
            <numerusform>%n gekennzeichneter Prompt</numerusform>
            <numerusform>%n gekennzeichnete Prompts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n labelled prompt(s) from %1</source>
        <translation>
            <numerusform>%n gekennzeichneter Prompt aus %1</numerusform>
            <numerusform>%n gekennzeichnete Prompts aus %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2 should trigger, %3 should not), scanned in every iteration.</source>
        <translation>%1 (%2 sollen auslösen, %3 nicht), in jeder Iteration gescannt.</translation>
    </message>
    <message>
        <source>None should trigger, so coverage stays at 0 %.</source>
        <translation>Keiner soll auslösen, daher bleibt die Abdeckung bei 0 %.</translation>
    </message>
    <message>
        <source>All should trigger, so coverage stays at 0 %.</source>
        <translation>Alle sollen auslösen, daher bleibt die Abdeckung bei 0 %.</translation>
    </message>
    <message>
        <source>Test prompts unchanged: %1</source>
        <translation>Test-Prompts unverändert: %1</translation>
    </message>
    <message>
        <source>%1 cannot be used: it has more than %2 MB; a test set is at most %2 MB.</source>
        <translation>%1 kann nicht verwendet werden: Die Datei ist größer als %2 MB; ein Testsatz hat höchstens %2 MB.</translation>
    </message>
    <message>
        <source>From CSV…</source>
        <translation>Aus CSV…</translation>
    </message>
    <message>
        <source>Use generated</source>
        <translation>Generierte verwenden</translation>
    </message>
</context>
<context>
    <name>TopicView</name>
    <message>
        <source>Current topic</source>
        <translation>Aktuelles Thema</translation>
    </message>
    <message>
        <source>No topic yet: the first iteration generates one.</source>
        <translation>Noch kein Thema: Die erste Iteration generiert eines.</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>Beispiele</translation>
    </message>
</context>
<context>
    <name>TypedPrompts</name>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <translation>Zeile %1: %2</translation>
    </message>
    <message>
        <source>no label. End the line with a comma and yes (the guardrail should trigger) or no.</source>
        <translation>Keine Kennzeichnung. Die Zeile mit einem Komma und ja (der Guardrail soll auslösen) oder nein beenden.</translation>
    </message>
    <message>
        <source>the prompt is empty.</source>
        <translation>Der Prompt ist leer.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a label. End the line with a comma and yes (the guardrail should trigger) or no.</source>
        <translation>„%1“ ist keine Kennzeichnung. Die Zeile mit einem Komma und ja (der Guardrail soll auslösen) oder nein beenden.</translation>
    </message>
</context>
<context>
    <name>UnfinishedRunNote</name>
    <message>
        <source>Not now</source>
        <translation>Nicht jetzt</translation>
    </message>
    <message>
        <source>A run that did not finish</source>
        <translation>Ein nicht beendeter Lauf</translation>
    </message>
    <message>
        <source>Show its charts and results without running it</source>
        <translation>Diagramme und Ergebnisse zeigen, ohne ihn auszuführen</translation>
    </message>
    <message>
        <source>Hide this note; the run stays on the Runs page</source>
        <translation>Diesen Hinweis ausblenden; der Lauf bleibt auf der Seite „Läufe“</translation>
    </message>
    <message numerus="yes">
        <source>after %n iteration(s)</source>
        <translation>
            <numerusform>nach %n Iteration</numerusform>
            <numerusform>nach %n Iterationen</numerusform>
        </translation>
    </message>
    <message>
        <source>The run “%1” was interrupted %2: the app closed without pausing it.</source>
        <translation>Der Lauf „%1“ wurde %2 unterbrochen: Die App wurde beendet, ohne ihn zu pausieren.</translation>
    </message>
    <message>
        <source>The run “%1” is paused %2.</source>
        <translation>Der Lauf „%1“ ist %2 pausiert.</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>(%1)</translation>
    </message>
    <message>
        <source>Resume it where it stopped, or start a new one below.</source>
        <translation>Setzen Sie ihn dort fort, wo er stehen blieb, oder starten Sie unten einen neuen.</translation>
    </message>
    <message>
        <source>R&amp;esume it</source>
        <translation>Fortsetz&amp;en</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
</context>
<context>
    <name>UsageStrip</name>
    <message>
        <source>What this run used so far: the provider&apos;s token counts, the LLM calls that were answered and the prompts scanned.</source>
        <translation>Was dieser Lauf bisher verbraucht hat: die Token-Zahlen des Anbieters, die beantworteten LLM-Aufrufe und die gescannten Prompts.</translation>
    </message>
    <message>
        <source>This iteration: %1</source>
        <translation>Diese Iteration: %1</translation>
    </message>
    <message>
        <source>Run usage</source>
        <translation>Verbrauch des Laufs</translation>
    </message>
</context>
<context>
    <name>UsageText</name>
    <message>
        <source>$%1</source>
        <translation>%1 $</translation>
    </message>
    <message>
        <source>%1 in / %2 out</source>
        <translation>%1 ein / %2 aus</translation>
    </message>
    <message>
        <source>cost unknown</source>
        <translation>Kosten unbekannt</translation>
    </message>
    <message>
        <source>≈ %1</source>
        <translation>≈ %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <comment>cost</comment>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>No price for this model: add it to &quot;llmPrices&quot; in config.json, e.g. &quot;llmPrices&quot;: {&quot;&lt;model&gt;&quot;: {&quot;inputPerMillion&quot;: 3, &quot;outputPerMillion&quot;: 15}} (USD per million tokens).</source>
        <translation>Kein Preis für dieses Modell: tragen Sie es in &quot;llmPrices&quot; in config.json ein, z. B. &quot;llmPrices&quot;: {&quot;&lt;model&gt;&quot;: {&quot;inputPerMillion&quot;: 3, &quot;outputPerMillion&quot;: 15}} (USD pro Million Tokens).</translation>
    </message>
    <message>
        <source>Tokens: %1 · LLM calls: %2 · Scans: %3 · Cost: %4</source>
        <translation>Tokens: %1 · LLM-Aufrufe: %2 · Scans: %3 · Kosten: %4</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>budget: %1</source>
        <translation>Budget: %1</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Design Prisma AIRS custom-topic guardrails</source>
        <translation>Prisma-AIRS-Guardrails für eigene Themen entwerfen</translation>
    </message>
    <message>
        <source>Use the built-in AIRS and LLM emulators (no account needed)</source>
        <translation>Die eingebauten AIRS- und LLM-Emulatoren verwenden (kein Konto nötig)</translation>
    </message>
</context>
</TS>
