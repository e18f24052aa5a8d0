#include "terraformexport.h"

#include "domain/decision.h"
#include "domain/format.h"
#include "domain/topic.h"

#include <QStringBuilder>

using namespace Qt::StringLiterals;

namespace {
// A comment line holds no line break of its own, whatever a name carries.
QString commentText(const QString &text)
{
    QString out = text;
    for (QChar &c : out) {
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
            c = u' ';
    }
    return out;
}

QString resource(const QString &label, const Topic &topic, const QString &bucket)
{
    QString out = u"# Pinned in the profile's \"%1\" topic list.\n"_s.arg(bucket);
    out += u"resource \"%1\" \"%2\" {\n"_s.arg(TerraformExport::TopicResource, label);
    out += u"  topic_name  = "_s % TerraformExport::quoted(topic.name) % u'\n';
    out += u"  description = "_s % TerraformExport::quoted(topic.description) % u'\n';
    out += u"  examples = [\n"_s;
    for (const QString &example : topic.examples)
        out += u"    "_s % TerraformExport::quoted(example) % u",\n"_s;
    out += u"  ]\n}\n"_s;
    return out;
}
} // namespace

QString TerraformExport::quoted(const QString &text)
{
    QString out;
    out.reserve(text.size() + 8);
    out += u'"';
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        const QChar next = i + 1 < text.size() ? text.at(i + 1) : QChar();
        switch (c.unicode()) {
        case u'\\': out += u"\\\\"_s; break;
        case u'"': out += u"\\\""_s; break;
        case u'\n': out += u"\\n"_s; break;
        case u'\r': out += u"\\r"_s; break;
        case u'\t': out += u"\\t"_s; break;
        case u'$':
        case u'%':
            out += c;
            if (next == u'{')
                out += c; // "$${" is a literal "${", "%%{" a literal "%{"
            break;
        default:
            if (c.unicode() < 0x20 || c.unicode() == 0x7f)
                out += u"\\u%1"_s.arg(int(c.unicode()), 4, 16, QChar(u'0'));
            else
                out += c;
        }
    }
    out += u'"';
    return out;
}

QString TerraformExport::label(const QString &name)
{
    QString out;
    bool gap = false;
    // Accents come off (NFKD, the marks dropped): "Waffenkäufe" is waffenkaufe.
    for (const QChar c : name.toLower().normalized(QString::NormalizationForm_KD)) {
        if (c.category() == QChar::Mark_NonSpacing)
            continue;
        const bool ascii = c.unicode() < 0x80 && c.isLetterOrNumber();
        if (ascii) {
            if (gap && !out.isEmpty())
                out += u'_';
            out += c;
            gap = false;
        } else {
            gap = true;
        }
    }
    if (!out.isEmpty() && !out.front().isLetter())
        out.prepend(u"topic_"_s);
    out.truncate(48);
    while (out.endsWith(u'_'))
        out.chop(1);
    return out.isEmpty() ? u"topic"_s : out;
}

QString TerraformExport::companionLabel(const QString &topicName)
{
    return label(topicName).left(40) + u"_allowed"_s;
}

QString TerraformExport::write(const RunState &run, const IterationResult &it, const QDateTime &exportedAt)
{
    const Decision decision(run.userInput);
    const EfficacyMetrics &m = decision.promptMetrics(it);
    const QString figuresOf = decision.onBenchmark(it) ? u"its benchmark"_s : u"its tests"_s;
    const bool block = run.userInput.intent == Intent::Block && run.companionTopic.has_value();
    const QString mainLabel = label(it.topic.name);
    const QString companion = companionLabel(it.topic.name);

    QString out;
    out += u"# Daystrom Studio: run %1, iteration %2%3, %4 intent.\n"_s.arg(
        commentText(run.id), QString::number(it.iteration),
        it.iteration == run.bestIteration ? u" (the run's best)"_s : QString(), intentName(run.userInput.intent));
    out += u"# On %1 (%2 prompts): coverage %3, TPR %4, TNR %5.\n"_s.arg(
        figuresOf, QString::number(m.total()), Format::percent(m.coverage), Format::percent(m.truePositiveRate),
        Format::percent(m.trueNegativeRate));
    out += u"# Exported %1. Review with terraform plan before you apply it.\n"_s.arg(
        exportedAt.toUTC().toString(Qt::ISODate));
    out += u"#\n# A profile pins the topics in its topic-guardrails protection (action \"%1\"):\n"_s.arg(
        guardrailActionFor(run.userInput.intent));
    if (block) {
        out += u"#   topic_list { action = \"allow\"  topic { topic_name = %1.%2.topic_name } }\n"_s.arg(
            TopicResource, companion);
    }
    out += u"#   topic_list { action = \"%1\"  topic { topic_name = %2.%3.topic_name } }\n"_s.arg(
        intentName(run.userInput.intent), TopicResource, mainLabel);
    out += u"# (prisma-airs_runtime_security_profile). If your module already requires the provider,\n"
           "# leave the terraform block below out.\n\n"_s;

    out += u"terraform {\n  required_providers {\n    prisma-airs = {\n"_s;
    out += u"      source  = \"%1\"\n      version = \"%2\"\n"_s.arg(ProviderSource, ProviderVersion);
    out += u"    }\n  }\n}\n\n"_s;

    if (block) {
        out += resource(companion, companionApartFrom(*run.companionTopic, it.topic.name), u"allow"_s);
        out += u'\n';
    }
    out += resource(mainLabel, it.topic, intentName(run.userInput.intent));
    return out;
}
