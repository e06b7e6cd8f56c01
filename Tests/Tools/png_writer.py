"""PNG files written with the standard library only (zlib + struct), for fixtures and the WMS fixture.

    png_bytes(width, height, color_type, rows, filters=None, palette=None, transparency=None)

`rows` holds each row's samples as bytes (1 per pixel for grey and palette, 2 grey+alpha, 3 RGB, 4
RGBA, all 8-bit); `filters` the filter type (0-4) of each row, all 0 when not given. The filters are
applied here, as an encoder applies them, so a decoder must undo each one to read the samples back.
"""

import struct
import zlib

CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def paeth(left, up, up_left):
    estimate = left + up - up_left
    to_left, to_up, to_up_left = abs(estimate - left), abs(estimate - up), abs(estimate - up_left)
    if to_left <= to_up and to_left <= to_up_left:
        return left
    return up if to_up <= to_up_left else up_left


def filtered(row, previous, kind, bpp):
    out = bytearray()
    for index, value in enumerate(row):
        left = row[index - bpp] if index >= bpp else 0
        up = previous[index] if previous is not None else 0
        up_left = previous[index - bpp] if previous is not None and index >= bpp else 0
        predictor = [0, left, up, (left + up) // 2, paeth(left, up, up_left)][kind]
        out.append((value - predictor) & 0xFF)
    return bytes(out)


def png_bytes(width, height, color_type, rows, filters=None, palette=None, transparency=None):
    bpp = CHANNELS[color_type]
    raw = bytearray()
    previous = None
    for y, row in enumerate(rows):
        kind = filters[y] if filters else 0
        raw.append(kind)
        raw += filtered(row, previous, kind, bpp)
        previous = row
    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    body = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
    if palette is not None:
        body += chunk(b"PLTE", bytes(palette))
    if transparency is not None:
        body += chunk(b"tRNS", bytes(transparency))
    return body + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


def halves(width, height, west=(220, 30, 30), east=(30, 30, 220)):
    """An RGB image: `west`'s colour left of the middle column, `east`'s from it on (the WMS pattern)."""
    row = bytearray()
    for x in range(width):
        row += bytes(west if x < width // 2 else east)
    return png_bytes(width, height, 2, [bytes(row)] * height)
