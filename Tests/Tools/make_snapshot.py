#!/usr/bin/env python3
"""Builds the bundled EONET snapshot in Resources/eonet from the saved real responses.

Reproducible: the same input gives byte-identical output (no clock, key order kept).

    python3 Tests/Tools/make_snapshot.py [--data ../shared/data/eonet/v3] [--out Resources/eonet]

Layout written (the fixture server serves this layout too):
    snapshot.json              fetch time (the data's own newest date), source files, counts
    categories.json            the /categories response
    categories/<id>.json       an events envelope per category, as /categories/<id> answers
    layers.json                EONET's /layers, cut to the GIBS layers (the imagery pane's list),
                               each name once, in EONET's order
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
CATEGORIES = "categories.json"
EVENTS = "events-open-all-2025-11.json"
LAYERS = "layers.json"
GIBS = "https://gibs.earthdata.nasa.gov/"


def newest_date(events):
    """The newest closed or geometry date: when the data was fetched, near enough."""
    dates = []
    for event in events:
        if event.get("closed"):
            dates.append(event["closed"])
        dates.extend(g["date"] for g in event.get("geometry", []) if g.get("date"))
    # ISO 8601 UTC strings of one format sort chronologically.
    return max(dates)


def dump(value, path):
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(value, handle, ensure_ascii=False, separators=(",", ":"))
        handle.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=os.path.join(REPO, "..", "shared", "data", "eonet", "v3"))
    parser.add_argument("--out", default=os.path.join(REPO, "Resources", "eonet"))
    args = parser.parse_args()

    with open(os.path.join(args.data, CATEGORIES), encoding="utf-8") as handle:
        categories = json.load(handle)
    with open(os.path.join(args.data, EVENTS), encoding="utf-8") as handle:
        events = json.load(handle)["events"]

    os.makedirs(os.path.join(args.out, "categories"), exist_ok=True)
    for stale in os.listdir(os.path.join(args.out, "categories")):
        os.remove(os.path.join(args.out, "categories", stale))

    base = "https://eonet.gsfc.nasa.gov/api/v3"
    counts = {}
    for category in categories["categories"]:
        category_id = category["id"]
        members = [e for e in events if any(c["id"] == category_id for c in e["categories"])]
        counts[category_id] = len(members)
        envelope = {
            "title": "EONET Events: " + category["title"],
            "description": category.get("description", ""),
            "link": f"{base}/categories/{category_id}",
            "events": members,
        }
        dump(envelope, os.path.join(args.out, "categories", category_id + ".json"))

    dump(categories, os.path.join(args.out, "categories.json"))
    with open(os.path.join(args.data, LAYERS), encoding="utf-8") as handle:
        listed = json.load(handle)["categories"][0]["layers"]
    # GIBS serves each of its WMTS layers by the same name through its WMS too.
    layers, seen = [], set()
    for layer in listed:
        if layer["serviceUrl"].startswith(GIBS) and layer["name"] not in seen:
            seen.add(layer["name"])
            layers.append({"name": layer["name"]})
    dump({"link": f"{base}/layers", "layers": layers}, os.path.join(args.out, LAYERS))
    manifest = {
        "format": "ourplanet-snapshot",
        "version": 1,
        "fetchedAt": newest_date(events),
        "sources": [f"eonet/v3/{CATEGORIES}", f"eonet/v3/{EVENTS}", f"eonet/v3/{LAYERS}"],
        "generatedBy": "Tests/Tools/make_snapshot.py",
        "events": len(events),
        "counts": counts,
    }
    with open(os.path.join(args.out, "snapshot.json"), "w", encoding="utf-8") as handle:
        json.dump(manifest, handle, ensure_ascii=False, indent=2)
        handle.write("\n")
    total = sum(os.path.getsize(os.path.join(root, name))
                for root, _, names in os.walk(args.out) for name in names)
    print(f"snapshot: {len(events)} events in {len(counts)} categories, fetched {manifest['fetchedAt']}, "
          f"{total / 1e6:.2f} MB in {os.path.relpath(args.out)}", file=sys.stderr)


if __name__ == "__main__":
    main()
