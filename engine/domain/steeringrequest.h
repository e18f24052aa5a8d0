#pragma once

#include "runsteering.h"

#include <optional>

// A person's request to a running run, as one value. Every layer passes it down unchanged —
// StudioContext (the window) or StepPrompter (the shell) → RunController → RefinementRun →
// SteeringSteps, which honours it on the run's thread or answers with a warning — so the
// steering API is declared once, here, and forwarded by one function per layer.
struct SteeringRequest
{
    enum class Kind { StepMode, Decision, LabelCorrection, AddPrompts, KeptExamples };
    Kind kind = Kind::StepMode;

    bool on = false;           // StepMode: after each proposal the run waits for a decision
    ProposalDecision decision; // Decision: the answer to the proposal waiting in review
    // LabelCorrection: the prompt whose expected label is wrong (undo: that is taken back);
    // `wrong`: the label the person saw on the row they marked; `response`: a response test's
    // answer, for that pair's label (issue 56).
    QString prompt;
    bool undo = false;
    std::optional<bool> wrong;
    QString response;
    QList<TestCase> tests; // AddPrompts, to `target`
    PromptTarget target = PromptTarget::WorkingSuite;
    QStringList examples; // KeptExamples: every later proposal keeps these

    static SteeringRequest stepMode(bool on) { return {.kind = Kind::StepMode, .on = on}; }
    static SteeringRequest decide(const ProposalDecision &decision)
    {
        return {.kind = Kind::Decision, .decision = decision};
    }
    static SteeringRequest correctLabel(const QString &prompt, bool undo = false, std::optional<bool> wrong = std::nullopt,
                                        const QString &response = {})
    {
        return {.kind = Kind::LabelCorrection, .prompt = prompt, .undo = undo, .wrong = wrong, .response = response};
    }
    static SteeringRequest addPrompts(const QList<TestCase> &tests, PromptTarget target)
    {
        return {.kind = Kind::AddPrompts, .tests = tests, .target = target};
    }
    static SteeringRequest keepExamples(const QStringList &examples)
    {
        return {.kind = Kind::KeptExamples, .examples = examples};
    }
};
