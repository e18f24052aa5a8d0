#pragma once

#include "airs/airserror.h"
#include "airs/airstypes.h"
#include "domain/runsettings.h"
#include "domain/topic.h"

#include <QObject>
#include <QPointer>

#include <functional>

class ManagementClient;

// The apply step's AIRS side (behaviour reference §2.2): create the run's topic (never
// overwriting a topic that happens to have the same name: a free name is chosen instead,
// reference §6 item 18), update it by id later, and pin it (with the companion for block
// intent) in the run's profile on every iteration so the profile scans the new revision.
class TopicDeployer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TopicDeployer)
public:
    using TopicCallback = std::function<void(const AirsResult<AirsTopic> &)>;
    using ProfileCallback = std::function<void(const AirsResult<AirsProfile> &)>;

    explicit TopicDeployer(ManagementClient *management, QObject *parent = nullptr);

    // `beforeSend` gets the free name chosen, before the create is sent (false: do not send).
    void create(const Topic &topic, TopicCallback done, std::function<bool(const QString &)> beforeSend = {});
    void update(const QString &topicId, const Topic &topic, TopicCallback done);
    // Block intent: [companion -> allow, target -> block], guardrail action allow.
    // Allow intent: [target -> allow], guardrail action block.
    // Topics named in `replaced` leave the profile (the run's candidates stand in for them).
    void assign(const QString &profile, Intent intent, const AirsTopic &target,
                const std::optional<AirsTopic> &companion, ProfileCallback done,
                const QStringList &replaced = {});
    void abort();

    // "Name", else "Name (2)", "Name (3)", … cut so the whole stays within 100 bytes.
    static QString freeName(const QString &name, const QStringList &taken);

private:
    QPointer<ManagementClient> m_management;
};
