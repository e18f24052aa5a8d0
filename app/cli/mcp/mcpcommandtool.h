#pragma once

#include "mcpserver.h"
#include "mcptoolcontext.h"

#include <QObject>
#include <QProcess>

#include <functional>
#include <memory>

class McpCall;
#include <QTemporaryFile>

// A tool that is one `daystrom` command: the server runs the command itself, in a child
// process of the same program, so an agent gets exactly what a person at the shell gets (the
// same parser, checks, engine calls and JSON) and a command that blocks or fails cannot take
// the server with it. What the command says on standard error becomes progress notifications;
// a client's cancellation is the command's Ctrl+C (an audit removes its scratch profile);
// its JSON on standard output is the tool's structured result.
class McpCommandRun final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpCommandRun)
public:
    struct Outcome
    {
        int exitCode = -1;
        bool crashed = false;
        QByteArray out;
        QString err; // every line it wrote there
        QString lastError() const; // its last "daystrom …: " line, without that prefix
    };
    using Done = std::function<void(McpCall *call, const Outcome &outcome)>;

    // Starts `program arguments` for `call` and hands the outcome to `done` (which ends the
    // call). `keep` (a temporary input file) lives until the command has ended.
    static void start(const McpToolContext &context, McpCall *call, const QStringList &arguments, const Done &done,
                      std::unique_ptr<QTemporaryFile> keep = {});

    ~McpCommandRun() override;

private:
    McpCommandRun(McpCall *call, const Done &done);
    void readErrors();
    void finished(int exitCode, QProcess::ExitStatus status);

    McpCall *m_call;
    Done m_done;
    QProcess m_process;
    std::unique_ptr<QTemporaryFile> m_keep;
    QByteArray m_errBuffer;
    QString m_err;
    double m_lines = 0;
};

// eval, compare, audit, library_list, library_show, and apply_plan, apply and revert (which
// write only with --allow-writes and the plan's hash).
namespace McpCommandTools {
QList<McpTool> tools(const McpToolContext &context);
}
