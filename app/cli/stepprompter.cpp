#include "stepprompter.h"

#include "domain/printable.h"
#include "domain/testcomposition.h"
#include "domain/topiclimits.h"
#include "domain/utf8.h"
#include "domain/worddiff.h"
#include "models/session/runcontroller.h"

#include <QSocketNotifier>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {
// git's --word-diff=plain: [-removed-]{+added+}.
QString markedDiff(const QString &before, const QString &after)
{
    QString out;
    for (const DiffSpan &span : WordDiff::diff(before, after)) {
        switch (span.kind) {
        case DiffSpan::Kind::Same:
            out += span.text;
            break;
        case DiffSpan::Kind::Added:
            out += u"{+"_s + span.text + u"+}"_s;
            break;
        case DiffSpan::Kind::Removed:
            out += u"[-"_s + span.text + u"-]"_s;
            break;
        }
    }
    return out;
}

QString bytes(qsizetype used, qsizetype limit)
{
    return u"%1/%2 bytes"_s.arg(used).arg(limit);
}
} // namespace

StepPrompter::StepPrompter(CliContext &ctx, RunController *controller, const QStringList &kept,
                           const QList<TestCase> &responseTests, QObject *parent)
    : QObject(parent)
    , m_ctx(ctx)
    , m_controller(controller)
    , m_notifier(new QSocketNotifier(STDIN_FILENO, QSocketNotifier::Read, this))
    , m_kept(kept)
    , m_responseTests(responseTests)
{
    connect(controller, &RunController::iterationComplete, this, [this](const IterationResult &it) {
        if (!it.responses)
            return;
        m_responseTests.clear();
        for (const TestResult &r : it.responses->results)
            m_responseTests.append(r.testCase);
    });
    connect(m_notifier, &QSocketNotifier::activated, this, &StepPrompter::onReadable);
    connect(controller, &RunController::proposalReady, this, &StepPrompter::onProposal);
    connect(controller, &RunController::decisionMade, this, [this] { m_pending.reset(); });
    connect(controller, &RunController::keptExamplesChanged, this,
            [this](const QStringList &kept) { m_kept = kept; });
    connect(controller, &RunController::finished, this, [this] {
        m_pending.reset();
        m_answer = {};
    });
}

bool StepPrompter::stdinIsTerminal()
{
    return isatty(STDIN_FILENO) != 0;
}

static constexpr qsizetype MaxLineBytes = 64 * 1024;

void StepPrompter::onReadable()
{
    char chunk[4096];
    const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
    if (n <= 0) {
        m_eof = true;
        m_notifier->setEnabled(false);
    } else {
        m_buffer.append(chunk, n);
        qsizetype end;
        while ((end = m_buffer.indexOf('\n')) >= 0) {
            m_lines.append(QString::fromUtf8(m_buffer.left(end)).remove(u'\r').trimmed());
            m_buffer.remove(0, end + 1);
        }
        // Input is bounded: an answer is one line, never megabytes without a line break.
        if (m_buffer.size() > MaxLineBytes) {
            m_buffer.clear();
            m_ctx.err << "\ndaystrom: an input line longer than 64 KiB was ignored; answer again\n";
            m_ctx.err.flush();
        }
    }
    feed();
}

void StepPrompter::feed()
{
    while (m_answer && !m_lines.isEmpty()) {
        const QString line = m_lines.takeFirst();
        std::exchange(m_answer, {})(line);
    }
    if (m_answer && m_eof && m_pending) {
        m_answer = {};
        m_ctx.err << "\nInput ended with a proposal waiting: pausing the run (daystrom resume "
                     "--step comes back to it)\n";
        m_ctx.err.flush();
        m_controller->pause();
    }
}

void StepPrompter::ask(const QString &question, std::function<void(const QString &)> answer)
{
    m_ctx.err << question;
    m_ctx.err.flush();
    m_answer = std::move(answer);
    feed();
}

void StepPrompter::onProposal(const PendingProposal &proposal)
{
    m_pending = proposal;
    showProposal();
    showMenu();
}

void StepPrompter::showProposal()
{
    const PendingProposal &p = *m_pending;
    const Topic &t = p.proposal;
    QTextStream &err = m_ctx.err;
    err << "\nIteration " << p.iteration << ": the LLM proposes (" << proposalKindName(p.kind)
        << ")" << (p.current ? ", shown against the current topic as [-removed-]{+added+}" : "")
        << ":\n";
    err << "  Name (locked): " << t.name << '\n';
    err << "  Description: "
        << (p.current ? markedDiff(p.current->description, t.description) : t.description) << "  ("
        << bytes(Utf8::size(t.description), TopicLimits::DescriptionBytes) << ")\n";
    for (qsizetype i = 0; i < t.examples.size(); ++i) {
        const bool isNew = p.current && !p.current->examples.contains(t.examples.at(i));
        err << "  " << (i + 1) << ". " << t.examples.at(i) << (isNew ? "  {+new+}" : "")
            << (m_kept.contains(t.examples.at(i)) ? "  (kept)" : "") << '\n';
    }
    if (p.current) {
        for (const QString &gone : p.current->examples) {
            if (!t.examples.contains(gone))
                err << "     [-" << gone << "-]\n";
        }
    }
    err << "  In all: " << bytes(TopicLimits::combinedBytes(t), TopicLimits::CombinedBytes) << '\n';
    for (const QString &note : p.notes)
        err << "  Note: " << note << '\n';
    err.flush();
}

void StepPrompter::showMenu()
{
    if (!m_pending)
        return;
    ask(u"[a]ccept  [e]dit  [r]etry with a hint  [k]eep examples  [l]abel is wrong  [u]ndo a label "
        u"correction\n"
        "[+] add a prompt  [s]witch to auto  [p]ause > "_s,
        [this](const QString &line) { choose(line); });
}

// A prompt that is also a response test's prompt: the person says whose label is wrong, the
// prompt's or one prompt and answer pair's (issue 56).
void StepPrompter::correct(const QString &prompt, bool undo)
{
    if (prompt.isEmpty()) {
        showMenu();
        return;
    }
    QList<TestCase> pairs;
    for (const TestCase &t : std::as_const(m_responseTests)) {
        if (!t.response.isEmpty() && dedupKey(t.prompt) == dedupKey(prompt))
            pairs.append(t);
    }
    if (pairs.isEmpty()) {
        m_controller->steer(SteeringRequest::correctLabel(prompt, undo));
        showMenu();
        return;
    }
    m_ctx.err << "  \"" << Printable::escaped(prompt) << "\" is also the prompt of response tests:\n"
              << "   0  the prompt itself\n";
    for (qsizetype i = 0; i < pairs.size(); ++i) {
        m_ctx.err << "  " << QString::number(i + 1).rightJustified(2) << "  answered \""
                  << Printable::escaped(pairs.at(i).response, 120) << "\" ("
                  << (pairs.at(i).expectedTriggered ? "should trigger" : "should not trigger") << ")\n";
    }
    m_ctx.err.flush();
    ask(u"Whose label (0-%1): "_s.arg(pairs.size()), [this, undo, prompt, pairs](const QString &line) {
        bool ok = false;
        const int k = line.trimmed().toInt(&ok);
        if (!ok || k < 0 || k > pairs.size()) {
            m_ctx.err << "  \"" << line << "\" is not one of the choices\n";
        } else {
            m_controller->steer(SteeringRequest::correctLabel(prompt, undo, std::nullopt, k == 0 ? QString() : pairs.at(k - 1).response));
        }
        showMenu();
    });
}

void StepPrompter::choose(const QString &choice)
{
    if (!m_pending)
        return;
    const QString c = choice.toLower();
    if (c == "a"_L1) {
        m_controller->steer(SteeringRequest::decide({}));
    } else if (c == "e"_L1) {
        editDescription();
    } else if (c == "r"_L1) {
        ask(u"Hint for the next proposal (Enter for none): "_s, [this](const QString &hint) {
            ProposalDecision d;
            d.action = ProposalDecision::Action::Retry;
            d.hint = hint;
            m_controller->steer(SteeringRequest::decide(d));
        });
    } else if (c == "k"_L1) {
        ask(u"Numbers of the examples every later proposal must keep (e.g. 1 3): "_s,
            [this](const QString &line) {
                QStringList kept;
                for (const QString &n : line.split(u' ', Qt::SkipEmptyParts)) {
                    bool ok = false;
                    const int i = n.toInt(&ok);
                    if (ok && i >= 1 && i <= m_pending->proposal.examples.size())
                        kept.append(m_pending->proposal.examples.at(i - 1));
                    else
                        m_ctx.err << "  no example " << n << '\n';
                }
                m_controller->steer(SteeringRequest::keepExamples(kept));
                showMenu();
            });
    } else if (c == "l"_L1 || c == "u"_L1) {
        const bool undo = c == "u"_L1;
        ask(undo ? u"Prompt whose label correction to undo: "_s
                 : u"Prompt whose expected label is wrong: "_s,
            [this, undo](const QString &prompt) { correct(prompt, undo); });
    } else if (c == "+"_L1) {
        addPrompt();
    } else if (c == "s"_L1) {
        m_controller->steer(SteeringRequest::stepMode(false));
    } else if (c == "p"_L1) {
        m_controller->pause();
    } else {
        m_ctx.err << "  \"" << choice << "\" is not one of the choices\n";
        showMenu();
    }
}

void StepPrompter::editDescription()
{
    ask(u"Description (Enter keeps it): "_s, [this](const QString &line) {
        Topic t = m_pending->proposal;
        if (!line.isEmpty())
            t.description = line;
        editExample(t, 0);
    });
}

void StepPrompter::editExample(Topic topic, int index)
{
    if (index < topic.examples.size()) {
        ask(u"Example %1: %2\n  Enter keeps it, - removes it, or type its new text: "_s
                .arg(index + 1)
                .arg(topic.examples.at(index)),
            [this, topic, index](const QString &line) mutable {
                if (line == "-"_L1) {
                    topic.examples.removeAt(index);
                    editExample(topic, index);
                    return;
                }
                if (!line.isEmpty())
                    topic.examples[index] = line;
                editExample(topic, index + 1);
            });
        return;
    }
    ask(u"Another example (Enter when done): "_s, [this, topic](const QString &line) mutable {
        if (line.isEmpty())
            return finishEdit(topic);
        topic.examples.append(line);
        editExample(topic, int(topic.examples.size()));
    });
}

void StepPrompter::finishEdit(const Topic &topic)
{
    m_ctx.err << "  Description "
              << bytes(Utf8::size(topic.description), TopicLimits::DescriptionBytes) << ", in all "
              << bytes(TopicLimits::combinedBytes(topic), TopicLimits::CombinedBytes) << '\n';
    if (const QList<TopicLimits::Violation> v = TopicLimits::validate(topic); !v.isEmpty()) {
        m_ctx.err << "  Not deployable: " << TopicLimits::describe(v) << "\n";
        showMenu();
        return;
    }
    ProposalDecision d;
    if (topic != m_pending->proposal)
        d.edited = topic;
    m_controller->steer(SteeringRequest::decide(d));
}

void StepPrompter::addPrompt()
{
    ask(u"Prompt to add: "_s, [this](const QString &prompt) {
        if (prompt.isEmpty())
            return showMenu();
        ask(u"Should the guardrail trigger on it? [y/n]: "_s, [this, prompt](const QString &yes) {
            const bool expected = yes.toLower().startsWith(u'y');
            ask(u"Add it to the [w]orking suite or the [b]enchmark? "_s,
                [this, prompt, expected](const QString &where) {
                    const PromptTarget target = where.toLower().startsWith(u'b')
                                                    ? PromptTarget::Benchmark
                                                    : PromptTarget::WorkingSuite;
                    m_controller->steer(SteeringRequest::addPrompts(
                        {TestCase{prompt, expected, u"added"_s, TestSource::Added, {}}}, target));
                    showMenu();
                });
        });
    });
}
