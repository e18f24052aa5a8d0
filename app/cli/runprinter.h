#pragma once

#include "domain/runsettings.h"

#include "cli.h"
#include "domain/runstate.h"

#include <QObject>

class RunController;

// Prints a run's events: one JSON object per line (--events jsonl, nothing else on stdout),
// or human output (one metrics line per iteration on stdout, live scan progress on stderr).
class RunPrinter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunPrinter)
public:
    enum class Mode { Human, JsonLines };
    RunPrinter(CliContext &ctx, Mode mode, QObject *parent = nullptr);
    void attach(RunController *controller);
    // The run's LLM model, named in "cost unknown: no price for model …".
    void setModel(const QString &model) { m_model = model; }
    // The run's settings: the robustness families in their order, how the run decides.
    void setSettings(const RunSettings &settings) { m_settings = settings; }

private:
    void json(const QJsonObject &event);
    void line(const QString &text);

    CliContext &m_ctx;
    Mode m_mode;
    bool m_progressOnTty = false;
    QString m_model;
    RunSettings m_settings;
};
