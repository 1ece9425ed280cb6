#!/usr/bin/env python3
"""Checks that dependencies between the folders of Sources/ point one way only.

Every folder that holds Swift files (a module, or a folder inside one) is a node. Folder A
depends on folder B when a Swift file in A names a type, protocol or top-level function
declared in B. Any cycle (A → … → A) is printed and makes the exit status 1.

The check reads declarations with a regular expression, not the compiler, so it only sees
names declared at the start of a line: that is how the code is written. Modules are checked
by the compiler as well, since SwiftPM refuses a cyclic target graph; this check adds the
folders inside each module.

Usage: scripts/check-dependencies.py [--graph]
"""
import re
import sys
from collections import defaultdict
from pathlib import Path

SOURCES = Path(__file__).resolve().parents[1] / "Sources"
DECLARATION = re.compile(
    r"^(?:public |package |internal |private |fileprivate |final |indirect |@\w+ )*"
    r"(?:struct|enum|class|protocol|actor|typealias|func) +([A-Z][A-Za-z0-9_]*)", re.M)
IDENTIFIER = re.compile(r"\b[A-Z][A-Za-z0-9_]*\b")
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')


def folders():
    """Each folder with Swift files, by path relative to Sources/, with its files' texts."""
    found = defaultdict(list)
    for path in sorted(SOURCES.rglob("*.swift")):
        text = STRING.sub('""', COMMENT.sub("", path.read_text(encoding="utf-8")))
        found[str(path.parent.relative_to(SOURCES))].append(text)
    return found


def graph(found):
    declared_in = {}
    for folder, texts in found.items():
        for text in texts:
            for name in DECLARATION.findall(text):
                declared_in.setdefault(name, folder)
    edges = defaultdict(set)
    for folder, texts in found.items():
        for text in texts:
            for name in set(IDENTIFIER.findall(text)):
                owner = declared_in.get(name)
                if owner and owner != folder:
                    edges[folder].add(owner)
    return edges


def cycles(edges):
    """Strongly connected components with more than one folder (Tarjan)."""
    index, low, stack, on_stack, found, counter = {}, {}, [], set(), [], [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(set(edges) | {t for targets in edges.values() for t in targets}):
        if node not in index:
            visit(node)
    return found


def main():
    edges = graph(folders())
    if "--graph" in sys.argv:
        for folder in sorted(edges):
            print(f"{folder} → {', '.join(sorted(edges[folder]))}")
    found = cycles(edges)
    for component in found:
        members = set(component)
        print("cycle: " + ", ".join(component))
        for folder in component:
            print(f"  {folder} → {', '.join(sorted(edges[folder] & members))}")
    if found:
        return 1
    print(f"no cycles among {len(edges)} folders", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
