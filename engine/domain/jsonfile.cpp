#include "jsonfile.h"

#include "boundedread.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>

using namespace Qt::StringLiterals;

static bool parses(const QByteArray &bytes, QJsonObject *out, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError) {
        if (error)
            *error = u"not valid JSON at offset %1: %2"_s.arg(pe.offset).arg(pe.errorString());
        return false;
    }
    if (!doc.isObject()) {
        if (error)
            *error = u"the top level is not a JSON object"_s;
        return false;
    }
    if (out)
        *out = doc.object();
    return true;
}

JsonFile::ReadResult JsonFile::read(const QString &path)
{
    ReadResult r;
    QFile f(path);
    if (!f.exists())
        return r;
    r.exists = true;
    const BoundedRead::Result bytes = BoundedRead::file(path, BoundedRead::JsonLimit);
    if (!bytes.ok()) {
        r.error = bytes.error;
        return r;
    }
    QString why;
    if (!parses(bytes.bytes, &r.object, &why)) {
        r.error = u"%1 is corrupt (%2)"_s.arg(QDir::toNativeSeparators(path), why);
        r.quarantinedTo = quarantine(path);
        if (!r.quarantinedTo.isEmpty())
            r.error += u"; a copy was kept as "_s + QFileInfo(r.quarantinedTo).fileName();
    }
    return r;
}

QString JsonFile::quarantine(const QString &path)
{
    QFile original(path);
    if (!original.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = original.readAll();
    const QFileInfo info(path);
    const QDir dir = info.dir();
    const QStringList copies =
        dir.entryList({info.fileName() + u".corrupt-*"_s}, QDir::Files, QDir::Name);
    for (const QString &name : copies) {
        QFile c(dir.filePath(name));
        if (c.open(QIODevice::ReadOnly) && c.readAll() == bytes)
            return c.fileName();
    }
    const QString stamp =
        QDateTime::currentDateTimeUtc().toString(u"yyyyMMdd'T'HHmmsszzz'Z'"_s);
    const QString target = dir.filePath(info.fileName() + u".corrupt-"_s + stamp);
    return QFile::copy(path, target) ? target : QString();
}

QByteArray JsonFile::toIndentedJson(const QJsonObject &object)
{
    // QJsonDocument indents with 4 spaces and writes empty containers over two lines; the
    // original tool (JSON.stringify(x, null, 2)) writes 2 spaces, "[]" and "{}", and no final
    // newline. Strings cannot hold a raw newline, so line structure is purely layout.
    const QByteArray four = QJsonDocument(object).toJson(QJsonDocument::Indented);
    QByteArray out;
    out.reserve(four.size());
    const QList<QByteArray> lines = four.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QByteArray &line = lines.at(i);
        if (line.isEmpty())
            continue;
        qsizetype spaces = 0;
        while (spaces < line.size() && line.at(spaces) == ' ')
            ++spaces;
        const QByteArray content = line.mid(spaces);
        const bool closesEmpty = (content.startsWith(']') && out.endsWith('['))
                                 || (content.startsWith('}') && out.endsWith('{'));
        if (!closesEmpty && !out.isEmpty())
            out.append('\n').append(QByteArray(spaces / 2, ' '));
        out.append(content);
    }
    return out;
}

QString JsonFile::write(const QString &path, const QJsonObject &object, Existing existing)
{
    if (existing == Existing::Check && QFile::exists(path)) {
        const BoundedRead::Result existing = BoundedRead::file(path, BoundedRead::JsonLimit);
        if (!existing.ok())
            return u"refusing to overwrite %1: %2"_s.arg(QDir::toNativeSeparators(path), existing.error);
        QString why;
        if (!parses(existing.bytes, nullptr, &why)) {
            quarantine(path);
            return u"refusing to overwrite %1: it is corrupt (%2)"_s.arg(
                QDir::toNativeSeparators(path), why);
        }
    }
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return u"cannot create the directory of "_s + QDir::toNativeSeparators(path);
    const QByteArray bytes = toIndentedJson(object);
    // Never a file this tool cannot read back (issue 41): the one on disk stays as it was.
    if (bytes.size() > BoundedRead::JsonLimit)
        return u"not writing %1: it would be %2, more than the %3 this tool reads back"_s.arg(
            QDir::toNativeSeparators(path), BoundedRead::sizeText(bytes.size()),
            BoundedRead::sizeText(BoundedRead::JsonLimit));
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return u"cannot write %1: %2"_s.arg(QDir::toNativeSeparators(path), f.errorString());
    f.write(bytes);
    if (!f.commit())
        return u"cannot write %1: %2"_s.arg(QDir::toNativeSeparators(path), f.errorString());
    return {};
}
