#include "translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QPointer>
#include <QTranslator>

#include <memory>

using namespace Qt::StringLiterals;

namespace {
constexpr auto ResourceDir = ":/i18n"_L1;
constexpr auto Prefix = "daystrom_"_L1;
constexpr auto English = "en"_L1; // daystrom_en.qm: plural forms only

QPointer<QTranslator> s_app;
QPointer<QTranslator> s_qt;

void remove(QPointer<QTranslator> &translator)
{
    if (!translator)
        return;
    QCoreApplication::removeTranslator(translator);
    delete translator;
}
} // namespace

namespace Translations {

QString install(const QLocale &locale)
{
    uninstall();
    auto *app = QCoreApplication::instance();
    if (!app)
        return {};

    // QTranslator::load(locale, …) walks locale.uiLanguages() ("de-DE", "de", …) and picks the
    // first ":/i18n/daystrom_<name>.qm" that exists.
    auto translator = std::make_unique<QTranslator>(app);
    const bool found = translator->load(locale, u"daystrom"_s, u"_"_s, ResourceDir);
    const QString language =
        found ? QFileInfo(translator->filePath()).completeBaseName().mid(Prefix.size()) : QString();
    if (language.isEmpty() || language == English) {
        // Numbers as the UI reads them: English digits in an English UI.
        QLocale::setDefault(QLocale(QLocale::English, locale.territory()));
        // English, or a language without a catalogue: the source strings, with the English
        // singular and plural of "%n …(s)" messages.
        if (language.isEmpty() && !translator->load(Prefix + English, ResourceDir))
            return {};
        QCoreApplication::installTranslator(translator.get());
        s_app = translator.release();
        return {};
    }
    QCoreApplication::installTranslator(translator.get());
    s_app = translator.release();
    // Numbers, dates and percentages in the UI's language ("87,5 %" beside German text).
    QLocale::setDefault(QLocale(language));

    // Qt's own strings in the same language, when the system ships them (qt6-translations-l10n).
    auto qt = std::make_unique<QTranslator>(app);
    if (qt->load(QLocale(language), u"qtbase"_s, u"_"_s,
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        s_qt = qt.release();
    }
    return language;
}

void uninstall()
{
    remove(s_qt);
    remove(s_app);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

bool isInstalled()
{
    return !s_app.isNull();
}

QStringList availableLanguages()
{
    QStringList languages;
    const QStringList files =
        QDir(ResourceDir).entryList({Prefix + u"*.qm"_s}, QDir::Files, QDir::Name);
    for (const QString &file : files) {
        const QString language = file.mid(Prefix.size()).chopped(3);
        if (language != English)
            languages << language;
    }
    return languages;
}

} // namespace Translations
