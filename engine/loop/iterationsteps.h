#pragma once

#include "runcontext.h"

#include <QObject>

// The steps of an iteration up to its record (start, generate, duplicateCheck, compose, record
// in refinement.scxml). The review of a proposal is SteeringSteps'; the deployment and the
// tests ApplyStep's; the scans, figures and analysis MeasureSteps'.
class IterationSteps final : public QObject
{
    Q_DISABLE_COPY_MOVE(IterationSteps)
public:
    explicit IterationSteps(RunContext &ctx, QObject *parent = nullptr);

    void enterStart();
    void enterGenerate();
    void enterDuplicateCheck();
    void enterCompose();
    void enterRecord();

private:
    const IterationResult *improveBase() const;
    PromptBook::Guidance takeGuidance();
    void proposed(ProposalKind kind); // it.topic is a fresh proposal of this kind

    RunContext &m_ctx;
};
