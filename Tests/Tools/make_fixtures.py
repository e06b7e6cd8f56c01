#!/usr/bin/env python3
"""Trims the saved real EONET responses into the EONETKit test fixtures. Reproducible.

    python3 Tests/Tools/make_fixtures.py [--data ../shared/data/eonet] [--out Tests/EONETKitTests/Fixtures]

Writes:
    v3/categories.json, v2.1/categories.json           copied as they are
    v3/events-open-sample.json                         one of each kind from the 2025-11 dump,
                                                       plus every title with an HTML entity
    v3/events-closed-2026-09.json                      copied (closed events, hectare unit)
    v3/events-open-all-2025-11.json                    copied: the whole 3.9 MB dump, for the decoder
                                                       test (git stores it compressed, about 0.3 MB)
    v3/events-array-2020-05.json                       the first 5 events of the bare array
    v3/events-closed-geojson-2020.json                 the features of the first 3 events
    v2.1/events-open-2019-08.json                      8 events including the Polygon (EONET_354)
    v2.1/categories-8-wildfires.json                   the first 5 events
    server/categories.json                             the 13 v3 categories
    server/categories/<id>.json                        up to 4 open events per category from the dump,
                                                       plus the closed events of that category
"""

import argparse
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def dump(value, path, indent=1):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(value, handle, ensure_ascii=False, indent=indent)
        handle.write("\n")


def with_events(envelope, events):
    envelope = dict(envelope)
    envelope["events"] = events
    return envelope


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=os.path.join(REPO, "..", "shared", "data", "eonet"))
    parser.add_argument("--out", default=os.path.join(REPO, "Tests", "EONETKitTests", "Fixtures"))
    args = parser.parse_args()
    v3, v21, out = os.path.join(args.data, "v3"), os.path.join(args.data, "v2.1"), args.out

    for version, source in (("v3", v3), ("v2.1", v21)):
        os.makedirs(os.path.join(out, version), exist_ok=True)
        shutil.copyfile(os.path.join(source, "categories.json"), os.path.join(out, version, "categories.json"))
    shutil.copyfile(os.path.join(v3, "events-closed-2026-09.json"), os.path.join(out, "v3", "events-closed-2026-09.json"))
    shutil.copyfile(os.path.join(v3, "events-open-all-2025-11.json"), os.path.join(out, "v3", "events-open-all-2025-11.json"))

    dump_all = load(os.path.join(v3, "events-open-all-2025-11.json"))
    events = dump_all["events"]
    sample, seen = [], set()
    for event in events:
        kind = event["categories"][0]["id"]
        if kind not in seen or "&" in event["title"]:
            seen.add(kind)
            sample.append(event)
    dump(with_events(dump_all, sample), os.path.join(out, "v3", "events-open-sample.json"))

    array = load(os.path.join(v3, "events-array-2020-05.json"))
    dump(array[:5], os.path.join(out, "v3", "events-array-2020-05.json"))

    geojson = load(os.path.join(v3, "events-closed-geojson-2020.json"))
    ids = []
    for feature in geojson["features"]:
        if feature["properties"]["id"] not in ids:
            ids.append(feature["properties"]["id"])
    keep = set(ids[:3])
    geojson["features"] = [f for f in geojson["features"] if f["properties"]["id"] in keep]
    dump(geojson, os.path.join(out, "v3", "events-closed-geojson-2020.json"))

    old = load(os.path.join(v21, "events-open-2019-08.json"))
    picked = old["events"][:6] + [e for e in old["events"][6:] if e["id"] == "EONET_354"
                                  or any("&amp;" in s["url"] for s in e["sources"])]
    dump(with_events(old, picked), os.path.join(out, "v2.1", "events-open-2019-08.json"))
    wildfires = load(os.path.join(v21, "categories-8-wildfires.json"))
    dump(with_events(wildfires, wildfires["events"][:5]), os.path.join(out, "v2.1", "categories-8-wildfires.json"))

    categories = load(os.path.join(v3, "categories.json"))
    closed = load(os.path.join(v3, "events-closed-2026-09.json"))["events"]
    server = os.path.join(out, "server")
    dump(categories, os.path.join(server, "categories.json"))
    counts = {}
    for category in categories["categories"]:
        cid = category["id"]
        opened = [e for e in events if any(c["id"] == cid for c in e["categories"])][:4]
        shut = [e for e in closed if any(c["id"] == cid for c in e["categories"])]
        counts[cid] = (len(opened), len(shut))
        envelope = {"title": "EONET Events: " + category["title"], "description": category["description"],
                    "link": "https://eonet.gsfc.nasa.gov/api/v3/categories/" + cid, "events": opened + shut}
        dump(envelope, os.path.join(server, "categories", cid + ".json"))
    print("server fixture (open, closed):", counts)
    print("sample:", len(sample), "events")


if __name__ == "__main__":
    main()
