#!/usr/bin/env python3
"""Builds the world map's land mask from Natural Earth's 1:110m land polygons.

Reproducible: the same GeoJSON gives a byte-identical Swift file (no clock, no randomness).

    python3 Tests/Tools/make_landmask.py [--geojson ../shared/data/naturalearth/ne_110m_land.geojson]
                                         [--out Sources/TerminalUI/Widgets/MapLandMask+NaturalEarth.swift]
                                         [--step 0.5]

The mask is an equirectangular grid from 180°W to 180°E and from 90°N down to 90°S (the whole globe:
icebergs drift at 60-75°S, off Antarctica's coast, and the map must reach them), `--step` degrees per
cell. A cell is land when its centre lies inside the land polygons (even-odd rule, rasterised one scan
line per row).

Encoding, one text line per grid row, north first: the row's runs of equal cells, alternating sea and
land and starting with sea (so a row starting on land begins with a zero run); the runs of a row add up
to the number of columns. Each run is a base-26 number written most significant digit first in letters:
lower case "a"-"z" (0-25) for every digit but the last, upper case "A"-"Z" (0-25) for the last. So a
run under 26 takes one letter, under 676 two. The result is a Swift string literal, decoded once at run
time (no polygon parsing in the app).
"""

import argparse
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_GEOJSON = os.path.normpath(os.path.join(REPO, "..", "shared", "data", "naturalearth", "ne_110m_land.geojson"))
DEFAULT_OUT = os.path.join(REPO, "Sources", "TerminalUI", "Widgets", "MapLandMask+NaturalEarth.swift")

WEST, EAST = -180.0, 180.0
NORTH, SOUTH = 90.0, -90.0
BASE = 26
FINAL_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MORE_DIGITS = "abcdefghijklmnopqrstuvwxyz"


def rings_of(geojson):
    """Every linear ring (outer boundaries and holes) of every Polygon and MultiPolygon."""
    rings = []
    for feature in geojson["features"]:
        geometry = feature["geometry"]
        if geometry["type"] == "Polygon":
            polygons = [geometry["coordinates"]]
        elif geometry["type"] == "MultiPolygon":
            polygons = geometry["coordinates"]
        else:
            continue
        for polygon in polygons:
            rings.extend(polygon)
    return rings


def edges_of(rings):
    """Each ring's edges as (x1, y1, x2, y2), the closing edge included."""
    edges = []
    for ring in rings:
        points = [(float(p[0]), float(p[1])) for p in ring]
        for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
            if y1 != y2:
                edges.append((x1, y1, x2, y2))
    return edges


def rasterise(edges, step):
    """The grid as rows of 0 (sea) and 1 (land), north first."""
    columns = int(round((EAST - WEST) / step))
    rows = int(round((NORTH - SOUTH) / step))
    grid = []
    for row in range(rows):
        latitude = NORTH - (row + 0.5) * step
        # Where the scan line crosses the boundary; the half-open test counts a vertex once.
        crossings = sorted(
            x1 + (latitude - y1) * (x2 - x1) / (y2 - y1)
            for x1, y1, x2, y2 in edges
            if (y1 > latitude) != (y2 > latitude)
        )
        if len(crossings) % 2:
            sys.exit(f"row {row}: an odd number of boundary crossings; is a ring left open?")
        cells = [0] * columns
        for start, end in zip(crossings[0::2], crossings[1::2]):
            # Columns whose centre WEST + (c + 0.5) * step lies in [start, end).
            first = max(0, math.ceil((start - WEST) / step - 0.5))
            last = min(columns, math.ceil((end - WEST) / step - 0.5))
            for column in range(first, last):
                cells[column] = 1
        grid.append(cells)
    return grid


def encode_number(value):
    digits = []
    while True:
        digits.append(value % BASE)
        value //= BASE
        if value == 0:
            break
    digits.reverse()
    return "".join(MORE_DIGITS[d] for d in digits[:-1]) + FINAL_DIGITS[digits[-1]]


def encode_row(cells):
    runs = []
    current, length = 0, 0
    for cell in cells:
        if cell == current:
            length += 1
        else:
            runs.append(length)
            current, length = cell, 1
    runs.append(length)
    return "".join(encode_number(run) for run in runs)


def decode_row(text):
    """The inverse of encode_row, to check the output before writing it."""
    cells, value, land = [], 0, 0
    for character in text:
        if character in MORE_DIGITS:
            value = value * BASE + MORE_DIGITS.index(character)
            continue
        value = value * BASE + FINAL_DIGITS.index(character)
        cells.extend([land] * value)
        value, land = 0, 1 - land
    return cells


def swift_source(lines, columns, rows, step, source_name):
    indent = "    "
    body = "\n".join(indent + line for line in lines)
    return f"""// Generated by `make landmask` (Tests/Tools/make_landmask.py) from Natural Earth's 1:110m land
// ({source_name}, public domain). Do not edit: change the script and run it again.

extension MapLandMask {{
  /// Natural Earth's 1:110m land, {step}° cells, {NORTH:g}°N to {-SOUTH:g}°S.
  static let naturalEarth110m = MapLandMask(
    columns: {columns}, rows: {rows}, north: {NORTH:g}, south: {SOUTH:g}, encodedRows: naturalEarth110mRows)

  /// One line per row, north first: alternating sea and land runs in base 26 (see `MapLandMask`).
  private static let naturalEarth110mRows = \"\"\"
{body}
    \"\"\"
}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--geojson", default=DEFAULT_GEOJSON)
    parser.add_argument("--out", default=DEFAULT_OUT)
    parser.add_argument("--step", type=float, default=0.5, help="degrees per cell (default 0.5)")
    options = parser.parse_args()

    with open(options.geojson, encoding="utf-8") as handle:
        geojson = json.load(handle)
    grid = rasterise(edges_of(rings_of(geojson)), options.step)
    columns, rows = len(grid[0]), len(grid)
    lines = [encode_row(cells) for cells in grid]
    for cells, line in zip(grid, lines):
        if decode_row(line) != cells:
            sys.exit("internal error: a row does not decode to itself")

    source = swift_source(lines, columns, rows, options.step, os.path.basename(options.geojson))
    longest = max(len(line) for line in source.splitlines())
    if longest > 110:
        sys.exit(f"a generated line is {longest} characters long (the limit is 110): use a coarser --step")
    with open(options.out, "w", encoding="utf-8") as handle:
        handle.write(source)
    land = sum(map(sum, grid))
    print(
        f"{os.path.relpath(options.out, REPO)}: {columns}×{rows} cells, {land / (columns * rows):.1%} land, "
        f"{sum(map(len, lines))} bytes of runs"
    )


if __name__ == "__main__":
    main()
