#!/usr/bin/env python3
"""Regenerates the README's tables that come from the declarations: the commands (OurPlanetCLI's
command table), the terminal UI's keys (the key bindings of OurPlanetUI) and the environment
variables (OurPlanetCLI's declaration) and the keys of an `[[alert]]` table (OurPlanetModel's).

    python3 Tests/Tools/make_docs.py --binary .build/debug/ourplanet [--check]

Each table sits between `<!-- generated: NAME -->` and `<!-- end generated -->` in README.md and is
what the hidden `ourplanet docs NAME` prints. `--check` writes nothing and fails with a diff when
the README differs from what the binary prints (CI runs it after `make test`, which built it).
"""

import argparse
import difflib
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
README = os.path.join(REPO, "README.md")
TABLES = ["commands", "keys", "environment", "alert-keys"]


def generated(binary, readme):
    """`readme` with each marked table replaced by what `binary docs NAME` prints."""
    for name in TABLES:
        table = subprocess.run(
            [binary, "docs", name], capture_output=True, text=True, check=True, timeout=60).stdout
        pattern = re.compile(
            r"(<!-- generated: " + re.escape(name) + r" -->\n).*?(<!-- end generated -->)", re.S)
        if not pattern.search(readme):
            sys.exit(f"make_docs: README.md has no <!-- generated: {name} --> ... <!-- end generated --> block")
        readme = pattern.sub(lambda m: m.group(1) + table + m.group(2), readme, count=1)
    return readme


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True, help="the ourplanet binary to ask")
    parser.add_argument("--check", action="store_true", help="fail with a diff if README.md is out of date")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"make_docs: no binary at {args.binary} (build it first: swift build)")
    with open(README, encoding="utf-8") as file:
        current = file.read()
    wanted = generated(args.binary, current)
    if wanted == current:
        return
    if args.check:
        sys.stdout.writelines(difflib.unified_diff(
            current.splitlines(keepends=True), wanted.splitlines(keepends=True),
            "README.md", "README.md (generated)"))
        sys.exit("make_docs: README.md's generated tables are out of date: run `make docs`")
    with open(README, "w", encoding="utf-8") as file:
        file.write(wanted)
    print("make_docs: README.md updated")


if __name__ == "__main__":
    main()
