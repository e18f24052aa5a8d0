#include "redaction.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMutex>
#include <QReadWriteLock>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

constexpr qsizetype MinSecretLength = 8;
constexpr qsizetype MaxRegisteredForms = 4096; // a bound, should anything register in a loop

struct Registry
{
    QReadWriteLock lock;
    QSet<QString> values;
    QStringList forms; // every value's forms, longest first
};

// Never destroyed: the message filter runs for messages logged while the process exits (a
// plugin unloaded during static destruction logs at debug level, issue 41), after every static
// and thread-local object could have gone.
Registry &registry()
{
    static Registry *r = new Registry;
    return *r;
}

// The forms a value takes inside server text: as is, URL-encoded (either hex case, form
// encoding), JSON-escaped (with or without an escaped slash).
QStringList formsOf(const QString &value)
{
    QStringList out{value};
    const QString percent = QString::fromLatin1(QUrl::toPercentEncoding(value));
    out << percent;
    QString lowerHex = percent;
    for (qsizetype i = 0; i + 2 < lowerHex.size(); ++i) {
        if (lowerHex.at(i) == u'%') {
            lowerHex[i + 1] = lowerHex.at(i + 1).toLower();
            lowerHex[i + 2] = lowerHex.at(i + 2).toLower();
        }
    }
    out << lowerHex;
    QString form = percent;
    out << form.replace(u"%20"_s, u"+"_s);
    const QByteArray json = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    const QString escaped = QString::fromUtf8(json.mid(2, json.size() - 4)); // ["…"]
    out << escaped;
    QString slashed = escaped;
    out << slashed.replace(u"/"_s, u"\\/"_s);
    out.removeDuplicates();
    return out;
}

double entropyBitsPerChar(QStringView s)
{
    QHash<char16_t, int> counts;
    for (QChar c : s)
        ++counts[c.unicode()];
    double bits = 0;
    for (int n : std::as_const(counts)) {
        const double p = double(n) / double(s.size());
        bits -= p * std::log2(p);
    }
    return bits;
}

bool hasDigitOrPunct(QStringView v)
{
    return std::any_of(v.begin(), v.end(),
                       [](QChar c) { return c.isDigit() || u"._~+/=-"_s.contains(c); });
}

// A digit, a token's punctuation, or a capital inside the word: "dXNlcjpw", "sbx.Qk9", "abc123".
bool credentialLike(QStringView v)
{
    return hasDigitOrPunct(v) ||
           std::any_of(v.begin() + 1, v.end(), [](QChar c) { return c.isUpper(); });
}

bool looksRandom(QStringView v)
{
    bool upper = false, lower = false, digit = false;
    for (QChar c : v) {
        upper |= c.isUpper();
        lower |= c.isLower();
        digit |= c.isDigit();
    }
    return upper && lower && digit && entropyBitsPerChar(v) >= 3.5;
}

// A long token that is random by itself, not a name built around an id: the lower-case words
// around "daystrom-run-V1StGXR8_Z5jdHi6B-myT" are not counted.
bool longRandomToken(QStringView v)
{
    const auto lower = [](QChar c) {
        return c >= u'a' && c <= u'z';
    };
    const auto joint = [](QChar c) {
        return c == u'-' || c == u'_';
    };
    qsizetype b = 0, e = v.size();
    for (qsizetype i = b;; b = ++i) { // "daystrom-", "run-"
        while (i < e && lower(v.at(i)))
            ++i;
        if (i == b || i >= e || !joint(v.at(i)))
            break;
    }
    for (qsizetype i = e;; e = --i) { // "-companion"
        while (i > b && lower(v.at(i - 1)))
            --i;
        if (i == e || i <= b || !joint(v.at(i - 1)))
            break;
    }
    const QStringView core = v.mid(b, e - b);
    return core.size() >= 32 && looksRandom(core);
}

struct Pattern
{
    QRegularExpression re;
    int group = 0;                           // the capture that is replaced; 0 = the whole match
    std::function<bool(QStringView)> accept; // a final check on that capture; empty = always
};

const QString Value = uR"((?!\[redacted\])([^\s"'&,;<>{}\[\]\\]{8,}))"_s;

QList<Pattern> makePatterns()
{
    const auto ci = QRegularExpression::CaseInsensitiveOption;
    const QString sep = uR"(["']?\s*[:=]\s*["']?)"_s;
    QList<Pattern> p;
    // name = value, name: value, "name":"value" for the names credentials travel under.
    p.append(
        {QRegularExpression(
             uR"((?<![A-Za-z0-9])(?:client[_-]?secret|api[_-]?key|x-api-key|x-goog-api-key|x-pan-token|)"_s +
                 uR"(access[_-]?token|refresh[_-]?token|id[_-]?token|secret[_-]?access[_-]?key|)"_s +
                 uR"(private[_-]?key|password|passwd))"_s + sep + Value,
             ci),
         1,
         {}});
    p.append({QRegularExpression(uR"((?<![A-Za-z0-9])authorization)"_s + sep +
                                     uR"((?:(?:bearer|basic|token|apikey)\s+)?)"_s + Value,
                                 ci),
              1,
              {}});
    p.append({QRegularExpression(uR"((?<![A-Za-z0-9_-])key=)"_s + Value, ci), 1, {}});
    // "Bearer <token>", "Basic <base64>": not "bearer of bad news", "basic information".
    p.append(
        {QRegularExpression(uR"(\bbearer\s+([A-Za-z0-9._~+/=-]{8,}))"_s, ci), 1, credentialLike});
    p.append(
        {QRegularExpression(uR"(\bbasic\s+([A-Za-z0-9+/]{8,}={0,2}))"_s, ci), 1, credentialLike});
    p.append({QRegularExpression(uR"((?<![A-Za-z0-9])sk-[A-Za-z0-9_-]{16,})"_s), 0, {}});
    p.append({QRegularExpression(uR"(AIza[0-9A-Za-z_-]{30,})"_s), 0, {}});
    p.append(
        {QRegularExpression(uR"((?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9]))"_s), 0, {}});
    p.append({QRegularExpression(uR"(eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*)"_s),
              0,
              {}});
    p.append(
        {QRegularExpression(uR"((?<![A-Za-z0-9_+=-])[A-Za-z0-9_+=-]{32,}(?![A-Za-z0-9_+=-]))"_s), 0,
         longRandomToken});
    return p;
}

// QRegularExpression is reentrant, not thread-safe: one set per thread. A thread's set goes
// with the thread; what is logged after that (the main thread's thread-locals are destroyed
// before its statics, and Qt logs while unloading plugins then) uses one set kept for the rest
// of the process, one caller at a time.
struct ThreadPatterns
{
    QList<Pattern> patterns = makePatterns();
    ~ThreadPatterns();
};
thread_local const QList<Pattern> *t_patterns = nullptr; // trivially destructible: outlives the set
thread_local std::optional<ThreadPatterns> t_owner;

ThreadPatterns::~ThreadPatterns()
{
    t_patterns = nullptr;
}

struct LastPatterns
{
    QMutex mutex;
    QList<Pattern> patterns = makePatterns();
};

LastPatterns &lastPatterns()
{
    static LastPatterns *p = new LastPatterns; // never destroyed, as registry()
    return *p;
}

// Calls `use` with this thread's patterns, or with the process's last set while it exits.
template<typename Use> void withPatterns(Use use)
{
    static thread_local bool ownerCreated = false;
    if (!t_patterns && !ownerCreated) {
        ownerCreated = true;
        t_owner.emplace();
        t_patterns = &t_owner->patterns;
    }
    if (t_patterns) {
        use(*t_patterns);
        return;
    }
    LastPatterns &last = lastPatterns();
    QMutexLocker lock(&last.mutex);
    use(last.patterns);
}

QString replaceMatches(const QString &text, const Pattern &pattern)
{
    QString out;
    qsizetype last = 0;
    auto it = pattern.re.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const QStringView captured = m.capturedView(pattern.group);
        if (captured.isEmpty() || (pattern.accept && !pattern.accept(captured)))
            continue;
        const qsizetype start = m.capturedStart(pattern.group);
        out += QStringView(text).mid(last, start - last);
        out += Redaction::Placeholder;
        last = m.capturedEnd(pattern.group);
    }
    if (last == 0)
        return text;
    out += QStringView(text).mid(last);
    return out;
}

QtMessageHandler g_previousHandler = nullptr;

void redactingHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    const QString clean = Redaction::apply(message);
    if (g_previousHandler)
        g_previousHandler(type, context, clean);
    else
        std::fprintf(stderr, "%s\n", qUtf8Printable(clean));
}

} // namespace

void Redaction::addSecret(const QString &value)
{
    const QString v = value.trimmed();
    if (v.size() < MinSecretLength)
        return;
    Registry &r = registry();
    QWriteLocker lock(&r.lock);
    if (r.values.contains(v) || r.forms.size() >= MaxRegisteredForms)
        return;
    r.values.insert(v);
    for (const QString &f : formsOf(v)) {
        if (!r.forms.contains(f))
            r.forms.append(f);
    }
    std::stable_sort(r.forms.begin(), r.forms.end(),
                     [](const QString &a, const QString &b) { return a.size() > b.size(); });
}

void Redaction::clearSecrets()
{
    Registry &r = registry();
    QWriteLocker lock(&r.lock);
    r.values.clear();
    r.forms.clear();
}

int Redaction::secretCount()
{
    Registry &r = registry();
    QReadLocker lock(&r.lock);
    return int(r.values.size());
}

QString Redaction::apply(const QString &text)
{
    if (text.isEmpty())
        return text;
    QString out = text;
    {
        Registry &r = registry();
        QReadLocker lock(&r.lock);
        for (const QString &form : std::as_const(r.forms))
            out.replace(form, Placeholder.toString());
    }
    withPatterns([&out](const QList<Pattern> &patterns) {
        for (const Pattern &p : patterns)
            out = replaceMatches(out, p);
    });
    return out;
}

QJsonObject Redaction::applyToStrings(const QJsonObject &object)
{
    const std::function<QJsonValue(const QJsonValue &)> clean =
        [&clean](const QJsonValue &v) -> QJsonValue {
        if (v.isString())
            return apply(v.toString());
        if (v.isArray()) {
            QJsonArray a;
            for (const QJsonValue &e : v.toArray())
                a.append(clean(e));
            return a;
        }
        if (v.isObject())
            return applyToStrings(v.toObject());
        return v;
    };
    QJsonObject out;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it)
        out.insert(it.key(), clean(it.value()));
    return out;
}

void Redaction::installMessageFilter()
{
    static const bool installed = [] {
        g_previousHandler = qInstallMessageHandler(redactingHandler);
        return true;
    }();
    Q_UNUSED(installed);
}
