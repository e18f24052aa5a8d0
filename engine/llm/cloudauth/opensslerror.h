#pragma once

#include <QString>

namespace OpenSslError {

// The most recent OpenSSL error of this thread as text ("" when none), clearing the queue.
QString take();

} // namespace OpenSslError
