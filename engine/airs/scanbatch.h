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
// order; scanned() fires as each prompt finishes (for a live progress bar). By default the
// first error that survives the retries aborts the rest and is reported once through failed().
//
// With Options::keepGoing, one prompt's failure does not cost the others (issue 41): a prompt
// whose scan fails all its retries for a passing reason (network, timeout, 5xx, 429, an
// unreadable answer) is tried once more, with the same retries, after every other prompt;
// what still fails then (and a prompt AIRS refused as invalid, at once) is given up with
// notScanned(), and finished() carries a default verdict in its place and the error in
// `notScanned`. What no prompt can get past still stops the batch through failed(): refused
// credentials, an unknown profile, a cancel, and AIRS looking down (the last
// consecutiveFailureLimit() prompts all failed while none succeeded in between).
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
        bool keepGoing = false;    // see above
    };
    static constexpr int MaxConcurrency = 20;
    static constexpr int ConnectionsPerManager = 6;

    ScanBatch(AirsSettings settings, Options options, QObject *parent = nullptr);
    ~ScanBatch() override;

    // `responses`, when given, pairs a model response with the prompt of the same index (an
    // empty one: a prompt alone). `profiles`, when given, names the profile each prompt is
    // scanned against (an empty one: Options::profileName), so scans of several profiles
    // share one concurrency limit.
    void start(const QStringList &prompts, const QStringList &responses = {}, const QStringList &profiles = {});
    void cancel(); // aborts every scan in flight; failed(Cancelled) follows
    bool isRunning() const { return m_running; }
    int completed() const { return m_completed; } // scanned, or given up
    int notScannedCount() const { return int(m_notScanned.size()); }
    int consecutiveFailureLimit() const;
    int total() const { return int(m_prompts.size()); }
    int peakInFlight() const { return m_peakInFlight; }

signals:
    void scanned(int index, const ScanVerdict &verdict, int completed, int total);
    void notScanned(int index, const AirsError &error, int completed, int total);
    void finished(const QList<ScanVerdict> &verdicts, const QHash<int, AirsError> &notScanned);
    void failed(const AirsError &error);

private:
    void pump();
    void launch(int index);
    void onResult(int index, const AirsResult<ScanVerdict> &result);
    void onFailure(int index, const AirsError &error);
    void settle(int index);
    void finishIfDone();
    void stop(const AirsError &error);

    Options m_options;
    QList<ScanClient *> m_clients; // one per manager
    QList<QNetworkAccessManager *> m_managers;
    QStringList m_prompts;
    QStringList m_responses;
    QStringList m_profiles;
    QList<int> m_queue; // the prompts of this round, by index: all, then those to try again
    QList<int> m_again; // failed in the first round, tried again in the second
    bool m_secondRound = false;
    QList<std::optional<ScanVerdict>> m_results;
    QHash<int, AirsError> m_notScanned;
    int m_failuresInARow = 0; // prompts given up on or put off since the last one scanned
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
