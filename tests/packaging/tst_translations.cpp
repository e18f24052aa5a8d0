// The app in German: with LANG=de_DE.UTF-8 (ctest sets it for this test), the translator
// main() installs (Translations::install on QLocale::system()) makes the real main window's
// menus German; Qt's own strings follow when the system has qtbase_de.qm; English and
// languages without a catalogue keep the English source strings.
#include "domain/starterlibrary.h"
#include "models/session/tenantdonetext.h"
#include "studiodriver.h"
#include "translations/translations.h"
#include "ui/newrun/starterlibrarytext.h"

#include "testmain.h"

#include <QAction>
#include <QLibraryInfo>
#include <QMenuBar>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {
QStringList menuTitles(const MainWindow *window)
{
    QStringList titles;
    const auto actions = window->menuBar()->actions();
    for (const QAction *menu : actions)
        titles << menu->text();
    return titles;
}
} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { Translations::uninstall(); }

    void germanIsEmbedded() { QVERIFY(Translations::availableLanguages().contains(u"de"_s)); }

    void germanSessionGetsGermanMenus()
    {
        QVERIFY2(QLocale::system().language() == QLocale::German,
                 qPrintable(u"the system locale is %1; run this test through ctest, which sets "
                            "LANG=de_DE.UTF-8"_s.arg(QLocale::system().name())));
        QCOMPARE(Translations::install(QLocale::system()), u"de"_s); // what main() does

        StudioDriver studio; // the real main window, built after the translator is in place
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        QCOMPARE(menuTitles(studio.window()),
                 (QStringList{u"&Datei"_s, u"Aus&führen"_s, u"&Ansicht"_s, u"&Hilfe"_s}));
        QCOMPARE(studio.find<QAction>(u"newRunAction"_s)->text(), u"&Neuer Lauf"_s);
        QCOMPARE(studio.find<QAction>(u"settingsAction"_s)->text(), u"&Einstellungen…"_s);
        QCOMPARE(studio.find<QAction>(u"quitAction"_s)->text(), u"&Beenden"_s);
        QCOMPARE(studio.find<QAction>(u"pauseAction"_s)->text(), u"&Pausieren"_s);
        // Shortcuts stay portable: QKeySequence parses "Ctrl", never "Strg".
        QCOMPARE(studio.find<QAction>(u"runAction"_s)->shortcut(),
                 QKeySequence(Qt::CTRL | Qt::Key_R));
        QCOMPARE(studio.tabs()->tabText(0).remove(u'&'), u"Neuer Lauf"_s);
    }

    void qtOwnStringsFollow()
    {
        const QString qm = QLibraryInfo::path(QLibraryInfo::TranslationsPath) + u"/qtbase_de.qm"_s;
        if (!QFile::exists(qm)) {
            // studio.sh installs it on Debian, so there a missing catalogue is a missing step.
            if (QFile::exists(u"/etc/debian_version"_s))
                QFAIL("qtbase_de.qm is not installed: apt-get install qt6-translations-l10n");
            QSKIP("qtbase_de.qm is not installed (Debian: qt6-translations-l10n)");
        }
        QCOMPARE(Translations::install(QLocale(QLocale::German, QLocale::Germany)), u"de"_s);
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), u"Abbrechen"_s);
    }

    void regionalGermanFallsBackToGerman()
    {
        QCOMPARE(Translations::install(QLocale(QLocale::German, QLocale::Switzerland)), u"de"_s);
        QCOMPARE(Translations::install(QLocale(QLocale::German, QLocale::Austria)), u"de"_s);
    }

    void englishKeepsTheSourceStrings_data()
    {
        QTest::addColumn<QLocale>("locale");
        QTest::newRow("en_US") << QLocale(QLocale::English, QLocale::UnitedStates);
        QTest::newRow("C") << QLocale::c();
        QTest::newRow("ja_JP (no catalogue)") << QLocale(QLocale::Japanese, QLocale::Japan);
    }

    void englishKeepsTheSourceStrings()
    {
        QFETCH(QLocale, locale);
        QCOMPARE(Translations::install(QLocale(QLocale::German)), u"de"_s);
        QCOMPARE(Translations::install(locale), QString()); // replaces the German one
        StudioDriver studio;
        QVERIFY2(studio.start(false), qPrintable(studio.why()));
        QCOMPARE(menuTitles(studio.window()),
                 (QStringList{u"&File"_s, u"&Run"_s, u"&View"_s, u"&Help"_s}));
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), u"Cancel"_s);
        // English plural forms come from daystrom_en.qm: "1 run file", not "1 run file(s)".
        QCOMPARE(QCoreApplication::translate("RunsPanel", "%n run file(s) could not be read.", nullptr, 1),
                 u"1 run file could not be read."_s);
        QCOMPARE(QCoreApplication::translate("RunsPanel", "%n run file(s) could not be read.", nullptr, 3),
                 u"3 run files could not be read."_s);
    }

    // Issue 58, item 12: what the engine says it did to a tenant reaches a German person in
    // German. The lines are read from the engine's own sources (every `done.append(u"…")`), not
    // listed by hand, so a new wording there without a German one here fails.
    void tenantDoneLinesAreGerman()
    {
        QCOMPARE(Translations::install(QLocale(QLocale::German)), u"de"_s);
        QStringList lines;
        for (const char *file : {"engine/tenant/topicapplier.cpp", "engine/tenant/tenantcleaner.cpp"}) {
            QFile f(QStringLiteral(DAYSTROM_SOURCE_DIR) + u'/' + QLatin1StringView(file));
            QVERIFY2(f.open(QIODevice::ReadOnly), file);
            const QString source = QString::fromUtf8(f.readAll());
            static const QRegularExpression done(QStringLiteral("done\\.append\\(u\"((?:[^\"\\\\]|\\\\.)*)\"_s(?:\\.arg\\([^)]*\\)| \\+ \\w+)?\\)"));
            for (auto it = done.globalMatch(source); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                QString line = m.captured(1).replace(u"\\\""_s, u"\""_s).replace(u"%1"_s, u"Xyz"_s);
                if (m.captured(0).contains(u" + "_s))
                    line += u"Xyz"_s;
                lines.append(line);
            }
        }
        QVERIFY2(lines.size() >= 9, qPrintable(lines.join(u" | "_s)));
        for (const QString &line : std::as_const(lines)) {
            const QString german = TenantDoneText::translated(line);
            QVERIFY2(german != line && german.contains(u"Xyz"_s), qPrintable(line + u" → "_s + german));
        }
        QCOMPARE(TenantDoneText::translated(u"something new"_s), u"something new"_s); // passed through
    }

    // The starter library's labels and notes are German; its topic text stays as it is sent.
    void starterLibraryWordsAreGerman()
    {
        QCOMPARE(Translations::install(QLocale(QLocale::German)), u"de"_s);
        const QList<StarterTopic> all = StarterLibrary::all();
        QVERIFY(all.size() >= 20);
        for (const StarterTopic &entry : all) {
            QVERIFY2(StarterLibraryText::covers(entry), qPrintable(entry.key));
            QVERIFY2(StarterLibraryText::note(entry) != entry.note, qPrintable(entry.key));
        }
        Translations::uninstall();
        for (const StarterTopic &entry : all)
            QCOMPARE(StarterLibraryText::note(entry), entry.note);
    }

    void availableLanguagesLeaveOutEnglish()
    {
        QVERIFY(!Translations::availableLanguages().contains(u"en"_s));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
