#include "tenantcommands.h"
#include "tenantconnection.h"

#include "runs/runstore.h"
#include "tenant/topicapplier.h"

#include <QCommandLineParser>

using namespace Qt::StringLiterals;
using namespace TenantCli;

namespace {
const QString Help =
    u"Usage: daystrom revert <run-id> [--force] [--sandbox]\n\n"
    "Undoes the run's last apply, three-way: the pins it added or changed are taken back where\n"
    "they still stand as it left them, the action for unmatched prompts goes back if it is still\n"
    "the apply's, topics it updated get their earlier text and topics it created are deleted if\n"
    "they are still at the revision it wrote. What colleagues changed since stays. Where they\n"
    "changed what the apply wrote, nothing is reverted and the difference is printed (exit 5);\n"
    "--force then takes back the apply's side regardless. --sandbox: a sandbox run, on the\n"
    "sandbox's tenant.\n"_s;

// The revert after its flags and locks, on the event loop: settle an interrupted apply, take
// back the last apply, record what is left of it and say how it ended (finish()).
class RevertSteps final
{
public:
    RevertSteps(CliContext &ctx, const QString &runsDir, RunState &run, TopicApplier &applier, bool force)
        : m_ctx(ctx), m_runsDir(runsDir), m_run(run), m_applier(applier), m_force(force)
    {}

    void start()
    {
        settleInterrupted(m_run, m_runsDir, m_applier, u"revert"_s, m_ctx, [this](bool ok) {
            if (!ok)
                return finish(ExitCode::Failed);
            const ApplyRecord *last = TopicApplier::lastApplied(m_run);
            if (!last) {
                m_ctx.err << "daystrom revert: run " << m_run.id << " has no apply to revert\n";
                return finish(ExitCode::Usage);
            }
            m_index = last - m_run.applies.constData();
            m_applier.revert(*last, [this](const TopicApplier::Outcome &o) { reverted(o); }, m_force);
        });
    }

private:
    void reverted(const TopicApplier::Outcome &outcome)
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
        ApplyRecord &record = m_run.applies[m_index];
        if (outcome.error.isEmpty()) {
            record.revertedAt = QDateTime::currentDateTimeUtc();
        } else if (outcome.record) { // keep what is still to undo
            record.policyBefore = outcome.record->policyBefore;
            record.createdTopics = outcome.record->createdTopics;
            record.updatedTopics = outcome.record->updatedTopics;
        }
        if (const QString error = RunStore(m_runsDir).save(m_run); !error.isEmpty())
            m_ctx.err << "daystrom revert: the run file was not updated: " << error << '\n';
        if (!outcome.error.isEmpty()) {
            m_ctx.err << "daystrom revert: " << outcome.error << " (run it again to finish)\n";
            return finish(ExitCode::Failed);
        }
        m_ctx.out << "Reverted the apply of iteration " << record.iteration << " to profile \"" << record.profileName
                  << "\".\n";
        finish(ExitCode::Ok);
    }

    CliContext &m_ctx;
    const QString m_runsDir;
    RunState &m_run;
    TopicApplier &m_applier;
    const bool m_force;
    qsizetype m_index = 0; // the apply being reverted, in m_run.applies
};
} // namespace

int revertCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    p.addOption({u"force"_s, u"Take back the apply's side also where production changed since"_s});
    Tenant t;
    std::unique_ptr<QLockFile> lock;
    std::optional<RunState> run;
    if (const int stop = openRun(u"revert"_s, Help, arguments, ctx, p, t, lock, run); stop >= 0)
        return stop;
    const ApplyRecord *pendingOn = run->applies.isEmpty() ? nullptr : &run->applies.last();
    const auto profileLock =
        lockProfile(t, pendingOn ? pendingOn->profileName : run->userInput.profileName, u"revert"_s, run->id, ctx);
    if (!profileLock)
        return ExitCode::Failed;
    TopicApplier applier(t.management.get());
    RevertSteps steps(ctx, t.runsDir, *run, applier, p.isSet(u"force"_s));
    return drive(&applier, [&steps] { steps.start(); });
}
