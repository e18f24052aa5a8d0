#include "tenantcommands.h"
#include "commandspec.h"
#include "tenantconnection.h"

#include "domain/printable.h"
#include "models/session/tenantcleanup.h"
#include "runs/runstore.h"
#include "tenant/leftovers.h"
#include "tenant/tenantcleaner.h"
#include "tenant/topicapplier.h"

#include <QCommandLineParser>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace TenantCli;

namespace {
// The clean-up after its flags, on the event loop: with --yes first the interrupted applies
// (read back and recorded, nothing on AIRS changed), then the leftovers, listed and with --yes
// removed one record after the other by TenantCleanup (the app's Clean up AIRS); finish() with
// the exit code.
class CleanupSteps final
{
public:
    CleanupSteps(CliContext &ctx, Tenant &t, const QStringList &only, bool yes)
        : m_ctx(ctx)
        , m_t(t)
        , m_only(only)
        , m_yes(yes)
        , m_cleanup(t.management.get(), t.runsDir, t.impact.home)
        , m_applier(t.management.get())
    {}

    void start()
    {
        if (!m_yes)
            return list();
        // Interrupted applies (issue 57): what each wrote is read back from production and
        // recorded, so `daystrom revert` can take it back; nothing on AIRS is changed here.
        m_ids = m_only;
        if (m_ids.isEmpty()) {
            for (const RunSummary &s : RunStore(m_t.runsDir).list().runs)
                m_ids.append(s.id);
        }
        settleNext(0);
    }

private:
    void settleNext(qsizetype next)
    {
        const RunStore store(m_t.runsDir);
        for (; next < m_ids.size(); ++next) {
            const QString id = m_ids.at(next);
            RunStore::Loaded loaded = store.load(id);
            if (!loaded.ok() || loaded.run.applies.isEmpty() || !loaded.run.applies.last().pending)
                continue;
            qint64 pid = 0;
            m_runLock = Leftovers::lock(m_t.runsDir, id, &pid);
            if (!m_runLock)
                continue; // being driven: its own process settles it
            loaded = store.load(id); // again, under the lock
            if (!loaded.ok()) {
                m_runLock.reset();
                continue;
            }
            m_settling = loaded.run;
            m_ctx.out << "Run " << id << ": ";
            settleInterrupted(m_settling, m_t.runsDir, m_applier, u"cleanup"_s, m_ctx, [this, next](bool) {
                m_runLock.reset();
                settleNext(next + 1);
            });
            return;
        }
        list();
    }

    void list()
    {
        m_cleanup.setOnly(m_only);
        m_cleanup.scan();
        const Leftovers::Found &found = m_cleanup.found();
        for (const QString &note : found.notes)
            m_ctx.out << "Passed over: " << note << '\n';
        if (m_only.isEmpty() && std::any_of(found.notes.cbegin(), found.notes.cend(),
                                            [](const QString &n) { return n.contains(u"is paused"_s); }))
            m_ctx.out << "(A paused run is cleaned up when named: daystrom cleanup --run <id> --yes.)\n";
        if (!m_only.isEmpty() && found.runs.isEmpty() && !RunStore(m_t.runsDir).exists(m_only.first())) {
            m_ctx.err << "daystrom cleanup: no run with id " << Printable::escaped(m_only.first()) << '\n';
            return finish(ExitCode::Usage);
        }
        m_found = found.runs.size();
        if (!m_yes) {
            for (const Leftovers::Run &run : found.runs)
                describe(run);
            return finished();
        }
        // The app's clean-up, record by record; what the engine did is printed as it words it.
        QObject::connect(&m_cleanup, &TenantCleanup::runStarted, &m_cleanup, [this](const Leftovers::Run &run) { describe(run); });
        QObject::connect(&m_cleanup, &TenantCleanup::runBusy, &m_cleanup, [this](const Leftovers::Run &run, qint64 pid) {
            m_ctx.err << "daystrom cleanup: " << Leftovers::heading(run) << " is being worked on by another process (pid "
                      << pid << "); wait until it stops\n";
        });
        QObject::connect(&m_cleanup, &TenantCleanup::runCleaned, &m_cleanup,
                         [this](const Leftovers::Run &run, const TenantCleaner::Outcome &outcome, const QString &recordError) {
                             for (const QString &line : outcome.done)
                                 m_ctx.out << "  done: " << line << '\n';
                             for (const QString &line : outcome.problems)
                                 m_ctx.err << "daystrom cleanup: " << line << '\n';
                             if (!recordError.isEmpty())
                                 m_ctx.err << "daystrom cleanup: " << run.id << ": its record was not updated: " << recordError
                                           << '\n';
                         });
        QObject::connect(&m_cleanup, &TenantCleanup::finished, &m_cleanup, [this] { finished(); });
        m_cleanup.clean();
    }

    void describe(const Leftovers::Run &run)
    {
        m_ctx.out << Leftovers::heading(run) << ":\n";
        if (!run.note.isEmpty())
            m_ctx.out << "  " << run.note << '\n';
        for (const QString &line : TenantCleaner::describe(run.footprint))
            m_ctx.out << "  " << line << '\n';
        m_ctx.out.flush();
    }

    void finished()
    {
        if (m_found == 0) {
            m_ctx.out << "Nothing to clean up.\n";
            return finish(ExitCode::Ok);
        }
        if (!m_yes) {
            m_ctx.out << "Nothing was changed; `daystrom cleanup --yes` removes these.\n";
            return finish(ExitCode::Ok);
        }
        if (const int left = m_cleanup.remaining(); left > 0) {
            m_ctx.err << "daystrom cleanup: " << left
                      << " run(s), audit(s) or check(s) still have objects on AIRS; see above\n";
            return finish(ExitCode::Failed);
        }
        m_ctx.out << "Cleaned up.\n";
        finish(ExitCode::Ok);
    }

    CliContext &m_ctx;
    Tenant &m_t;
    const QStringList m_only; // --run
    const bool m_yes;
    TenantCleanup m_cleanup;
    TopicApplier m_applier;               // reads back what an interrupted apply wrote
    QStringList m_ids;                    // runs whose interrupted apply may need settling
    RunState m_settling;                  // the one being settled
    std::unique_ptr<QLockFile> m_runLock; // its lock
    qsizetype m_found = 0;                // records found with something on AIRS
};
} // namespace

int cleanupCommand(const QStringList &arguments, CliContext &ctx)
{
    QCommandLineParser p;
    if (!parse(p, u"cleanup"_s, arguments, ctx))
        return ExitCode::Usage;
    if (p.isSet(u"help"_s)) {
        ctx.out << CommandSpec::get(u"cleanup").helpText();
        return ExitCode::Ok;
    }
    if (!p.positionalArguments().isEmpty()) {
        ctx.err << "daystrom cleanup: unexpected argument \"" << p.positionalArguments().first() << "\"\n";
        return ExitCode::Usage;
    }
    Tenant t;
    if (!connect(u"cleanup"_s, ctx, &t, p.isSet(u"sandbox"_s)))
        return ExitCode::Usage;
    CleanupSteps steps(ctx, t, p.isSet(u"run"_s) ? QStringList{p.value(u"run"_s)} : QStringList(), p.isSet(u"yes"_s));
    return drive(&t.nam, [&steps] { steps.start(); });
}
