#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

// inflateInit and inflateInit2 are macros that pass the library's version and the stream's size;
// Swift cannot call a macro, so each one the Swift side needs gets a typed inline wrapper here.

/// Starts inflating a zlib-wrapped stream (RFC 1950), as PNG's IDAT data is.
static inline int czlib_inflate_init(z_streamp stream) { return inflateInit(stream); }

/// Starts inflating with explicit window bits (negative: raw deflate; +16: gzip).
static inline int czlib_inflate_init2(z_streamp stream, int windowBits) {
  return inflateInit2(stream, windowBits);
}

// The return codes and flush modes Swift needs, named rather than written as numbers.
static inline int czlib_ok(void) { return Z_OK; }
static inline int czlib_stream_end(void) { return Z_STREAM_END; }
static inline int czlib_buf_error(void) { return Z_BUF_ERROR; }
static inline int czlib_no_flush(void) { return Z_NO_FLUSH; }

#endif
