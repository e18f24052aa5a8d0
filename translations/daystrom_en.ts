<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AddPromptsDialog</name>
    <message numerus="yes">
        <source>%n prompt(s) from %1</source>
        <translation>
            <numerusform>%n prompt from %1</numerusform>
            <numerusform>%n prompts from %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s) to add: %1 should trigger, %2 should not.</source>
        <translation>
            <numerusform>%n prompt to add: %1 should trigger, %2 should not.</numerusform>
            <numerusform>%n prompts to add: %1 should trigger, %2 should not.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n repeated prompt(s) will be added once.</source>
        <translation>
            <numerusform>%n repeated prompt will be added once.</numerusform>
            <numerusform>%n repeated prompts will be added once.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ApplyDialog</name>
    <message numerus="yes">
        <source>%n topic(s) of the profile would get prompts wrong that they get right now.</source>
        <translation>
            <numerusform>%n topic of the profile would get prompts wrong that it gets right now.</numerusform>
            <numerusform>%n topics of the profile would get prompts wrong that they get right now.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BenchmarkField</name>
    <message numerus="yes">
        <source>%n labelled prompt(s) from %1, scored in every iteration and never shown to the LLM.</source>
        <translation>
            <numerusform>%n labelled prompt from %1, scored in every iteration and never shown to the LLM.</numerusform>
            <numerusform>%n labelled prompts from %1, scored in every iteration and never shown to the LLM.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CategoryListModel</name>
    <message numerus="yes">
        <source>%1, %n learning(s)</source>
        <translation>
            <numerusform>%1, %n learning</numerusform>
            <numerusform>%1, %n learnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1
File: %2.json
%n learning(s), %3 pending, %4 anti-patterns</source>
        <translation>
            <numerusform>%1
File: %2.json
%n learning, %3 pending, %4 anti-patterns</numerusform>
            <numerusform>%1
File: %2.json
%n learnings, %3 pending, %4 anti-patterns</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CleanupDialog</name>
    <message numerus="yes">
        <source>%n run(s) still have objects on AIRS: see the reasons below, then try again.</source>
        <translation>
            <numerusform>%n run still has objects on AIRS: see the reasons below, then try again.</numerusform>
            <numerusform>%n runs still have objects on AIRS: see the reasons below, then try again.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComparePanel</name>
    <message numerus="yes">
        <source>%n prompt(s) left out: their verdict changed between repeated scans.</source>
        <translation>
            <numerusform>%n prompt left out: its verdict changed between repeated scans.</numerusform>
            <numerusform>%n prompts left out: their verdict changed between repeated scans.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Benchmark v%1 vs v%2: compared on the %n prompt(s) both were asked.</source>
        <translation>
            <numerusform>Benchmark v%1 vs v%2: compared on the %n prompt both were asked.</numerusform>
            <numerusform>Benchmark v%1 vs v%2: compared on the %n prompts both were asked.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConflictMatrixModel</name>
    <message numerus="yes">
        <source>%n prompt(s) written for “%1” matched by “%2”</source>
        <translation>
            <numerusform>%n prompt written for “%1” matched by “%2”</numerusform>
            <numerusform>%n prompts written for “%1” matched by “%2”</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CrossRunPlanBox</name>
    <message numerus="yes">
        <source>To scan: %n topic(s) × %1 prompts = %2 scans, each in a scratch profile that is removed afterwards.</source>
        <extracomment>%n topics to scan, %1 prompts each, %2 the scans in all.</extracomment>
        <translation>
            <numerusform>To scan: %n topic × %1 prompts = %2 scans, in a scratch profile that is removed afterwards.</numerusform>
            <numerusform>To scan: %n topics × %1 prompts = %2 scans, each in a scratch profile that is removed afterwards.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The runs&apos; benchmarks have %n prompt(s) in common.</source>
        <extracomment>%n prompts every compared run&apos;s benchmark holds, with the same label.</extracomment>
        <translation>
            <numerusform>The runs&apos; benchmarks have %n prompt in common.</numerusform>
            <numerusform>The runs&apos; benchmarks have %n prompts in common.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DirectionsView</name>
    <message numerus="yes">
        <source>Responses, %n prompt and response pair(s) judged on what AIRS says of the response: coverage %1, TPR %2, TNR %3 (95 % intervals).</source>
        <translation>
            <numerusform>Responses, %n prompt and response pair judged on what AIRS says of the response: coverage %1, TPR %2, TNR %3 (95 % intervals).</numerusform>
            <numerusform>Responses, %n prompt and response pairs judged on what AIRS says of the response: coverage %1, TPR %2, TNR %3 (95 % intervals).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n pair(s) AIRS gave no verdict for are left out.</source>
        <translation>
            <numerusform>%n pair AIRS gave no verdict for is left out.</numerusform>
            <numerusform>%n pairs AIRS gave no verdict for are left out.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Coverage kept under each rewrite of %n benchmark prompt(s), against the same prompts as written. Never part of the decision.</source>
        <translation>
            <numerusform>Coverage kept under each rewrite of %n benchmark prompt, against the same prompt as written. Never part of the decision.</numerusform>
            <numerusform>Coverage kept under each rewrite of %n benchmark prompts, against the same prompts as written. Never part of the decision.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message numerus="yes">
        <source>%1: %n prompt(s) not rewritten: the LLM wrote no usable rewrite of them.</source>
        <translation>
            <numerusform>%1: %n prompt not rewritten: the LLM wrote no usable rewrite of it.</numerusform>
            <numerusform>%1: %n prompts not rewritten: the LLM wrote no usable rewrite of them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n prompt(s) not rewritten: the rewrite changed nothing or was too large for AIRS.</source>
        <translation>
            <numerusform>%1: %n prompt not rewritten: the rewrite changed nothing or was too large for AIRS.</numerusform>
            <numerusform>%1: %n prompts not rewritten: the rewrite changed nothing or was too large for AIRS.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n rewrite(s) AIRS gave no verdict for.</source>
        <translation>
            <numerusform>%1: %n rewrite AIRS gave no verdict for.</numerusform>
            <numerusform>%1: %n rewrites AIRS gave no verdict for.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EventLogText</name>
    <message numerus="yes">
        <source>Memory: %n learning(s) loaded</source>
        <translation>
            <numerusform>Memory: %n learning loaded</numerusform>
            <numerusform>Memory: %n learnings loaded</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Memory: %n learning(s) extracted</source>
        <translation>
            <numerusform>Memory: %n learning extracted</numerusform>
            <numerusform>Memory: %n learnings extracted</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Prompt set &quot;%1&quot; created with %n prompt(s)</source>
        <translation>
            <numerusform>Prompt set &quot;%1&quot; created with %n prompt</numerusform>
            <numerusform>Prompt set &quot;%1&quot; created with %n prompts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s) added to %1; %2 already in the run</source>
        <translation>
            <numerusform>%n prompt added to %1; %2 already in the run</numerusform>
            <numerusform>%n prompts added to %1; %2 already in the run</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s) added to %1</source>
        <translation>
            <numerusform>%n prompt added to %1</numerusform>
            <numerusform>%n prompts added to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExtraTestsFields</name>
    <message numerus="yes">
        <source>Every iteration scans %n more prompt(s)</source>
        <translation>
            <numerusform>Every iteration scans %n more prompt</numerusform>
            <numerusform>Every iteration scans %n more prompts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%1 response tests, up to %2 rewrites), and the run starts with %n more LLM call(s).</source>
        <translation>
            <numerusform>(%1 response tests, up to %2 rewrites), and the run starts with %n more LLM call.</numerusform>
            <numerusform>(%1 response tests, up to %2 rewrites), and the run starts with %n more LLM calls.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HtmlReport</name>
    <message numerus="yes">
        <source>Test results (%n test(s))</source>
        <translation>
            <numerusform>Test results (%n test)</numerusform>
            <numerusform>Test results (%n tests)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n held-out prompt(s)</source>
        <translation>
            <numerusform>%n held-out prompt</numerusform>
            <numerusform>%n held-out prompts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InjectionPreviewWidget</name>
    <message numerus="yes">
        <source>%1 characters of a %2 budget, %n learning(s)</source>
        <translation>
            <numerusform>%1 characters of a %2 budget, %n learning</numerusform>
            <numerusform>%1 characters of a %2 budget, %n learnings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LiveRunPanel</name>
    <message numerus="yes">
        <source>%n result(s)</source>
        <translation>
            <numerusform>%n result</numerusform>
            <numerusform>%n results</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MetricDeltaTable</name>
    <message numerus="yes">
        <source>On the %n benchmark prompt(s) both versions hold.</source>
        <translation>
            <numerusform>On the %n benchmark prompt both versions hold.</numerusform>
            <numerusform>On the %n benchmark prompts both versions hold.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NewRunPanel</name>
    <message numerus="yes">
        <source>%n profile(s) in this tenant</source>
        <translation>
            <numerusform>%n profile in this tenant</numerusform>
            <numerusform>%n profiles in this tenant</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProfilePage</name>
    <message numerus="yes">
        <source>The audit writes held-out prompts for %n topic(s) with the LLM, </source>
        <translation>
            <numerusform>The audit writes held-out prompts for %n topic with the LLM, </numerusform>
            <numerusform>The audit writes held-out prompts for %n topics with the LLM, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and makes %n scan(s) against a scratch copy of the profile, which it removes afterwards. Production is only read.</source>
        <translation>
            <numerusform>and makes %n scan against a scratch copy of the profile, which it removes afterwards. Production is only read.</numerusform>
            <numerusform>and makes %n scans against a scratch copy of the profile, which it removes afterwards. Production is only read.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>

At the configured rate that takes about %n second(s).</source>
        <translation>
            <numerusform>

At the configured rate that takes about %n second.</numerusform>
            <numerusform>

At the configured rate that takes about %n seconds.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>

Start the audit of %n topic(s)?</source>
        <translation>
            <numerusform>

Start the audit of %n topic?</numerusform>
            <numerusform>

Start the audit of %n topics?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Audit of %1: the profile acts on %2 of %n prompt(s) users should get through; </source>
        <translation>
            <numerusform>Audit of %1: the profile acts on %2 of %n prompt users should get through; </numerusform>
            <numerusform>Audit of %1: the profile acts on %2 of %n prompts users should get through; </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conflict(s) between topics.</source>
        <translation>
            <numerusform>%n conflict between topics.</numerusform>
            <numerusform>%n conflicts between topics.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProfileTopicsField</name>
    <message numerus="yes">
        <source>The run tests on its own copy of this profile, with these topics of it (uncheck to leave one out) and its own %n topic(s).</source>
        <translation>
            <numerusform>The run tests on its own copy of this profile, with these topics of it (uncheck to leave one out) and its own %n topic.</numerusform>
            <numerusform>The run tests on its own copy of this profile, with these topics of it (uncheck to leave one out) and its own %n topics.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RobustnessTableModel</name>
    <message numerus="yes">
        <source>%n rewrite(s) AIRS gave no verdict for are left out</source>
        <translation>
            <numerusform>%n rewrite AIRS gave no verdict for is left out</numerusform>
            <numerusform>%n rewrites AIRS gave no verdict for are left out</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunsPanel</name>
    <message numerus="yes">
        <source>%n run file(s) could not be read.</source>
        <translation>
            <numerusform>%n run file could not be read.</numerusform>
            <numerusform>%n run files could not be read.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rank the %n selected runs&apos; topics on one shared benchmark (%1)</source>
        <translation>
            <numerusform>Rank the %n selected run&apos;s topic on one shared benchmark (%1)</numerusform>
            <numerusform>Rank the %n selected runs&apos; topics on one shared benchmark (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n runs selected: Compare Runs Side by Side… ranks their topics on the prompts they share.</source>
        <translation>
            <numerusform>%n run selected: Compare Runs Side by Side… ranks topics on the prompts runs share.</numerusform>
            <numerusform>%n runs selected: Compare Runs Side by Side… ranks their topics on the prompts they share.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TestPromptsField</name>
    <message numerus="yes">
        <source>%n labelled prompt(s)</source>
        <translation>
            <numerusform>%n labelled prompt</numerusform>
            <numerusform>%n labelled prompts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n labelled prompt(s) from %1</source>
        <translation>
            <numerusform>%n labelled prompt from %1</numerusform>
            <numerusform>%n labelled prompts from %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UnfinishedRunNote</name>
    <message numerus="yes">
        <source>after %n iteration(s)</source>
        <translation>
            <numerusform>after %n iteration</numerusform>
            <numerusform>after %n iterations</numerusform>
        </translation>
    </message>
</context>
</TS>
