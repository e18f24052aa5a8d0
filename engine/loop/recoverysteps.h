#pragma once

#include "runcontext.h"

#include <QObject>

// After an iteration (decide, recover and its substates in refinement.scxml): the target, the
// recovery tiers (revert to the best, simplify), the duplicate path, the early stop and the
// plateau (behaviour reference §2.6, with §6 fixed). LoopPolicy decides; this submits.
class RecoverySteps final : public QObject
{
    Q_DISABLE_COPY_MOVE(RecoverySteps)
public:
    explicit RecoverySteps(RunContext &ctx, QObject *parent = nullptr);

    void enterDecide();
    void enterRecover();
    void enterRevert();
    void enterSimplify();
    void enterJudge();

private:
    RunContext &m_ctx;
};
