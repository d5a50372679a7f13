#!/usr/bin/env python3
"""Module dependencies of every crate in the workspace, and their cycles.

A module names another when any path in its text (a `use`, a `crate::`,
`super::`, `self::` or `$crate::` path, in code, doc comments or comments
alike) resolves to an item that the other module defines. Paths through
re-exports (`pub use` in `lib.rs` or a `mod.rs`) are followed to the module
that defines the item, so `crate::PositionSet` names `position_set`. A file
is one module: inline modules (`mod tests { ... }`) belong to their file,
with `super::` inside them meaning the file itself.

Usage: python3 .ci/module-cycles.py [--edges]
Prints each crate's cycles (two modules that name each other, or a longer
loop), and for a crate of layers (LAYERS) each module that names a layer
above its own, and exits 1 if there is any; `--edges` also prints every edge.
"""

import os
import re
import sys

CRATES = {
    "chess960": "src/lib.rs",
    "chess960-core": "core/src/lib.rs",
    "chess960-macros": "macros/src/lib.rs",
    "chess960-games": "games/src/lib.rs",
    "chess960-archive": "archive/src/lib.rs",
    "chess960-cli": "cli/src/main.rs",
    "chess960-python": "python/src/lib.rs",
    "chess960-explorer": "explorer/src/lib.rs",
}

# Crates whose top modules are layers, lowest first: a module of one layer
# may name modules of its own layer and the layers below, never above.
LAYERS = {
    "chess960-games": ["read", "replay", "stats"],
    "chess960-explorer": ["model", "store", "index", "explore", "analysis", "serve"],
}

ITEM = re.compile(
    r"^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+|unsafe\s+|async\s+)*"
    r"(struct|enum|fn|trait|type|const|static|union|macro_rules!)\s+([A-Za-z_][A-Za-z0-9_]*)",
    re.M,
)
MOD_DECL = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;", re.M)
INLINE_MOD = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*\{", re.M)
USE = re.compile(r"^[ \t]*(pub(?:\([^)]*\))?\s+)?use\s+([^;]*);", re.S | re.M)
PATH = re.compile(r"(?<![A-Za-z0-9_:])((?:\$crate|crate|super|self)(?:::[A-Za-z_][A-Za-z0-9_]*)+)")


class Module:
    def __init__(self, name, path, parent):
        self.name = name  # "a::b", "" for the crate root
        self.path = path
        self.parent = parent
        self.children = {}
        self.items = set()
        self.reexports = {}  # name -> list of segments (relative to this module)
        self.text = open(path, encoding="utf-8").read()
        self.inline = inline_regions(self.text)


def inline_regions(text):
    """Byte ranges of inline modules' bodies."""
    regions = []
    for match in INLINE_MOD.finditer(text):
        start = match.end()
        depth = 1
        i = start
        while i < len(text) and depth:
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
            i += 1
        regions.append((start, i))
    return regions


def expand_use_tree(tree):
    """`a::{b, c::{d as e}}` -> [(["a","b"], "b"), (["a","c","d"], "e")]."""
    tree = re.sub(r"//[^\n]*", "", tree)
    tree = re.sub(r"\s+", "", tree)

    def parse(s, prefix):
        out = []
        depth = 0
        parts, current = [], ""
        for ch in s:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(current)
                current = ""
            else:
                current += ch
        if current:
            parts.append(current)
        for part in parts:
            brace = part.find("{")
            if brace >= 0:
                head = [seg for seg in part[:brace].split("::") if seg]
                out += parse(part[brace + 1 : part.rindex("}")], prefix + head)
            else:
                alias = None
                if "as" in part and re.search(r"[A-Za-z0-9_*]as[A-Za-z_]", part):
                    part, alias = re.split(r"(?<=[A-Za-z0-9_*])as(?=[A-Za-z_])", part, 1)
                segs = prefix + [seg for seg in part.split("::") if seg]
                if segs and segs[-1] == "self":
                    segs = segs[:-1]
                out.append((segs, alias or (segs[-1] if segs else "")))
        return out

    return parse(tree, [])


def load(root_path):
    modules = {}

    def visit(name, path, parent):
        module = Module(name, path, parent)
        modules[name] = module
        directory = os.path.dirname(path)
        base = os.path.basename(path)
        if base not in ("lib.rs", "main.rs", "mod.rs"):
            directory = os.path.join(directory, base[:-3])
        for match in ITEM.finditer(module.text):
            module.items.add(match.group(2))
        for match in INLINE_MOD.finditer(module.text):
            module.items.add(match.group(1))
        for match in MOD_DECL.finditer(module.text):
            child = match.group(1)
            for candidate in (os.path.join(directory, child + ".rs"), os.path.join(directory, child, "mod.rs")):
                if os.path.exists(candidate):
                    child_name = f"{name}::{child}" if name else child
                    module.children[child] = child_name
                    visit(child_name, candidate, name)
                    break
        for match in USE.finditer(module.text):
            if match.group(1):
                for segs, alias in expand_use_tree(match.group(2)):
                    if alias != "*":
                        module.reexports[alias] = segs

    visit("", root_path, None)
    return modules


def resolve(modules, start, segs, depth=0):
    """The module defining the item `segs` names, read from module `start`."""
    if depth > 20 or not segs:
        return None
    current = start
    i = 0
    if segs[0] in ("crate", "$crate"):
        current, i = "", 1
    elif segs[0] == "self":
        i = 1
    elif segs[0] == "super":
        while i < len(segs) and segs[i] == "super":
            current = modules[current].parent if modules[current].parent is not None else ""
            i += 1
    if i >= len(segs):
        return current
    while i < len(segs):
        module = modules[current]
        seg = segs[i]
        if seg in module.children:
            current = module.children[seg]
            i += 1
            continue
        if seg in module.reexports:
            target = module.reexports[seg]
            resolved = resolve(modules, current, target + segs[i + 1 :], depth + 1)
            return resolved
        if seg in module.items:
            return current
        return None
    return current


EVIDENCE = {}


def edges_of(modules):
    edges = {}
    for name, module in modules.items():
        targets = set()
        text = module.text
        for match in PATH.finditer(text):
            segs = match.group(1).split("::")
            inside = any(a <= match.start() < b for a, b in module.inline)
            if inside and segs[0] == "super":
                segs = ["self"] + segs[1:]
            target = resolve(modules, name, segs)
            if target is not None and target != name:
                targets.add(target)
                line = text.count("\n", 0, match.start()) + 1
                EVIDENCE.setdefault((name, target), f"{module.path}:{line}: {match.group(1)}")
        for match in USE.finditer(text):
            for segs, _ in expand_use_tree(match.group(2)):
                if not segs or segs[-1] == "*" and len(segs) == 1:
                    continue
                if segs[-1] == "*":
                    segs = segs[:-1]
                inside = any(a <= match.start() < b for a, b in module.inline)
                if inside and segs[0] == "super":
                    segs = ["self"] + segs[1:]
                if segs[0] in ("crate", "super", "self", "$crate") or (
                    segs[0] in module.children and not inside
                ):
                    target = resolve(modules, name, segs)
                    if target is not None and target != name:
                        targets.add(target)
                        line = text.count("\n", 0, match.start()) + 1
                        EVIDENCE.setdefault(
                            (name, target), f"{module.path}:{line}: use {'::'.join(segs)}"
                        )
        edges[name] = targets
    return edges


def cycles(edges):
    """Strongly connected components with more than one module."""
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in edges:
        if v not in index:
            strong(v)
    return found


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    show_edges = "--edges" in sys.argv
    bad = False
    for crate, root in CRATES.items():
        modules = load(root)
        edges = edges_of(modules)
        label = lambda m: m or "(crate root)"
        if show_edges:
            for source in sorted(edges):
                for target in sorted(edges[source]):
                    print(f"{crate}: {label(source)} -> {label(target)}")
        found = cycles(edges)
        pairs = sorted(
            (a, b) for a in edges for b in edges[a] if a < b and a in edges.get(b, ())
        )
        if found:
            bad = True
            for component in found:
                print(f"{crate}: cycle among {', '.join(map(label, component))}")
            for a, b in pairs:
                print(f"{crate}:   {label(a)} <-> {label(b)}")
                print(f"{crate}:     {EVIDENCE[(a, b)]}")
                print(f"{crate}:     {EVIDENCE[(b, a)]}")
        else:
            count = sum(len(t) for t in edges.values())
            print(f"{crate}: {len(modules)} modules, {count} edges, no cycles")
        layers = LAYERS.get(crate, [])
        rank = lambda m: layers.index(m.split("::")[0]) if m and m.split("::")[0] in layers else None
        upward = [
            (a, b)
            for a in sorted(edges)
            for b in sorted(edges[a])
            if rank(a) is not None and rank(b) is not None and rank(b) > rank(a)
        ]
        for a, b in upward:
            bad = True
            print(f"{crate}: {label(a)} names {label(b)}, a layer above it")
            print(f"{crate}:     {EVIDENCE[(a, b)]}")
        if layers and not upward:
            print(f"{crate}: layers {' < '.join(layers)}, none named from below")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
