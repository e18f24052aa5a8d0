#pragma once

#include "domain/runsettings.h"

#include <QHash>
#include <QWidget>

class BenchmarkField;
class BudgetFields;
class ExtraTestsFields;
class QCheckBox;
class QComboBox;
class UnfinishedRunNote;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class ProfileTopicsField;
class SandboxSubjectNote;
class QSpinBox;
class TestPromptsField;

// The form a run starts from: what to detect, intent, seed examples, the profile (picked from
// AIRS, with a refresh), the test prompts (LLM-written, or a labelled CSV), the iteration
// budget and target, and the advanced settings.
class NewRunPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NewRunPanel)
public:
    explicit NewRunPanel(QWidget *parent = nullptr);

    RunSettings settings() const;
    // Step mode: the run waits for the person after each proposal (not part of the settings:
    // it can be switched at any time in the Live page).
    bool stepMode() const;
    void setSettings(const RunSettings &settings); // e.g. "use as seed" or a run to copy
    void setProfiles(const QStringList &profiles, const QString &error = {});
    void setDefaultProfile(const QString &profile);
    void setProfilesPending(); // a listing was asked for: the last answer no longer holds
    // The topics each profile pins now (latest revision), for the run's copy of it.
    void setProfileTopics(const QHash<QString, QStringList> &topics);
    // Each profile's topic-guardrails action for unmatched prompts ("block" on an allow list),
    // for profiles that pin topics: the form warns when the intent does not fit it.
    void setProfileActions(const QHash<QString, QString> &actions);
    void setRunning(bool running);
    // The run will use the built-in sandbox: a note under the topic says what it can do for it.
    void setSandbox(bool sandbox);
    // The note at the top on a run that did not finish (MainWindow fills it at start-up).
    UnfinishedRunNote *unfinishedNote() const { return m_unfinished; }
    // Ctrl+N: the cursor in the topic, scrolled into view.
    void focusTopic();
    TestPromptsField *testPromptsField() const { return m_testPrompts; }
    // Uses the labelled prompts of a CSV file as the run's held-out benchmark; returns an error
    // message (the previous choice is kept) or empty.
    QString loadBenchmarkFile(const QString &path);
    QString validationError() const; // empty when the form can start a run

signals:
    void runRequested(const RunSettings &settings);
    void refreshProfilesRequested();

private:
    void openStarterLibrary(); // "Start from the library…": fills request, intent and seeds
    void updateRunButton();
    void setAdvancedToolTips();
    void showProfileTopics();
    void showActionFit();
    void followIntentWithTarget(); // the target of the intent now chosen, said when it changes

    QPlainTextEdit *m_description;
    SandboxSubjectNote *m_sandboxNote;
    QComboBox *m_intent;
    QPlainTextEdit *m_seeds;
    QComboBox *m_profile;
    QPushButton *m_refresh;
    QLabel *m_profileStatus;
    QCheckBox *m_inPlace;
    QLabel *m_inPlaceWarning;
    QLabel *m_actionWarning; // the intent does not fit the profile's action
    ProfileTopicsField *m_profileTopics;
    QHash<QString, QStringList> m_topicsByProfile;
    QHash<QString, QString> m_actionByProfile;
    TestPromptsField *m_testPrompts;
    QSpinBox *m_maxIterations;
    QDoubleSpinBox *m_target;
    QLabel *m_targetNote; // the target was changed with the intent
    double m_targetFor[2] = {90, 65}; // by Intent: Block's, Allow's (the last value each had)
    int m_shownIntent = 0;            // the intent m_target holds the target of
    bool m_settingTarget = false;     // a change made here, not by the person
    QCheckBox *m_stepMode;
    BudgetFields *m_budget = nullptr;
    ExtraTestsFields *m_extras = nullptr; // response tests and robustness (issue 43)
    QGroupBox *m_advanced;
    QCheckBox *m_accumulate;
    QSpinBox *m_cap;
    QSpinBox *m_plateauWindow;
    QDoubleSpinBox *m_plateauBand;
    QSpinBox *m_maxRegressions;
    QCheckBox *m_promptSet;
    QLineEdit *m_promptSetName;
    QSpinBox *m_concurrency;
    QDoubleSpinBox *m_rate;
    BenchmarkField *m_benchmark;
    QComboBox *m_decideOn;
    QSpinBox *m_scanRepeats;
    QLabel *m_hint;
    QScrollArea *m_scroll = nullptr;
    QPushButton *m_run;
    bool m_running = false;
    UnfinishedRunNote *m_unfinished = nullptr;
};
