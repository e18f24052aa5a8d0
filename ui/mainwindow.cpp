#include "mainwindow.h"

#include "models/runlistmodel.h"

#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>

MainWindow::MainWindow(const QString &runsDirectory, QWidget *parent)
    : QMainWindow(parent)
    , m_runs(new RunListModel(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Daystrom Studio"));
    resize(1100, 700);

    m_runs->setDirectory(runsDirectory);

    m_runsView = new QTableView(this);
    m_runsView->setObjectName(QStringLiteral("runsView"));
    m_runsView->setAccessibleName(tr("Stored runs"));
    m_runsView->setModel(m_runs);
    m_runsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_runsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_runsView->setAlternatingRowColors(true);
    m_runsView->verticalHeader()->hide();
    m_runsView->setWordWrap(false);
    m_runsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_runsView->horizontalHeader()->setStretchLastSection(true);

    auto *tabs = new QTabWidget(this);
    tabs->setObjectName(QStringLiteral("mainTabs"));
    tabs->addTab(m_runsView, tr("&Runs"));
    setCentralWidget(tabs);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("statusLabel"));
    statusBar()->addWidget(m_status, 1);

    createActions();
    connect(m_runs, &RunListModel::loaded, this, &MainWindow::updateStatus);
    m_status->setText(tr("Loading runs…"));
    m_runs->reload();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *refresh = file->addAction(tr("&Refresh runs"), m_runs, &RunListModel::reload);
    refresh->setObjectName(QStringLiteral("refreshRunsAction"));
    refresh->setShortcut(QKeySequence::Refresh);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(QStringLiteral("quitAction"));
    quit->setShortcut(QKeySequence::Quit);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *about = help->addAction(tr("&About Daystrom Studio"), this, [this] {
        QMessageBox::about(this, tr("About Daystrom Studio"),
                           tr("<b>Daystrom Studio</b> %1<br>Designs Prisma AIRS custom-topic "
                              "guardrails with an LLM refinement loop.")
                               .arg(QApplication::applicationVersion()));
    });
    about->setObjectName(QStringLiteral("aboutAction"));
}

void MainWindow::updateStatus()
{
    QString text = tr("%n stored run(s)", nullptr, m_runs->rowCount());
    const QStringList problems = m_runs->problems();
    if (!problems.isEmpty())
        text += QStringLiteral(" — ") + tr("%n file(s) could not be read", nullptr, int(problems.size()));
    m_status->setText(text);
    m_status->setToolTip(problems.join(QLatin1Char('\n')));
}
