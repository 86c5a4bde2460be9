#!/usr/bin/env python3
"""Runs every shell session shown in the README and docs/ and compares its output with the text.

    python3 scripts/check-doc-outputs.py [--msgtool PATH] [--update] [--list] [DOCUMENT...]

A session is a fenced block (```console, or a plain ```) whose lines start with `$ ` for a
command (a line ending in `\\` continues it) followed by what the command prints, standard output
and standard error together, as a terminal shows them. The blocks of a document run one after
another in one scratch copy of the repository's data (Resources/, examples/, docs/,
Benchmarks/, scripts/), each block in one bash session (so `cd`, files written by an earlier
command and `echo $?` work), with the built msgtool first on PATH. Each command's output must
equal the text under it, line for line; a line that is only `…` stands for any number of lines.

A block is marked by an HTML comment on the line just before its fence:

    <!-- output: shape (why) -->  run and compared with every number replaced by N (timings,
                                   sizes that change with the machine); the reason is required
    <!-- output: skip (why) -->   not run (the session needs a file the reader makes by hand,
                                   a release build or another machine); the reason is required

Swift snippets and their ```output blocks are checked by scripts/doc-snippets.py instead.

--msgtool: the binary to run (default: the debug build, `.build/debug/msgtool`, which
`swift build` makes). --update rewrites each compared block's output in the documents with what
the command printed now (review the diff). --list prints the blocks and how each is checked.
Exit status 1 when an output differs, 2 on bad usage.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARK = re.compile(r"<!--\s*output:\s*(shape|skip)\s*\((.+?)\)\s*-->")
DATA = ["Resources", "examples", "docs", "Benchmarks", "scripts"]
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
TIMEOUT = 900
ENDED = "(the session ended before this command: an unclosed quote or a command that ends the shell?)"


def documents(paths):
    if paths:
        return [os.path.abspath(p) for p in paths]
    found = [os.path.join(ROOT, "README.md")]
    docs = os.path.join(ROOT, "docs")
    found += [os.path.join(docs, f) for f in sorted(os.listdir(docs)) if f.endswith(".md")]
    return found


class Command:
    def __init__(self, text, first_line, expected, expected_start):
        self.text = text                   # the command as typed, continuation lines included
        self.first_line = first_line       # 0-based line of `$ ` in the document
        self.expected = expected           # the lines shown under it
        self.expected_start = expected_start


class Block:
    def __init__(self, path, fence, end, mode, reason, commands):
        self.path, self.fence, self.end = path, fence, end
        self.mode, self.reason, self.commands = mode, reason, commands


def blocks(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    found = []
    i = 0
    while i < len(lines):
        fence = lines[i].strip()
        if not fence.startswith("```"):
            i += 1
            continue
        tag = fence[3:].strip()
        end = i + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        body = lines[i + 1:end]
        if tag in ("console", "") and body and body[0].startswith("$ "):
            j = i - 1
            while j >= 0 and lines[j].strip() == "":
                j -= 1
            m = MARK.search(lines[j]) if j >= 0 else None
            mode, reason = (m.group(1), m.group(2)) if m else ("exact", "")
            commands = []
            k = 0
            while k < len(body):
                if body[k].startswith("$ "):
                    start = k
                    text = [body[k][2:]]
                    # A line ending in `\` continues the command, and so does an open quote
                    # (a jq program over several lines; keep apostrophes out of comments).
                    while (text[-1].endswith("\\") or "\n".join(text).count("'") % 2 == 1) and k + 1 < len(body):
                        k += 1
                        text.append(body[k])
                    k += 1
                    out_start = k
                    while k < len(body) and not body[k].startswith("$ "):
                        k += 1
                    commands.append(Command("\n".join(text), i + 1 + start, body[out_start:k], i + 1 + out_start))
                else:
                    k += 1
            found.append(Block(path, i, end, mode, reason, commands))
        i = end + 1
    return found


def matches(expected, actual):
    """Line for line; an expected line `…` matches any number of actual lines."""
    if not expected:
        return not actual
    if expected[0].strip() == "…":
        return any(matches(expected[1:], actual[n:]) for n in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


def trim(lines):
    lines = [l.rstrip() for l in lines]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def run_block(block, scratch, bindir):
    marker = "@@check-doc-outputs %d@@"
    script = ["exec 2>&1", "export PATH=%s:$PATH LC_ALL=C.UTF-8 TZ=UTC" % bindir]
    # `$?` after each command is kept across the marker, so a shown `echo $?` prints the status.
    for n, c in enumerate(block.commands):
        script.append("printf '\\n%s\\n'" % (marker % n))
        script.append("( exit ${status_before:-0} )")
        script.append(c.text)
        script.append("status_before=$?")
    script.append("printf '\\n%s\\n'" % (marker % len(block.commands)))
    try:
        out = subprocess.run(["bash", "-c", "\n".join(script)], cwd=scratch, stdout=subprocess.PIPE,
                             stdin=subprocess.DEVNULL, timeout=TIMEOUT).stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None
    results = []
    for n in range(len(block.commands)):
        start = out.find(marker % n)
        stop = out.find(marker % (n + 1))
        if start < 0 or stop < 0:
            results.append([ENDED])
            continue
        results.append(trim(out[start + len(marker % n):stop].split("\n")[1:]))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--msgtool", default=os.path.join(ROOT, ".build", "debug", "msgtool"))
    parser.add_argument("--update", action="store_true")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("documents", nargs="*")
    args = parser.parse_args()

    docs = documents(args.documents)
    all_blocks = [(p, blocks(p)) for p in docs]
    if args.list:
        for path, bs in all_blocks:
            for b in bs:
                how = b.mode + (" (%s)" % b.reason if b.reason else "")
                print("%s:%d: %d commands, %s" % (os.path.relpath(path, ROOT), b.fence + 1, len(b.commands), how))
        return 0
    if not os.access(args.msgtool, os.X_OK):
        print("check-doc-outputs: no msgtool at %s: run `swift build` first, or give --msgtool PATH" % args.msgtool, file=sys.stderr)
        return 2

    failures = 0
    counts = {"exact": 0, "shape": 0, "skip": 0}
    for path, bs in all_blocks:
        rel = os.path.relpath(path, ROOT)
        scratch = tempfile.mkdtemp(prefix="doc-outputs-")
        try:
            for d in DATA:
                shutil.copytree(os.path.join(ROOT, d), os.path.join(scratch, d), symlinks=False,
                                ignore=shutil.ignore_patterns(".build*", "__pycache__"))
            bindir = os.path.join(scratch, ".bin")
            os.mkdir(bindir)
            os.symlink(os.path.abspath(args.msgtool), os.path.join(bindir, "msgtool"))
            edits = []
            for b in bs:
                counts[b.mode] += 1
                if b.mode == "skip":
                    continue
                results = run_block(b, scratch, bindir)
                if results is None:
                    print("%s:%d: the session did not end within %d s" % (rel, b.fence + 1, TIMEOUT))
                    failures += 1
                    continue
                for c, actual in zip(b.commands, results):
                    expected = trim(c.expected)
                    if b.mode == "shape":
                        ok = matches([NUMBER.sub("N", l) for l in expected], [NUMBER.sub("N", l) for l in actual])
                    else:
                        ok = matches(expected, actual)
                    if ok:
                        continue
                    failures += 1
                    print("%s:%d: `%s` printed something else than the document shows:" % (rel, c.first_line + 1, c.text.split("\n")[0]))
                    for l in expected:
                        print("  - " + l)
                    for l in actual:
                        print("  + " + l)
                    if args.update and b.mode == "exact" and actual != [ENDED] and not any(l.strip() == "…" for l in expected):
                        edits.append((c.expected_start, len(c.expected), actual + [l for l in c.expected if l.strip() == ""][:len(c.expected) - len(trim(c.expected))]))
            if edits:
                lines = open(path, encoding="utf-8").read().split("\n")
                for start, length, new in sorted(edits, reverse=True):
                    lines[start:start + length] = new
                open(path, "w", encoding="utf-8").write("\n".join(lines))
                print("%s: updated %d outputs" % (rel, len(edits)))
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    print("check-doc-outputs: %d sessions compared exactly, %d by shape, %d skipped (each with its reason: --list); %d outputs differ"
          % (counts["exact"], counts["shape"], counts["skip"], failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
