#include "commandtables.h"

using namespace Qt::StringLiterals;

// The commands that read stored runs or write what a run made to the tenant: runs, report,
// compare, library, apply, revert, cleanup.
namespace {
const QString TenantSandbox = u"Act on the built-in sandbox's tenant and runs (the one the app's sandbox shows)"_s;
const QString RunOfTheSandbox = u"A run of the sandbox (kept apart from real ones)"_s;

CommandSpec runs()
{
    CommandSpec c;
    c.name = u"runs"_s;
    c.synopsis = u"daystrom runs [--sandbox]"_s;
    c.summary = u"List stored runs (newest first); --sandbox: the sandbox's runs"_s;
    c.description = u"Lists stored runs, newest first, each with what it used (tokens, LLM calls, scans,\n"
                    "estimated cost). With --sandbox, the sandbox's runs\n"
                    "(in $DAYSTROM_HOME/sandbox/runs, apart from real ones)."_s;
    c.options = {CommandTables::sandbox(u"List the sandbox's runs (kept apart from real ones)"_s)};
    return c;
}

CommandSpec report()
{
    CommandSpec c;
    c.name = u"report"_s;
    c.synopsis = u"daystrom report <run-id> [--iteration N] [--format text|json|csv|terraform] [--tests] [--junit FILE] [--sandbox]"_s;
    c.summary = u"Show a run: its best iteration, or the one chosen"_s;
    c.description = u"Prints the run's best iteration (or the one numbered N; numbers can have gaps). --format csv writes the\n"
                    "iteration's tests as the original tool's --save-tests did; terraform, the topic and its companion as\n"
                    "Terraform resources."_s;
    c.argument = ValueKind::RunId;
    c.options = {{{u"iteration"_s}, u"N"_s, u"Iteration number"_s},
                 CommandTables::format({u"text"_s, u"json"_s, u"csv"_s, u"terraform"_s},
                                       u"text, json, csv (the chosen iteration's tests) or terraform (its topic as Terraform)"_s, true),
                 {{u"tests"_s}, {}, u"Include every test"_s},
                 CommandTables::sandbox(RunOfTheSandbox),
                 {{u"junit"_s}, u"file"_s, u"Also write the chosen iteration's tests (and its benchmark) as JUnit XML to FILE"_s, {}, {}, ValueKind::File}};
    return c;
}

CommandSpec compare()
{
    CommandSpec c;
    c.name = u"compare"_s;
    c.synopsis = u"daystrom compare RUN[:ITERATION] RUN[:ITERATION]... [--benchmark common|union|run:ID|csv:FILE]\n"
                 "               [--format text|json|html] [--yes] [--resume ID] [--sandbox]\n"
                 "daystrom compare <run-id> <A> <B> [--format text|json] [--sandbox]"_s;
    c.summary = u"Rank several runs' topics on one shared benchmark, or compare two iterations of a run"_s;
    c.description =
        u"With two or more RUN[:ITERATION] (a run's best iteration when none is named), ranks the\n"
        "candidates on one shared benchmark: by default the prompts every candidate's own benchmark\n"
        "holds with the same label (when they share fewer than 20, or fewer than 5 of a label, it says\n"
        "how many and exits 2: choose --benchmark union, run:ID or csv:FILE). Each row gives coverage,\n"
        "TPR and TNR with 95 % intervals, the paired verdict against the leader (the loop's own rule:\n"
        "better or worse only beyond noise), the prompts that separate them and the topic as a word\n"
        "diff against the leader's. A candidate whose stored verdicts do not cover the shared prompts\n"
        "is scanned on them in a scratch copy of its production profile, removed afterwards: the cost\n"
        "is printed first, and nothing is scanned without --yes (exit 5). Ctrl+C cancels and cleans up\n"
        "(exit 4); --resume ID continues a comparison that was cancelled or killed.\n\n"
        "With a run id and two iteration numbers, compares iterations A and B of that run prompt by\n"
        "prompt on the prompts both scanned: how many B fixed and broke, the exact McNemar p-value,\n"
        "and whether the difference is more than noise."_s;
    c.argument = ValueKind::RunId;
    c.options = {CommandTables::format({u"text"_s, u"json"_s, u"html"_s},
                                       u"text, json or html (html: comparing runs only)"_s, true),
                 {{u"benchmark"_s}, u"SOURCE"_s,
                  u"The shared benchmark when comparing runs: common (the prompts every candidate's benchmark "
                  "holds), union (all of them), run:ID (that run's benchmark) or csv:FILE (a labelled CSV)"_s,
                  u"common"_s},
                 {{u"yes"_s}, {}, u"Scan the candidates that need it (the cost is printed first)"_s},
                 {{u"resume"_s}, u"ID"_s, u"Continue the comparison with this id (cancelled or killed)"_s},
                 CommandTables::sandbox(u"Runs of the sandbox, and the sandbox's tenant for scans"_s)};
    return c;
}

CommandSpec library()
{
    CommandSpec c;
    c.name = u"library"_s;
    c.synopsis = u"daystrom library list [--format text|json]\n"
                 "daystrom library show NAME [--format text|json]"_s;
    c.summary = u"Starter topics enterprises commonly need, and the command that starts a run from one"_s;
    c.description = u"Starter topics enterprises commonly need, each within the AIRS topic limits: a starting\n"
                    "point for daystrom generate (show prints the command that starts a run from one)."_s;
    c.words = {u"list"_s, u"show"_s};
    c.options = {CommandTables::format({u"text"_s, u"json"_s}, u"text or json (default text)"_s, true)};
    return c;
}

CommandSpec apply()
{
    CommandSpec c;
    c.name = u"apply"_s;
    c.synopsis = u"daystrom apply <run-id> [--iteration N] [--impact] [--yes] [--plan-hash HASH] [--change-action]\n"
                 "               [--sandbox]"_s;
    c.summary = u"Print the plan for writing an iteration's topic to the production profile; --yes writes it"_s;
    c.description =
        u"Prints the plan for writing that iteration's topic (and, for block intent, its companion)\n"
        "to the run's production profile, and writes it with --yes: a topic of the same name is\n"
        "updated (the plan shows the word diff), else created; every other topic and policy field\n"
        "stays; the latest revisions are pinned. Where the plan changes the profile's action for\n"
        "prompts that match none of its topics (an allow list becoming a block list, or the other way\n"
        "round), it is written only with --change-action as well. The plan's hash is printed under it;\n"
        "with --plan-hash, --yes writes only a plan with that hash, so what is written is what was\n"
        "shown earlier (when production moved since, nothing is written: exit 5). A run that still holds objects of\n"
        "its own on the tenant cannot be applied until it is finished or cleaned up.\n\n"
        "Exit status: 0 when production holds the plan (applied now, or already); 5 when the plan\n"
        "was only printed or needs --change-action; 3 when AIRS refused or failed. What changed is\n"
        "recorded in the run file, for `daystrom revert`. With --sandbox it acts on a sandbox run and\n"
        "the sandbox's own tenant, which keeps what is applied to it between runs of the program."_s;
    c.argument = ValueKind::RunId;
    c.options = {{{u"iteration"_s}, u"N"_s, u"The iteration to apply (default: the run's best)"_s},
                 {{u"yes"_s}, {}, u"Write the plan (without it, only print it)"_s},
                 {{u"impact"_s}, {}, u"First measure what the plan does to the profile's other topics, on the prompts of "
                                     "its latest audit, in a scratch copy of production"_s},
                 {{u"plan-hash"_s}, u"HASH"_s, u"With --yes, write only the plan whose hash this is (as printed under a plan)"_s},
                 {{u"change-action"_s}, {}, u"Agree to change the profile's action for prompts that match none of its "
                                            "topics, where the plan does"_s},
                 CommandTables::sandbox(TenantSandbox)};
    return c;
}

CommandSpec revert()
{
    CommandSpec c;
    c.name = u"revert"_s;
    c.synopsis = u"daystrom revert <run-id> [--force] [--plan] [--plan-hash HASH] [--sandbox]"_s;
    c.summary = u"Undo the run's last apply where production still stands as it left it"_s;
    c.description =
        u"Undoes the run's last apply, three-way: the pins it added or changed are taken back where\n"
        "they still stand as it left them, the action for unmatched prompts goes back if it is still\n"
        "the apply's, topics it updated get their earlier text and topics it created are deleted if\n"
        "they are still at the revision it wrote. What colleagues changed since stays. Where they\n"
        "changed what the apply wrote, nothing is reverted and the difference is printed (exit 5);\n"
        "--force then takes back the apply's side regardless. --plan prints what it would take back\n"
        "and that plan's hash, and writes nothing (exit 5); --plan-hash HASH reverts only when the\n"
        "apply to undo is still the one that plan showed. --sandbox: a sandbox run, on the sandbox's\n"
        "tenant."_s;
    c.argument = ValueKind::RunId;
    c.options = {{{u"force"_s}, {}, u"Take back the apply's side also where production changed since"_s},
                 {{u"plan"_s}, {}, u"Print what the revert would take back and that plan's hash; write nothing"_s},
                 {{u"plan-hash"_s}, u"HASH"_s, u"Revert only when the apply to undo is the one the plan with this hash showed"_s},
                 CommandTables::sandbox(TenantSandbox)};
    return c;
}

CommandSpec cleanup()
{
    CommandSpec c;
    c.name = u"cleanup"_s;
    c.synopsis = u"daystrom cleanup [--yes] [--run ID] [--sandbox]"_s;
    c.summary = u"List what stopped runs left on AIRS; --yes deletes it"_s;
    c.description =
        u"Finds what stopped runs left on AIRS — scratch profiles, their topics, a production profile\n"
        "a killed in-place run had changed — by the record in each run file, and lists it. With --yes\n"
        "it deletes them (and puts the production profile back). Paused runs keep theirs unless named\n"
        "with --run, except paused in-place runs (their objects are on production), which are listed\n"
        "too; runs still being driven are never touched. Without --run it also lists (and with --yes\n"
        "removes) the scratch profiles of audits and `apply --impact` checks whose process is gone\n"
        "(killed, or AIRS refused their clean-up), from their records in <home>/audits; an audit or\n"
        "check still running is never touched. --sandbox: the sandbox's runs, audits and tenant."_s;
    c.options = {{{u"yes"_s}, {}, u"Delete (without it, only list what would be deleted)"_s},
                 {{u"run"_s}, u"id"_s, u"Only this run (also a paused one)"_s, {}, {}, ValueKind::RunId},
                 CommandTables::sandbox(TenantSandbox)};
    return c;
}
} // namespace

QList<CommandSpec> CommandTables::storeCommands()
{
    return {runs(), report(), compare(), library(), apply(), revert(), cleanup()};
}
