#include "injectionpreviewwidget.h"

#include "memorystore/memorystore.h"

#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSlider>
#include <QSpinBox>

using namespace Qt::StringLiterals;

InjectionPreviewWidget::InjectionPreviewWidget(const MemoryStore &store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_topic(new QLineEdit(this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_spin(new QSpinBox(this))
    , m_text(new QPlainTextEdit(this))
    , m_length(new QLabel(this))
    , m_matched(new QLabel(this))
    , m_dropped(new QLabel(this))
{
    setObjectName(u"injectionPreview"_s);
    m_topic->setObjectName(u"previewTopic"_s);
    m_topic->setPlaceholderText(tr("Topic description, e.g. Block the use of weapons"));
    m_topic->setClearButtonEnabled(true);
    m_topic->setAccessibleName(tr("Topic description"));
    m_slider->setObjectName(u"previewBudget"_s);
    m_slider->setRange(InjectorOptions::MinChars, InjectorOptions::MaxChars);
    m_slider->setSingleStep(50);
    m_slider->setPageStep(500);
    m_slider->setTickInterval(500);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setAccessibleName(tr("Budget in characters"));
    m_spin->setObjectName(u"previewBudgetValue"_s);
    m_spin->setRange(InjectorOptions::MinChars, InjectorOptions::MaxChars);
    m_spin->setSuffix(tr(" characters"));
    m_spin->setAccessibleName(tr("Budget in characters"));
    m_text->setObjectName(u"previewText"_s);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setAccessibleName(tr("Memory section"));
    m_text->setPlaceholderText(tr("No learnings related to this topic."));
    m_length->setObjectName(u"previewLength"_s);
    m_matched->setObjectName(u"previewMatched"_s);
    m_matched->setWordWrap(true);
    m_matched->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_dropped->setObjectName(u"previewDropped"_s);
    m_dropped->setWordWrap(true);
    m_dropped->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *budgetRow = new QHBoxLayout;
    budgetRow->addWidget(m_slider, 1);
    budgetRow->addWidget(m_spin);
    auto *form = new QFormLayout;
    form->addRow(tr("&Topic:"), m_topic);
    auto *budgetLabel = new QLabel(tr("&Budget:"), this);
    budgetLabel->setBuddy(m_slider);
    form->addRow(budgetLabel, budgetRow);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_text, 1);
    auto *facts = new QFormLayout;
    facts->addRow(tr("Length:"), m_length);
    facts->addRow(tr("Matched files:"), m_matched);
    facts->addRow(tr("Compact / omitted:"), m_dropped);
    layout->addLayout(facts);

    connect(m_slider, &QSlider::valueChanged, m_spin, &QSpinBox::setValue);
    connect(m_spin, &QSpinBox::valueChanged, m_slider, &QSlider::setValue);
    connect(m_spin, &QSpinBox::valueChanged, this, &InjectionPreviewWidget::refresh);
    connect(m_topic, &QLineEdit::textChanged, this, &InjectionPreviewWidget::refresh);
    m_spin->setValue(InjectorOptions::DefaultChars);
    refresh();
}

void InjectionPreviewWidget::setTopic(const QString &description)
{
    m_topic->setText(description);
}

void InjectionPreviewWidget::setBudget(int maxChars)
{
    m_spin->setValue(MemoryInjector::clampedBudget(maxChars));
}

int InjectionPreviewWidget::budget() const
{
    return m_spin->value();
}

void InjectionPreviewWidget::setHalfLifeDays(double days)
{
    m_halfLifeDays = days;
    refresh();
}

void InjectionPreviewWidget::setNow(const QDateTime &now)
{
    m_now = now;
    refresh();
}

InjectorOptions InjectionPreviewWidget::options() const
{
    InjectorOptions o;
    o.maxChars = m_spin->value();
    o.halfLifeDays = m_halfLifeDays;
    o.now = m_now;
    return o;
}

QString InjectionPreviewWidget::describe(const QStringList &ids) const
{
    QStringList parts;
    for (const QString &id : ids) {
        const std::optional<MemoryStore::Found> found = m_store.find(id);
        QString insight = found ? found->learning.insight : QString();
        if (insight.size() > 60)
            insight = insight.left(59) + u'…';
        parts.append(insight.isEmpty() ? id : tr("%1 (“%2”)").arg(id, insight.toHtmlEscaped()));
    }
    return parts.join(u"<br>"_s);
}

void InjectionPreviewWidget::refresh()
{
    const QString topic = m_topic->text().trimmed();
    // A preview is not a recall: lastRecalledAt stays as it is (as in `daystrom memory preview`).
    m_injection = topic.isEmpty() ? Injection{} : m_store.inject(topic, options(), false);
    if (m_text->toPlainText() != m_injection.text)
        m_text->setPlainText(m_injection.text);
    m_length->setText(
        tr("%1 characters of a %2 budget, %n learning(s)", nullptr, m_injection.learningCount)
            .arg(m_injection.text.size())
            .arg(m_spin->value()));
    // Why each file matched: its own category, or the subject words it shares with the topic.
    QStringList matched;
    for (const CategoryMatch &m : std::as_const(m_injection.matches))
        matched.append(m.sameKey ? tr("%1 (its own category)").arg(m.category)
                                 : tr("%1 (shares: %2)").arg(m.category, m.sharedWords.join(u", "_s)));
    m_matched->setText(matched.isEmpty() ? tr("none") : matched.join(u"; "_s));
    QStringList dropped;
    if (!m_injection.compactIds.isEmpty())
        dropped.append(tr("Compact: %1").arg(describe(m_injection.compactIds)));
    if (!m_injection.omittedIds.isEmpty())
        dropped.append(tr("Omitted: %1").arg(describe(m_injection.omittedIds)));
    m_dropped->setText(dropped.isEmpty() ? tr("none: every learning is shown in full")
                                         : dropped.join(u"<br>"_s));
    emit refreshed();
}
