#include "steptimeouts.h"

using namespace Qt::StringLiterals;

StepTimeouts::StepTimeouts(QObject *parent)
    : QScxmlCppDataModel(parent)
{
}

QString StepTimeouts::name(Step step)
{
    switch (step) {
    case Step::LoadMemory: return u"load-memory"_s;
    case Step::Prepare: return u"prepare"_s;
    case Step::Benchmark: return u"benchmark"_s;
    case Step::Generate: return u"generate"_s;
    case Step::Apply: return u"apply"_s;
    case Step::Scan: return u"scan"_s;
    case Step::Analyze: return u"analyze"_s;
    case Step::Recover: return u"recover"_s;
    case Step::Finish: return u"finish"_s;
    }
    return {};
}

QString StepTimeouts::delay(Step step)
{
    m_armed = step;
    // No limit: about 24 days, within the int of milliseconds a delayed event can wait.
    constexpr int unlimited = 24 * 24 * 3600 * 1000;
    const int ms = timeout(step) > 0 ? timeout(step) : unlimited;
    return QString::number(ms) + u"ms"_s;
}

void StepTimeouts::timedOut()
{
    emit stepTimedOut(m_armed, timeout(m_armed));
}
