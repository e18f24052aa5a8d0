#include "gettingstartedpage.h"

#include "helpsections.h"

#include "domain/runsettings.h"
#include "reports/displayformat.h"

#include <QKeySequence>

using namespace Qt::StringLiterals;
using namespace HelpSections;

namespace {
QString key(const QKeySequence &sequence)
{
    return u"<b>"_s + sequence.toString(QKeySequence::NativeText).toHtmlEscaped() + u"</b>"_s;
}
} // namespace

QString GettingStartedPage::title()
{
    return tr("Getting started");
}

QString GettingStartedPage::html()
{
    const RunSettings defaults; // the New run form starts from these
    QString out = heading(1, u"start"_s, title());
    out += paragraph(tr(
        "Daystrom Studio designs a custom topic for a Prisma AIRS security profile: you say in a "
        "sentence what the guardrail should detect, and an LLM writes the topic, tests it on AIRS "
        "with labelled prompts, reads what went wrong and improves it, iteration after iteration, "
        "until the topic reaches your target or the run ends. You watch every scan, compare "
        "iterations and apply the one you like to your profile."));

    out += heading(2, u"sandbox"_s, tr("Trying it without an account: the sandbox"));
    out += paragraph(tr(
        "<i>File ▸ Use the sandbox</i> starts built-in stand-ins for AIRS and the LLM on your own "
        "computer. Everything works as with a real tenant — runs, charts, Compare, apply, audits "
        "— but no account is used and nothing leaves the machine. The window's title says "
        "<i>Sandbox</i> while it is on, and the sandbox keeps its runs and learnings apart from "
        "your real ones."));

    out += heading(2, u"accounts"_s, tr("Your own tenant and LLM"));
    out += paragraph(
        tr("Open <i>File ▸ Settings</i> (%1). On <i>LLM</i> choose the provider and model and "
           "enter "
           "the API key; on <i>AIRS</i> the region (or the endpoints), the scan API key, the "
           "management client (client id, secret and TSG id) and, if you like, a default profile; "
           "on "
           "<i>Memory</i> whether runs learn from each other. Keys and secrets go to the system "
           "keychain, never into a file. Each service has a <i>Test</i> button.")
            .arg(key(QKeySequence(Qt::CTRL | Qt::Key_Comma))));

    out += heading(2, u"first-run"_s, tr("Your first run"));
    out += list({tr("On <i>New run</i> (%1), describe in <i>Topic</i> what the guardrail should "
                    "detect, for "
                    "example “Block requests for help acquiring or building weapons”; or let "
                    "<i>Start from the "
                    "library…</i> fill it in.")
                     .arg(key(QKeySequence(QKeySequence::New))),
                 tr("Choose the <i>Intent</i>: <i>Block</i> catches prompts that match the topic; "
                    "<i>Allow</i> "
                    "lets only matching prompts pass."),
                 tr("Choose the <i>Profile</i> the topic is for. The run never changes it: it "
                    "works on a copy "
                    "of it."),
                 tr("Leave the rest at its defaults for a start (%1 iterations at most, a target "
                    "coverage of "
                    "%2) and press <i>Run</i> (%3).")
                     .arg(QString::number(defaults.maxIterations),
                          DisplayFormat::percent(defaults.targetCoverage, 0),
                          key(QKeySequence(Qt::CTRL | Qt::Key_R))),
                 tr("<i>Live run</i> shows each step and each scan as it arrives; <i>Charts</i> "
                    "draws the figures "
                    "of every iteration.")},
                true);
    out +=
        paragraph(tr("Press %1 in any field of the New run page to read what it does, or see %2.")
                      .arg(key(QKeySequence(Qt::Key_F1)),
                           link(u"newrun"_s, u"fields"_s, tr("The New run page, field by field"))));

    out += heading(2, u"loop"_s, tr("What a run does"));
    out += paragraph(
        tr("Each iteration the LLM writes a topic (the first from your request and seed examples, "
           "later ones from its analysis of the errors), the run deploys it to its copy of the "
           "profile, scans test prompts through AIRS, and measures how many it got right. The "
           "held-out benchmark, written once at the start and never shown to the LLM, scores every "
           "iteration on the same prompts, so iterations can be compared fairly."));
    out += paragraph(
        tr("The run stops when the best iteration reaches the target, after the maximum number of "
           "iterations, after too many iterations in a row worse than the best, on a plateau if "
           "you "
           "set one, or when a token or cost budget would be passed. Pause (%1), resume (%2) and "
           "cancel (%3) at any time; closing the window pauses the run and keeps it.")
            .arg(key(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)),
                 key(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R)),
                 key(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X))));
    out += paragraph(
        tr("What the figures are — coverage, its interval, a difference “within noise” — is "
           "explained in %1.")
            .arg(link(u"figures"_s, u"figures"_s, tr("What the figures mean"))));

    out += heading(2, u"after"_s, tr("After the run"));
    out += list(
        {tr("<i>Compare</i>: any two iterations side by side, with the verdict on top, the topic's "
            "changes and the tests that flipped. <i>Apply</i> writes the iteration's topic to the "
            "production profile after showing exactly what changes; <i>Revert</i> takes it back."),
         tr("<i>Runs</i>: every stored run — open, resume, delete, or export a report, the test "
            "results "
            "or the topic as Terraform."),
         tr("<i>Memory</i>: what earlier runs learned, which later runs on related topics read. "
            "Confirm, "
            "reject, edit or add learnings."),
         tr("<i>Profile</i>: audit every custom topic of a profile together, to see how they "
            "interfere "
            "(see %1).")
             .arg(link(u"figures"_s, u"conflicts"_s, tr("conflicts")))});

    out += heading(2, u"keys"_s, tr("Keys"));
    out += paragraph(
        tr("%1 opens this help; in a field of the New run page it opens that field's explanation. "
           "%2 closes the help window. %3 … %4 switch pages; %5 starts a new run.")
            .arg(key(QKeySequence(Qt::Key_F1)), key(QKeySequence(Qt::Key_Escape)),
                 key(QKeySequence(Qt::CTRL | Qt::Key_1)), key(QKeySequence(Qt::CTRL | Qt::Key_7)),
                 key(QKeySequence(QKeySequence::New))));
    return out;
}
