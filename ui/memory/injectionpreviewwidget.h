#pragma once

#include "memorystore/memoryinjector.h"

#include <QWidget>

class MemoryStore;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSlider;
class QSpinBox;

// Injection preview: a topic description and a budget (500–10000) give the exact memory
// section a run would get (MemoryStore::inject without marking recall, the same call as
// `daystrom memory preview`), its length, the category files that matched, and the learnings
// that fell to compact lines or were omitted.
class InjectionPreviewWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InjectionPreviewWidget)
public:
    explicit InjectionPreviewWidget(const MemoryStore &store, QWidget *parent = nullptr);

    void setTopic(const QString &description);
    void setBudget(int maxChars);
    int budget() const;
    void setHalfLifeDays(double days);
    void setNow(const QDateTime &now); // tests; invalid = the current time

    InjectorOptions options() const;
    const Injection &injection() const { return m_injection; }
    QString text() const { return m_injection.text; }

public slots:
    void refresh();

signals:
    void refreshed();

private:
    QString describe(const QStringList &ids) const;

    const MemoryStore &m_store;
    QLineEdit *m_topic;
    QSlider *m_slider;
    QSpinBox *m_spin;
    QPlainTextEdit *m_text;
    QLabel *m_length;
    QLabel *m_matched;
    QLabel *m_dropped;
    double m_halfLifeDays = InjectorOptions::DefaultHalfLifeDays;
    QDateTime m_now;
    Injection m_injection;
};
