// translations/daystrom_de.ts is complete and safe to ship: every message is translated (none
// unfinished or vanished), plural messages have both German forms, the placeholders and
// keyboard mnemonics of the source survive, and shortcut strings stay in portable form.
// translations/daystrom_en.ts gives every plural message its English singular and plural.
#include "testmain.h"

#include <QFile>
#include <QRegularExpression>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

namespace {
struct Message
{
    QString context;
    QString source;
    QString type; // the <translation type="…"> attribute: empty when finished
    bool numerus = false;
    QStringList translations; // one, or the numerus forms
};
} // namespace

Q_DECLARE_METATYPE(Message)

namespace {

struct TsFile
{
    QString error;
    QString language;
    QString sourceLanguage;
    QList<Message> messages;
};

TsFile readTs(const QString &path)
{
    TsFile ts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ts.error = path + u": "_s + file.errorString();
        return ts;
    }
    QXmlStreamReader xml(&file);
    QString context;
    Message message;
    while (!xml.atEnd()) {
        const auto token = xml.readNext();
        if (token == QXmlStreamReader::EndElement && xml.name() == "message"_L1) {
            ts.messages << message;
            continue;
        }
        if (token != QXmlStreamReader::StartElement)
            continue;
        const auto name = xml.name();
        if (name == "TS"_L1) {
            ts.language = xml.attributes().value("language"_L1).toString();
            ts.sourceLanguage = xml.attributes().value("sourcelanguage"_L1).toString();
        } else if (name == "name"_L1) {
            context = xml.readElementText();
        } else if (name == "message"_L1) {
            message =
                Message{context, {}, {}, xml.attributes().value("numerus"_L1) == "yes"_L1, {}};
        } else if (name == "source"_L1) {
            message.source = xml.readElementText();
        } else if (name == "translation"_L1) {
            message.type = xml.attributes().value("type"_L1).toString();
            if (!message.numerus)
                message.translations << xml.readElementText();
        } else if (name == "numerusform"_L1) {
            message.translations << xml.readElementText();
        }
    }
    if (xml.hasError())
        ts.error = u"%1:%2: %3"_s.arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return ts;
}

const TsFile &german()
{
    static const TsFile ts = readTs(QStringLiteral(DAYSTROM_TS_FILE));
    return ts;
}

const TsFile &english()
{
    static const TsFile ts = readTs(QStringLiteral(DAYSTROM_EN_TS_FILE));
    return ts;
}

// %1 … %99 and %n, sorted, with repeats: what QString::arg() and tr(…, n) fill in.
QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(u"%(n|L?\\d{1,2})"_s);
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured(0);
    found.sort();
    found.removeDuplicates(); // a translation may use a placeholder once where English repeats it
    return found;
}

// True when the text carries a keyboard mnemonic: "&x", not "&&" or an HTML entity.
bool hasMnemonic(const QString &text)
{
    static const QRegularExpression re(u"&(?![&\\s])(?![a-zA-Z]+;|#\\d+;)"_s);
    return re.match(text).hasMatch();
}

bool isShortcut(const QString &text)
{
    static const QRegularExpression re(u"^(Ctrl|Shift|Alt|Meta)\\+"_s);
    return re.match(text).hasMatch();
}
} // namespace

class TestTranslationFile : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY2(german().error.isEmpty(), qPrintable(german().error));
        QVERIFY(german().language.startsWith(u"de"_s));
        QCOMPARE(german().sourceLanguage, u"en"_s);
        QVERIFY2(german().messages.size() > 300,
                 qPrintable(QString::number(german().messages.size())));
    }

    void message_data()
    {
        QTest::addColumn<Message>("message");
        for (const Message &m : german().messages)
            QTest::newRow(qPrintable(m.context + u": "_s + m.source.left(60))) << m;
    }

    void message()
    {
        QFETCH(Message, message);
        // Complete: nothing unfinished, nothing left over from strings the code no longer has.
        QVERIFY2(message.type.isEmpty(),
                 qPrintable(
                     u"type=\"%1\" (run update_translations, then translate)"_s.arg(message.type)));
        QCOMPARE(message.translations.size(), message.numerus ? 2 : 1); // German: singular, plural
        for (const QString &translation : message.translations) {
            QVERIFY2(!translation.trimmed().isEmpty(), "empty translation");
            if (isShortcut(message.source)) {
                QCOMPARE(translation, message.source); // QKeySequence parses portable text only
                continue;
            }
            QCOMPARE(placeholders(translation), placeholders(message.source));
            QCOMPARE(hasMnemonic(translation), hasMnemonic(message.source));
        }
    }

    // Without these, English shows "1 run(s)".
    void englishPluralForms()
    {
        QVERIFY2(english().error.isEmpty(), qPrintable(english().error));
        QSet<QString> pluralSources;
        for (const Message &m : german().messages) {
            if (m.numerus)
                pluralSources.insert(m.context + u'|' + m.source);
        }
        QVERIFY(pluralSources.size() >= 10);
        QSet<QString> covered;
        for (const Message &m : english().messages) {
            QVERIFY2(m.numerus, qPrintable(m.source)); // plural forms only (lupdate -pluralonly)
            QVERIFY2(m.type.isEmpty(), qPrintable(u"unfinished: "_s + m.source));
            QCOMPARE(m.translations.size(), 2); // English: singular, plural
            const QString one = m.translations.at(0), many = m.translations.at(1);
            QVERIFY2(!one.contains(u"(s)"_s) && !many.contains(u"(s)"_s), qPrintable(one));
            QVERIFY2(one != many, qPrintable(one));
            QCOMPARE(placeholders(one), placeholders(m.source));
            QCOMPARE(placeholders(many), placeholders(m.source));
            covered.insert(m.context + u'|' + m.source);
        }
        QCOMPARE(covered, pluralSources); // every plural message, and no stale one
    }
};

QTEST_GUILESS_MAIN(TestTranslationFile)
#include "tst_translationfile.moc"
