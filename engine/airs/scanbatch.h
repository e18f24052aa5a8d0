#pragma once

#include "ratelimiter.h"
#include "scanclient.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>

#include <optional>

class QNetworkAccessManager;
class QTimer;

// Scans many prompts with bounded concurrency and an optional rate limit. Results keep input
// order; scanned() fires as each prompt finishes (for a live progress bar); the first error
// that survives the retries aborts the rest and is reported once through failed().
//
// Qt 6.4 opens at most six HTTP/1.1 connections per host per QNetworkAccessManager, so the
// batch creates one manager (in its own thread) per six concurrent scans.
class ScanBatch final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScanBatch)
public:
    struct Options
    {
        QString profileName;
        QString sessionId;
        Intent intent = Intent::Block;
        int concurrency = 5;       // clamped to 1..20
        double ratePerSecond = 0;  // 0 = unlimited
    };
    static constexpr int MaxConcurrency = 20;
    static constexpr int ConnectionsPerManager = 6;

    ScanBatch(AirsSettings settings, Options options, QObject *parent = nullptr);
    ~ScanBatch() override;

    void start(const QStringList &prompts);
    void cancel(); // aborts every scan in flight; failed(Cancelled) follows
    bool isRunning() const { return m_running; }
    int completed() const { return m_completed; }
    int total() const { return int(m_prompts.size()); }
    int peakInFlight() const { return m_peakInFlight; }

signals:
    void scanned(int index, const ScanVerdict &verdict, int completed, int total);
    void finished(const QList<ScanVerdict> &verdicts);
    void failed(const AirsError &error);

private:
    void pump();
    void launch(int index);
    void onResult(int index, const AirsResult<ScanVerdict> &result);
    void stop(const AirsError &error);

    Options m_options;
    QList<ScanClient *> m_clients; // one per manager
    QList<QNetworkAccessManager *> m_managers;
    QStringList m_prompts;
    QList<std::optional<ScanVerdict>> m_results;
    QHash<int, HttpCall *> m_inFlight; // prompt index -> its call
    QHash<int, int> m_clientOf;        // prompt index in flight -> the client carrying it
    QList<int> m_clientLoad;           // calls in flight per client
    RateLimiter m_limiter;
    QElapsedTimer m_clock;
    QTimer *m_rateTimer = nullptr;
    int m_next = 0;
    int m_completed = 0;
    int m_peakInFlight = 0;
    bool m_running = false;
};
