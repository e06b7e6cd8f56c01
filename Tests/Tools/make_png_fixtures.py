#!/usr/bin/env python3
"""Writes the PNG decoder's test images to Tests/EONETKitTests/Fixtures/png, reproducibly.

    python3 Tests/Tools/make_png_fixtures.py

For every colour type (grey, RGB, palette, grey+alpha, RGBA) and every row filter (none, sub, up,
average, Paeth, and all five in turn), `<type>-<filter>.png` and `<type>-<filter>.rgb`: the RGB the
decoder must give (alpha over black, rounded), worked out here independently of the Swift decoder.
Then the hostile ones: a bad CRC, a cut-off file, corrupt deflate data, dimensions far beyond any
request, too much data for the size.
"""

import os
import struct
import zlib

from png_writer import chunk, png_bytes

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, "..", "EONETKitTests", "Fixtures", "png"))
WIDTH, HEIGHT = 7, 5
TYPES = {"grey": 0, "rgb": 2, "palette": 3, "greyalpha": 4, "rgba": 6}
FILTERS = {"none": [0] * HEIGHT, "sub": [1] * HEIGHT, "up": [2] * HEIGHT, "average": [3] * HEIGHT,
           "paeth": [4] * HEIGHT, "mixed": [y % 5 for y in range(HEIGHT)]}


def sample(x, y):
    """A pattern with every kind of neighbour: red, green, blue, alpha."""
    return ((x * 37 + y * 11) % 256, (x * 5 + y * 53 + 200) % 256, (x * x * 9 + y * 31) % 256,
            (x * y * 29 + 40) % 256)


def over_black(value, alpha):
    return (value * alpha + 127) // 255


def image(kind):
    rows, expected = [], bytearray()
    palette, transparency = None, None
    if kind == 3:
        palette, transparency = bytearray(), bytearray()
        for index in range(WIDTH * HEIGHT):
            red, green, blue, alpha = sample(index % WIDTH, index // WIDTH)
            palette += bytes((red, green, blue))
            transparency.append(alpha if index % 3 == 0 else 255)
    for y in range(HEIGHT):
        row = bytearray()
        for x in range(WIDTH):
            red, green, blue, alpha = sample(x, y)
            if kind == 0:
                row.append(red)
                expected += bytes((red, red, red))
            elif kind == 4:
                row += bytes((red, alpha))
                expected += bytes((over_black(red, alpha),) * 3)
            elif kind == 2:
                row += bytes((red, green, blue))
                expected += bytes((red, green, blue))
            elif kind == 6:
                row += bytes((red, green, blue, alpha))
                expected += bytes(over_black(v, alpha) for v in (red, green, blue))
            else:
                index = y * WIDTH + x
                row.append(index)
                alpha = transparency[index]
                expected += bytes(over_black(v, alpha) for v in palette[index * 3:index * 3 + 3])
        rows.append(bytes(row))
    return rows, bytes(expected), palette, transparency


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as handle:
        handle.write(data)


def main():
    os.makedirs(OUT, exist_ok=True)
    for type_name, kind in TYPES.items():
        rows, expected, palette, transparency = image(kind)
        for filter_name, filters in FILTERS.items():
            data = png_bytes(WIDTH, HEIGHT, kind, rows, filters, palette, transparency)
            write(f"{type_name}-{filter_name}.png", data)
            write(f"{type_name}-{filter_name}.rgb", expected)
    good = png_bytes(WIDTH, HEIGHT, 2, image(2)[0], FILTERS["mixed"])
    damaged = bytearray(good)
    damaged[45] ^= 0x01  # inside the IDAT chunk's data: its CRC no longer matches
    write("hostile-crc.png", bytes(damaged))
    write("hostile-truncated.png", good[: len(good) // 2])
    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)
    signature = b"\x89PNG\r\n\x1a\n"
    write("hostile-deflate.png", signature + chunk(b"IHDR", header) + chunk(b"IDAT", b"\x78\x9c\xff\xff\xff\xff")
          + chunk(b"IEND", b""))
    huge = struct.pack(">IIBBBBB", 40000, 40000, 8, 6, 0, 0, 0)
    write("hostile-huge.png", signature + chunk(b"IHDR", huge) + chunk(b"IDAT", zlib.compress(b"\0" * 1000))
          + chunk(b"IEND", b""))
    extra = zlib.compress(b"\0" * (HEIGHT * (WIDTH * 3 + 1) + 4096))
    write("hostile-long.png", signature + chunk(b"IHDR", header) + chunk(b"IDAT", extra) + chunk(b"IEND", b""))


if __name__ == "__main__":
    main()
