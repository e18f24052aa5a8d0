// The writers of files other tools read: JUnit XML (CI servers), Terraform (HCL quoted
// templates), and a label. Each is written from fuzzed text and read back by an independent
// reader: JUnit by Qt's XML parser (well-formed, every test case with its name), HCL by a
// small reader of HCL's quoted-template rules written here (escapes, "$${" and "%%{", and no
// interpolation left), labels by their grammar.
#include "../fuzztarget.h"

#include "domain/efficacymetrics.h"
#include "reports/junitxml.h"
#include "reports/terraformexport.h"

#include <QXmlStreamReader>

#include <optional>

using namespace Qt::StringLiterals;

namespace {
// HCL's reading of a quoted template literal (hclsyntax spec: "Template Literals"), or nullopt
// for text a parser would refuse or evaluate (an unknown escape, a bare "${" or "%{").
std::optional<QString> readHclQuoted(const QString &q)
{
    if (q.size() < 2 || !q.startsWith(u'"') || !q.endsWith(u'"'))
        return std::nullopt;
    const QString body = q.mid(1, q.size() - 2);
    QString out;
    for (qsizetype i = 0; i < body.size(); ++i) {
        const QChar c = body.at(i);
        if (c == u'"' || c == u'\n')
            return std::nullopt; // would end the string, or an unterminated line
        if (c == u'\\') {
            if (++i >= body.size())
                return std::nullopt;
            switch (body.at(i).unicode()) {
            case u'\\': out += u'\\'; break;
            case u'"': out += u'"'; break;
            case u'n': out += u'\n'; break;
            case u'r': out += u'\r'; break;
            case u't': out += u'\t'; break;
            case u'u': {
                bool ok = false;
                const uint code = body.mid(i + 1, 4).toUInt(&ok, 16);
                if (!ok || body.mid(i + 1, 4).size() != 4)
                    return std::nullopt;
                out += QChar(char16_t(code));
                i += 4;
                break;
            }
            default: return std::nullopt;
            }
            continue;
        }
        if ((c == u'$' || c == u'%') && i + 1 < body.size()) {
            if (body.at(i + 1) == c && i + 2 < body.size() && body.at(i + 2) == u'{') {
                out += c;
                out += u'{';
                i += 2;
                continue;
            }
            if (body.at(i + 1) == u'{')
                return std::nullopt; // an interpolation or a directive
        }
        out += c;
    }
    return out;
}
} // namespace

DAYSTROM_FUZZ_TARGET(writers)
{
    const QStringList texts = Fuzz::split(data.left(8000), 6);

    // Terraform: each text as a quoted template reads back as itself.
    for (const QString &text : texts) {
        const QString q = TerraformExport::quoted(text);
        const std::optional<QString> back = readHclQuoted(q);
        FUZZ_REQUIRE(back.has_value(), u"not a plain HCL string: "_s + q.left(300));
        FUZZ_REQUIRE(*back == text, u"HCL reads back otherwise: "_s + q.left(300));
        const QString label = TerraformExport::label(text);
        FUZZ_REQUIRE(!label.isEmpty(), u"an empty label for: "_s + text);
        FUZZ_REQUIRE(label.at(0).isLetter() || label.at(0) == u'_', u"a label must start with a letter: "_s + label);
        for (const QChar c : label)
            FUZZ_REQUIRE(c.unicode() < 0x80 && (c.isLetterOrNumber() || c == u'_' || c == u'-'), label);
    }

    // JUnit: one test case per prompt, the XML well-formed, names and properties read back.
    JUnitXml::Suite suite;
    suite.name = texts.first();
    suite.className = texts.value(1);
    for (qsizetype i = 0; i < texts.size(); ++i) {
        TestResult r;
        r.testCase.prompt = texts.at(i);
        r.testCase.expectedTriggered = i % 2;
        r.actualTriggered = i % 3 == 0;
        r.correct = r.actualTriggered == r.testCase.expectedTriggered;
        r.scanned = i != 4;
        suite.results.append(r);
    }
    suite.properties.append({texts.value(2), texts.value(3)});
    const QByteArray xml = JUnitXml::write(suite);
    QXmlStreamReader reader(xml);
    QStringList caseNames;
    while (!reader.atEnd()) {
        if (reader.readNext() == QXmlStreamReader::StartElement && reader.name() == u"testcase"_s)
            caseNames.append(reader.attributes().value(u"name"_s).toString());
    }
    FUZZ_REQUIRE(!reader.hasError(), u"JUnit XML that does not parse: "_s + reader.errorString());
    FUZZ_REQUIRE(caseNames.size() == suite.results.size(),
                 u"%1 test cases written, %2 read"_s.arg(suite.results.size()).arg(caseNames.size()));
    for (qsizetype i = 0; i < caseNames.size(); ++i)
        FUZZ_REQUIRE(caseNames.at(i) == JUnitXml::caseName(suite.results.at(i)),
                     u"a test case's name changed: "_s + caseNames.at(i));
}
