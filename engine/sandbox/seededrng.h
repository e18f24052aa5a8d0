#pragma once

#include <QList>
#include <QStringView>
#include <QtGlobal>

#include <utility>

// The sandbox LLM's only source of variety: a SplitMix64 generator seeded from the text of the
// request, so the same prompt always gets the same answer on every platform (std::
// distributions are not portable, qHash is salted per process).
class SeededRng final
{
public:
    explicit SeededRng(quint64 seed)
        : m_state(seed)
    {}

    // FNV-1a over the text's UTF-8 bytes.
    static quint64 hash(QStringView text)
    {
        quint64 h = 1469598103934665603ULL;
        for (const char c : text.toUtf8()) {
            h ^= quint8(c);
            h *= 1099511628211ULL;
        }
        return h;
    }

    quint64 next()
    {
        quint64 z = (m_state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    int bounded(int n) { return n <= 0 ? 0 : int(next() % quint64(n)); }
    double unit() { return double(next() >> 11) * (1.0 / 9007199254740992.0); } // 53 bits, [0, 1)

    template<typename T> void shuffle(QList<T> &list)
    {
        for (qsizetype i = list.size() - 1; i > 0; --i)
            std::swap(list[i], list[bounded(int(i + 1))]);
    }

private:
    quint64 m_state;
};
