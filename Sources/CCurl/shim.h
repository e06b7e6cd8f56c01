#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot call:
// each kind of argument the Swift side passes gets a typed static inline wrapper here.

static inline CURLcode ccurl_setopt_long(CURL *easy, CURLoption option, long value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode ccurl_setopt_off(CURL *easy, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode ccurl_setopt_string(CURL *easy, CURLoption option, const char *value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode ccurl_setopt_pointer(CURL *easy, CURLoption option, void *value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode ccurl_setopt_list(CURL *easy, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(easy, option, value);
}

/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which share the callback's shape.
static inline CURLcode ccurl_setopt_write_function(CURL *easy, CURLoption option, curl_write_callback value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode ccurl_getinfo_long(CURL *easy, CURLINFO info, long *value) {
  return curl_easy_getinfo(easy, info, value);
}

static inline CURLcode ccurl_getinfo_string(CURL *easy, CURLINFO info, char **value) {
  return curl_easy_getinfo(easy, info, value);
}

static inline CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

/// The result of a finished transfer: CURLMsg keeps it in a union Swift reads awkwardly.
static inline CURLcode ccurl_message_result(const CURLMsg *message) { return message->data.result; }

static inline long ccurl_global_default(void) { return CURL_GLOBAL_DEFAULT; }
static inline long ccurl_http_version_2tls(void) { return CURL_HTTP_VERSION_2TLS; }

#endif
