#include "tenantcleanup.h"
#include "tenantdonetext.h"

#include "airs/managementclient.h"

using namespace Qt::StringLiterals;

TenantCleanup::TenantCleanup(ManagementClient *client, const QString &runsDirectory, const QString &auditsHome,
                             QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_runsDirectory(runsDirectory)
    , m_auditsHome(auditsHome)
    , m_cleaner(new TenantCleaner(client, this))
{
}

void TenantCleanup::scan()
{
    m_found = m_only.isEmpty() ? Leftovers::findAll(m_runsDirectory, m_auditsHome) : Leftovers::find(m_runsDirectory, m_only);
}

QStringList TenantCleanup::plan() const
{
    QStringList lines;
    for (const Leftovers::Run &run : m_found.runs) {
        lines.append(run.kind == Leftovers::Run::Kind::Run
                         ? tr("Run %1 (%2): %3").arg(run.id, Leftovers::statusText(run.status), run.topic)
                         : run.heading);
        if (!run.note.isEmpty())
            lines.append(u"  "_s + run.note);
        for (const QString &line : TenantCleaner::describe(run.footprint))
            lines.append(u"  • "_s + line);
    }
    return lines;
}

void TenantCleanup::clean()
{
    if (m_busy)
        return;
    m_busy = true;
    m_problems.clear();
    m_remaining = 0;
    cleanNext(0);
}

void TenantCleanup::cleanNext(qsizetype index)
{
    if (index >= m_found.runs.size()) {
        m_busy = false;
        scan(); // what is left, as the files now say
        emit finished();
        return;
    }
    const Leftovers::Run run = m_found.runs.at(index);
    emit runStarted(run);
    qint64 pid = 0;
    std::shared_ptr<QLockFile> lock = Leftovers::lock(run, &pid);
    if (!lock) {
        emit runBusy(run, pid);
        m_problems.append(run.kind == Leftovers::Run::Kind::Run
                              ? tr("run %1 is being driven by another process (pid %2)").arg(run.id).arg(pid)
                              : tr("%1 is being worked on by another process (pid %2)").arg(run.heading).arg(pid));
        ++m_remaining;
        return cleanNext(index + 1);
    }
    emit progress(run.kind == Leftovers::Run::Kind::Run ? tr("Cleaning up after run %1…").arg(run.id)
                                                        : tr("Cleaning up after %1…").arg(run.heading));
    m_cleaner->clean(
        run.footprint,
        [this, index, run, lock](const TenantCleaner::Outcome &o) {
            for (const QString &line : o.done)
                emit progress(TenantDoneText::translated(line));
            m_problems += o.problems;
            const QString error = Leftovers::record(run, o.remaining);
            if (!error.isEmpty())
                m_problems.append(tr("%1: its record was not updated: %2").arg(run.id, error));
            m_remaining += !o.remaining.isClear();
            emit runCleaned(run, o, error);
            cleanNext(index + 1);
        },
        [run](const TenantFootprint &f) { Leftovers::record(run, f); });
}
