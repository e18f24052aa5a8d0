#include "cli.h"

#include "domain/nanoid.h"
#include "domain/printable.h"

#include "comparecommand.h"
#include "auditcommand.h"
#include "librarycommand.h"
#include "evalcommand.h"
#include "experimentcommand.h"
#include "generatecommand.h"
#include "memorycommand.h"
#include "reportcommand.h"
#include "runscommand.h"
#include "sandboxcommand.h"
#include "tenantcommands.h"

using namespace Qt::StringLiterals;

QString cliUsage()
{
    return uR"(Usage: daystrom <command> [options]

Design Prisma AIRS custom-topic guardrails with an LLM refinement loop (headless).

Commands:
  generate --topic TEXT --profile NAME [options]
                            Design a topic: generate, deploy, scan, analyse, improve, repeat
      --intent block|allow    what the guardrail does with matches (default block)
      --seed TEXT             a seed example (repeatable)
      --in-place              deploy and scan on the profile itself (restored at the end), not
                              on the run's own copy "daystrom-run-<id>" (the default)
      --leave-out NAME        leave this topic of the profile out of the copy (repeatable)
      --max-iterations N      at most N iterations (1-100, default 20)
      --target-coverage PCT   stop at this coverage in percent (default 90)
      --max-regressions N     stop after N consecutive regressions (default 3, 0 = never)
      --plateau-window N, --plateau-band X    stop on a plateau (off by default)
      --accumulate-tests, --max-accumulated-tests N    keep earlier tests; cap the suite
      --create-prompt-set [--prompt-set-name NAME]     export the best tests to AI Red Team
      --provider NAME, --model NAME, --no-memory, --rate N, --concurrency N
      --sandbox               use the built-in AIRS and LLM emulators (no account); its runs
                              and learnings live apart from real ones, in $DAYSTROM_HOME/sandbox
      --prompts FILE.csv      scan these labelled prompts every iteration instead of generated tests
      --benchmark N           held-out prompts written once, scored every iteration (default 60;
                              0 = none); --benchmark-prompts FILE.csv: your own labelled set
      --benchmark-width P     instead of --benchmark N: the size that measures a coverage near
                              90 % to ±P points
      --decide-on benchmark|working    the figures best/revert/plateau/target use
      --scan-repeats K        scan each benchmark prompt K times, flag unstable verdicts
      --regression-sample N   earlier passing tests carried into each suite (default 10)
      --response-tests N      also N labelled prompt+response pairs, judged on the response
                              side (block intent); --directions both: the weaker side decides
      --robustness            also score each iteration on evasive rewrites of benchmark prompts
                              (--robustness-families LIST, --robustness-sample N: fewer)
      --events jsonl          print one JSON object per event on stdout, nothing else
      --step                  review each proposal on the terminal (accept, edit, hint, …)
      --max-tokens N          pause before an LLM call that would take the run past N tokens
      --max-cost X            pause before an LLM call that would take the estimated cost past
                              X US dollars (needs a price for the model in config.json llmPrices)
  resume <run-id> [--max-iterations N] [--no-memory] [--sandbox] [--step|--auto]
         [--max-tokens N] [--max-cost X]
                            Continue a paused, cancelled or failed run (with a raised budget)
  apply <run-id> [--iteration N] [--impact] [--yes] [--change-action] [--sandbox]
                            Print the plan for writing an iteration's topic (default: the best)
                            to the production profile, keeping its other topics; --yes writes it
                            (recorded for revert), --change-action agrees to a change of the
                            profile's action for unmatched prompts; --impact first measures
                            what it does to the profile's other topics (needs an audit)
  revert <run-id> [--force] [--sandbox]
                            Undo the run's last apply where production still stands as it left
                            it; --force also where colleagues changed it since
  cleanup [--yes] [--run ID] [--sandbox]
                            List what stopped runs left on AIRS; --yes deletes it
  eval --prompts FILE.csv --profile NAME [--intent block|allow] [--format text|json]
       [--min-coverage PCT] [--min-tpr PCT] [--min-tnr PCT] [--gate point|lower-bound]
       [--repeat K] [--junit FILE] [--sandbox]
                            Score the profile as it is against labelled prompts (no LLM); with
                            a threshold, a CI gate: exit 1 when one is missed
  library list | show NAME  Starter topics enterprises commonly need, and the command that
                            starts a run from one
  audit --profile NAME [--benchmark N] [--topic-prompts TOPIC=FILE.csv]...
        [--format text|json|html] [--yes] [--new] [--sandbox]
                            Every custom topic of a profile measured together in a scratch copy:
                            per-topic figures, the benign prompts the profile acts on, and the
                            prompts one topic wrote that another caught (see daystrom audit --help)
  experiment memory [--topics FILE] [--orders N] [--profile NAME] [--sandbox] [--resume ID]
                            Does memory help? Each topic with memory off and on (a memory of
                            the experiment's own) over N orders; paired exact test, HTML report
                            (see daystrom experiment --help)
  runs [--sandbox]          List stored runs (newest first); --sandbox: the sandbox's runs
  report <run-id>           Show a run: its best iteration, or the one chosen
      --iteration N           the iteration numbered N (numbers can have gaps)
      --format text|json|csv|terraform
                              output format (default text; csv: the tests, as --save-tests wrote
                              them; terraform: the topic and its companion as Terraform resources)
      --tests                 include every test and its result
      --junit FILE            also write the prompts the iteration was scored on as JUnit XML
      --sandbox               a run of the sandbox
  compare <run-id> <A> <B> [--format text|json] [--sandbox]
                            Is iteration B better than A on the prompts both scanned? (fixed,
                            broken, exact McNemar p-value, verdict)
  sandbox serve             Serve the AIRS and LLM emulators on 127.0.0.1 until interrupted
      --port N                port (default: any free port)
      --faults SPEC           inject faults, e.g. scan.503=0.2,token.cut=0.1,seed=7
                              (see daystrom sandbox --help)
  memory list               Memory categories with their learning counts and best coverage
  memory show <category>    A category's learnings (id, seen, confidence, type, status, source)
  memory preview --topic TEXT [--budget N] [--intent block|allow]
                            Print exactly the memory section a run on TEXT would get
  memory confirm|reject|approve|delete <learning-id>
                            Curate one learning (rejected enough, it becomes an anti-pattern)
  memory add --category KEY --insight TEXT [--strategy TEXT] [--outcome O] [--tag T]...
                            Add a learning by hand (see daystrom memory --help)
  memory export [--category KEY]... FILE
                            Write learnings and anti-patterns to a bundle to share
  memory import [--yes] FILE
                            What a bundle would add, corroborate and skip; --yes writes it
  memory … --sandbox        Any of these on the sandbox's learnings instead of the real ones

Options:
  -h, --help                Show this help (also: daystrom <command> --help)
  -v, --version             Show the version

LLM providers (--provider, LLM_PROVIDER): claude-api, openai, openai-compatible, gemini-api,
ollama, gemini-vertex, claude-vertex (GOOGLE_APPLICATION_CREDENTIALS, GOOGLE_CLOUD_PROJECT,
CLOUD_ML_REGION or GOOGLE_CLOUD_LOCATION), claude-bedrock (AWS_ACCESS_KEY_ID and
AWS_SECRET_ACCESS_KEY or AWS_PROFILE, AWS_REGION). Endpoints: GOOGLE_VERTEX_BASE_URL,
ANTHROPIC_VERTEX_BASE_URL, ANTHROPIC_BEDROCK_BASE_URL (see README "Providers").

Files: $DAYSTROM_HOME (default ~/.daystrom): config.json, runs/, memory/, audits/, and the
sandbox's own sandbox/runs/, sandbox/memory/ and sandbox/tenant.json (the sandbox's AIRS tenant,
shared by the app and every --sandbox command, so a sandbox run can be applied, audited and
reverted from either; delete the file to start the sandbox tenant afresh).
Exit codes: 0 ok; 1 below a threshold (eval's gate; a run that completed below its target);
2 bad usage or input; 3 failed (the service, or the run); 4 run paused or cancelled; 5 a change
planned but not made (apply without --yes, revert that needs --force).
)"_s;
}

int runCli(const QStringList &arguments, CliContext &ctx)
{
    if (arguments.isEmpty() || arguments.first() == "-h"_L1 || arguments.first() == "--help"_L1
        || arguments.first() == "help"_L1) {
        ctx.out << cliUsage();
        ctx.out.flush();
        return arguments.isEmpty() ? ExitCode::Usage : ExitCode::Ok;
    }
    const QString command = arguments.first();
    const QStringList rest = arguments.mid(1);
    // A run id may start with "-" (the original tool's do): before "--" it reads as options.
    for (const QString &a : rest) {
        if (a == "--"_L1)
            break;
        if (a.startsWith(u'-') && !a.startsWith("--"_L1) && a.size() >= 15 && NanoId::isValid(a)) {
            ctx.err << "daystrom " << command << ": \"" << Printable::escaped(a)
                    << "\" looks like a run id that starts with \"-\": put it after \"--\", as in daystrom "
                    << command << " -- " << Printable::escaped(a) << '\n';
            return ExitCode::Usage;
        }
    }
    if (command == "-v"_L1 || command == "--version"_L1) {
        ctx.out << "daystrom " << DAYSTROM_VERSION << '\n';
        return ExitCode::Ok;
    }
    if (command == "runs"_L1)
        return runsCommand(rest, ctx);
    if (command == "report"_L1)
        return reportCommand(rest, ctx);
    if (command == "compare"_L1)
        return compareCommand(rest, ctx);
    if (command == "sandbox"_L1)
        return sandboxCommand(rest, ctx);
    if (command == "generate"_L1)
        return generateCommand(rest, ctx);
    if (command == "experiment"_L1)
        return experimentCommand(rest, ctx);
    if (command == "resume"_L1)
        return resumeCommand(rest, ctx);
    if (command == "eval"_L1)
        return evalCommand(rest, ctx);
    if (command == "audit"_L1)
        return auditCommand(rest, ctx);
    if (command == "library"_L1)
        return libraryCommand(rest, ctx);
    if (command == "memory"_L1)
        return memoryCommand(rest, ctx);
    if (command == "apply"_L1)
        return applyCommand(rest, ctx);
    if (command == "revert"_L1)
        return revertCommand(rest, ctx);
    if (command == "cleanup"_L1)
        return cleanupCommand(rest, ctx);
    ctx.err << "daystrom: unknown command \"" << command << "\"; see daystrom --help\n";
    return ExitCode::Usage;
}
