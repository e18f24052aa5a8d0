// The translation files are what lupdate makes of the sources as they are: a string that lupdate
// cannot place (tr() through an alias, a moved file outside DAYSTROM_TRANSLATED_TARGETS) would
// drop out of daystrom_de.ts at the next update and show in English. lupdate runs over the
// build's own project (translations/CMakeLists.txt) into a copy of each file; the copy must come
// out byte for byte as committed.
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

using namespace Qt::StringLiterals;

class TestTranslationsUpToDate : public QObject
{
    Q_OBJECT

    static QByteArray read(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    // The first <source> whose message differs, for the failure message.
    static QString firstDifference(const QByteArray &a, const QByteArray &b)
    {
        const QList<QByteArray> x = a.split('\n'), y = b.split('\n');
        for (qsizetype i = 0; i < std::min(x.size(), y.size()); ++i) {
            if (x.at(i) != y.at(i))
                return u"line %1: committed \"%2\", lupdate \"%3\""_s.arg(i + 1).arg(QString::fromUtf8(x.at(i).trimmed()),
                                                                             QString::fromUtf8(y.at(i).trimmed()));
        }
        return u"the files differ in length (%1 and %2 lines)"_s.arg(x.size()).arg(y.size());
    }

private slots:
    void lupdateChangesNothing_data()
    {
        QTest::addColumn<QString>("project");
        QTest::addColumn<QString>("tsFile");
        QTest::addColumn<QStringList>("options");
        QTest::newRow("German") << u"daystrom_i18n_project"_s << u"daystrom_de.ts"_s
                                << QStringList{u"-no-obsolete"_s, u"-locations"_s, u"none"_s};
        QTest::newRow("English plurals") << u"daystrom_i18n_en_project"_s << u"daystrom_en.ts"_s
                                         << QStringList{u"-pluralonly"_s, u"-no-obsolete"_s, u"-locations"_s, u"none"_s};
    }
    void lupdateChangesNothing()
    {
        QFETCH(QString, project);
        QFETCH(QString, tsFile);
        QFETCH(QStringList, options);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString committed = QStringLiteral(DAYSTROM_TRANSLATIONS_DIR) + u'/' + tsFile;
        const QString copy = dir.filePath(tsFile);
        QVERIFY(QFile::copy(committed, copy));
        QFile(copy).setPermissions(QFile::ReadOwner | QFile::WriteOwner);

        // The project lupdate reads: the sources of every translated library, as the build has them.
        const QString json = dir.filePath(u"project.json"_s);
        QProcess cmake;
        cmake.start(QStringLiteral(DAYSTROM_CMAKE),
                    {u"-DIN_FILE="_s + QStringLiteral(DAYSTROM_LUPDATE_DIR) + u'/' + project + u".cmake"_s,
                     u"-DOUT_FILE="_s + json, u"-P"_s, QStringLiteral(DAYSTROM_LUPDATE_PROJECT_SCRIPT)});
        QVERIFY(cmake.waitForFinished(60000));
        QVERIFY2(cmake.exitCode() == 0, cmake.readAllStandardError().constData());

        QProcess lupdate;
        lupdate.start(QStringLiteral(DAYSTROM_LUPDATE), QStringList{u"-project"_s, json} + options + QStringList{u"-ts"_s, copy});
        QVERIFY(lupdate.waitForFinished(120000));
        const QByteArray said = lupdate.readAllStandardOutput() + lupdate.readAllStandardError();
        QVERIFY2(lupdate.exitCode() == 0, said.constData());
        QVERIFY2(said.contains("Found "), said.constData()); // it read the sources

        const QByteArray before = read(committed), after = read(copy);
        QVERIFY(!before.isEmpty());
        QVERIFY2(after == before, qPrintable(u"lupdate would change "_s + tsFile + u" — run `cmake --build build "
                                              "--target update_translations` and translate what it marks unfinished; "_s
                                              + firstDifference(before, after) + u"\n"_s + QString::fromUtf8(said)));
    }
};

QTEST_GUILESS_MAIN(TestTranslationsUpToDate)
#include "tst_translationsuptodate.moc"
