#include "stepstrip.h"

#include "pinnedsize.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>

using namespace Qt::StringLiterals;

StepStrip::StepStrip(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"stepStrip"_s);
    setAccessibleName(tr("Iteration steps"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    m_iteration = new QLabel(this);
    m_iteration->setObjectName(u"stepStripIteration"_s);
    // Where the run is, at a glance: larger and bold.
    QFont prominent = m_iteration->font();
    prominent.setBold(true);
    if (prominent.pointSizeF() > 0)
        prominent.setPointSizeF(prominent.pointSizeF() * 1.2);
    m_iteration->setFont(prominent);
    layout->addWidget(m_iteration);
    layout->addSpacing(8);
    static const char *const names[] = {"generate", "review",  "apply",  "test",
                                        "evaluate", "analyze", "improve"};
    for (int i = 0; i < StepCount; ++i) {
        if (i > 0) {
            auto *arrow = new QLabel(u"→"_s, this);
            arrow->setAccessibleName(tr("then"));
            m_arrows.append(arrow);
            layout->addWidget(arrow);
        }
        auto *label = new QLabel(stepName(i), this);
        label->setObjectName(u"step_"_s + QLatin1StringView(names[i]));
        label->setContentsMargins(6, 3, 6, 3);
        label->setAlignment(Qt::AlignCenter);
        m_labels.append(label);
        layout->addWidget(label);
    }
    layout->addStretch(1);
    setIteration(0);
    updateReviewVisibility();
    restyle();
}

StepStrip::~StepStrip() = default;

int StepStrip::stepFor(const QString &s)
{
    if (s == "generate"_L1)
        return Generate;
    if (s == "review"_L1)
        return Review;
    if (s == "apply"_L1)
        return Apply;
    if (s == "test"_L1 || s == "scan"_L1)
        return Test;
    if (s == "evaluate"_L1)
        return Evaluate;
    if (s == "analyze"_L1)
        return Analyze;
    if (s == "record"_L1 || s == "recover"_L1 || s == "improve"_L1)
        return Improve;
    return -1;
}

QString StepStrip::stepName(int step)
{
    switch (step) {
    case Generate:
        return tr("Generate");
    case Review:
        return tr("Review");
    case Apply:
        return tr("Apply");
    case Test:
        return tr("Test");
    case Evaluate:
        return tr("Evaluate");
    case Analyze:
        return tr("Analyze");
    case Improve:
        return tr("Improve");
    default:
        return {};
    }
}

void StepStrip::setSessionStep(const QString &sessionStep)
{
    setActiveStep(stepFor(sessionStep));
}

void StepStrip::setActiveStep(int step)
{
    step = step >= 0 && step < StepCount ? step : -1;
    if (m_active == step)
        return;
    m_active = step;
    updateReviewVisibility();
    restyle(Restyle::Changed);
}

void StepStrip::setReviewShown(bool shown)
{
    if (m_reviewShown == shown)
        return;
    m_reviewShown = shown;
    updateReviewVisibility();
}

void StepStrip::updateReviewVisibility()
{
    // The arrow before a step is m_arrows[step - 1].
    const bool visible = m_reviewShown || m_active == Review;
    m_labels.at(Review)->setVisible(visible);
    for (int i = 0; i < m_arrows.size(); ++i)
        m_arrows.at(i)->setVisible(!m_compact && (i != Review - 1 || visible));
}

int StepStrip::arrowRoom() const
{
    const bool review = m_reviewShown || m_active == Review;
    int room = 0;
    for (int i = 0; i < m_arrows.size(); ++i) {
        if (i != Review - 1 || review)
            room += m_arrows.at(i)->sizeHint().width() + layout()->spacing();
    }
    return room;
}

QSize StepStrip::sizeHint() const
{
    QSize hint = QWidget::sizeHint();
    if (m_compact)
        hint.rwidth() += arrowRoom();
    return hint;
}

QSize StepStrip::minimumSizeHint() const
{
    QSize hint = QWidget::minimumSizeHint();
    if (!m_compact)
        hint.rwidth() -= arrowRoom();
    return hint;
}

void StepStrip::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const bool compact = width() < sizeHint().width();
    if (compact != m_compact) {
        m_compact = compact;
        updateReviewVisibility();
    }
}

void StepStrip::setIteration(int iteration, int of)
{
    QString text = tr("No iteration");
    if (iteration > 0 && of > 0)
        text = tr("Iteration %1 of %2").arg(QLocale().toString(iteration), QLocale().toString(of));
    else if (iteration > 0)
        text = tr("Iteration %1").arg(QLocale().toString(iteration));
    m_iteration->setText(text);
    m_iteration->setAccessibleName(text);
    // A digit more ("Iteration 10 of 25") re-lays out the window once, not at every iteration.
    pinSize(m_iteration, m_iteration->fontMetrics().averageCharWidth() * 2);
}

void StepStrip::fixLabelSizes()
{
    QFont regular = font();
    regular.setBold(false);
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics regularMetrics(regular);
    const QFontMetrics boldMetrics(bold);
    for (int i = 0; i < m_labels.size(); ++i) {
        QLabel *label = m_labels.at(i);
        const QMargins margins(6, 3, 6, 3); // as a pending or active step has them
        // Its three looks: pending (regular), active (bold), done (regular, with a check mark).
        // The text is centred: a done step's check mark may take most of the side padding,
        // so the strip is no wider than with every step in bold.
        const QSize active = boldMetrics.size(Qt::TextSingleLine, stepName(i)) +
                             QSize(margins.left() + margins.right(), margins.top() + margins.bottom());
        const QSize done = regularMetrics.size(Qt::TextSingleLine, u"✓ "_s + stepName(i)) +
                           QSize(2, margins.top() + margins.bottom());
        label->setFixedSize(active.expandedTo(done));
    }
}

void StepStrip::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange ||
        event->type() == QEvent::FontChange)
        restyle();
}

void StepStrip::restyle(Restyle what)
{
    if (m_restyling)
        return;
    m_restyling = true;
    const QPalette base = palette();
    QPalette muted = base;
    muted.setColor(QPalette::WindowText, base.color(QPalette::PlaceholderText));
    if (what == Restyle::All) {
        fixLabelSizes();
        for (QLabel *arrow : std::as_const(m_arrows))
            arrow->setPalette(muted);
        m_shownStates.fill(-1, m_labels.size());
    }
    enum State { Pending, Active, Done };
    for (int i = 0; i < m_labels.size(); ++i) {
        const State state = i == m_active                  ? Active
                            : m_active >= 0 && i < m_active ? Done
                                                            : Pending;
        // Only the steps whose state changed: each restyled label repaints.
        if (m_shownStates.at(i) == state)
            continue;
        m_shownStates[i] = state;
        QLabel *label = m_labels.at(i);
        QPalette p = base;
        if (state == Active) {
            p.setColor(QPalette::Window, base.color(QPalette::Highlight));
            p.setColor(QPalette::WindowText, base.color(QPalette::HighlightedText));
        } else if (state == Pending) {
            p = muted;
        }
        label->setAutoFillBackground(state == Active);
        // The label's size is fixed (fixLabelSizes()); the check mark takes the side padding.
        label->setContentsMargins(state == Done ? QMargins(1, 3, 1, 3) : QMargins(6, 3, 6, 3));
        label->setPalette(p);
        QFont f = font();
        f.setBold(state == Active);
        label->setFont(f);
        label->setText(state == Done ? u"✓ "_s + stepName(i) : stepName(i));
        label->setAccessibleName(stepName(i));
        label->setAccessibleDescription(state == Active ? tr("in progress")
                                        : state == Done ? tr("done")
                                                        : tr("pending"));
    }
    m_restyling = false;
}
