#pragma once

#include <QLocale>
#include <QString>

// Chooses and installs the user-interface translation. Daystrom's own catalogue is embedded
// (":/i18n/daystrom_<lang>.qm", built from translations/*.ts); Qt's own strings (standard
// buttons, context menus) come from qtbase_<lang>.qm in QLibraryInfo::TranslationsPath when the
// system has it. English is the source language; its small catalogue (daystrom_en.qm) only
// gives "%n …(s)" messages their singular and plural, and is installed whenever no other
// language is chosen.
//
// main() calls install() before building any widget; the GUI tests call the same function so
// they see exactly what a person sees.
namespace Translations {

// Installs the translators for the first of `locale.uiLanguages()` that has a Daystrom
// catalogue, replacing any installed earlier by this function. Needs a QCoreApplication.
// Returns the catalogue's language ("de"), or an empty string when the UI stays in English
// (then with the English plural forms).
QString install(const QLocale &locale = QLocale::system());

// Removes the translators install() installed; the UI falls back to the bare source strings.
void uninstall();

// Whether install() has installed a catalogue (German, or the English plural forms).
bool isInstalled();

// The languages with an embedded catalogue, e.g. {"de"}; English is implied.
QStringList availableLanguages();

} // namespace Translations
