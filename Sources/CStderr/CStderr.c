// fopencookie is a GNU extension, which the Swift Glibc module does not show.
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/types.h>

#include "CStderr.h"

static CStderr_writer currentWriter;

static ssize_t writeToWriter(void *cookie, const char *bytes, size_t count) {
    (void)cookie;
    currentWriter(bytes, count);
    return (ssize_t)count;
}

int CStderr_redirect(CStderr_writer writer) {
    currentWriter = writer;
    cookie_io_functions_t functions = {.read = NULL, .write = writeToWriter, .seek = NULL, .close = NULL};
    FILE *stream = fopencookie(NULL, "w", functions);
    if (stream == NULL) return -1;
    setvbuf(stream, NULL, _IONBF, 0);
    stderr = stream;
    return 0;
}
