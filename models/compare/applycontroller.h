#pragma once

#include "airs/airstypes.h"
#include "domain/runstate.h"

#include <QObject>
#include <QPointer>

#include <optional>

class ManagementClient;
class TopicDeployer;

// What applying an iteration's topic to AIRS will change, as read from AIRS by prepare().
struct ApplyPlan
{
    QString runId;
    int iteration = 0;
    Topic proposed;    // the iteration's topic: what will be written
    QString topicId;   // the run's AIRS topic (checkpoint)
    AirsTopic current; // that topic as AIRS has it now
    QString profileName;
    Intent intent = Intent::Block;
    std::optional<AirsTopic> companion; // block intent: the allow-bucket companion, as in AIRS
    int pinnedRevision = -1; // the revision of the topic the profile pins now; -1 = not pinned

    // The guardrail-level action is the inverse of the intent (behaviour reference §2.2).
    QString guardrailAction() const;
    bool unchanged() const; // AIRS already has exactly this name, description and examples
};

// Applies any recorded iteration's topic to AIRS: prepare() reads the topic and the profile
// as they are now (asynchronously), apply() updates the topic and re-pins the profile to the
// new revision with the intent's buckets (TopicDeployer::assign). Nothing blocks; every
// outcome, including a topic update whose re-pin failed, is reported explicitly.
class ApplyController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApplyController)
public:
    enum class State { Idle, Preparing, Ready, Applying, Applied, Failed, HalfApplied };
    Q_ENUM(State)

    // `client` is not owned; it lives in this controller's thread (the GUI thread).
    explicit ApplyController(ManagementClient *client, QObject *parent = nullptr);
    ~ApplyController() override;

    void prepare(const RunState &run, int iteration);
    void apply();  // only in state Ready
    void cancel(); // forget the calls in flight (their answers are ignored)

    State state() const { return m_state; }
    bool isBusy() const { return m_state == State::Preparing || m_state == State::Applying; }
    const ApplyPlan &plan() const { return m_plan; }
    QString message() const { return m_message; } // the last error or result, plain text
    int appliedRevision() const { return m_appliedRevision; } // topic revision written; -1 = none
    int pinnedRevision() const { return m_pinnedAfter; }      // pinned after apply; -1 = unknown

    // The revision of `topicId` in a profile policy's topic-guardrails entry; -1 = not pinned.
    static int pinnedRevisionIn(const QJsonObject &policy, const QString &topicId);

signals:
    void stateChanged(ApplyController::State state);
    void progress(const QString &step);
    void prepared(); // plan() is ready to show
    void applied(int topicRevision);
    void halfApplied(int topicRevision, int stillPinnedRevision, const QString &message);
    void failed(const QString &message);

private:
    void setState(State state);
    void fail(const QString &message);
    void planReady();
    void repin(const AirsTopic &updated);

    QPointer<ManagementClient> m_client;
    TopicDeployer *m_deployer = nullptr;
    State m_state = State::Idle;
    ApplyPlan m_plan;
    QString m_companionId;
    QString m_message;
    int m_appliedRevision = -1;
    int m_pinnedAfter = -1;
    quint64 m_generation = 0; // answers from an older generation are ignored

    // prepare() joins two listings
    std::optional<QList<AirsTopic>> m_topics;
    std::optional<QList<AirsProfile>> m_profiles;
};
