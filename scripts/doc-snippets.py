#!/usr/bin/env python3
"""Every ```swift block of the README, docs/ and the DocC catalogs, as Swift Testing tests.

    python3 scripts/doc-snippets.py          # (re)writes Tests/DocSnippetsTests/Snippets.swift
    python3 scripts/doc-snippets.py --check  # exits 1 when that file is stale (CI runs this)

Each block becomes one `@Test` function holding the block verbatim (its `import` lines are
lifted to the top of the file), so `swift test` compiles every snippet and runs it: a snippet
that no longer compiles, or throws, fails CI. A block is marked in the Markdown source by an
HTML comment on the line just before its fence:

    <!-- snippet: compile-only (why) -->  compiled, never run (e.g. needs a device's
                                           notification centre)
    <!-- snippet: skip (why) -->          neither (e.g. a Package.swift excerpt, or output of
                                           a generator shown as text); the reason is required

A ```output block right after a snippet (blank lines between are allowed) is what the snippet
prints: the generated test captures `print` (a local function shadows Swift's) and expects
exactly that text, so the outputs shown in the documents are real.

A block may begin with hidden set-up lines, `// snippet-setup: <Swift>`, that declare what the
prose around it already introduced (they are compiled as written, without the prefix, and are
shown in the document as comments).

A line of app code that cannot run in a test (an App Group's container, say) may end in
`// snippet-test: <Swift>`: the document shows the line as an app writes it, the test compiles
<Swift> in its place (same indentation).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "DocSnippetsTests", "Snippets.swift")
MARK = re.compile(r"<!--\s*snippet:\s*(compile-only|skip)\s*\((.+?)\)\s*-->")


def documents():
    paths = [os.path.join(ROOT, "README.md")]
    for base in ("docs", "Sources"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, base)):
            dirnames.sort()
            if base == "Sources" and ".docc" not in dirpath:
                continue
            paths += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".md")]
    return paths


def blocks(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```swift":
            mode, reason = "run", ""
            j = i - 1
            while j >= 0 and lines[j].strip() == "":
                j -= 1
            m = MARK.search(lines[j]) if j >= 0 else None
            if m:
                mode, reason = m.group(1), m.group(2)
            start = i + 1
            i += 1
            while i < len(lines) and lines[i].strip() != "```":
                i += 1
            if i == len(lines):
                sys.exit(f"{path}:{start}: a ```swift block is never closed")
            body = lines[start:i]
            k = i + 1
            while k < len(lines) and lines[k].strip() == "":
                k += 1
            output = None
            if k < len(lines) and lines[k].strip() == "```output":
                end = k + 1
                while end < len(lines) and lines[end].strip() != "```":
                    end += 1
                output = "\n".join(lines[k + 1:end]) + "\n"
                i = end
            yield start, body, mode, reason, output
        i += 1


DECLARATION = re.compile(r"(@\w+\s*)+$|(@\w+\s*)*(public |final |open )*(class|struct|enum|actor|extension|protocol|func) ")
# the modules whose doc comments are part of the public documentation
DOCUMENTED = ("MessageCatalog", "AffirmationSelector", "NotificationPlanning", "NotificationBatch", "UserNotificationsAdapter", "MessageCatalogTools")


def comment_blocks(path):
    """The ```swift blocks of a Swift file's `///` comments: compile-only, as they are fragments of
    the declaration they document; set-up lines declare what the fragment takes for granted."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        text = lines[i].strip()
        if text == "/// ```swift":
            start = i + 1
            i += 1
            body = []
            while i < len(lines) and lines[i].strip() != "/// ```":
                body.append(re.sub(r"^\s*/// ?", "", lines[i]))
                i += 1
            yield start, body, "compile-only", "a doc comment's fragment", None
        i += 1


def name_for(path, line):
    rel = os.path.relpath(path, ROOT)
    stem = re.sub(r"[^A-Za-z0-9]+", "_", rel.rsplit(".", 1)[0]).strip("_")
    return f"{stem}_line{line}"


def swift_literal(text):
    """A Swift multi-line raw string literal holding `text` exactly."""
    hashes = "#"
    while f'"""{hashes}' in text or f'"{hashes}' in text:
        hashes += "#"
    body = text[:-1] if text.endswith("\n") else text
    return f'{hashes}"""\n' + "\n".join("        " + l if l else "" for l in body.split("\n")) + f'\n\n        """{hashes}'


def generate():
    imports = {"Testing", "Foundation", *DOCUMENTED}
    tests = []
    count = {"run": 0, "compile-only": 0, "skip": 0}
    declarations = []
    sources = []
    for module in DOCUMENTED:
      for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, "Sources", module)):
        dirnames.sort()
        sources += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".swift")]
    for path in documents() + sources:
        rel = os.path.relpath(path, ROOT)
        found = comment_blocks(path) if path.endswith(".swift") else blocks(path)
        for line, body, mode, reason, output in found:
            count[mode] += 1
            if mode == "skip":
                continue
            code = []
            for text in body:
                m = re.match(r"\s*import\s+(\w+)\s*$", text)
                if m:
                    imports.add(m.group(1))
                    continue
                setup = re.match(r"(\s*)// snippet-setup: (.*)$", text)
                in_test = re.match(r"(\s*)\S.*?// snippet-test: (.*)$", text)
                if setup:
                    code.append(setup.group(1) + setup.group(2))
                elif in_test:
                    code.append(in_test.group(1) + in_test.group(2))
                else:
                    code.append(text)
            fn = name_for(path, line)
            first = next((c for c in code if c.strip() and not c.lstrip().startswith("//")), "")
            if DECLARATION.match(first):
                # declarations (an app's class, say) are compiled at file scope, as written
                declarations.append(f"// {rel}, line {line}: {reason or 'declarations'}.\n" + "\n".join(code).rstrip() + "\n")
                continue
            indented = "\n".join(("        " + c) if c.strip() else "" for c in code).rstrip()
            if mode == "run" and output is not None:
                capture = ("        var printed = \"\"\n"
                           "        func print(_ items: Any..., separator: String = \" \", terminator: String = \"\\n\") {\n"
                           "            printed += items.map { \"\\($0)\" }.joined(separator: separator) + terminator\n"
                           "        }\n")
                expect = f"        #expect(printed == {swift_literal(output)})\n"
                tests.append(f"    /// {rel}, line {line}, with the output shown after it.\n    @Test func {fn}() async throws {{\n{capture}{indented}\n{expect}    }}\n")
            elif mode == "run":
                tests.append(f"    /// {rel}, line {line}.\n    @Test func {fn}() async throws {{\n{indented}\n    }}\n")
            else:
                tests.append(f"    /// {rel}, line {line}: compile-only ({reason}).\n    func {fn}() async throws {{\n{indented}\n    }}\n")
    head = "// Generated by scripts/doc-snippets.py from the ```swift blocks of README.md, docs/ and\n"
    head += "// Sources/*/*.docc: do not edit; edit the document and run the script.\n"
    head += f"// {count['run']} run, {count['compile-only']} compile-only, {count['skip']} skipped (each with its reason).\n\n"
    for m in sorted(imports):
        if m == "UserNotifications":   # Apple's framework; on Linux the test-only stand-in
            head += "#if canImport(UserNotifications)\nimport UserNotifications\n#else\nimport UserNotificationsStandIn\n#endif\n"
        else:
            head += f"import {m}\n"
    head += "\n"
    head += "\n".join(declarations) + ("\n" if declarations else "")
    head += "@Suite struct DocSnippets {\n"
    return head + "\n".join(tests) + "}\n"


def main():
    text = generate()
    if "--check" in sys.argv:
        current = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else ""
        if current != text:
            sys.exit("Tests/DocSnippetsTests/Snippets.swift is stale: run python3 scripts/doc-snippets.py")
        return
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(OUT + ".tmp", OUT)


main()
