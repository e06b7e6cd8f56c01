#!/usr/bin/env python3
"""Generates the fixed arities (2 to 8 sources) of combineLatest and zip, of Single.zip and Maybe.zip,
and of Infallible.combineLatest and Infallible.zip.

Reproducible: the same templates give byte-identical Swift files.

    python3 Tests/Tools/make_arities.py [--check]

`Arities.swift.template` gives `Sources/RxCore/Operators/{CombineLatest,Zip}+Arity.swift`;
`PrimitiveSequenceZip.swift.template` gives `Sources/RxCore/Traits/{Single,Maybe}+Zip+Arity.swift`
(its `@@ if single` / `@@ if maybe` blocks select the trait, `#Op#` names it);
`InfallibleArity.swift.template` gives `Sources/RxCore/Traits/Infallible+{CombineLatest,Zip}+Arity.swift`;
`SharedSequenceArity.swift.template` gives `Sources/RxCore/Traits/SharedSequence+{CombineLatest,Zip}+Arity.swift`.

Both operators come from the same template, so every arity of both has one implementation style; the
rules that differ (what a value does, when the result completes) live in the hand-written base classes
(`CombineLatestSinkBase`, `CombiningSink`) and in the template's `@@ if` blocks. Each output is passed
through `swift format` (the repository's configuration), so the checked-in files pass `make lint`.
`--check` writes nothing and fails when a checked-in file differs from what the template gives.

Template syntax (line based, no nesting limits):
- `@@ header` starts the text written once at the top of each file; `@@ arity` starts the text
  written once per arity.
- `@@ if combineLatest` / `@@ if zip` ... `@@ end`: lines for one operator only.
- `@@ each` ... `@@ end`: lines repeated for each source k = 1...n.
- Outside `@@ each`, a line containing `#k#` or `#i#` is repeated for each source.
- `#n#` is the arity, `#k#` the source number (1-based), `#i#` its index (0-based), `#a#` a letter
  (a, b, c, ...), `#labels#` the argument labels of the sources (`_:_:`), `#op#` / `#Op#` the operator
  (`combineLatest` / `CombineLatest`).
- `[[body]]` is `body` for each source, joined by ", "; `[[body|separator]]` joins by `separator`.
"""

import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
ARITIES = range(2, 9)
# (template, output folder, operators as (`#op#`, `#Op#`), output file name)
JOBS = [
    ("Arities.swift.template", os.path.join("Sources", "RxCore", "Operators"),
     [("combineLatest", "CombineLatest"), ("zip", "Zip")], "{Op}+Arity.swift"),
    ("PrimitiveSequenceZip.swift.template", os.path.join("Sources", "RxCore", "Traits"),
     [("single", "Single"), ("maybe", "Maybe")], "{Op}+Zip+Arity.swift"),
    ("InfallibleArity.swift.template", os.path.join("Sources", "RxCore", "Traits"),
     [("combineLatest", "CombineLatest"), ("zip", "Zip")], "Infallible+{Op}+Arity.swift"),
    ("SharedSequenceArity.swift.template", os.path.join("Sources", "RxCore", "Traits"),
     [("combineLatest", "CombineLatest"), ("zip", "Zip")], "SharedSequence+{Op}+Arity.swift"),
]
LIST = re.compile(r"\[\[(.*?)\]\]")


def parse(lines):
    """The template as a tree: strings, and ("if", name, children) / ("each", children) nodes."""
    root = []
    stack = [root]
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("@@ if "):
            node = ("if", stripped[len("@@ if "):].strip(), [])
            stack[-1].append(node)
            stack.append(node[2])
        elif stripped == "@@ each":
            node = ("each", [])
            stack[-1].append(node)
            stack.append(node[1])
        elif stripped == "@@ end":
            if len(stack) == 1:
                sys.exit(f"template line {number}: @@ end without a block")
            stack.pop()
        elif stripped.startswith("@@"):
            sys.exit(f"template line {number}: unknown directive {stripped}")
        else:
            stack[-1].append(line)
    if len(stack) != 1:
        sys.exit("template: a block is not closed with @@ end")
    return root


def split_sections(text):
    """The `@@ header` and `@@ arity` parts of the template."""
    sections = {}
    current = None
    for line in text.splitlines():
        if line.strip() in ("@@ header", "@@ arity"):
            current = line.strip()[3:]
            sections[current] = []
        elif current is not None:
            sections[current].append(line)
    if set(sections) != {"header", "arity"}:
        sys.exit("template: needs an @@ header and an @@ arity section")
    return sections["header"], sections["arity"]


def substitute(line, values):
    for name, value in values.items():
        line = line.replace(f"#{name}#", str(value))
    return line


def source_values(values, k):
    return dict(values, k=k, i=k - 1, a=chr(ord("a") + k - 1))


def expand_lists(line, values, n):
    def join(match):
        body, _, separator = match.group(1).partition("|")
        separator = separator if separator else ", "
        return separator.join(substitute(body, source_values(values, k)) for k in range(1, n + 1))

    return LIST.sub(join, line)


def render(nodes, values, n, source=None):
    out = []
    for node in nodes:
        if isinstance(node, str):
            line = expand_lists(node, values, n)
            if source is None and ("#k#" in line or "#i#" in line or "#a#" in line):
                out.extend(substitute(line, source_values(values, k)) for k in range(1, n + 1))
            else:
                out.append(substitute(line, source_values(values, source) if source else values))
        elif node[0] == "if":
            if node[1] == values["op"]:
                out.extend(render(node[2], values, n, source))
        else:
            for k in range(1, n + 1):
                out.extend(render(node[1], values, n, k))
    return out


def generate(template_text, op, type_name):
    header, arity = split_sections(template_text)
    base = {"op": op, "Op": type_name}
    lines = render(parse(header), dict(base, n=0, labels=""), 0)
    arity_tree = parse(arity)
    for n in ARITIES:
        values = dict(base, n=n, labels="_:" * n)
        lines.extend(render(arity_tree, values, n))
    return "\n".join(lines).rstrip() + "\n"


def swift_format(source):
    try:
        result = subprocess.run(
            ["swift", "format", "--configuration", os.path.join(REPO, ".swift-format")],
            input=source, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        sys.exit(f"swift format failed: {getattr(error, 'stderr', error)}")
    return result.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a generated file is out of date")
    args = parser.parse_args()
    stale = []
    for template, out_dir, operators, file_name in JOBS:
        with open(os.path.join(HERE, template), encoding="utf-8") as handle:
            template_text = handle.read()
        for op, type_name in operators:
            source = swift_format(generate(template_text, op, type_name))
            path = os.path.join(REPO, out_dir, file_name.format(Op=type_name))
            if args.check:
                with open(path, encoding="utf-8") as handle:
                    if handle.read() != source:
                        stale.append(path)
                continue
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(source)
            print(f"wrote {os.path.relpath(path, REPO)}")
    if stale:
        sys.exit("out of date (run `make arities`): " + ", ".join(os.path.relpath(p, REPO) for p in stale))


if __name__ == "__main__":
    main()
