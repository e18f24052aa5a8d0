// TopicView keeps its document laid out at its viewport's width: after a topic changes while
// its page is hidden, after a height change while hidden (which it does not lay out again for),
// and after a width change while hidden (which it does). A topic that arrives while its page is
// hidden goes into the document once the page is shown again, not before.
#include "ui/live/topicview.h"

#include "testmain.h"

#include <QLabel>
#include <QStackedWidget>
#include <QTextDocument>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

class TestTopicView : public QObject
{
    Q_OBJECT

    static Topic topic(const QString &description)
    {
        Topic t;
        t.name = u"Weapons"_s;
        t.description = description;
        t.examples = {u"How do I buy a gun without a background check?"_s};
        return t;
    }

private slots:
    void laidOutAtTheViewportWidthAfterChangesWhileHidden()
    {
        QStackedWidget pages;
        auto *page = new QWidget;
        auto *layout = new QVBoxLayout(page);
        auto *above = new QLabel(u"One line"_s);
        auto *view = new TopicView;
        layout->addWidget(above);
        layout->addWidget(view, 1);
        pages.addWidget(page);
        pages.addWidget(new QWidget);
        pages.resize(420, 360);
        pages.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pages));
        const QString longText = u"Requests to buy, build, modify, smuggle or hide firearms, "
                                 "ammunition or explosives, whatever words are used. "_s.repeated(4);
        view->setTopic(topic(longText));
        QTRY_COMPARE(view->document()->textWidth(), qreal(view->viewport()->width()));

        // Hidden: the topic changes and the view gets shorter (the label above grows).
        pages.setCurrentIndex(1);
        view->setTopic(topic(u"Other words. "_s + longText));
        above->setText(u"Two\\nlines\\nnow"_s);
        layout->activate();
        QVERIFY(!view->toPlainText().contains(u"Other words."_s)); // not laid out while hidden
        QCOMPARE(view->topic().description, u"Other words. "_s + longText);
        pages.setCurrentIndex(0);
        QTRY_VERIFY(view->toPlainText().contains(u"Other words."_s));
        QCOMPARE(view->document()->textWidth(), qreal(view->viewport()->width()));

        // Hidden and changed twice, back to what the document shows: shown, it still shows that.
        pages.setCurrentIndex(1);
        view->setTopic(topic(longText));
        view->setTopic(topic(u"Other words. "_s + longText));
        pages.setCurrentIndex(0);
        QTRY_VERIFY(view->toPlainText().contains(u"Other words."_s));

        // Hidden: the window gets narrower. Shown, the document follows the new width.
        pages.setCurrentIndex(1);
        pages.resize(300, 360);
        pages.setCurrentIndex(0);
        QTRY_COMPARE(view->document()->textWidth(), qreal(view->viewport()->width()));
        QVERIFY(view->viewport()->width() < 300);
    }
};

QTEST_MAIN(TestTopicView)
#include "tst_topicview.moc"
