#include "junitxml.h"

#include "domain/format.h"

#include <QXmlStreamWriter>

using namespace Qt::StringLiterals;

namespace {
QString verdict(bool triggered)
{
    return triggered ? u"triggered"_s : u"not triggered"_s;
}

// XML 1.0 cannot carry most control characters at all: they are written as U+FFFD.
QString xmlSafe(QString text)
{
    for (QChar &c : text) {
        const char16_t u = c.unicode();
        if ((u < 0x20 && u != u'\t' && u != u'\n' && u != u'\r') || u == 0xFFFE || u == 0xFFFF)
            c = QChar(0xFFFD);
    }
    return text;
}
} // namespace

QString JUnitXml::caseName(const TestResult &result)
{
    QString name = result.testCase.prompt.simplified();
    if (name.size() > 200)
        name = name.left(199) + u'…';
    return xmlSafe(name);
}

QByteArray JUnitXml::write(const Suite &suite)
{
    int failures = 0, skipped = 0;
    for (qsizetype i = 0; i < suite.results.size(); ++i) {
        const TestResult &r = suite.results.at(i);
        if (suite.leftOut.contains(int(i)) || !r.counts())
            ++skipped;
        else if (!r.correct)
            ++failures;
    }
    QByteArray out;
    QXmlStreamWriter x(&out);
    x.setAutoFormatting(true);
    x.writeStartDocument();
    // The totals, on the root and on its one suite alike; `skipped` on the suite only (the
    // Jenkins xunit schema, junit-4.xsd, has no such attribute on <testsuites>; issue 57).
    const auto counts = [&](const QString &element) {
        x.writeStartElement(element);
        x.writeAttribute(u"name"_s, xmlSafe(suite.name));
        x.writeAttribute(u"tests"_s, QString::number(suite.results.size()));
        x.writeAttribute(u"failures"_s, QString::number(failures));
        x.writeAttribute(u"errors"_s, u"0"_s);
        if (element == "testsuite"_L1)
            x.writeAttribute(u"skipped"_s, QString::number(skipped));
        x.writeAttribute(u"time"_s, QString::number(suite.seconds, 'f', 3));
    };
    counts(u"testsuites"_s);
    counts(u"testsuite"_s);
    x.writeStartElement(u"properties"_s);
    const EfficacyMetrics &m = suite.metrics;
    QList<QPair<QString, QString>> properties{
        {u"coverage"_s, QString::number(m.coverage, 'f', 4)},
        {u"tpr"_s, QString::number(m.truePositiveRate, 'f', 4)},
        {u"tnr"_s, QString::number(m.trueNegativeRate, 'f', 4)},
        {u"accuracy"_s, QString::number(m.accuracy, 'f', 4)},
        {u"f1"_s, QString::number(m.f1Score, 'f', 4)},
        {u"truePositives"_s, QString::number(m.truePositives)},
        {u"trueNegatives"_s, QString::number(m.trueNegatives)},
        {u"falsePositives"_s, QString::number(m.falsePositives)},
        {u"falseNegatives"_s, QString::number(m.falseNegatives)},
        {u"notScanned"_s, QString::number(m.notScanned)}};
    if (!suite.leftOut.isEmpty())
        properties.append({u"leftOut"_s, QString::number(suite.leftOut.size())});
    properties += suite.properties;
    for (const auto &[name, value] : std::as_const(properties)) {
        x.writeStartElement(u"property"_s);
        x.writeAttribute(u"name"_s, xmlSafe(name));
        x.writeAttribute(u"value"_s, xmlSafe(value));
        x.writeEndElement();
    }
    x.writeEndElement(); // properties
    for (qsizetype i = 0; i < suite.results.size(); ++i) {
        const TestResult &r = suite.results.at(i);
        x.writeStartElement(u"testcase"_s);
        x.writeAttribute(u"name"_s, caseName(r));
        x.writeAttribute(u"classname"_s, xmlSafe(suite.className + u'.' + (r.testCase.category.isEmpty() ? u"uncategorized"_s
                                                                                                         : r.testCase.category)));
        x.writeAttribute(u"time"_s, u"0"_s);
        const QString rate = i < suite.passRates.size()
            ? u" (the expected verdict in %1 of the repeated scans)"_s.arg(Format::percent(suite.passRates.at(i)))
            : QString();
        // Why a case is skipped is the element's text: in junit-4.xsd <skipped> is a string
        // with no attributes.
        if (suite.leftOut.contains(int(i))) {
            x.writeTextElement(u"skipped"_s, xmlSafe(u"left out of the figures: "_s + suite.leftOutReason));
        } else if (!r.counts()) {
            x.writeTextElement(u"skipped"_s, xmlSafe(u"not scanned: "_s + r.notScannedReason));
        } else if (!r.correct) {
            const QString kind = r.testCase.expectedTriggered ? u"false negative"_s : u"false positive"_s;
            x.writeStartElement(u"failure"_s);
            x.writeAttribute(u"message"_s, u"%1: expected %2, actual %3%4"_s.arg(kind, verdict(r.testCase.expectedTriggered),
                                                                                   verdict(r.actualTriggered), rate));
            x.writeAttribute(u"type"_s, kind);
            x.writeCharacters(xmlSafe(u"prompt: %1\nexpected: %2\nactual: %3\ncategory: %4\nscan id: %5%6"_s.arg(
                r.testCase.prompt, verdict(r.testCase.expectedTriggered), verdict(r.actualTriggered), r.testCase.category,
                r.scanId, rate)));
            x.writeEndElement();
        } else if (!rate.isEmpty()) {
            x.writeTextElement(u"system-out"_s, u"passed%1"_s.arg(rate));
        }
        x.writeEndElement(); // testcase
    }
    x.writeEndElement(); // testsuite
    x.writeEndElement(); // testsuites
    x.writeEndDocument();
    return out;
}
