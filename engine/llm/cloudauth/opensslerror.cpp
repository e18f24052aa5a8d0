#include "opensslerror.h"

#include <openssl/err.h>

QString OpenSslError::take()
{
    const unsigned long code = ERR_peek_last_error();
    ERR_clear_error();
    if (code == 0)
        return {};
    char buffer[256] = {};
    ERR_error_string_n(code, buffer, sizeof buffer);
    return QString::fromLatin1(buffer);
}
