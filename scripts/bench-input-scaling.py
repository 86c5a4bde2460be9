#!/usr/bin/env python3
"""How msgtool's readers scale with their input: each hostile shape at 1x, 2x, 4x and 8x.

    python3 scripts/bench-input-scaling.py [--msgtool PATH] [--only NAME...] [--scale N]

For each shape, the input is generated at four sizes, msgtool is run once per size, and the
CPU time (user + system) and peak resident memory of that run are printed, with each size's CPU
time divided by the 1x time (linear: about 1, 2, 4, 8; quadratic: 1, 4, 16, 64) and the peak
memory per input byte above the same command's run on a tiny input (the amplification).

Shapes:
  state-members   schedule --state: one object ("processedEvents") of N members
  batch-members   batch: one line whose state has one object of N members
  events-lines    schedule --events: N events
  xliff-units     import: an XLIFF 2.0 file of N units, each of 40 attributes (the most an element
                  may have is 100; more is refused before parsing)
  xliff-attrs     import: one element of 100·N attributes (refused before parsing: the time of
                  the refusal)
  po-units        import: a PO file of N entries
  arb-units       import: an ARB file of N messages, each with its attributes
  xcstrings-units import: a String Catalog of N strings
  po-text         import: one PO entry of N bytes of gettext text dense in what is quoted into
                  ICU (braces, apostrophes, #, %%)
  lint-dense      lint: one plural text dense in ICU syntax ('# ' repeated), N bytes

Not a test: figures depend on the machine and its load. Run it after a debug or release
build (`swift build`); a release build gives the figures docs quote.
"""
import argparse, json, os, resource, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOW = "2026-11-23T09:30:00+01:00"
CONFIG = os.path.join(ROOT, "examples", "schedule-config.json")


def run(cmd, stdin=None):
    """Runs cmd; returns (status, cpu seconds, peak RSS bytes)."""
    start = time.monotonic()
    # Standard error into a file: a pipe would fill (an import lists every skipped unit) and stall.
    with tempfile.TemporaryFile() as errfile:
        p = subprocess.Popen(cmd, stdin=open(stdin, "rb") if stdin else subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=errfile)
        _, status, usage = os.wait4(p.pid, 0)
        errfile.seek(0)
        err = errfile.read().decode(errors="replace")
    cpu = usage.ru_utime + usage.ru_stime
    rss = usage.ru_maxrss * 1024  # kilobytes on Linux
    code = os.waitstatus_to_exitcode(status)
    return code, cpu, rss, time.monotonic() - start, err


def catalog_copy(tmp):
    dest = os.path.join(tmp, "strings")
    if not os.path.exists(dest):
        shutil.copytree(os.path.join(ROOT, "Resources", "strings"), dest)
    return dest


def state_members(tmp, n):
    path = os.path.join(tmp, f"state-{n}.json")
    members = ", ".join(f'"event-{i:07d}": "2026-11-22T10:00:00Z"' for i in range(n))
    with open(path, "w") as f:
        f.write('{"version": 1, "processedEvents": {' + members + "}}")
    os.path.exists(path + ".out") and os.remove(path + ".out")
    return path, ["schedule", "--config", CONFIG, "--now", NOW, "--state", path], None


def batch_members(tmp, n):
    path = os.path.join(tmp, f"batch-{n}.jsonl")
    members = ", ".join(f'"event-{i:07d}": "2026-11-22T10:00:00Z"' for i in range(n))
    config = json.load(open(CONFIG))
    config["id"] = "u-1"
    line = json.dumps(config)[:-1] + ', "state": {"version": 1, "processedEvents": {' + members + "}}}"
    with open(path, "w") as f:
        f.write(line + "\n")
    return path, ["batch", "--now", NOW, path], None


def events_lines(tmp, n):
    path = os.path.join(tmp, f"events-{n}.jsonl")
    with open(path, "w") as f:
        for i in range(n):
            f.write(json.dumps({"type": "achievementRecorded", "id": f"a-{i}", "timestamp": "2026-11-23T08:00:00+01:00"}) + "\n")
    return path, ["schedule", "--config", CONFIG, "--now", NOW, "--events", path], None


def xliff_units(tmp, n):
    catalog = catalog_copy(tmp)
    path = os.path.join(tmp, f"units-{n}.xliff")
    attrs = " ".join(f'x{i}="v"' for i in range(38))
    with open(path, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es"><file id="f">\n')
        for i in range(n):
            f.write(f'<unit id="missing.unit{i}.title" {attrs}><segment><source>S</source><target>T</target></segment></unit>\n')
        f.write("</file></xliff>\n")
    return path, ["import", "--dry-run", "--skip-invalid", "--catalog", catalog, path], None


def xliff_attrs(tmp, n):
    catalog = catalog_copy(tmp)
    path = os.path.join(tmp, f"attrs-{n}.xliff")
    attrs = " ".join(f'a{i}="v"' for i in range(100 * n))
    with open(path, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es"><file id="f" ' + attrs + "></file></xliff>\n")
    return path, ["import", "--dry-run", "--catalog", catalog, path], None


def po_units(tmp, n):
    catalog = catalog_copy(tmp)
    path = os.path.join(tmp, f"units-{n}.po")
    with open(path, "w") as f:
        f.write('msgid ""\nmsgstr ""\n"Language: es\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n')
        for i in range(n):
            f.write(f'msgctxt "missing.unit{i}.title"\nmsgid "S"\nmsgstr "T"\n\n')
    return path, ["import", "--dry-run", "--skip-invalid", "--catalog", catalog, path], None


def arb_units(tmp, n):
    catalog = catalog_copy(tmp)
    path = os.path.join(tmp, f"units-{n}.arb")
    with open(path, "w") as f:
        f.write('{"@@locale": "es"')
        for i in range(n):
            f.write(f',\n"missing.unit{i}.title": "T", "@missing.unit{i}.title": {{"x-state": "needs-review", "source_text": "S"}}')
        f.write("}\n")
    return path, ["import", "--dry-run", "--skip-invalid", "--catalog", catalog, path], None


def xcstrings_units(tmp, n):
    catalog = catalog_copy(tmp)
    path = os.path.join(tmp, f"units-{n}.xcstrings")
    with open(path, "w") as f:
        f.write('{"sourceLanguage": "en", "version": "1.0", "strings": {')
        for i in range(n):
            f.write(("," if i else "") + f'\n"missing.unit{i}.title": {{"localizations": {{"es": {{"stringUnit": {{"state": "translated", "value": "T %lld"}}}}}}}}')
        f.write("}}\n")
    return path, ["import", "--dry-run", "--skip-invalid", "--catalog", catalog, path], None


def po_text(tmp, n):
    """One PO entry whose gettext text is N bytes dense in what is quoted into ICU (braces,
    apostrophes, #, %%)."""
    catalog = catalog_copy(tmp)
    path = os.path.join(tmp, f"text-{n}.po")
    text = ("{ } ' # %% " * (n // 11 + 1))[:n]
    with open(path, "w") as f:
        f.write('msgid ""\nmsgstr ""\n"Language: es\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n')
        f.write(f'msgctxt "action.quick_add.title"\nmsgid "Add achievement"\nmsgstr "{text}"\n')
    return path, ["import", "--dry-run", "--catalog", catalog, path], None


def lint_dense(tmp, n):
    folder = os.path.join(tmp, f"dense-{n}")
    os.makedirs(folder, exist_ok=True)
    text = "{n, plural, other {" + "# " * (n // 2) + "}}"
    en = {"locale": "en", "messages": {"dense": {"description": "d", "arguments": {"n": {"type": "number", "example": 3}},
                                                  "parts": {"title": text}}}}
    with open(os.path.join(folder, "en.json"), "w") as f:
        json.dump(en, f)
    return os.path.join(folder, "en.json"), ["lint", "--catalog", folder], None


SHAPES = {
    "state-members": (state_members, 12500),
    "batch-members": (batch_members, 2500),
    "events-lines": (events_lines, 5000),
    "xliff-units": (xliff_units, 2500),
    "xliff-attrs": (xliff_attrs, 100),
    "po-units": (po_units, 10000),
    "arb-units": (arb_units, 10000),
    "xcstrings-units": (xcstrings_units, 5000),
    "po-text": (po_text, 4000),
    "lint-dense": (lint_dense, 250000),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--msgtool")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies every shape's 1x size")
    args = ap.parse_args()
    msgtool = args.msgtool
    if not msgtool:
        bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
        msgtool = os.path.join(bin_path, "msgtool")
    tmp = tempfile.mkdtemp(prefix="bench-scaling-")
    try:
        print(f"{'shape':<14} {'x':>2} {'N':>8} {'bytes':>10} {'status':>6} {'cpu s':>8} {'/1x':>6} {'RSS MB':>8} {'B/byte':>7}")
        for name, (make, base) in SHAPES.items():
            if args.only and name not in args.only:
                continue
            # The same command on a tiny input: what memory the process needs whatever its input.
            path, cmd, stdin = make(tmp, 1)
            _, _, floor, _, _ = run([msgtool] + cmd, stdin)
            first = None
            for x in (1, 2, 4, 8):
                n = int(base * args.scale) * x
                path, cmd, stdin = make(tmp, n)
                size = os.path.getsize(path)
                code, cpu, rss, _, err = run([msgtool] + cmd, stdin)
                first = first or max(cpu, 1e-3)
                per_byte = max(0, rss - floor) / size
                print(f"{name:<14} {x:>2} {n:>8} {size:>10} {code:>6} {cpu:>8.2f} {cpu / first:>6.1f} {rss / 2**20:>8.0f} {per_byte:>7.1f}", flush=True)
                if code not in (0, 1):
                    print("   " + err.strip().splitlines()[-1] if err.strip() else "   (no message)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
