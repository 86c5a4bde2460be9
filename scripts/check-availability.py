#!/usr/bin/env python3
"""The availability gate: no API newer than the package's Apple floors outside `#available`.

A Linux build checks no Apple deployment target, so a call such as `String(validating:as:)`
(iOS 18, macOS 15) compiles here and fails in Xcode at the package's floors (iOS 14, macOS 11,
watchOS 7, tvOS 14). This script finds such uses offline, in a few seconds:

1. The floors come from Package.swift (`platforms: [.iOS(.v16), ...]`).
2. The symbols come from the toolchain itself: `swift symbolgraph-extract` on the Swift
   standard library, Concurrency, Synchronization, Dispatch, Foundation (Essentials,
   Internationalization), RegexBuilder and Observation of the Linux toolchain. Their symbol
   graphs carry Apple availability (`@available(macOS 15, iOS 18, ...)`). A symbol is "too new"
   on a platform when it is introduced after the floor there (or unavailable there).
3. The sources scanned are the runtime's and the plugin's: the targets of every library product
   except the translators' tools, every plugin, and their target dependencies (from
   Package.swift; a dependency only for Linux, such as ICUKit, is not built for Apple platforms).
   With --all, every target's (msgtool, the tests: a Mac builds and tests them at macOS 11).
4. A use is a call with its argument labels (`String(validating: x, as: UTF8.self)` is
   `String.init(validating:as:)`, `.withLock { }` is `withLock(_:)`), a type name (`Mutex`), or a
   member (`.utf8Span`). A call on a named type is matched against that type's members; any other
   name is matched only when every symbol of that name and labels in the toolchain is too new and
   the package declares no such name itself (precision first: `count` is never reported).
5. A use is allowed inside `if #available(...)`/`while #available`, after `guard #available(...)`
   in the same scope, inside a declaration marked `@available(...)`, when the versions given cover
   the symbol's, and in code that `#if` leaves out for that platform (`#if os(Linux)`,
   `#if canImport(Glibc)`; custom conditions such as `SystemICU` count as off: the Apple
   configuration).
6. scripts/availability-allowlist.txt lists accepted uses, each with its reason.

Usage:
    python3 scripts/check-availability.py            # check the package (CI)
    python3 scripts/check-availability.py --self-test
        # the fixtures of Tests/Fixtures/availability: every line ending in an "expect" comment
        # naming a symbol must be reported for it, and nothing else
    python3 scripts/check-availability.py --all      # every target: msgtool, tests, fuzz too (CI)
    python3 scripts/check-availability.py --root DIR # check another checkout (e.g. an old commit)
    python3 scripts/check-availability.py FILE...    # check these files only

Exit status: 0 clean, 1 a use outside a guard (each printed as file:line:column: error: ...),
2 could not run (no toolchain, unreadable Package.swift, a bad allowlist line).
"""
import argparse
import bisect
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

PLATFORMS = ("iOS", "macOS", "watchOS", "tvOS", "visionOS")
# The toolchain's modules a source of the package may use on Apple platforms.
TOOLCHAIN_MODULES = ("Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Dispatch",
                     "Foundation", "FoundationEssentials", "FoundationInternationalization",
                     "RegexBuilder", "Observation")
# Library products that are not part of what an app links: the translators' tools (msgtool's).
NOT_RUNTIME_PRODUCTS = {"MessageCatalogTools"}
# `canImport` of these is false on Apple platforms (Linux-only system modules and this package's
# Linux-only targets); any other module counts as importable.
NOT_ON_APPLE = {"Glibc", "Musl", "Android", "Bionic", "WinSDK", "WASILibc", "CRT",
                "UserNotificationsStandIn", "ICUKit", "CICU"}
INDEX_FORMAT = 2  # the compact index's layout; bump when Index changes
TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias",
              "swift.actor"}
KEYWORDS = {"if", "guard", "while", "switch", "return", "for", "in", "catch", "try", "await",
            "throw", "case", "where", "repeat", "let", "var", "func", "init", "is", "as", "some",
            "any", "else", "do", "defer", "self", "super", "Self", "true", "false", "nil", "inout",
            "throws", "rethrows", "async", "static", "subscript", "operator", "deinit", "get", "set",
            "willSet", "didSet", "import", "typealias", "struct", "class", "enum", "protocol",
            "extension", "actor", "public", "package", "private", "fileprivate", "internal", "open"}


class Failure(Exception):
    """A problem that stops the gate from running (exit 2)."""


# ------------------------------------------------------------------------------------------
# Package.swift: floors and the targets to scan

def matching(text, i, open_ch="(", close_ch=")"):
    """Index of the bracket closing the one at text[i] (strings skipped), or len(text)."""
    depth = 0
    j = i
    while j < len(text):
        c = text[j]
        if c == '"':
            j = text.find('"', j + 1)
            if j < 0:
                return len(text)
        elif c == open_ch:
            depth += 1
        elif c == close_ch:
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return len(text)


def split_top_level(text):
    """text split at the commas outside brackets (the items of a list, the arguments of a call)."""
    items, depth, cur = [], 0, ""
    for c in text:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            items.append(cur)
            cur = ""
        else:
            cur += c
    items.append(cur)
    return items


def read_manifest(root, plugins=True, everything=False):
    """The Apple floors ({"iOS": (16, 0), ...}) and the targets to check, dependencies first:
    [(name, folder, kind)] of the library products' targets (but the translators' tools), with
    plugins=True also of every plugin and its tool, with everything=True of every target."""
    path = os.path.join(root, "Package.swift")
    try:
        text = open(path, encoding="utf-8").read()
    except OSError as e:
        raise Failure(f"{path}: cannot read the manifest ({e.strerror})")
    text = re.sub(r"//[^\n]*", "", text)
    m = re.search(r"platforms:\s*\[(?=\s*\.(?:iOS|macOS|watchOS|tvOS|visionOS)\()", text)
    if not m:
        raise Failure(f"{path}: no `platforms:` list, so no floors to check against")
    block = text[m.end():matching(text, m.end() - 1, "[", "]")]
    floors = {}
    for p, major, minor in re.findall(r"\.(iOS|macOS|watchOS|tvOS|visionOS)\(\s*\.v(\d+)(?:_(\d+))?", block):
        floors[p] = (int(major), int(minor or 0))
    for p, v in re.findall(r'\.(iOS|macOS|watchOS|tvOS|visionOS)\(\s*"([\d.]+)"', block):
        parts = [int(x) for x in v.split(".")] + [0]
        floors[p] = (parts[0], parts[1])
    if not floors:
        raise Failure(f"{path}: `platforms:` names no Apple platform version")

    targets = {}
    for m in re.finditer(r"\.(target|executableTarget|plugin|testTarget|systemLibrary|macro)\(\s*name:\s*\"([^\"]+)\"", text):
        kind, name = m.group(1), m.group(2)
        call = text[m.start():matching(text, m.start() + len(kind) + 1)]
        deps = []
        d = re.search(r"dependencies:\s*\[", call)
        if d:
            dblock = call[d.end():matching(call, d.end() - 1, "[", "]")]
            for it in split_top_level(dblock):
                it = it.strip()
                linux_only = "linux" in it and "platforms" in it or "systemICU" in it
                n = re.match(r'"([^"]+)"$', it) or re.match(r'\.(?:target|byName)\(\s*name:\s*"([^"]+)"', it)
                if n and not linux_only:
                    deps.append(n.group(1))
        p = re.search(r'\bpath:\s*"([^"]+)"', call)
        folder = p.group(1) if p else {"plugin": "Plugins/", "testTarget": "Tests/"}.get(kind, "Sources/") + name
        targets[name] = {"kind": kind, "deps": deps, "path": folder}
    roots = []
    for m in re.finditer(r"\.library\(\s*name:\s*\"([^\"]+)\"[^)]*targets:\s*\[([^\]]*)\]", text):
        if m.group(1) not in NOT_RUNTIME_PRODUCTS:
            roots += re.findall(r'"([^"]+)"', m.group(2))
    if plugins:
        roots += [n for n, t in targets.items() if t["kind"] == "plugin"]
    if everything:
        roots = list(targets)
    scan = []

    def visit(n):  # dependencies first
        if n in scan or n not in targets or targets[n]["kind"] == "systemLibrary":
            return
        scan.append(n)  # marks it (a cycle is SwiftPM's error, not ours)
        scan.remove(n)
        for d in targets[n]["deps"]:
            visit(d)
        if n not in scan:
            scan.append(n)
    for r in roots:
        visit(r)
    return floors, [(n, targets[n]["path"], targets[n]["kind"]) for n in scan]


# ------------------------------------------------------------------------------------------
# The toolchain's symbol graphs

def swift_tool():
    exe = shutil.which("swift")
    if not exe:
        raise Failure("no `swift` on PATH: the gate reads the toolchain's own symbol graphs")
    return exe


def symbol_graphs(cache_root):
    """Extracts (once per toolchain) the symbol graphs of TOOLCHAIN_MODULES; returns the folder."""
    swift = swift_tool()
    r = subprocess.run([swift, "--version"], capture_output=True, text=True)
    version = r.stdout + r.stderr
    target = re.search(r"Target:\s*(\S+)", version)
    if not target:
        raise Failure(f"`swift --version` names no target: {version.strip()}")
    key = hashlib.sha1((version + " ".join(TOOLCHAIN_MODULES)).encode()).hexdigest()[:12]
    folder = os.path.join(cache_root, key)
    if os.path.exists(os.path.join(folder, ".complete")):
        return folder
    os.makedirs(cache_root, exist_ok=True)
    work = tempfile.mkdtemp(dir=cache_root, prefix=".extract-")
    for module in TOOLCHAIN_MODULES:
        r = subprocess.run([swift, "symbolgraph-extract", "-module-name", module, "-target", target.group(1),
                            "-output-dir", work, "-minimum-access-level", "public"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            if "couldn't load module" in (r.stdout + r.stderr).lower():
                continue  # a toolchain without it: nothing of it can be used either
            raise Failure(f"swift symbolgraph-extract -module-name {module} failed: {(r.stderr or r.stdout).strip()[:400]}")
    open(os.path.join(work, ".complete"), "w").close()
    try:
        os.rename(work, folder)
    except OSError:  # another run finished first
        shutil.rmtree(work, ignore_errors=True)
    return folder


def version_tuple(v):
    return (v.get("major", 0), v.get("minor", 0))


def fmt_version(v):
    return f"{v[0]}.{v[1]}"


class Index:
    """The toolchain's symbols: which are newer than the floors, by name and by path."""

    def __init__(self, folder, floors):
        self.floors = floors
        compact = os.path.join(folder, "index%d-%s.json" % (INDEX_FORMAT, "-".join(f"{p}{v[0]}.{v[1]}" for p, v in sorted(floors.items()))))
        if os.path.exists(compact):
            d = json.load(open(compact, encoding="utf-8"))
            conv = lambda table: {k: [{p: tuple(v) for p, v in e.items()} for e in l] for k, l in table.items()}
            self.by_name, self.by_path, self.properties = conv(d["by_name"]), conv(d["by_path"]), conv(d["properties"])
            self.types, self.labels, self.count = set(d["types"]), set(d["labels"]), d["count"]
            return
        self.by_name = {}   # last path component -> list of too-new dicts ({} = available)
        self.by_path = {}   # "Type.member" / "Type" -> list of too-new dicts
        self.types = set()  # top-level type names and "Outer.Inner" paths
        self.properties = {}  # property and enum case names -> list of too-new dicts
        self.labels = set()   # every parameter name and tuple label in a declaration
        self.count = 0
        for f in sorted(os.listdir(folder)):
            if not f.endswith(".symbols.json"):
                continue
            graph = json.load(open(os.path.join(folder, f), encoding="utf-8"))
            for s in graph["symbols"]:
                too_new = self.too_new(s.get("availability") or [])
                comps = s["pathComponents"]
                self.by_name.setdefault(comps[-1], []).append(too_new)
                self.by_path.setdefault(".".join(comps), []).append(too_new)
                kind = s["kind"]["identifier"]
                if kind in TYPE_KINDS:
                    self.types.add(".".join(comps))
                if kind in ("swift.property", "swift.type.property", "swift.enum.case"):
                    self.properties.setdefault(comps[-1], []).append(too_new)
                declaration = "".join(f.get("spelling", "") for f in s.get("declarationFragments", []))
                for inside in re.findall(r"\(([^()]*)\)", declaration):  # parameters, tuple elements
                    self.labels.update(re.findall(r"(\w+)\s*:", inside))
                if too_new:
                    self.count += 1
        try:  # a compact copy for the next run (the graphs are about 100 MB of JSON)
            tmp = compact + ".tmp%d" % os.getpid()
            json.dump({"by_name": self.by_name, "by_path": self.by_path, "properties": self.properties,
                       "types": sorted(self.types), "labels": sorted(self.labels), "count": self.count},
                      open(tmp, "w", encoding="utf-8"))
            os.replace(tmp, compact)
        except OSError:
            pass

    def too_new(self, availability):
        """{platform: introduced} for every floor platform where the symbol is newer than the floor."""
        out = {}
        for a in availability:
            p = a.get("domain")
            if p not in self.floors:
                continue
            if a.get("isUnconditionallyUnavailable"):
                out[p] = (9999, 0)
            elif "introduced" in a:
                v = version_tuple(a["introduced"])
                if v > self.floors[p]:
                    out[p] = v
        return out

    @staticmethod
    def all_too_new(entries):
        """The platforms (with the lowest introduction) on which every entry is too new; {} if any is not."""
        if not entries or any(not e for e in entries):
            return {}
        common = set(entries[0])
        for e in entries[1:]:
            common &= set(e)
        return {p: min(e[p] for e in entries) for p in common}


# ------------------------------------------------------------------------------------------
# Swift source: comments and string text blanked, `#if` per platform, guards

def blank_source(src):
    """The code with comments and string literal text replaced by spaces (newlines kept);
    interpolations `\\( )` stay code."""
    out = list(src)
    n = len(src)
    i = 0
    stack = []  # for interpolation: paren depth at which to resume the string, and its delimiter

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    def scan_string(i, hashes, multi):
        """i is just after the opening quote(s); returns (index after the closing quote, None) or
        (index of the interpolation's '(', (hashes, multi))."""
        close = ('"""' if multi else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        start = i
        while i < n:
            if src.startswith(escape, i):
                j = i + len(escape)
                if j < n and src[j] == "(":
                    blank(start, i)
                    return j, (hashes, multi)
                i = j + 1
                continue
            if src.startswith(close, i):
                blank(start, i)
                return i + len(close), None
            if not multi and src[i] == "\n":
                blank(start, i)
                return i, None
            i += 1
        blank(start, n)
        return n, None

    def string_from(i, hashes, multi, depth):
        """Blanks string text from i to the string's end or next interpolation; returns where the
        code resumes and the paren depth there."""
        j, interp = scan_string(i, hashes, multi)
        if interp:
            stack.append((depth, interp))
            return j + 1, depth + 1
        return j, depth

    depth = 0
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif src.startswith("/*", i):
            d, j = 0, i
            while j < n:
                if src.startswith("/*", j):
                    d += 1
                    j += 2
                elif src.startswith("*/", j):
                    d -= 1
                    j += 2
                    if d == 0:
                        break
                else:
                    j += 1
            blank(i, j)
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', src[i:i + 8])):
            hashes = 0
            while src[i + hashes] == "#":
                hashes += 1
            j = i + hashes
            multi = src.startswith('"""', j)
            i, depth = string_from(j + (3 if multi else 1), hashes, multi, depth)
        elif c == "(":
            depth += 1
            i += 1
        elif c == ")":
            depth -= 1
            i += 1
            if stack and stack[-1][0] == depth:
                _, (hashes, multi) = stack.pop()
                i, depth = string_from(i, hashes, multi, depth)
        else:
            i += 1
    return "".join(out)


def eval_condition(cond, platform):
    """Whether a `#if` condition holds when compiling for `platform` (the Apple configuration)."""
    def os_(m):
        return "True" if m.group(1) == platform else "False"

    def can_import(m):
        return "False" if m.group(1) in NOT_ON_APPLE else "True"

    e = re.sub(r"\bos\(\s*(\w+)\s*\)", os_, cond)
    e = re.sub(r"\bcanImport\(\s*([\w.]+)[^)]*\)", can_import, e)
    e = re.sub(r"\b(?:compiler|swift|hasFeature|hasAttribute|arch|_endian|_pointerBitWidth|_runtime|_hasAtomicBitWidth)\([^)]*\)", "True", e)
    e = re.sub(r"\btargetEnvironment\(\s*(\w+)\s*\)", lambda m: "True" if m.group(1) == "simulator" else "False", e)
    e = e.replace("&&", " and ").replace("||", " or ")
    e = re.sub(r"!(?!=)", " not ", e)
    e = re.sub(r"\b(?!True\b|False\b|and\b|or\b|not\b)[A-Za-z_]\w*\b", "False", e)  # custom flags: off
    try:
        return bool(eval(e, {"__builtins__": {}}, {}))
    except Exception:
        return True


def active_lines(code, platforms):
    """For each line (0-based), the set of platforms for which it is compiled."""
    lines = code.split("\n")
    result = []
    stack = []  # (active set of the branch, platforms a branch already took, active set of the parent)
    current = set(platforms)
    for line in lines:
        s = line.strip()
        m = re.match(r"#(if|elseif|else|endif)\b(.*)", s)
        if m:
            kw, cond = m.group(1), m.group(2).strip()
            if kw == "if":
                parent = current
                branch = {p for p in parent if eval_condition(cond, p)}
                stack.append([branch, set(branch), parent])
                current = branch
            elif kw == "elseif" and stack:
                top = stack[-1]
                branch = {p for p in top[2] if p not in top[1] and eval_condition(cond, p)}
                top[0] = branch
                top[1] |= branch
                current = branch
            elif kw == "else" and stack:
                top = stack[-1]
                branch = {p for p in top[2] if p not in top[1]}
                top[0] = branch
                top[1] |= branch
                current = branch
            elif kw == "endif" and stack:
                current = stack.pop()[2]
            result.append(set())
        else:
            result.append(set(current))
    return result


def parse_spec(spec):
    """`iOS 18, macOS 15.0, *` -> {"iOS": (18, 0), "macOS": (15, 0)}."""
    out = {}
    for p, v in re.findall(r"\b(iOS|macOS|watchOS|tvOS|visionOS|OSX|iOSApplicationExtension|macOSApplicationExtension)\s+([\d.]+)", spec):
        p = {"OSX": "macOS", "iOSApplicationExtension": "iOS", "macOSApplicationExtension": "macOS"}.get(p, p)
        parts = [int(x) for x in v.split(".")] + [0]
        out[p] = (parts[0], parts[1])
    m = re.search(r"\b(iOS|macOS|watchOS|tvOS|visionOS)\s*,\s*introduced:\s*([\d.]+)", spec)
    if m:
        parts = [int(x) for x in m.group(2).split(".")] + [0]
        out[m.group(1)] = (parts[0], parts[1])
    return out


def enclosing_scope_end(code, pos):
    """Index of the `}` closing the scope that contains pos (or len(code))."""
    depth = 0
    i = pos
    while i > 0:
        i -= 1
        if code[i] == "}":
            depth += 1
        elif code[i] == "{":
            if depth == 0:
                return matching(code, i, "{", "}")
            depth -= 1
    return len(code)


DECL_START = re.compile(r"\s*(@|func\b|var\b|let\b|init\b|struct\b|class\b|enum\b|extension\b|protocol\b|actor\b|"
                        r"public\b|private\b|internal\b|fileprivate\b|package\b|static\b|case\b|typealias\b|\}|#)")


def guard_regions(code):
    """[(start, end, {platform: version})]: where the versions are known to be available."""
    regions = []
    for m in re.finditer(r"#available\s*\(", code):
        open_paren = m.end() - 1
        close = matching(code, open_paren)
        versions = parse_spec(code[open_paren + 1:close])
        # the first `{` after the condition list (outside parentheses)
        depth, j = 0, close + 1
        while j < len(code):
            if code[j] in "([":
                depth += 1
            elif code[j] in ")]":
                depth -= 1
            elif code[j] == "{" and depth == 0:
                break
            j += 1
        if j >= len(code):
            continue
        body_end = matching(code, j, "{", "}")
        before = code[:m.start()]
        kw = re.search(r"\b(guard|if|while)\b[^{};]*$", before)
        if kw and kw.group(1) == "guard":
            regions.append((body_end, enclosing_scope_end(code, m.start()), versions))
        else:
            regions.append((j, body_end, versions))
    for m in re.finditer(r"@available\s*\(", code):
        close = matching(code, m.end() - 1)
        versions = parse_spec(code[m.end():close])
        if not versions:
            continue
        # the declaration the attribute is on: up to its body's `}`, or its end of line
        depth, j, seen_decl = 0, close + 1, False
        end = None
        while j < len(code):
            c = code[j]
            if c in "([":
                depth += 1
            elif c in ")]":
                depth -= 1
            elif c == "{" and depth == 0:
                end = matching(code, j, "{", "}")
                break
            elif c == "\n" and depth == 0 and seen_decl and DECL_START.match(code, j + 1):
                end = j
                break
            elif c.isalpha() and depth == 0:
                seen_decl = True
            j += 1
        regions.append((m.start(), end if end is not None else len(code), versions))
    return regions


# ------------------------------------------------------------------------------------------
# Uses

def call_labels(code, open_paren):
    """The argument labels of the call whose `(` is at open_paren, `_` for an unlabelled one."""
    close = matching(code, open_paren)
    inner = code[open_paren + 1:close]
    if not inner.strip():
        return [], close
    labels = []
    for a in split_top_level(inner):
        lm = re.match(r"\s*(\w+)\s*:(?!:)", a)
        labels.append(lm.group(1) if lm else "_")
    return labels, close


def own_names(root, folders):
    """Names the package declares itself (a use of one is not the toolchain's)."""
    names = set()
    for folder in folders:
        for dirpath, _, files in os.walk(os.path.join(root, folder)):
            for f in files:
                if f.endswith(".swift"):
                    code = blank_source(open(os.path.join(dirpath, f), encoding="utf-8", errors="replace").read())
                    names.update(re.findall(r"\b(?:func|var|let|case|struct|class|enum|protocol|typealias|actor|associatedtype)\s+`?(\w+)", code))
                    for m in re.finditer(r"\bcase\s+([^\n:=]+)", code):  # case a, b(Int), c
                        cases = m.group(1)
                        while re.search(r"\([^()]*\)", cases):
                            cases = re.sub(r"\([^()]*\)", "", cases)  # associated values
                        names.update(re.findall(r"(?:^|,)\s*(\w+)", cases))
    return names


def find_uses(code, index, own):
    """[(offset, symbol shown, {platform: introduced})] of the toolchain's too-new symbols."""
    uses = []
    ident = re.compile(r"[A-Za-z_]\w*")
    for m in ident.finditer(code):
        name = m.group(0)
        start, end = m.start(), m.end()
        if name in KEYWORDS and name != "init":
            continue
        if start > 0 and (code[start - 1].isalnum() or code[start - 1] in "_$#@"):
            continue
        qualifier = None
        dot = start - 1
        while dot >= 0 and code[dot] in " \t":
            dot -= 1
        member = dot >= 0 and code[dot] == "."
        if member:
            q = re.search(r"([A-Z]\w*)\s*$", code[:dot])
            if q and (q.start() == 0 or not (code[q.start() - 1].isalnum() or code[q.start() - 1] in "_.")):
                qualifier = q.group(1)
        # generic arguments then `(`: a call
        k = end
        if k < len(code) and code[k] == "<" and name[:1].isupper():
            close = matching(code, k, "<", ">")
            if close < len(code) and "\n" not in code[k:close]:
                k = close + 1
        while k < len(code) and code[k] in " \t":
            k += 1
        is_call = k < len(code) and code[k] == "("
        found = None
        if is_call:
            labels, close = call_labels(code, k)
            after = code[close + 1:close + 40].lstrip(" \t")
            trailing = after.startswith("{")
            callee = "init" if name[:1].isupper() and not member else name
            owner = name if callee == "init" else (qualifier if member and qualifier and name != "init" else None)
            if member and name == "init":
                owner = qualifier
            sigs = [f"{callee}({''.join(l + ':' for l in labels)})"]
            if trailing:
                sigs.append(f"{callee}({''.join(l + ':' for l in labels + ['_'])})")
            for sig in sigs:
                if owner and owner in index.types and owner not in own:
                    entries = index.by_path.get(f"{owner}.{sig}", [])
                    shown = f"{owner}.{sig}"
                elif owner is None and callee != "init" and name not in own:
                    entries = index.by_name.get(sig, [])
                    shown = sig
                else:
                    entries = []
                too_new = Index.all_too_new(entries)
                if too_new:
                    found = (start, shown, too_new)
                    break
        if not found and name[:1].isupper() and name not in own:
            path = f"{qualifier}.{name}" if member and qualifier else name
            if path in index.types:
                too_new = Index.all_too_new(index.by_path.get(path, []))
                if too_new:
                    found = (start, path, too_new)
        trailing_closure = not is_call and code[k:k + 1] == "{"
        if not found and member and trailing_closure and name not in own:
            # `.withLock { ... }`: a call whose only argument is the closure
            too_new = Index.all_too_new(index.by_name.get(f"{name}(_:)", []))
            if too_new:
                found = (start, f"{name}(_:)", too_new)
        if (not found and member and not is_call and not trailing_closure and name not in own
                and name not in index.labels and name[:1].islower()):
            # a property or case; a name that is also a tuple label or parameter name is ambiguous
            too_new = Index.all_too_new(index.properties.get(name, []))
            if too_new:
                found = (start, f".{name}", too_new)
        if found:
            uses.append(found)
    return uses


def check_file(path, shown_path, index, own, floors):
    src = open(path, encoding="utf-8", errors="replace").read()
    code = blank_source(src)
    lines = active_lines(code, floors.keys())
    line_starts = [0]
    for i, c in enumerate(code):
        if c == "\n":
            line_starts.append(i + 1)
    regions = guard_regions(code)
    problems = []
    for offset, symbol, too_new in find_uses(code, index, own):
        line = bisect.bisect_right(line_starts, offset) - 1
        col = offset - line_starts[line] + 1
        bad = {}
        for p, intro in too_new.items():
            if p not in lines[line]:
                continue  # not compiled for p
            if any(a <= offset < b and v.get(p, (0, 0)) >= intro for a, b, v in regions):
                continue
            bad[p] = intro
        if bad:
            problems.append((shown_path, line + 1, col, symbol, bad))
    return problems


# ------------------------------------------------------------------------------------------

def read_allowlist(path):
    entries = []
    if not os.path.exists(path):
        return entries
    for n, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"(\S+)\s+(\S+)\s+#\s*(\S.*)$", line)
        if not m:
            raise Failure(f"{path}:{n}: an entry is `FILE SYMBOL  # reason` (the reason is required): {line}")
        entries.append({"file": m.group(1), "symbol": m.group(2), "line": n, "used": False})
    return entries


def ordered(bad, floors):
    """The items of bad in the order Package.swift names the platforms."""
    return [(p, bad[p]) for p in floors if p in bad]


def describe(bad, floors):
    return ", ".join(f"{p} {fmt_version(v)}" if v[0] < 9999 else f"unavailable on {p}" for p, v in ordered(bad, floors))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", help="check these files only (default: the runtime's and the plugin's sources)")
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."),
                    help="the package checkout (default: this script's)")
    ap.add_argument("--self-test", action="store_true", help="check the fixtures of Tests/Fixtures/availability")
    ap.add_argument("--all", action="store_true",
                    help="check every target (tools, tests, fuzz targets too: a Mac builds them at the macOS floor)")
    ap.add_argument("--symbol-graphs", help="a folder of *.symbols.json to use instead of extracting them")
    ap.add_argument("--print-runtime", action="store_true",
                    help="print the floors (`floor iOS 14.0`) and the runtime's library modules, dependencies "
                         "first (`module NAME FOLDER`), for scripts/apple-typecheck.sh, and stop")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    here = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    try:
        floors, targets = read_manifest(root, plugins=not args.print_runtime, everything=args.all)
        _, all_targets = read_manifest(root, everything=True)
        floors = {p: v for p, v in floors.items() if p in PLATFORMS}
        if args.print_runtime:
            for p, v in floors.items():
                print(f"floor {p} {fmt_version(v)}")
            for name, folder, kind in targets:
                if kind == "target":
                    print(f"module {name} {folder}")
            return 0
        graphs = args.symbol_graphs or symbol_graphs(os.path.join(here, ".build", "availability-gate"))
        index = Index(graphs, floors)
        if "String.init(validating:as:)" not in index.by_path or not index.count:
            # the canary: a toolchain whose graphs lack it would let every use through
            raise Failure(f"the symbol graphs in {graphs} lack the standard library's availability "
                          f"(no String.init(validating:as:)): delete the folder and run again")
        folders = [t[1] for t in targets]
        if args.self_test:
            return self_test(here, index, floors)
        allowlist = read_allowlist(os.path.join(root, "scripts", "availability-allowlist.txt"))
    except Failure as e:
        print(f"check-availability: {e}", file=sys.stderr)
        return 2
    own = own_names(root, [t[1] for t in all_targets])  # a name declared anywhere in the package
    files = []
    if args.files:
        files = [(os.path.abspath(f), os.path.relpath(os.path.abspath(f), root)) for f in args.files]
    else:
        for folder in folders:
            for dirpath, _, names in os.walk(os.path.join(root, folder)):
                for f in sorted(names):
                    if f.endswith(".swift"):
                        full = os.path.join(dirpath, f)
                        files.append((full, os.path.relpath(full, root)))
    files.sort()
    problems = []
    for full, shown in files:
        problems += check_file(full, shown, index, own, floors)
    floors_text = ", ".join(f"{p} {v[0]}" + (f".{v[1]}" if v[1] else "") for p, v in floors.items())
    reported = 0
    for path, line, col, symbol, bad in problems:
        entry = next((e for e in allowlist if e["file"] == path and e["symbol"] in (symbol, "*")), None)
        if entry:
            entry["used"] = True
            continue
        reported += 1
        print(f"{path}:{line}:{col}: error: '{symbol}' needs {describe(bad, floors)}, above the package's floors "
              f"({floors_text}): call it inside `if #available({', '.join(f'{p} {fmt_version(v)}' for p, v in ordered(bad, floors) if v[0] < 9999)}, *)` "
              f"with a fallback, or use ToolkitSupport's helper (UTF8Validation, Locked); an accepted use goes in "
              f"scripts/availability-allowlist.txt with its reason")
    scanned = {shown for _, shown in files}
    for e in allowlist:
        # unused, in a file this run read (or in no file at all): stale
        if not e["used"] and (e["file"] in scanned or not os.path.exists(os.path.join(root, e["file"]))):
            reported += 1
            print(f"scripts/availability-allowlist.txt:{e['line']}: error: the entry for {e['symbol']} in {e['file']} "
                  f"matches no use any more: remove it")
    names = "the files given" if args.files else " ".join(t[0] for t in targets)
    if reported:
        print(f"availability: {reported} problem(s) in {len(files)} files ({names}); {index.count} toolchain symbols "
              f"are newer than {floors_text}")
        return 1
    print(f"availability: no use above {floors_text} outside #available in {len(files)} files ({names}); "
          f"{index.count} toolchain symbols are newer than the floors")
    return 0


def self_test(here, index, floors):
    """Each fixture line with `// expect: SYMBOL` must be reported for that symbol, and no other line."""
    folder = os.path.join(here, "Tests", "Fixtures", "availability")
    files = sorted(f for f in os.listdir(folder) if f.endswith(".swift"))
    if not files:
        print(f"check-availability --self-test: no fixtures in {folder}", file=sys.stderr)
        return 2
    failures = 0
    expected_total = 0
    for f in files:
        path = os.path.join(folder, f)
        src = open(path, encoding="utf-8").read()
        own = own_names(folder, ["."])
        expected = {}
        for n, line in enumerate(src.split("\n"), 1):
            for sym in re.findall(r"//\s*expect:\s*(\S+)", line):
                expected.setdefault(n, set()).add(sym)
        expected_total += sum(len(v) for v in expected.values())
        got = {}
        for _, line, _, symbol, _ in check_file(path, f, index, own, floors):
            got.setdefault(line, set()).add(symbol)
        for n in sorted(set(expected) | set(got)):
            if expected.get(n, set()) != got.get(n, set()):
                failures += 1
                print(f"Tests/Fixtures/availability/{f}:{n}: self-test: expected {sorted(expected.get(n, set())) or 'nothing'}, "
                      f"the gate reports {sorted(got.get(n, set())) or 'nothing'}")
    if failures:
        print(f"check-availability --self-test: {failures} line(s) wrong in {len(files)} fixture(s)")
        return 1
    print(f"check-availability --self-test: the {expected_total} planted uses in {len(files)} fixture(s) are reported, "
          f"the guarded ones are not")
    return 0


if __name__ == "__main__":
    sys.exit(main())
