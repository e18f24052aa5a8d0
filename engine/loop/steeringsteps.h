#pragma once

#include "domain/steeringrequest.h"
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

    // Queued onto the run's thread. Step mode: after each proposal (generate, improve,
    // simplify) the run waits in the review step for a decision; switching it off while a
    // proposal waits accepts that proposal. A label correction marks the expected label of a
    // test as wrong (SteeringEdits::correctLabel), or with undo takes that back.
    void steer(const SteeringRequest &request);

    void enterReview();

private:
    void handleStepMode(bool on);
    void handleKeptExamples(const QStringList &examples);
    void handleDecision(const ProposalDecision &decision);
    void handleCorrection(const QString &prompt, bool undo, std::optional<bool> wrong, const QString &response);
    void handleAddedPrompts(const QList<TestCase> &tests, PromptTarget target);

    RunContext &m_ctx;
    MeasureSteps *m_measure;
};
