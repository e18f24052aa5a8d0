#pragma once

#include <QLabel>
#include <QSizePolicy>

// A label that wraps and takes the width it is given. setSizePolicy() after setWordWrap()
// would drop the height-for-width flag setWordWrap() set; the layout would then size the
// label by its guess for a narrow width (two or three lines' height for one line of text).
inline void makeWrappingLabel(QLabel *label, QSizePolicy::Policy horizontal = QSizePolicy::Expanding)
{
    label->setWordWrap(true);
    QSizePolicy policy(horizontal, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    label->setSizePolicy(policy);
}
