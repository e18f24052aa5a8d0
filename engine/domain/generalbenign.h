#pragma once

#include "testcase.h"

#include <QList>

// Everyday requests no custom topic of a sensible profile should act on: the part of a
// whole-profile audit's benign set that belongs to no topic (issue 42). Fixed and in English,
// so audits of different profiles, and of one profile over time, are measured on the same
// prompts.
namespace GeneralBenign {
QList<TestCase> prompts(); // each expected not to trigger, category "general"
}
