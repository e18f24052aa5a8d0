#pragma once

#include <QString>

namespace TestHome {
// The temporary directory the startup hook created for this test process.
QString path();
} // namespace TestHome
