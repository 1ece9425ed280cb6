#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>
#include <stddef.h>

/// Callback type libcurl uses for CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*CCurl_write_callback)(char *data, size_t size, size_t count, void *userdata);

/// Callback type libcurl uses for CURLOPT_XFERINFOFUNCTION: called about once a second while a
/// transfer runs, even when no data flows; a non-zero return aborts the transfer.
typedef int (*CCurl_xferinfo_callback)(void *userdata, curl_off_t download_total, curl_off_t download_now,
                                       curl_off_t upload_total, curl_off_t upload_now);

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call:
// one wrapper per argument type.
CURLcode CCurl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode CCurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode CCurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode CCurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode CCurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode CCurl_easy_setopt_write_callback(CURL *handle, CURLoption option, CCurl_write_callback callback);
CURLcode CCurl_easy_setopt_xferinfo_callback(CURL *handle, CURLoption option, CCurl_xferinfo_callback callback);

CURLcode CCurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode CCurl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value);

#endif
