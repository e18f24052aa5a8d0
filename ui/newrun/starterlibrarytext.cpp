#include "starterlibrarytext.h"

#include <QCoreApplication>

namespace {
struct Words
{
    const char *key;
    const char *name; // as the library has them, English
    const char *note;
};

// Every entry of resources/library/starter-topics.json, for lupdate. tst_translations checks
// that each entry of the library is here with its current English words.
constexpr Words kWords[] = {
        {"weapons", QT_TRANSLATE_NOOP("StarterLibrary", "Weapons and explosives"),
         QT_TRANSLATE_NOOP("StarterLibrary", "A common baseline for public assistants; allow lawful ownership and safety questions with a companion topic.")},
        {"self-harm", QT_TRANSLATE_NOOP("StarterLibrary", "Self-harm methods"),
         QT_TRANSLATE_NOOP("StarterLibrary", "Pair it with a response that points to help; support-seeking messages should stay allowed.")},
        {"malware", QT_TRANSLATE_NOOP("StarterLibrary", "Malware development"),
         QT_TRANSLATE_NOOP("StarterLibrary", "For coding assistants; defensive security questions should stay allowed.")},
        {"credential-phishing", QT_TRANSLATE_NOOP("StarterLibrary", "Phishing and credential theft"),
         QT_TRANSLATE_NOOP("StarterLibrary", "Security awareness training content may need an allow rule of its own.")},
        {"financial-fraud", QT_TRANSLATE_NOOP("StarterLibrary", "Financial fraud"),
         QT_TRANSLATE_NOOP("StarterLibrary", "For banking and fintech assistants.")},
        {"drugs", QT_TRANSLATE_NOOP("StarterLibrary", "Illegal drug production and sale"),
         QT_TRANSLATE_NOOP("StarterLibrary", "Harm-reduction and medical questions may need to stay allowed.")},
        {"hate-speech", QT_TRANSLATE_NOOP("StarterLibrary", "Hateful content"),
         QT_TRANSLATE_NOOP("StarterLibrary", "Discussing or reporting on hate speech should stay allowed.")},
        {"violent-extremism", QT_TRANSLATE_NOOP("StarterLibrary", "Violent extremism"),
         QT_TRANSLATE_NOOP("StarterLibrary", "Research and journalism about extremism should stay allowed.")},
        {"competitor-talk", QT_TRANSLATE_NOOP("StarterLibrary", "Competitor comparisons"),
         QT_TRANSLATE_NOOP("StarterLibrary", "Brand policy for customer-facing bots; edit the wording to name your competitors.")},
        {"legal-advice", QT_TRANSLATE_NOOP("StarterLibrary", "Personal legal advice"),
         QT_TRANSLATE_NOOP("StarterLibrary", "Liability guard; general information about the law can stay allowed.")},
        {"medical-diagnosis", QT_TRANSLATE_NOOP("StarterLibrary", "Personal medical diagnosis"),
         QT_TRANSLATE_NOOP("StarterLibrary", "Liability guard; general health information can stay allowed.")},
        {"investment-advice", QT_TRANSLATE_NOOP("StarterLibrary", "Personal investment advice"),
         QT_TRANSLATE_NOOP("StarterLibrary", "For regulated firms; explaining financial concepts can stay allowed.")},
        {"pii-requests", QT_TRANSLATE_NOOP("StarterLibrary", "Personal data lookup"),
         QT_TRANSLATE_NOOP("StarterLibrary", "Complements data-loss prevention on the response side.")},
        {"prompt-leak", QT_TRANSLATE_NOOP("StarterLibrary", "System prompt disclosure"),
         QT_TRANSLATE_NOOP("StarterLibrary", "Works beside prompt-injection detection, not instead of it.")},
        {"adult-content", QT_TRANSLATE_NOOP("StarterLibrary", "Sexual content"),
         QT_TRANSLATE_NOOP("StarterLibrary", "For workplace and general-audience assistants.")},
        {"gambling", QT_TRANSLATE_NOOP("StarterLibrary", "Gambling"),
         QT_TRANSLATE_NOOP("StarterLibrary", "For youth-facing or regulated services.")},
        {"politics", QT_TRANSLATE_NOOP("StarterLibrary", "Political opinions"),
         QT_TRANSLATE_NOOP("StarterLibrary", "Brand neutrality for customer-facing bots; factual civic information can stay allowed.")},
        {"hr-support-only", QT_TRANSLATE_NOOP("StarterLibrary", "HR policy questions"),
         QT_TRANSLATE_NOOP("StarterLibrary", "An allow list for an internal HR assistant: everything else is blocked.")},
        {"it-helpdesk-only", QT_TRANSLATE_NOOP("StarterLibrary", "IT help desk"),
         QT_TRANSLATE_NOOP("StarterLibrary", "An allow list for an internal IT help desk bot.")},
        {"customer-support-only", QT_TRANSLATE_NOOP("StarterLibrary", "Orders and deliveries"),
         QT_TRANSLATE_NOOP("StarterLibrary", "An allow list for a retail support bot; adjust the products and services it names.")},
};

const Words *find(const StarterTopic &entry)
{
    for (const Words &w : kWords) {
        if (entry.key == QLatin1StringView(w.key))
            return &w;
    }
    return nullptr;
}
} // namespace

QString StarterLibraryText::name(const StarterTopic &entry)
{
    const Words *w = find(entry);
    return w && entry.topic.name == QLatin1StringView(w->name) ? QCoreApplication::translate("StarterLibrary", w->name)
                                                                 : entry.topic.name;
}

QString StarterLibraryText::note(const StarterTopic &entry)
{
    const Words *w = find(entry);
    return w && entry.note == QLatin1StringView(w->note) ? QCoreApplication::translate("StarterLibrary", w->note)
                                                         : entry.note;
}

bool StarterLibraryText::covers(const StarterTopic &entry)
{
    const Words *w = find(entry);
    return w && entry.topic.name == QLatin1StringView(w->name) && entry.note == QLatin1StringView(w->note);
}
