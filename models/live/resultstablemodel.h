#pragma once

#include "domain/testresult.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QPointer>
#include <QTimer>

class RunSession;
struct IterationResult;

// One iteration's test results as a table. While the session is live it follows the current
// iteration: rows appear as scans finish (RunSession::resultScanned), batched so that a burst
// of results costs one insert, always in suite order (by scan index) although scans finish
// out of order, and it empties when the next iteration starts. setIteration()
// shows a recorded iteration instead; followLive() goes back. The vertical header shows each
// test's position in the suite (its scan index + 1), since scans finish out of order. A label
// the person corrects changes the rows that hold the prompt, and they are marked.
class ResultsTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResultsTableModel)
public:
    enum Column {
        PromptColumn,
        ExpectedColumn,
        ActualColumn,
        CorrectColumn,
        CategoryColumn,
        SourceColumn,
        ActionColumn,
        ColumnCount
    };
    enum class Outcome { TruePositive, TrueNegative, FalsePositive, FalseNegative, NotScanned };
    enum Role {
        ResultIndexRole = Qt::UserRole + 1, // int: the test's index in the suite
        PromptRole,                         // QString
        CategoryRole,                       // QString
        ExpectedRole,                       // bool: the guardrail should fire
        ActualRole,                         // bool: it fired
        CorrectRole,                        // bool
        SourceRole,                         // int: TestSource
        OutcomeRole,                        // int: Outcome
        FalsePositiveRole,                  // bool
        FalseNegativeRole,                  // bool
        RegressionRole,                     // bool: a regression-tier test that is now wrong
        CorrectedRole,                      // bool: the person corrected its expected label
    };
    struct Counts
    {
        int total = 0;
        int correct = 0;
        int falsePositives = 0;
        int falseNegatives = 0;
        int regressions = 0;
        int notScanned = 0; // AIRS gave no verdict: in `total`, neither correct nor wrong
        friend bool operator==(const Counts &, const Counts &) = default;
    };

    explicit ResultsTableModel(RunSession *session, QObject *parent = nullptr);
    ~ResultsTableModel() override;

    // Shows a recorded iteration of the session's run; false (and no change) when there is no
    // such iteration. Asking for the live iteration while it is still running follows it.
    bool setIteration(int number);
    void followLive();
    bool isFollowingLive() const { return m_following; }
    int shownIteration() const; // 0 = none

    // Rows arriving within this many milliseconds are inserted together (default 25).
    void setBatchInterval(int milliseconds);
    int batchInterval() const { return m_flushTimer.interval(); }
    void flush(); // inserts queued rows now
    int pendingCount() const { return int(m_pending.size()); }

    Counts counts() const { return m_counts; }
    const TestResult &resultAt(int row) const { return rows().at(row).result; }

    static Outcome outcomeOf(const TestResult &result);
    static bool isRegression(const TestResult &result);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

signals:
    void countsChanged();
    void shownIterationChanged(int iteration);

private:
    struct Row
    {
        int index = 0;
        TestResult result;
    };
    const QList<Row> &rows() const { return m_following ? m_live : m_stored; }
    QVariant display(const TestResult &result, int column) const;
    bool isCorrected(const TestResult &result) const;
    void onSessionReset();
    void onLiveChanged(bool live);
    void showStored(const IterationResult &it);
    void onIterationStarted(int iteration);
    void onIterationAdded(const IterationResult &result);
    void onLabelCorrected(const QString &prompt, bool expectedTriggered);
    void onRunUpdated();
    void enqueue(int index, const TestResult &result);
    void merge(bool notify);
    int liveRowOf(int index) const; // the row of the test with this scan index, or -1
    void showRows(bool following, int iteration, QList<Row> stored);
    void recount();
    void count(const TestResult &result, int sign);

    QPointer<RunSession> m_session;
    bool m_following = true;
    int m_liveIteration = 0;
    int m_storedIteration = 0;
    QList<Row> m_live;           // the live iteration's results, ascending by scan index
    QList<Row> m_pending;        // arrived, not yet in m_live
    QList<Row> m_stored;         // a recorded iteration's results
    Counts m_counts;
    QTimer m_flushTimer;
};
