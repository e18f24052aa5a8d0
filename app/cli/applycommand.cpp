#include "tenantcommands.h"
#include "tenantconnection.h"

#include "reports/applyplantext.h"
#include "runs/runstore.h"
#include "tenant/topicapplier.h"

#include <QCommandLineParser>

using namespace Qt::StringLiterals;
using namespace TenantCli;

namespace {
const QString Help =
    u"Usage: daystrom apply <run-id> [--iteration N] [--impact] [--yes] [--change-action] [--sandbox]\n\n"
    "Prints the plan for writing that iteration's topic (and, for block intent, its companion)\n"
    "to the run's production profile, and writes it with --yes: a topic of the same name is\n"
    "updated (the plan shows the word diff), else created; every other topic and policy field\n"
    "stays; the latest revisions are pinned. Where the plan changes the profile's action for\n"
    "prompts that match none of its topics (an allow list becoming a block list, or the other way\n"
    "round), it is written only with --change-action as well. A run that still holds objects of\n"
    "its own on the tenant cannot be applied until it is finished or cleaned up.\n\n"
    "Exit status: 0 when production holds the plan (applied now, or already); 5 when the plan\n"
    "was only printed or needs --change-action; 3 when AIRS refused or failed. What changed is\n"
    "recorded in the run file, for `daystrom revert`. With --sandbox it acts on a sandbox run and\n"
    "the sandbox's own tenant, which keeps what is applied to it between runs of the program.\n"_s;

struct Flags
{
    int iteration = 0;
    bool yes = false;
    bool impact = false;
    bool changeAction = false;
};

// The apply after its flags and locks, one step after the other on the event loop: settle an
// interrupted apply, plan, print the plan (and with --impact measure it), write it under the
// journal, and say how it ended. Every step ends the command with finish() or starts the next.
class ApplySteps final
{
public:
    ApplySteps(CliContext &ctx, Tenant &t, RunState &run, TopicApplier &applier, const Flags &flags)
        : m_ctx(ctx), m_t(t), m_run(run), m_applier(applier), m_flags(flags)
    {}

    void start()
    {
        settleInterrupted(m_run, m_t.runsDir, m_applier, u"apply"_s, m_ctx, [this](bool ok) {
            if (!ok)
                return finish(ExitCode::Failed);
            m_applier.plan(m_run, m_flags.iteration, [this](const AirsResult<TopicApplier::Plan> &p) { planned(p); });
        });
    }

private:
    void planned(const AirsResult<TopicApplier::Plan> &plan)
    {
        if (!plan.ok()) {
            m_ctx.err << "daystrom apply: " << plan.error.toString() << '\n';
            return finish(plan.error.kind == AirsError::Kind::Validation ? ExitCode::NotConfirmed : ExitCode::Failed);
        }
        m_plan = plan.value;
        m_ctx.out << "Plan for iteration " << m_flags.iteration << " of run " << m_run.id << " on profile \""
                  << m_plan.profileName << "\":\n";
        for (const QString &line : ApplyPlanText::lines(m_plan))
            m_ctx.out << "  " << line << '\n';
        if (m_plan.changesNothing()) {
            m_ctx.out << "Production already holds this plan: nothing to write.\n";
            return finish(ExitCode::Ok);
        }
        if (!m_flags.impact)
            return write();
        printApplyImpact(m_plan, m_t.management.get(), m_t.airs, m_t.impact, m_ctx, [this](int code) {
            if (code >= 0)
                return finish(code);
            write();
        });
    }

    void write()
    {
        if (!m_flags.yes) {
            m_ctx.out << "Nothing was written. Apply it with --yes" << (m_plan.changesAction() ? " --change-action" : "")
                      << ".\n";
            return finish(ExitCode::NotConfirmed);
        }
        if (m_plan.changesAction() && !m_flags.changeAction) {
            m_ctx.err << "daystrom apply: not applied: it would " << m_plan.actionChangeText()
                      << "; add --change-action to agree to that\n";
            return finish(ExitCode::NotConfirmed);
        }
        m_plan.actionChangeConsented = m_flags.changeAction;
        m_ctx.out.flush();
        // The journal (issue 57): the record goes into the run file before the first write and
        // after every step, so a kill at any moment leaves what `revert` needs.
        m_entry = m_run.applies.size();
        m_applier.progress = [this](const QString &line) {
            m_ctx.out << "  " << line << '\n';
            m_ctx.out.flush();
        };
        m_applier.apply(m_plan, [this](const TopicApplier::Outcome &o) { written(o); },
                        [this](const ApplyRecord &record) { return journal(record); });
    }

    QString journal(const ApplyRecord &record)
    {
        const bool nothing = !record.pending && !record.policyBefore && record.createdTopics.isEmpty()
                             && record.updatedTopics.isEmpty();
        if (m_run.applies.size() > m_entry)
            m_run.applies.resize(m_entry);
        if (!nothing)
            m_run.applies.append(record);
        return RunStore(m_t.runsDir).save(m_run);
    }

    void written(const TopicApplier::Outcome &outcome)
    {
        const QString id = m_run.id;
        for (const QString &line : outcome.done)
            m_ctx.out << "  done: " << line << '\n';
        if (outcome.record || m_run.applies.size() > m_entry) {
            // The final state of the entry (also after an error part way: what did change).
            if (const QString error = journal(outcome.record.value_or(ApplyRecord{})); !error.isEmpty()) {
                m_ctx.err << "daystrom apply: the change was made but not recorded in the run file (" << error
                          << "); `daystrom revert` cannot undo it\n";
                return finish(ExitCode::Failed);
            }
        }
        if (outcome.planStale) {
            // Never written over: the plan again, against production as it is now.
            m_ctx.err << "daystrom apply: " << outcome.error << '\n';
            m_applier.plan(m_run, m_flags.iteration, [this](const AirsResult<TopicApplier::Plan> &again) {
                if (again.ok()) {
                    m_ctx.out << "The plan against production as it is now:\n";
                    for (const QString &line : ApplyPlanText::lines(again.value))
                        m_ctx.out << "  " << line << '\n';
                    m_ctx.out << "Nothing more was written. Apply it with --yes again.\n";
                }
                finish(ExitCode::NotConfirmed);
            });
            return;
        }
        if (!outcome.error.isEmpty()) {
            m_ctx.err << "daystrom apply: " << outcome.error
                      << (outcome.record ? u" (what did change is recorded: `daystrom revert "_s + id + u"` undoes it)"_s
                                         : QString())
                      << '\n';
            return finish(ExitCode::Failed);
        }
        if (outcome.record)
            m_ctx.out << "Applied. `daystrom revert " << id << "` undoes it.\n";
        else
            m_ctx.out << "Production already holds this plan: nothing was written.\n";
        finish(ExitCode::Ok);
    }

    CliContext &m_ctx;
    Tenant &m_t;
    RunState &m_run;
    TopicApplier &m_applier;
    const Flags m_flags;
    TopicApplier::Plan m_plan;
    qsizetype m_entry = 0; // the run's apply entry this apply writes
};
} // namespace

int applyCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    p.addOption({u"iteration"_s, u"The iteration to apply (default: the run's best)"_s, u"N"_s});
    p.addOption({u"yes"_s, u"Write the plan (without it, only print it)"_s});
    p.addOption({u"impact"_s, u"First measure what the plan does to the profile's other topics, on the prompts of "
                              "its latest audit, in a scratch copy of production"_s});
    p.addOption({u"change-action"_s, u"Agree to change the profile's action for prompts that match none of its "
                                     "topics, where the plan does"_s});
    Tenant t;
    std::unique_ptr<QLockFile> lock;
    std::optional<RunState> run;
    if (const int stop = openRun(u"apply"_s, Help, arguments, ctx, p, t, lock, run); stop >= 0)
        return stop;
    Flags flags;
    flags.iteration = run->bestResult() ? run->bestResult()->iteration : 0;
    if (p.isSet(u"iteration"_s)) {
        bool ok = false;
        flags.iteration = p.value(u"iteration"_s).toInt(&ok);
        if (!ok || !run->iterationByNumber(flags.iteration)) {
            ctx.err << "daystrom apply: run " << run->id << " has no iteration \"" << p.value(u"iteration"_s) << "\"\n";
            return ExitCode::Usage;
        }
    }
    flags.yes = p.isSet(u"yes"_s);
    flags.impact = p.isSet(u"impact"_s);
    flags.changeAction = p.isSet(u"change-action"_s);

    TopicApplier applier(t.management.get());
    applier.setPropagationDelayMs(t.propagationDelayMs);
    // With --yes the plan is made and written under the profile's lock: a second apply waits,
    // then plans against production as this one left it. A plan only printed needs no lock.
    std::unique_ptr<ProfileWriteLock> profileLock;
    if (flags.yes) {
        profileLock = lockProfile(t, run->userInput.profileName, u"apply"_s, run->id, ctx);
        if (!profileLock)
            return ExitCode::Failed;
    }
    ApplySteps steps(ctx, t, *run, applier, flags);
    return drive(&applier, [&steps] { steps.start(); });
}
