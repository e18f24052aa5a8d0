#include "commandtables.h"

using namespace Qt::StringLiterals;

// The commands that drive runs: generate, resume, eval, audit, experiment. The numbers in the
// descriptions (400 response tests, the robustness families, ...) are the engine's constants;
// tst_clidocs checks them against engine/domain.
namespace {
QList<OptionSpec> budget(bool resume)
{
    const QString when = resume ? u" (raises or sets the run's budget)"_s : QString();
    return {{{u"max-tokens"_s}, u"N"_s, u"Pause the run before an LLM call that would take its tokens (in + out) past N"_s + when},
            {{u"max-cost"_s}, u"X"_s,
             u"Pause the run before an LLM call that would take its estimated cost past X US dollars; needs a price for "
             "the model in config.json llmPrices"_s + when}};
}

const OptionSpec Events{{u"events"_s}, u"format"_s, u"Print events as JSON lines: jsonl"_s, {}, {u"jsonl"_s}};
const OptionSpec NoMemory{{u"no-memory"_s}, {}, u"Neither read nor write learnings"_s};

CommandSpec generate()
{
    using namespace CommandTables;
    CommandSpec c;
    c.name = u"generate"_s;
    c.synopsis = u"daystrom generate --topic TEXT --profile NAME [options]"_s;
    c.summary = u"Design a topic: generate, deploy, scan, analyse, improve, repeat"_s;
    c.description =
        u"An LLM writes a topic (name, description, 2-5 examples) for what the guardrail should detect; the run deploys it to its own\n"
        "copy of the profile (\"daystrom-run-<id>\", removed at the end), scans labelled test prompts, measures coverage\n"
        "(min(TPR, TNR)), has the LLM analyse the errors and improve the topic, and repeats until the target is reached.\n"
        "A run is checkpointed after every iteration; Ctrl+C pauses it cleanly, and daystrom resume continues it.\n\n"
        "Exit status: 0 completed with an iteration at the target coverage, 1 completed below it, 2 bad usage or input,\n"
        "3 failed, 4 paused or cancelled."_s;
    c.options = {
        {{u"topic"_s}, u"text"_s, u"What the guardrail should detect (also the memory key)"_s},
        {{u"profile"_s}, u"name"_s, u"The AIRS security profile the topic is for: the run tests on its own copy of it"_s, {}, {}, ValueKind::Profile},
        {{u"in-place"_s}, {}, u"Deploy and scan on the profile itself, not a copy (for tenants that refuse to create profiles); its topic guardrails are put back when the run ends, is cancelled, fails or pauses, and a resume deploys again"_s},
        {{u"leave-out"_s}, u"topic name"_s, u"Leave this topic of the profile out of the run's copy (repeatable; a profile holds at most 20)"_s, {}, {}, ValueKind::None, true},
        intent(u"block (catch matches) or allow (only matches pass); default block"_s),
        {{u"seed"_s}, u"text"_s, u"A seed example for the first topic (repeatable)"_s, {}, {}, ValueKind::None, true},
        {{u"max-iterations"_s}, u"N"_s, u"Iterations at most (1-100, default 20)"_s, u"20"_s},
        {{u"target-coverage"_s}, u"pct"_s, u"Stop at this coverage, in percent (10-100, default 90)"_s, u"90"_s},
        {{u"max-regressions"_s}, u"N"_s, u"Stop after N consecutive regressions (0 = never, default 3)"_s, u"3"_s},
        {{u"plateau-window"_s}, u"N"_s, u"Stop when N iterations stay within the band (0 = off)"_s, u"0"_s},
        {{u"plateau-band"_s}, u"x"_s, u"Width of the plateau band, 0-1 (default 0.05)"_s, u"0.05"_s},
        {{u"accumulate-tests"_s}, {}, u"Keep earlier passing tests as a regression tier"_s},
        {{u"max-accumulated-tests"_s}, u"N"_s, u"Cap on the test suite (0 = none); half of it is kept for new tests"_s},
        {{u"create-prompt-set"_s}, {}, u"Export the best iteration's tests as a Red Team prompt set"_s},
        {{u"prompt-set-name"_s}, u"name"_s, u"Name for that prompt set"_s},
        provider(u"LLM provider (claude-api, openai, openai-compatible, gemini-api, ollama)"_s),
        model(),
        NoMemory,
        rate(),
        concurrency(u"Scans in parallel (1-20, default 5)"_s),
        sandbox(u"Use the built-in AIRS and LLM emulators (no account needed)"_s),
        Events,
        {{u"benchmark"_s}, u"N"_s, u"Held-out prompts the LLM writes once and every iteration is scored on (0 = none, default 60)"_s, u"60"_s},
        {{u"benchmark-width"_s}, u"POINTS"_s, u"Instead of --benchmark N: the size that measures a coverage near 90% to ±POINTS (95% interval), e.g. 5"_s},
        {{u"benchmark-prompts"_s}, u"file"_s, u"Use this labelled CSV (prompt,expected[,intent][,category]) as the held-out benchmark"_s, {}, {}, ValueKind::File},
        {{u"decide-on"_s}, u"suite"_s, u"benchmark (default) or working: the suite best iteration, revert, plateau and target use"_s, u"benchmark"_s, {u"benchmark"_s, u"working"_s}},
        {{u"scan-repeats"_s}, u"K"_s, u"Scan each benchmark prompt K times and flag prompts whose verdict changes (1-10, default 1)"_s, u"1"_s},
        {{u"regression-sample"_s}, u"N"_s, u"Earlier passing tests carried into each working suite (0-1000, default 10)"_s, u"10"_s},
        {{u"step"_s}, {}, u"Step mode: after each proposal, wait for you to accept, edit or send it back with a hint (needs a terminal)"_s},
        {{u"response-tests"_s}, u"N"_s, u"Also test the response side: N labelled prompt+response pairs the LLM writes once, half of them expected to trigger, scanned every iteration (block intent; 0-400, default 0)"_s, u"0"_s},
        {{u"directions"_s}, u"which"_s, u"prompt (default): the decision figure is the prompt side; both: the minimum of the prompt and response sides' coverage (needs --response-tests)"_s, u"prompt"_s, {u"prompt"_s, u"both"_s}},
        {{u"robustness"_s}, {}, u"Also score each iteration on evasive rewrites of benchmark prompts, family by family (every default family: typos, leetspeak, casing-spacing, base64, homoglyphs, paraphrase, split, translation-de, translation-fr, translation-es)"_s},
        {{u"robustness-families"_s}, u"list"_s, u"Instead of --robustness: these rewrite families, comma-separated (typos, leetspeak, casing-spacing, base64, homoglyphs, paraphrase, split, translation-<ISO 639-1 code>)"_s},
        {{u"robustness-sample"_s}, u"N"_s, u"Benchmark prompts rewritten by each family (2-200, default 20, half positive)"_s, u"20"_s},
        {{u"prompts"_s}, u"file"_s, u"Scan these labelled prompts (CSV: prompt,expected[,intent][,category]; a report --format csv reads back) every iteration instead of generating tests"_s, {}, {}, ValueKind::File},
    };
    c.options += budget(false);
    return c;
}

CommandSpec resume()
{
    using namespace CommandTables;
    CommandSpec c;
    c.name = u"resume"_s;
    c.synopsis = u"daystrom resume <run-id> [--max-iterations N] [--no-memory] [--sandbox] [--step|--auto]\n"
                 "                [--max-tokens N] [--max-cost X]"_s;
    c.summary = u"Continue a paused, cancelled or failed run (with a raised budget)"_s;
    c.description = u"Continues the run with the same AIRS topic and companion. A run killed after recording an iteration but\n"
                    "before deciding on it takes that decision first. Exit status as for generate."_s;
    c.argument = ValueKind::RunId;
    c.options = {{{u"max-iterations"_s}, u"N"_s, u"Run up to N more iterations"_s},
                 rate(),
                 concurrency(u"Scans in parallel (1-20)"_s),
                 sandbox(u"Resume a sandbox run, with the built-in emulators (its topics are recreated there)"_s),
                 NoMemory,
                 {{u"step"_s}, {}, u"Step mode from now on: review each proposal on the terminal"_s},
                 {{u"auto"_s}, {}, u"Auto mode from now on: a run left in step mode decides by itself"_s},
                 Events};
    c.options += budget(true);
    return c;
}

CommandSpec eval()
{
    using namespace CommandTables;
    CommandSpec c;
    c.name = u"eval"_s;
    c.synopsis = u"daystrom eval --prompts FILE.csv --profile NAME [--intent block|allow] [--format text|json]\n"
                 "              [--min-coverage PCT] [--min-tpr PCT] [--min-tnr PCT] [--gate point|lower-bound]\n"
                 "              [--repeat K] [--junit FILE] [--sandbox]"_s;
    c.summary = u"Score the profile as it is against labelled prompts (no LLM); with a threshold, a CI gate"_s;
    c.description = u"With --min-coverage, --min-tpr or --min-tnr it is a CI gate: exit 0 when every threshold is met, 1 when one\n"
                    "is missed (each miss is printed), 2 for bad usage or input, 3 when AIRS failed."_s;
    c.options = {{{u"prompts"_s}, u"file"_s, u"CSV of labelled prompts: prompt,expected[,intent][,category] (a report --format csv reads back)"_s, {}, {}, ValueKind::File},
                 {{u"profile"_s}, u"name"_s, u"AIRS security profile to scan against"_s, {}, {}, ValueKind::Profile},
                 intent(u"block or allow (default: the file's intent column, else block)"_s),
                 concurrency(u"Scans in parallel (1-20)"_s),
                 format({u"text"_s, u"json"_s}, u"text or json (default text)"_s, true),
                 {{u"min-coverage"_s}, u"pct"_s, u"Exit 1 when coverage is below this, in percent (a CI gate)"_s},
                 {{u"min-tpr"_s}, u"pct"_s, u"Exit 1 when the true positive rate is below this, in percent"_s},
                 {{u"min-tnr"_s}, u"pct"_s, u"Exit 1 when the true negative rate is below this, in percent"_s},
                 {{u"gate"_s}, u"on"_s, u"point (default): the thresholds apply to the figures; lower-bound: to their 95% intervals' lower bounds"_s, u"point"_s, {u"point"_s, u"lower-bound"_s}},
                 {{u"repeat"_s}, u"K"_s, u"Scan each prompt K times; a prompt is right when more than half of its scans are (1-10, default 1)"_s, u"1"_s},
                 {{u"junit"_s}, u"file"_s, u"Also write the results as JUnit XML to FILE (one test case per prompt)"_s, {}, {}, ValueKind::File},
                 sandbox(u"Scan against the built-in AIRS emulator"_s)};
    return c;
}

CommandSpec audit()
{
    using namespace CommandTables;
    CommandSpec c;
    c.name = u"audit"_s;
    c.synopsis = u"daystrom audit --profile NAME [--benchmark N] [--topic-prompts TOPIC=FILE.csv]...\n"
                 "               [--format text|json|html] [--yes] [--new] [--sandbox]"_s;
    c.summary = u"Every custom topic of a profile measured together in a scratch copy"_s;
    c.description =
        u"Every custom topic of the profile is scanned, inside a scratch copy of the whole profile\n"
        "(never production; removed afterwards), on its own held-out prompts, with a general\n"
        "benign set. Prints each topic's figures, the share of benign prompts the profile acts\n"
        "on, and the prompts written for one topic that another matched (conflicts).\n"
        "A killed or failed audit resumes on the next audit of the profile, without scanning\n"
        "a finished topic again; what older audits of the profile left on AIRS is removed first\n"
        "(`daystrom cleanup` lists it too). One audit or impact check of a profile runs at a time.\n"
        "Exit codes: 0 done, 2 bad usage or the profile busy with another audit or impact check,\n"
        "3 failed (or done, but its scratch profile could not be removed), 4 cancelled,\n"
        "5 not confirmed."_s;
    c.options = {
        {{u"profile"_s}, u"name"_s, u"The AIRS security profile whose custom topics are audited together"_s, {}, {}, ValueKind::Profile},
        {{u"benchmark"_s}, u"N"_s, u"Held-out prompts the LLM writes per topic (4-200, default 30)"_s, u"30"_s},
        {{u"topic-prompts"_s}, u"topic=file"_s, u"A topic's own labelled CSV instead (TOPIC=FILE.csv; repeatable)"_s, {}, {}, ValueKind::None, true},
        format({u"text"_s, u"json"_s, u"html"_s}, u"text, json or html (a self-contained page; default text)"_s, true),
        {{u"yes"_s}, {}, u"Start without asking (the cost is printed first)"_s},
        {{u"new"_s}, {}, u"Start a new audit even when an unfinished one of this profile exists"_s},
        provider(u"LLM provider"_s),
        model(),
        rate(),
        concurrency(u"Scans in parallel (1-20, default 5)"_s),
        sandbox(u"Use the built-in AIRS and LLM emulators (no account needed)"_s),
    };
    return c;
}

CommandSpec experiment()
{
    using namespace CommandTables;
    CommandSpec c;
    c.name = u"experiment"_s;
    c.synopsis = u"daystrom experiment memory [--topics FILE] [--orders N] [--profile NAME] [--sandbox] [--resume ID]"_s;
    c.summary = u"Does memory help? Each topic with memory off and on over N orders; paired exact test, HTML report"_s;
    c.words = {u"memory"_s};
    c.description =
        u"Does memory help? Runs every topic of a list twice, with memory off and with memory on\n"
        "(reading only what this experiment's earlier topics taught, from a memory directory of its\n"
        "own: your memory is neither read nor written), over N random orders of the topics. Both arms\n"
        "of a topic use the same settings and are scored on the same held-out benchmark. Each run is\n"
        "an ordinary run on its own scratch profile (production is never touched), tagged with the\n"
        "experiment. The report (text, JSON and an HTML page with a chart) gives, per topic and arm,\n"
        "iterations to target, LLM calls, tokens, scans and the final benchmark coverage with its 95 %\n"
        "interval, and overall the median change in iterations to target with an exact Wilcoxon\n"
        "signed-rank test.\n\n"
        "Files: $DAYSTROM_HOME/experiments/<id>/ (sandbox: $DAYSTROM_HOME/sandbox/experiments/<id>/):\n"
        "experiment.json (the plan, resumable), memory/order-N/, report.txt, report.json,\n"
        "report.html. The runs are in runs/ like any other.\n"
        "Ctrl+C pauses the current run; --resume ID continues. Exit codes: 0 every run completed,\n"
        "2 bad usage, 3 a run failed, 4 stopped."_s;
    c.options = {
        {{u"topics"_s}, u"FILE"_s, u"One topic per line (\"#\" starts a comment); default: six related topics about guns (\"Block requests to buy guns\", ...)"_s, {}, {}, ValueKind::File},
        {{u"orders"_s}, u"N"_s, u"Random orders of the topics (1-20, default 2)"_s, u"2"_s},
        {{u"seed"_s}, u"N"_s, u"Seed of the orders (default: random; the report records it)"_s},
        {{u"profile"_s}, u"NAME"_s, u"The AIRS profile the runs copy (required unless --sandbox)"_s, {}, {}, ValueKind::Profile},
        intent(u"What the topics' guardrails do (default block)"_s),
        {{u"max-iterations"_s}, u"N"_s, u"Each run's iteration limit (1-100, default 10)"_s, u"10"_s},
        {{u"target-coverage"_s}, u"PCT"_s, u"The target (default 90)"_s, u"90"_s},
        {{u"benchmark"_s}, u"N"_s, u"Held-out prompts per topic (default 60; at least 10)"_s, u"60"_s},
        provider(u"LLM provider"_s),
        model(),
        concurrency(u"Scans in parallel (1-20, default 5)"_s),
        rate(),
        sandbox(u"Use the built-in emulators (the sandbox's LLM does not read learnings: its result says nothing about memory)"_s),
        {{u"resume"_s}, u"ID"_s, u"Continue an interrupted experiment"_s},
        format({u"text"_s, u"json"_s}, u"What is printed at the end (default text)"_s, false),
    };
    return c;
}
} // namespace

QList<CommandSpec> CommandTables::runCommands()
{
    return {generate(), resume(), eval(), audit(), experiment()};
}
