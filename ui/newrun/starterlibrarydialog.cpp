#include "starterlibrarydialog.h"
#include "starterlibrarytext.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

StarterLibraryDialog::StarterLibraryDialog(QWidget *parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
    , m_details(new QTextBrowser(this))
{
    setObjectName(u"starterLibraryDialog"_s);
    setWindowTitle(tr("Start from the library"));
    QString error;
    m_entries = StarterLibrary::all(&error);
    m_list->setObjectName(u"starterTopics"_s);
    m_list->setAccessibleName(tr("Starter topics"));
    for (const StarterTopic &t : std::as_const(m_entries)) {
        auto *item = new QListWidgetItem(StarterLibraryText::name(t), m_list);
        item->setToolTip(StarterLibraryText::note(t));
    }
    m_details->setObjectName(u"starterTopicDetails"_s);
    m_details->setAccessibleName(tr("The chosen starter topic"));
    m_details->setOpenLinks(false);
    auto *intro = new QLabel(tr("Topics enterprises commonly need, each within the AIRS limits. The one you use fills the "
                                "request, the intent and the seed examples; edit them before you run."),
                             this);
    intro->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *use = buttons->addButton(tr("&Use this topic"), QDialogButtonBox::AcceptRole);
    use->setObjectName(u"useStarterTopicButton"_s);
    use->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::currentRowChanged, this, &StarterLibraryDialog::showEntry);
    connect(m_list, &QListWidget::itemActivated, this, &QDialog::accept);

    auto *sides = new QHBoxLayout;
    sides->addWidget(m_list, 2);
    sides->addWidget(m_details, 3);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(sides, 1);
    layout->addWidget(buttons);
    if (!error.isEmpty()) {
        m_details->setPlainText(error);
        use->setEnabled(false);
    } else {
        m_list->setCurrentRow(0);
    }
    resize(760, 440);
}

void StarterLibraryDialog::showEntry(int row)
{
    if (row < 0 || row >= m_entries.size())
        return m_details->clear();
    const StarterTopic &t = m_entries.at(row);
    // The topic's own text is sent as written (English); the words around it are translated.
    const QString label = StarterLibraryText::name(t);
    const QString heading = label == t.topic.name ? label : label + u" — "_s + t.topic.name;
    QString html = u"<h3>%1</h3><p><b>%2</b></p><p>%3</p><ul>"_s.arg(
        heading.toHtmlEscaped(),
        (t.intent == Intent::Block ? tr("Block: catch prompts that match") : tr("Allow: only prompts that match may pass")).toHtmlEscaped(),
        t.topic.description.toHtmlEscaped());
    for (const QString &e : t.topic.examples)
        html += u"<li>%1</li>"_s.arg(e.toHtmlEscaped());
    html += u"</ul><p><i>%1</i></p>"_s.arg(StarterLibraryText::note(t).toHtmlEscaped());
    m_details->setHtml(html);
}

std::optional<StarterTopic> StarterLibraryDialog::chosen() const
{
    const int row = m_list->currentRow();
    if (row < 0 || row >= m_entries.size())
        return std::nullopt;
    return m_entries.at(row);
}
