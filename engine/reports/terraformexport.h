#pragma once

#include "domain/runstate.h"

#include <QDateTime>
#include <QString>

// A run's chosen topic as configuration-as-code (issue 44): resources of the community
// Terraform provider for Prisma AIRS, `cdot65/prisma-airs` (0.8 or later, where the custom
// topic resource is `prisma-airs_runtime_custom_topic` with `topic_name`, `description` and
// `examples`). A block-intent run writes its companion allow topic too, named apart from the
// topic as an apply names it. The run id, the iteration, its figures and how a profile pins the
// topics are comments; nothing else of the run (and no secret) is written.
namespace TerraformExport {

inline constexpr QLatin1StringView ProviderSource("cdot65/prisma-airs");
inline constexpr QLatin1StringView ProviderVersion("~> 0.8");
inline constexpr QLatin1StringView TopicResource("prisma-airs_runtime_custom_topic");

// The HCL file for `iteration` of `run`.
QString write(const RunState &run, const IterationResult &iteration, const QDateTime &exportedAt);

// `text` as an HCL quoted template string, quotes included: backslash, quote, newline,
// carriage return and tab escaped; other control characters as \uNNNN; "${" and "%{" doubled
// to "$${" and "%%{" so Terraform reads them as text, not as an interpolation or directive;
// everything else (non-ASCII included) as UTF-8 text.
QString quoted(const QString &text);

// A resource label made of `name`: lower-case ASCII letters (accents taken off), digits and
// underscores, starting with a letter, at most 48 characters; "topic" when nothing is left.
QString label(const QString &name);
// The companion allow topic's label beside the topic's: "<label, at most 40>_allowed".
QString companionLabel(const QString &topicName);

} // namespace TerraformExport
