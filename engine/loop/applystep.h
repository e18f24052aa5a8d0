#pragma once

#include "runcontext.h"

#include <QObject>

class RunWorkspace;
class TopicDeployer;
class TopicDeployment;

// The apply step: the topic deployed (TopicDeployment: created or updated in AIRS with its
// companion, pinned on the run's profile, then the propagation wait) and the iteration's tests
// written. The chart runs the two side by side (the parallel state "apply": its regions "deploy"
// and "tests" end with deploy.done and tests.done, and compose follows when both have); with
// overlapped steps the tests start at once (they need the topic only), else after the deployment.
class ApplyStep final : public QObject
{
    Q_DISABLE_COPY_MOVE(ApplyStep)
public:
    // `deployer` and `workspace` are the run's (not owned); the deployment is this step's.
    ApplyStep(RunContext &ctx, TopicDeployer *deployer, RunWorkspace *workspace, QObject *parent = nullptr);

    void enterApply();        // the step begins
    void enterDeploying();    // the deploy region
    void enterWritingTests(); // the tests region

private:
    void deploymentAssigned(); // the propagation wait begins
    void propagated();         // the deployment is live: after the propagation wait
    void startTests();
    void testsWritten();

    RunContext &m_ctx;
    TopicDeployment *m_deployment;
};
