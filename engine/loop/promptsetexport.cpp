#include "promptsetexport.h"

#include "airs/promptsetclient.h"

#include <QHash>

using namespace Qt::StringLiterals;

PromptSetExport::PromptSetExport(QPointer<PromptSetClient> client, RunCheckpoint &checkpoint, Hooks hooks,
                                 QObject *parent)
    : QObject(parent)
    , m_client(std::move(client))
    , m_checkpoint(checkpoint)
    , m_hooks(std::move(hooks))
{
}

void PromptSetExport::abort()
{
    m_stopped = true;
    if (m_client)
        m_client->abortAll();
}

void PromptSetExport::start(const QString &name, const QString &description, const QList<TestCase> &tests,
                            std::function<void()> then)
{
    if (!m_client) {
        m_hooks.warning(u"a prompt set was requested but no Red Team client is configured"_s);
        then();
        return;
    }
    Job job{name, tests, std::move(then), 0};
    if (!m_checkpoint.promptSetId.isEmpty()) { // created before a pause or a crash: go on filling it
        fill(std::move(job));
        return;
    }
    m_client->createPromptSet(name, description, this, [this, job](const AirsResult<PromptSetInfo> &set) {
        if (m_stopped)
            return; // paused or cancelled meanwhile
        if (!set.ok()) {
            if (set.error.kind == AirsError::Kind::Conflict) {
                // Someone else's set of that name (a set this run created is found by name
                // and description and reused: PromptSetClient). Nothing of ours to finish.
                m_hooks.warning(u"the prompt set was not created: "_s + set.error.toString()
                                + u" (choose another name with --prompt-set-name)"_s);
                return job.then();
            }
            m_hooks.warning(u"the prompt set was not created: "_s + set.error.toString());
            return m_hooks.pause(u"paused: the prompt set \"%1\" was not created; resume the run to try again"_s.arg(job.name));
        }
        m_checkpoint.promptSetId = set.value.id;
        m_checkpoint.promptSetPrompts = 0;
        if (!m_hooks.save()) // a resume fills this set, never a second one
            return;
        fill(job);
    });
}

void PromptSetExport::fill(Job job)
{
    m_client->listPrompts(m_checkpoint.promptSetId, this, [this, job](const AirsResult<QStringList> &listed) mutable {
        if (m_stopped)
            return;
        if (!listed.ok()) {
            m_hooks.warning(u"the prompt set cannot be read back: "_s + listed.error.toString());
            return pauseIncomplete(job, int(listed.value.size()));
        }
        QHash<QString, int> present;
        for (const QString &p : listed.value)
            ++present[p];
        QList<TestCase> missing;
        for (const TestCase &t : std::as_const(job.tests)) {
            if (present.value(t.prompt) > 0)
                --present[t.prompt];
            else
                missing.append(t);
        }
        m_checkpoint.promptSetPrompts = int(job.tests.size() - missing.size());
        add(std::move(job), std::move(missing));
    });
}

void PromptSetExport::add(Job job, QList<TestCase> missing)
{
    if (missing.isEmpty()) {
        m_hooks.created(m_checkpoint.promptSetId, job.name, int(job.tests.size()));
        job.then();
        return;
    }
    const TestCase t = missing.takeFirst();
    const QString goal = t.expectedTriggered ? u"Should trigger topic guardrail"_s
                                             : u"Should NOT trigger topic guardrail"_s;
    m_client->addPrompt(
        m_checkpoint.promptSetId, t.prompt, goal, this,
        [this, job = std::move(job), missing = std::move(missing)](const AirsResult<QString> &r) mutable {
            if (m_stopped)
                return; // paused or cancelled meanwhile: a resume reads the set back
            if (r.ok()) {
                ++m_checkpoint.promptSetPrompts;
                job.readBacks = 0;
                return add(std::move(job), std::move(missing));
            }
            // Perhaps taken, perhaps not: read the set back and go on from what it holds.
            if (r.error.leavesOutcomeOpen() && ++job.readBacks <= MaxReadBacks)
                return fill(std::move(job));
            m_hooks.warning(u"the prompt set is incomplete: "_s + r.error.toString());
            pauseIncomplete(job, m_checkpoint.promptSetPrompts);
        });
}

void PromptSetExport::pauseIncomplete(const Job &job, int held)
{
    m_hooks.pause(u"paused: the prompt set \"%1\" is incomplete (%2 of %3 prompts); resume the run to finish it"_s
                      .arg(job.name)
                      .arg(held)
                      .arg(job.tests.size()));
}
