#!/usr/bin/env python3
"""Writes the decoder fuzzer's seed corpus (Tests/Fuzz/corpus) from the real EONET responses in
../shared/data/eonet: small documents of a few events each, in every shape the API sends (v3 events,
GeoJSON features, bare arrays, categories, v2.1), so libFuzzer starts from realistic input."""
import json, os, sys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
shared = os.path.join(os.path.dirname(root), "shared", "data", "eonet")
out = os.path.join(root, "Tests", "Fuzz", "corpus")
os.makedirs(out, exist_ok=True)

def write(name, document):
    with open(os.path.join(out, name), "w") as f:
        json.dump(document, f, separators=(",", ":"), ensure_ascii=False)

def load(*parts):
    with open(os.path.join(shared, *parts)) as f:
        return json.load(f)

events = load("v3", "events-open-all-2025-11.json")
for index in range(0, 12):
    chunk = events["events"][index * 3:(index + 1) * 3]
    write(f"v3-events-{index:02d}.json", {"title": "EONET Events", "events": chunk})
ice = load("v3", "events-open-days7-2026-07.json")
write("v3-iceberg-track.json", {"title": "EONET Events", "events": ice["events"][:1]})
geojson = load("v3", "events-closed-geojson-2020.json")
write("v3-geojson.json", {"type": "FeatureCollection", "features": geojson["features"][:4]})
array = load("v3", "events-array-2020-05.json")
write("v3-array.json", array[:3] if isinstance(array, list) else array)
write("v3-categories.json", load("v3", "categories.json"))
write("v2-categories.json", load("v2.1", "categories.json"))
old = load("v2.1", "events-open-2019-08.json")
write("v2-events.json", {"title": "EONET Events", "events": old["events"][:3]})
print(f"wrote {len(os.listdir(out))} seeds to {out}", file=sys.stderr)
