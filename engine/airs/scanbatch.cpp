#include "scanbatch.h"

#include <QNetworkAccessManager>
#include <QTimer>

#include <algorithm>
#include <numeric>

using namespace Qt::StringLiterals;

ScanBatch::ScanBatch(AirsSettings settings, Options options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_limiter(m_options.ratePerSecond)
    , m_rateTimer(new QTimer(this))
{
    m_options.concurrency = std::clamp(m_options.concurrency, 1, MaxConcurrency);
    const int managers = (m_options.concurrency + ConnectionsPerManager - 1) / ConnectionsPerManager;
    for (int i = 0; i < managers; ++i) {
        auto *nam = new QNetworkAccessManager(this);
        m_managers.append(nam);
        m_clients.append(new ScanClient(nam, settings, this));
    }
    m_clientLoad = QList<int>(m_clients.size(), 0);
    m_rateTimer->setSingleShot(true);
    m_rateTimer->setTimerType(Qt::PreciseTimer);
    connect(m_rateTimer, &QTimer::timeout, this, &ScanBatch::pump);
}

ScanBatch::~ScanBatch()
{
    for (HttpCall *call : std::as_const(m_inFlight))
        call->abort(); // their callbacks are dropped: this batch is going away
}

void ScanBatch::start(const QStringList &prompts, const QStringList &responses, const QStringList &profiles)
{
    m_prompts = prompts;
    m_responses = responses;
    m_profiles = profiles;
    m_results = QList<std::optional<ScanVerdict>>(prompts.size());
    m_queue.resize(prompts.size());
    std::iota(m_queue.begin(), m_queue.end(), 0);
    m_again.clear();
    m_secondRound = false;
    m_notScanned.clear();
    m_failuresInARow = 0;
    m_next = 0;
    m_completed = 0;
    m_running = true;
    m_clock.start();
    if (prompts.isEmpty()) {
        m_running = false;
        QMetaObject::invokeMethod(this, [this] { emit finished({}, {}); }, Qt::QueuedConnection);
        return;
    }
    pump();
}

int ScanBatch::consecutiveFailureLimit() const
{
    return std::max(10, 2 * m_options.concurrency);
}

void ScanBatch::pump()
{
    while (m_running && m_next < m_queue.size() && m_inFlight.size() < m_options.concurrency) {
        const qint64 wait = m_limiter.delayBeforeNext(m_clock.elapsed());
        if (wait > 0) {
            if (!m_rateTimer->isActive())
                m_rateTimer->start(int(wait));
            return;
        }
        m_limiter.record(m_clock.elapsed());
        launch(m_queue.at(m_next++));
    }
}

void ScanBatch::launch(int index)
{
    ScanClient::Request request;
    request.prompt = m_prompts.at(index);
    request.response = m_responses.value(index);
    request.profileName = m_profiles.value(index);
    if (request.profileName.isEmpty())
        request.profileName = m_options.profileName;
    request.sessionId = m_options.sessionId;
    request.intent = m_options.intent;
    // The least busy manager: each opens at most six connections, so a request sent to one
    // that already has six in flight would wait a whole answer for a free connection.
    const int slot = int(std::min_element(m_clientLoad.cbegin(), m_clientLoad.cend()) -
                         m_clientLoad.cbegin());
    ++m_clientLoad[slot];
    m_clientOf.insert(index, slot);
    ScanClient *client = m_clients.at(slot);
    HttpCall *call = client->scan(request, this, [this, index](const AirsResult<ScanVerdict> &r) {
        onResult(index, r);
    });
    m_inFlight.insert(index, call);
    m_peakInFlight = std::max(m_peakInFlight, int(m_inFlight.size()));
}

void ScanBatch::onResult(int index, const AirsResult<ScanVerdict> &result)
{
    // Only the one call in flight for this prompt may deliver it: an aborted attempt or a
    // result already counted is never counted (again).
    if (!m_running || !m_inFlight.contains(index) || m_results.at(index).has_value())
        return;
    if (!result.ok()) {
        onFailure(index, result.error);
        return;
    }
    settle(index);
    m_failuresInARow = 0;
    m_results[index] = result.value;
    ++m_completed;
    emit scanned(index, result.value, m_completed, int(m_prompts.size()));
    finishIfDone();
}

void ScanBatch::onFailure(int index, const AirsError &error)
{
    AirsError e = error;
    e.message = u"prompt %1 of %2: "_s.arg(index + 1).arg(m_prompts.size()) + e.message;
    using Kind = AirsError::Kind;
    const bool passing = e.kind == Kind::RateLimited || e.kind == Kind::Server ||
                         e.kind == Kind::Network || e.kind == Kind::Timeout ||
                         e.kind == Kind::InvalidResponse;
    const bool thisPrompt = passing || e.kind == Kind::Validation; // not the credentials or profile
    if (!m_options.keepGoing || !thisPrompt || ++m_failuresInARow >= consecutiveFailureLimit()) {
        if (m_options.keepGoing && thisPrompt)
            e.message += u" (and the %1 prompts before it failed as well: AIRS looks unreachable)"_s
                             .arg(m_failuresInARow - 1);
        stop(e);
        return;
    }
    settle(index);
    if (passing && !m_secondRound) {
        m_again.append(index);
    } else {
        m_notScanned.insert(index, e);
        ++m_completed;
        emit notScanned(index, e, m_completed, int(m_prompts.size()));
    }
    finishIfDone();
}

// The prompt's call is over (the client deletes it after this callback).
void ScanBatch::settle(int index)
{
    m_inFlight.remove(index);
    --m_clientLoad[m_clientOf.take(index)];
}

void ScanBatch::finishIfDone()
{
    if (!m_running)
        return;
    if (m_next < m_queue.size() || !m_inFlight.isEmpty()) {
        pump();
        return;
    }
    if (!m_again.isEmpty()) { // the second round: each failed prompt once more
        m_secondRound = true;
        m_queue = std::exchange(m_again, {});
        m_next = 0;
        m_failuresInARow = 0; // these failed before: only a new run of failures says AIRS is down
        pump();
        return;
    }
    m_running = false;
    QList<ScanVerdict> verdicts;
    verdicts.reserve(m_results.size());
    for (const auto &v : std::as_const(m_results))
        verdicts.append(v.value_or(ScanVerdict{}));
    emit finished(verdicts, m_notScanned);
}

void ScanBatch::cancel()
{
    if (m_running)
        stop(AirsError{AirsError::Kind::Cancelled, 0, u"the scan batch was cancelled"_s, -1});
}

void ScanBatch::stop(const AirsError &error)
{
    m_running = false;
    m_rateTimer->stop();
    const QList<HttpCall *> calls = m_inFlight.values();
    m_inFlight.clear();
    m_clientOf.clear();
    m_clientLoad.fill(0);
    for (HttpCall *call : calls)
        call->abort();
    emit failed(error);
}
