#ifndef CHIREDIS_SHIM_H
#define CHIREDIS_SHIM_H

#include <hiredis/hiredis.h>

/// The context's error message: `errstr` is a fixed array, which Swift imports as a tuple.
static inline const char *CHiredis_error_message(const redisContext *context) {
    return context->errstr;
}

#endif
