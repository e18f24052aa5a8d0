#pragma once

#include "runcontext.h"

#include <QObject>

class MeasureSteps;

// A person steering the run, and the review step (review in refinement.scxml). The public calls
// are queued onto the run's thread, so any thread may make them; a request the run cannot
// honour becomes a warning.
class SteeringSteps final : public QObject
{
    Q_DISABLE_COPY_MOVE(SteeringSteps)
public:
    // `measure`: told when a correction makes an early analysis stale (not owned).
    SteeringSteps(RunContext &ctx, MeasureSteps *measure, QObject *parent = nullptr);

    // Step mode: after each proposal (generate, improve, simplify) the run waits in the review
    // step for decide(); switching it off while a proposal waits accepts that proposal.
    void setStepMode(bool on);
    void decide(const ProposalDecision &decision);
    // Marks the expected label of a test as wrong (or, with undo, takes that back); `wrong`:
    // the label the person saw on the row they marked (SteeringEdits::correctLabel).
    // `response`: a response test's answer: the pair's label instead (issue 56).
    void correctLabel(const QString &prompt, bool undo, std::optional<bool> wrong, const QString &response);
    void addPrompts(const QList<TestCase> &tests, PromptTarget target);
    void setKeptExamples(const QStringList &examples);

    void enterReview();

private:
    void handleDecision(const ProposalDecision &decision);
    void handleCorrection(const QString &prompt, bool undo, std::optional<bool> wrong, const QString &response);
    void handleAddedPrompts(const QList<TestCase> &tests, PromptTarget target);

    RunContext &m_ctx;
    MeasureSteps *m_measure;
};
