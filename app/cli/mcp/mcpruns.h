#pragma once

#include "mcpserver.h"
#include "mcptoolcontext.h"

#include "domain/runstate.h"
#include "domain/runsteering.h"
#include "models/session/sandboxhost.h"

#include <QObject>
#include <QPointer>

#include <map>
#include <memory>
#include <optional>

class McpCall;
class RunController;

// The runs an agent designs through the server: design_start, run_status, run_steer and
// run_report, and the daystrom://runs/<id> resources. A run is driven by a RunController (the
// session layer the CLI and the app use) and goes on in the server after design_start has
// answered; its figures are read from its run file, the same record every front end reads,
// with the live step and scan progress added.
class McpRuns final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpRuns)
public:
    McpRuns(const McpToolContext &context, QObject *parent = nullptr);
    ~McpRuns() override;

    QList<McpTool> tools();
    McpResources resources();

    // The client is gone: every run still going is cancelled the way Cancel does (production
    // put back for in-place runs); idle() once none is active.
    void stopAll();
    bool isIdle() const;

signals:
    void idle();

private:
    struct Live;
    struct Located
    {
        QString runsDir;
        bool sandbox = false;
        std::optional<RunState> run; // from its file
        QString error;
    };

    void designStart(McpCall *call);
    void runStatus(McpCall *call);
    void runSteer(McpCall *call);
    void runReport(McpCall *call);
    void resume(McpCall *call, Live *existing);

    void attach(Live *live);
    void notifyWaiters(Live *live, const QString &message);
    void ended(Live *live, RunStatus how);
    Located locate(const QString &runId) const;
    QJsonObject status(const QString &runId, QString *error) const;
    Live *live(const QString &runId) const;

    McpToolContext m_context;
    SandboxHost m_sandbox; // every sandbox run of this server, on the shared sandbox tenant
    std::map<QString, std::unique_ptr<Live>> m_live;
    bool m_stopping = false;
};
