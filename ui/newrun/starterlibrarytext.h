#pragma once

#include "domain/starterlibrary.h"

#include <QString>

// The starter library's names and notes in the person's language (issue 58, item 12). The
// topic text itself (name, description, examples) is what a run sends to the LLM and AIRS, so
// it stays as the library has it; the list's label and the note around it are translated. An
// entry whose English words changed since this table was written shows them untranslated.
namespace StarterLibraryText {
QString name(const StarterTopic &entry); // the label in the library's list
QString note(const StarterTopic &entry);
bool covers(const StarterTopic &entry);   // this table has the entry's current words
} // namespace StarterLibraryText
