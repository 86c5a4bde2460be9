#!/usr/bin/env python3
"""List every public symbol of the library modules that has no `///` doc comment.

Usage: scripts/check-doc-comments.py [DIR ...]
(default: the four documented modules, relative to the package root)

A declaration counts as public when
  - it is marked `public` or `open` and every type that encloses it is public
    (an extension counts as public: its members carry their own access);
  - it has no access modifier and sits directly in a `public extension`
    (its members are public by default) or in a `public protocol` (a requirement);
  - it is a `case` that begins a line directly in the body of a public enum.
`package`, `internal`, `fileprivate` and `private` declarations are skipped, as are
extensions themselves (DocC shows no comment for an extension) and `deinit`.

A declaration is documented when the nearest line above it that is not an attribute
(`@inlinable`, `@available(...)`, ...) is a `///` line or closes a `/** ... */` block.

Prints `file:line: declaration` for each undocumented symbol and exits 1 if there is
any, 0 otherwise.

With `--count`, prints instead how many public symbols each directory declares and how many of
them are deprecated (an `@available(*, deprecated...)` on the declaration or on a type that
encloses it), then the totals; exits 0. The same rule decides what is public.
"""
import os
import re
import sys

DEFAULT_DIRS = [
    "Sources/MessageCatalog",
    "Sources/AffirmationSelector",
    "Sources/NotificationPlanning",
    "Sources/NotificationBatch",
    "Sources/UserNotificationsAdapter",
    "Sources/MessageCatalogTools",
    "Sources/CatalogAccessors",
]

ACCESS = {"public", "open", "package", "internal", "fileprivate", "private"}
MODIFIERS = ACCESS | {
    "static", "class", "final", "override", "mutating", "nonmutating", "nonisolated",
    "indirect", "convenience", "required", "lazy", "weak", "unowned", "dynamic",
    "optional", "prefix", "postfix", "infix", "distributed", "consuming", "borrowing",
}
TYPE_KEYWORDS = {"struct", "enum", "class", "actor", "protocol", "extension"}
DECL_KEYWORDS = TYPE_KEYWORDS | {
    "func", "var", "let", "init", "subscript", "case", "typealias", "associatedtype",
    "macro", "deinit", "operator", "precedencegroup",
}
ATTRIBUTE = re.compile(r"@\w+(\.\w+)*")


def strip_code(text):
    """Return `text` with comments and string literals blanked out (newlines kept),
    so that braces can be counted line by line."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            j = skip_string(text, i)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def skip_string(text, i):
    """Index just past the string literal (plain, multi-line or raw) starting at `i`."""
    n = len(text)
    hashes = 0
    while text[i] == "#":
        hashes, i = hashes + 1, i + 1
    multi = text.startswith('"""', i)
    close = ('"""' if multi else '"') + "#" * hashes
    j = i + (3 if multi else 1)
    escape = "\\" + "#" * hashes
    while j < n:
        if text.startswith(escape + "(", j):
            # an interpolation: skip to its matching parenthesis (strings inside included)
            j += len(escape) + 1
            depth = 1
            while j < n and depth:
                if text[j] == '"':
                    j = skip_string(text, j)
                    continue
                depth += {"(": 1, ")": -1}.get(text[j], 0)
                j += 1
        elif text.startswith(escape, j):
            j += len(escape) + 1
        elif text.startswith(close, j):
            return j + len(close)
        elif text[j] == "\n" and not multi:
            return j
        else:
            j += 1
    return n


def parse_decl(line):
    """(modifiers, keyword, rest) for a declaration line, or None."""
    s = line.strip()
    while True:
        m = ATTRIBUTE.match(s)
        if not m:
            break
        s = s[m.end():]
        if s.startswith("("):
            depth, j = 0, 0
            for j, ch in enumerate(s):
                depth += {"(": 1, ")": -1}.get(ch, 0)
                if depth == 0:
                    break
            s = s[j + 1:]
        s = s.lstrip()
    mods = []
    while True:
        m = re.match(r"(\w+)(\s*\(\s*set\s*\))?\s+", s)
        if not m or m.group(1) not in MODIFIERS:
            break
        after = re.match(r"\w+", s[m.end():])
        if m.group(1) == "class" and not (after and after.group(0) in MODIFIERS | DECL_KEYWORDS):
            break  # `class Name`, not the `class` modifier of `class func`
        mods.append(m.group(1) + ("(set)" if m.group(2) else ""))
        s = s[m.end():]
    m = re.match(r"(\w+)\b", s)
    if not m or m.group(1) not in DECL_KEYWORDS:
        return None
    if m.group(1) == "init" and not re.match(r"init\s*[?!]?\s*[(<]", s):
        return None
    return mods, m.group(1), s


def documented(lines, i):
    j = i - 1
    while j >= 0 and lines[j].strip().startswith("@"):
        j -= 1
    if j < 0:
        return False
    above = lines[j].strip()
    return above.startswith("///") or above.endswith("*/")


def deprecated_attribute(lines, i):
    """Whether an attribute line just above line `i` deprecates the declaration."""
    j = i - 1
    while j >= 0 and (lines[j].strip().startswith("@") or lines[j].strip().startswith("*,") or lines[j].strip() == ")"):
        if "deprecated" in lines[j]:
            return True
        j -= 1
    return "@available(*, deprecated" in lines[i]


def check_file(path, counts=None):
    raw = open(path, encoding="utf-8").read()
    lines = raw.split("\n")
    code = strip_code(raw).split("\n")
    # each scope: (kind, public) with kind in type/enum/protocol/extension/code
    stack = [("file", True)]
    deprecated_scopes = [False]
    pending = None  # the scope a type declaration opens with its next `{`
    pending_deprecated = False
    found = []
    for i, line in enumerate(code):
        scope_kind, scope_public = stack[-1]
        decl = parse_decl(line) if scope_kind != "code" else None
        if decl:
            mods, keyword, _ = decl
            access = next((m for m in mods if m in ACCESS), None)
            if access in ("public", "open"):
                public = scope_public
            elif access is None:
                public = scope_public and scope_kind in ("public-extension", "protocol") or (
                    keyword == "case" and scope_kind == "enum" and scope_public)
            else:
                public = False
            is_deprecated = deprecated_scopes[-1] or deprecated_attribute(lines, i)
            if keyword in TYPE_KEYWORDS:
                pending_deprecated = is_deprecated
                if keyword == "extension":
                    kind = "public-extension" if access == "public" else "extension"
                    pending = (kind, access in (None, "public"))
                else:
                    kind = keyword if keyword in ("enum", "protocol") else "type"
                    pending = (kind, public)
            if keyword == "case" and scope_kind != "enum":
                public = False
            if public and keyword not in ("extension", "deinit") and not documented(lines, i):
                found.append(f"{path}:{i + 1}: {lines[i].strip()}")
            if public and keyword not in ("extension", "deinit") and counts is not None:
                counts[0] += 1
                counts[1] += 1 if is_deprecated else 0
        for ch in line:
            if ch == "{":
                stack.append(pending or ("code", False))
                deprecated_scopes.append(pending_deprecated if pending else deprecated_scopes[-1])
                pending = None
                pending_deprecated = False
            elif ch == "}" and len(stack) > 1:
                stack.pop()
                deprecated_scopes.pop()
    return found


def main():
    args = sys.argv[1:]
    count = "--count" in args
    dirs = [a for a in args if a != "--count"] or DEFAULT_DIRS
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    found = []
    total = [0, 0]
    for d in dirs:
        name = d
        if not os.path.isabs(d) and not os.path.exists(d):
            d = os.path.join(root, d)
        counts = [0, 0]
        for dp, dns, fs in os.walk(d):
            dns.sort()
            for f in sorted(fs):
                if f.endswith(".swift"):
                    found += check_file(os.path.relpath(os.path.join(dp, f)), counts)
        if count:
            print(f"{name}: {counts[0]} public, {counts[1]} deprecated, {counts[0] - counts[1]} not deprecated")
            total = [total[0] + counts[0], total[1] + counts[1]]
    if count:
        print(f"total: {total[0]} public, {total[1]} deprecated, {total[0] - total[1]} not deprecated")
        return 0
    for f in found:
        print(f)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
