#include "tenantcommands.h"
#include "tenantconnection.h"

#include "models/session/applycontroller.h"
#include "reports/applyplantext.h"

#include <QCommandLineParser>
#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace TenantCli;

namespace {
struct Flags
{
    int iteration = 0;
    bool yes = false;
    bool impact = false;
    bool changeAction = false;
    QString planHash; // --plan-hash: write only the plan with this hash
};

// The apply after its flags and locks, driven through ApplyController (the app's Apply, issue
// 59) one step after the other on the event loop: settle an interrupted apply, plan, print the
// plan (and with --impact measure it), write it under the journal, and say how it ended, in
// the engine's words the controller's signals carry. Every step ends the command with finish()
// or starts the next.
class ApplySteps final
{
public:
    ApplySteps(CliContext &ctx, Tenant &t, const RunState &run, ApplyController &controller, const Flags &flags)
        : m_ctx(ctx), m_t(t), m_run(run), m_controller(controller), m_flags(flags)
    {
        ApplyController *c = &m_controller;
        QObject::connect(c, &ApplyController::interruptedApplySettled, c,
                         [this](const AirsResult<ApplyRecord> &settled, const QString &recordError) {
                             if (!printSettled(settled, recordError, u"apply"_s, m_ctx))
                                 finish(ExitCode::Failed);
                         });
        QObject::connect(c, &ApplyController::planFailed, c, [this](const AirsError &error) { planFailed(error); });
        QObject::connect(c, &ApplyController::prepared, c, [this] { planned(); });
        QObject::connect(c, &ApplyController::applyStep, c, [this](const QString &line) {
            m_ctx.out << "  " << line << '\n';
            m_ctx.out.flush();
        });
        QObject::connect(c, &ApplyController::applyFinished, c,
                         [this](const TopicApplier::Outcome &o, const QString &recordError) { written(o, recordError); });
    }

    void start() { m_controller.prepare(m_run, m_flags.iteration); }

private:
    void planFailed(const AirsError &error)
    {
        if (m_replanning) // after a stale plan: the error said so already
            return finish(ExitCode::NotConfirmed);
        m_ctx.err << "daystrom apply: " << error.toString() << '\n';
        finish(error.kind == AirsError::Kind::Validation ? ExitCode::NotConfirmed : ExitCode::Failed);
    }

    void planned()
    {
        const TopicApplier::Plan &plan = m_controller.plan();
        if (m_replanning) {
            m_ctx.out << "The plan against production as it is now:\n";
            printPlan(plan);
            m_ctx.out << "Nothing more was written. Apply it with --yes again.\n";
            return finish(ExitCode::NotConfirmed);
        }
        m_ctx.out << "Plan for iteration " << m_flags.iteration << " of run " << m_run.id << " on profile \""
                  << plan.profileName << "\":\n";
        printPlan(plan);
        if (plan.changesNothing()) {
            m_ctx.out << "Production already holds this plan: nothing to write.\n";
            return finish(ExitCode::Ok);
        }
        if (!m_flags.impact)
            return write();
        printApplyImpact(plan, m_t.management.get(), m_t.airs, m_t.impact, m_ctx, [this](int code) {
            if (code >= 0)
                return finish(code);
            write();
        });
    }

    void printPlan(const TopicApplier::Plan &plan)
    {
        const QStringList lines = ApplyPlanText::lines(plan);
        for (const QString &line : lines)
            m_ctx.out << "  " << line << '\n';
        m_ctx.out << "Plan hash: " << ApplyPlanText::hash(lines) << '\n';
    }

    void write()
    {
        const TopicApplier::Plan &plan = m_controller.plan();
        if (!m_flags.planHash.isEmpty() && ApplyPlanText::hash(ApplyPlanText::lines(plan)) != m_flags.planHash) {
            m_ctx.err << "daystrom apply: not applied: this plan's hash is not " << m_flags.planHash
                      << " (production or the run changed since that plan was shown); look at this plan, then apply "
                         "it with its own hash\n";
            return finish(ExitCode::NotConfirmed);
        }
        if (!m_flags.yes) {
            m_ctx.out << "Nothing was written. Apply it with --yes" << (plan.changesAction() ? " --change-action" : "")
                      << ".\n";
            return finish(ExitCode::NotConfirmed);
        }
        if (plan.changesAction() && !m_flags.changeAction) {
            m_ctx.err << "daystrom apply: not applied: it would " << plan.actionChangeText()
                      << "; add --change-action to agree to that\n";
            return finish(ExitCode::NotConfirmed);
        }
        m_controller.setActionChangeConsented(m_flags.changeAction);
        m_ctx.out.flush();
        // The journal (issue 57): the controller records the apply in the run file before the
        // first write and after every step, so a kill at any moment leaves what `revert` needs.
        m_controller.apply();
    }

    void written(const TopicApplier::Outcome &outcome, const QString &recordError)
    {
        const QString id = m_run.id;
        for (const QString &line : outcome.done)
            m_ctx.out << "  done: " << line << '\n';
        if (!recordError.isEmpty()) { // the final state of the entry (also after an error part way)
            m_ctx.err << "daystrom apply: the change was made but not recorded in the run file (" << recordError
                      << "); `daystrom revert` cannot undo it\n";
            return finish(ExitCode::Failed);
        }
        if (outcome.planStale) {
            // Never written over: the plan again, against production as it is now.
            m_ctx.err << "daystrom apply: " << outcome.error << '\n';
            m_replanning = true;
            m_controller.prepare(m_controller.run(), m_flags.iteration);
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
    const RunState &m_run;
    ApplyController &m_controller;
    const Flags m_flags;
    bool m_replanning = false; // planning again after production moved under the plan
};
} // namespace

int applyCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    Tenant t;
    std::unique_ptr<QLockFile> lock;
    std::optional<RunState> run;
    if (const int stop = openRun(u"apply"_s, arguments, ctx, p, t, lock, run); stop >= 0)
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
    flags.planHash = p.value(u"plan-hash"_s).trimmed().toLower();
    if (p.isSet(u"plan-hash"_s) && !QRegularExpression(u"^[0-9a-f]{64}$"_s).match(flags.planHash).hasMatch()) {
        ctx.err << "daystrom apply: --plan-hash must be the 64 hexadecimal digits printed under a plan\n";
        return ExitCode::Usage;
    }

    // The controller holds the run's lock this command took, until the command ends.
    ApplyController controller(t.management.get(), t.runsDir);
    controller.adoptRunLock(std::move(lock));
    controller.setPropagationDelayMs(t.propagationDelayMs);
    // With --yes the plan is made and written under the profile's lock: a second apply waits,
    // then plans against production as this one left it. A plan only printed needs no lock.
    std::unique_ptr<ProfileWriteLock> profileLock;
    if (flags.yes) {
        profileLock = lockProfile(t, run->userInput.profileName, u"apply"_s, run->id, ctx);
        if (!profileLock)
            return ExitCode::Failed;
    }
    ApplySteps steps(ctx, t, *run, controller, flags);
    return drive(&controller, [&steps] { steps.start(); });
}
