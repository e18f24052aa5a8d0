#include "completionscript.h"
#include "commandspec.h"

using namespace Qt::StringLiterals;

QString CompletionScript::forShell(const QString &shell)
{
    if (shell == "bash"_L1)
        return bash();
    if (shell == "zsh"_L1)
        return zsh();
    if (shell == "fish"_L1)
        return fish();
    return {};
}

QString CompletionScript::dynamicWord(int valueKind)
{
    switch (ValueKind(valueKind)) {
    case ValueKind::RunId:
        return u"runs"_s;
    case ValueKind::Profile:
        return u"profiles"_s;
    case ValueKind::Category:
        return u"categories"_s;
    case ValueKind::None:
    case ValueKind::File:
        break;
    }
    return {};
}
