#include "tenantcommands.h"
#include "tenantconnection.h"

#include "models/session/applycontroller.h"
#include "reports/applyplantext.h"

#include <QCommandLineParser>
#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace TenantCli;

namespace {
// The revert after its flags and locks, driven through ApplyController (the app's Revert,
// issue 59) on the event loop: settle an interrupted apply, take back the last apply, record
// what is left of it and say how it ended (finish()), in the engine's words the controller's
// signals carry.
class RevertSteps final
{
public:
    RevertSteps(CliContext &ctx, const RunState &run, ApplyController &controller, bool force, bool planOnly,
                const QString &planHash)
        : m_ctx(ctx), m_run(run), m_controller(controller), m_force(force), m_planOnly(planOnly), m_planHash(planHash)
    {
        ApplyController *c = &m_controller;
        QObject::connect(c, &ApplyController::interruptedApplySettled, c,
                         [this](const AirsResult<ApplyRecord> &settled, const QString &recordError) {
                             if (!printSettled(settled, recordError, u"revert"_s, m_ctx))
                                 return finish(ExitCode::Failed);
                             revertLast();
                         });
        QObject::connect(c, &ApplyController::revertFinished, c,
                         [this](const ApplyRecord &target, const TopicApplier::Outcome &o, const QString &recordError) {
                             reverted(target, o, recordError);
                         });
    }

    void start()
    {
        m_controller.setRun(m_run);
        if (!m_run.applies.isEmpty() && m_run.applies.last().pending)
            return m_controller.settleInterrupted(); // then revertLast()
        revertLast();
    }

private:
    void revertLast()
    {
        const ApplyRecord *last = TopicApplier::lastApplied(m_controller.run());
        if (!last) {
            m_ctx.err << "daystrom revert: run " << m_run.id << " has no apply to revert\n";
            return finish(ExitCode::Usage);
        }
        const QStringList plan = ApplyPlanText::revertLines(*last);
        if (m_planOnly) {
            m_ctx.out << "Plan for reverting run " << m_run.id << ":\n";
            for (const QString &line : plan)
                m_ctx.out << "  " << line << '\n';
            m_ctx.out << "Plan hash: " << ApplyPlanText::hash(plan) << "\nNothing was written.\n";
            return finish(ExitCode::NotConfirmed);
        }
        if (!m_planHash.isEmpty() && ApplyPlanText::hash(plan) != m_planHash) {
            m_ctx.err << "daystrom revert: not reverted: the apply to undo is not the one whose plan hash is "
                      << m_planHash << " (the run was applied again since); look at `daystrom revert " << m_run.id
                      << " --plan` first\n";
            return finish(ExitCode::NotConfirmed);
        }
        m_controller.revert(m_force);
    }

    void reverted(const ApplyRecord &record, const TopicApplier::Outcome &outcome, const QString &recordError)
    {
        if (!outcome.conflicts.isEmpty()) {
            m_ctx.out << "Production changed since the apply:\n";
            for (const QString &line : outcome.conflicts)
                m_ctx.out << "  " << line << '\n';
            if (!m_force) {
                m_ctx.err << "daystrom revert: nothing was reverted; `daystrom revert " << m_run.id
                          << " --force` takes back the apply's side anyway\n";
                return finish(ExitCode::NotConfirmed);
            }
        }
        for (const QString &line : outcome.done)
            m_ctx.out << "  done: " << line << '\n';
        if (!recordError.isEmpty())
            m_ctx.err << "daystrom revert: the run file was not updated: " << recordError << '\n';
        if (!outcome.error.isEmpty()) {
            m_ctx.err << "daystrom revert: " << outcome.error << " (run it again to finish)\n";
            return finish(ExitCode::Failed);
        }
        m_ctx.out << "Reverted the apply of iteration " << record.iteration << " to profile \"" << record.profileName
                  << "\".\n";
        finish(ExitCode::Ok);
    }

    CliContext &m_ctx;
    const RunState &m_run;
    ApplyController &m_controller;
    const bool m_force;
    const bool m_planOnly;
    const QString m_planHash;
};
} // namespace

int revertCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    Tenant t;
    std::unique_ptr<QLockFile> lock;
    std::optional<RunState> run;
    if (const int stop = openRun(u"revert"_s, arguments, ctx, p, t, lock, run); stop >= 0)
        return stop;
    // The controller holds the run's lock this command took, until the command ends.
    ApplyController controller(t.management.get(), t.runsDir);
    controller.adoptRunLock(std::move(lock));
    const ApplyRecord *pendingOn = run->applies.isEmpty() ? nullptr : &run->applies.last();
    const auto profileLock =
        lockProfile(t, pendingOn ? pendingOn->profileName : run->userInput.profileName, u"revert"_s, run->id, ctx);
    if (!profileLock)
        return ExitCode::Failed;
    const QString planHash = p.value(u"plan-hash"_s).trimmed().toLower();
    if (p.isSet(u"plan-hash"_s) && !QRegularExpression(u"^[0-9a-f]{64}$"_s).match(planHash).hasMatch()) {
        ctx.err << "daystrom revert: --plan-hash must be the 64 hexadecimal digits printed under a plan\n";
        return ExitCode::Usage;
    }
    RevertSteps steps(ctx, *run, controller, p.isSet(u"force"_s), p.isSet(u"plan"_s), planHash);
    return drive(&controller, [&steps] { steps.start(); });
}
