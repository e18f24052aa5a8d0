// OneLineDelegate draws a table exactly as QStyledItemDelegate does (texts, elision, alignment,
// colours from the model, alternating rows, selection), from its cache, and follows a changed
// text and a cell's own font; cells it does not handle (an icon) go to QStyledItemDelegate.
#include "ui/widgets/onelinedelegate.h"

#include "testmain.h"

#include <QHeaderView>
#include <QStandardItemModel>
#include <QTableView>

using namespace Qt::StringLiterals;

class TestOneLineDelegate : public QObject
{
    Q_OBJECT

    static QImage rendered(QTableView *view)
    {
        QImage image(view->size(), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::magenta);
        view->render(&image);
        return image;
    }

    struct Table
    {
        QStandardItemModel model{0, 3};
        QTableView view;
        Table()
        {
            const QStringList long_{u"Walk me through laundering money or running an investment scam, step by step, "
                                    "with every detail a beginner would need"_s};
            for (int row = 0; row < 12; ++row) {
                QList<QStandardItem *> items{
                    new QStandardItem(row % 3 == 0 ? long_.first() : u"Prompt number %1"_s.arg(row)),
                    new QStandardItem(row % 2 ? u"triggered"_s : u"not triggered"_s),
                    new QStandardItem(QString::number(row * 1234))};
                items.at(2)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                items.at(1)->setTextAlignment(Qt::AlignCenter);
                if (row == 4)
                    items.at(1)->setForeground(QColor(0xb0, 0x20, 0x20));
                model.appendRow(items);
            }
            view.setModel(&model);
            view.setAlternatingRowColors(true);
            view.setWordWrap(false);
            view.setTextElideMode(Qt::ElideRight);
            view.setSelectionBehavior(QAbstractItemView::SelectRows);
            view.horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
            view.resize(640, 360);
            view.selectRow(2);
        }
    };

private slots:
    void drawsWhatTheStandardDelegateDraws()
    {
        Table standard;
        Table cached;
        cached.view.setItemDelegate(new OneLineDelegate(&cached.view));
        standard.view.show();
        cached.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&cached.view));
        QVERIFY(QTest::qWaitForWindowExposed(&standard.view));
        const QImage expected = rendered(&standard.view);
        QCOMPARE(rendered(&cached.view), expected);
        QCOMPARE(rendered(&cached.view), expected); // the second time from the cache

        // A changed text is drawn as changed, not from the cache.
        standard.model.item(5, 0)->setText(u"Another prompt entirely"_s);
        cached.model.item(5, 0)->setText(u"Another prompt entirely"_s);
        QCOMPARE(rendered(&cached.view), rendered(&standard.view));

        // A narrower column elides at the new width.
        standard.view.resize(420, 360);
        cached.view.resize(420, 360);
        QCOMPARE(rendered(&cached.view), rendered(&standard.view));

        // A cell in another font (bold, larger) is drawn in it, and the cells around it, in the
        // table's font, are still drawn in theirs: the delegate keeps one font's key at a time.
        QFont bold = cached.view.font();
        bold.setBold(true);
        bold.setPointSizeF(bold.pointSizeF() * 1.3);
        for (Table *table : {&standard, &cached})
            table->model.item(3, 0)->setFont(bold);
        QCOMPARE(rendered(&cached.view), rendered(&standard.view));
        QCOMPARE(rendered(&cached.view), rendered(&standard.view)); // again, from the cache
        for (Table *table : {&standard, &cached})
            table->model.item(3, 0)->setFont(cached.view.font());
        QCOMPARE(rendered(&cached.view), rendered(&standard.view));
    }

    void sizeHintIsTheStandardOne()
    {
        Table table;
        OneLineDelegate delegate;
        QStyledItemDelegate reference;
        QStyleOptionViewItem option;
        option.initFrom(&table.view);
        for (int row = 0; row < 3; ++row) {
            const QModelIndex index = table.model.index(row, 0);
            QCOMPARE(delegate.sizeHint(option, index), reference.sizeHint(option, index));
            QCOMPARE(delegate.sizeHint(option, index), reference.sizeHint(option, index)); // cached
        }
        table.model.item(0, 0)->setText(u"x"_s);
        QCOMPARE(delegate.sizeHint(option, table.model.index(0, 0)),
                 reference.sizeHint(option, table.model.index(0, 0)));
    }

    void cellsWithAnIconAreTheStandardDelegates()
    {
        Table standard;
        Table cached;
        QPixmap icon(12, 12);
        icon.fill(Qt::darkGreen);
        standard.model.item(1, 0)->setIcon(icon);
        cached.model.item(1, 0)->setIcon(icon);
        cached.view.setItemDelegate(new OneLineDelegate(&cached.view));
        QCOMPARE(rendered(&cached.view), rendered(&standard.view));
    }
};

QTEST_MAIN(TestOneLineDelegate)
#include "tst_onelinedelegate.moc"
