#pragma once

#include "domain/runsettings.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

// What a memory experiment will run, kept in <experiments>/<id>/experiment.json so that an
// interrupted experiment picks up where it stopped: the topics, N seeded random orders of
// them, and for each topic of each order its two runs (memory off and memory on), in the
// sequence they run, with their run ids once started.
struct ExperimentPlan
{
    struct Run
    {
        int order = 0;    // 1-based
        int position = 0; // 1-based place in the order
        int topic = 0;    // index into topics
        bool memoryOn = false;
        QString runId; // empty until the run is created
        friend bool operator==(const Run &, const Run &) = default;
    };

    QString id;
    QDateTime createdAt;
    QStringList topics;
    int orders = 0;
    quint32 seed = 0;
    bool sandbox = false;
    // The LLM every run uses ("provider", "model"): a resumed experiment must not switch it.
    QString provider;
    QString model;
    RunSettings base; // every run's settings but the topic (and the benchmark, see below)
    QList<Run> runs;

    // The orders are shuffles of the topics drawn from `seed`; within each topic, which arm runs
    // first is drawn too, so neither arm always runs on the emulator's or the provider's first
    // attempt. The first arm of a topic writes the topic's benchmark; the second reuses it, so
    // both arms are scored on the same held-out prompts.
    static ExperimentPlan create(const QStringList &topics, int orders, quint32 seed, const RunSettings &base);

    // About six related topics (their memory categories share subject words, so what one run
    // learns is offered to the others).
    static QStringList defaultTopics();
    // One topic per line; blank lines and lines starting with "#" are skipped, repeats dropped.
    // At least two topics, each at most 1,000 characters; otherwise `error` says why.
    static QStringList readTopics(const QString &path, QString *error);

    QJsonObject toJson() const;
    // Empty `error` on success; a plan that does not fit its own shape is refused.
    static ExperimentPlan fromJson(const QJsonObject &json, QString *error);
};
