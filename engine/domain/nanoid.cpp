#include "nanoid.h"

#include <QRandomGenerator>

static constexpr char16_t Alphabet[] =
    u"useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict";

QString NanoId::generate(int length)
{
    QString id(length, Qt::Uninitialized);
    QRandomGenerator *rng = QRandomGenerator::system();
    for (int i = 0; i < length; ++i) {
        QChar c = QChar(Alphabet[rng->bounded(64)]);
        // Never a leading '-': `daystrom report -x…` would read the id as an option.
        while (i == 0 && c == u'-')
            c = QChar(Alphabet[rng->bounded(64)]);
        id[i] = c;
    }
    return id;
}

bool NanoId::isValid(const QString &id)
{
    if (id.isEmpty() || id.size() > 64)
        return false;
    for (QChar c : id) {
        const char16_t u = c.unicode();
        const bool ok = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z')
                        || (u >= u'0' && u <= u'9') || u == u'_' || u == u'-';
        if (!ok)
            return false;
    }
    return true;
}

QString NanoId::shortId(const QString &id)
{
    return id.left(7);
}
