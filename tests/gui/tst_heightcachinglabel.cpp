// HeightCachingLabel (issue 58, item 18) answers heightForWidth as a plain QLabel does, for
// every text, width, font and margin a sequence of changes brings: the cache never answers
// for a label as it was.
#include "ui/widgets/heightcachinglabel.h"

#include "testmain.h"

#include <QRandomGenerator>

using namespace Qt::StringLiterals;

class TestHeightCachingLabel : public QObject
{
    Q_OBJECT

private slots:
    void answersAsAPlainLabelDoes()
    {
        HeightCachingLabel cached;
        QLabel plain;
        for (QLabel *l : {static_cast<QLabel *>(&cached), &plain}) {
            l->setWordWrap(true);
            l->setTextFormat(Qt::RichText);
        }
        QRandomGenerator rng(58);
        const QStringList words{u"coverage"_s, u"<b>better</b>"_s, u"within"_s, u"noise"_s, u"iteration"_s,
                                u"Überprüfung"_s, u"—"_s, u"a"_s, u"<i>prompts</i>"_s};
        const QList<int> widths{40, 120, 121, 300, 800};
        for (int round = 0; round < 300; ++round) {
            switch (rng.bounded(4)) {
            case 0: {
                QString text;
                for (int w = int(rng.bounded(40)); w > 0; --w)
                    text += words.at(rng.bounded(int(words.size()))) + u' ';
                cached.setText(text);
                plain.setText(text);
                break;
            }
            case 1: {
                QFont f = plain.font();
                f.setPointSize(8 + int(rng.bounded(10)));
                cached.setFont(f);
                plain.setFont(f);
                break;
            }
            case 2: {
                const int m = int(rng.bounded(12));
                cached.setContentsMargins(m, m, m, m);
                plain.setContentsMargins(m, m, m, m);
                break;
            }
            default: {
                const int i = int(rng.bounded(12));
                cached.setIndent(i);
                plain.setIndent(i);
                break;
            }
            }
            for (int width : widths) {
                QCOMPARE(cached.heightForWidth(width), plain.heightForWidth(width));
                QCOMPARE(cached.heightForWidth(width), plain.heightForWidth(width)); // from the cache
            }
        }
    }
};

QTEST_MAIN(TestHeightCachingLabel)
#include "tst_heightcachinglabel.moc"
