"""What the CLDR generators (scripts/gen-plural-rules.py, gen-unit-patterns.py,
gen-number-patterns.py) share: where the repository is, how they fail, read their JSON, escape a
Swift string literal, check that two dumps come from one ICU, write the version members of a
generated enum, and write their output (the committed file, or the path CI gives to compare:
scripts/check-generated.sh). Python 3 standard library only."""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cldr_json(name):
    """Reads scripts/cldr/NAME (a dump of ICU's data)."""
    with open(os.path.join(ROOT, "scripts", "cldr", name), encoding="utf-8") as fh:
        return json.load(fh)


def failer(tool):
    """A `fail(msg)` that exits with "TOOL: msg"."""
    def fail(msg):
        sys.exit("%s: %s" % (tool, msg))
    return fail


def swift_string(s, escaped=()):
    """A Swift string literal of `s`: backslash, quote, C0 controls, U+2028/2029 and the code
    points in `escaped` (invisible ones a reader of the generated file should see) as escapes."""
    out = []
    for ch in s:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ord(ch) < 0x20 or ch in "\u2028\u2029" or ord(ch) in escaped:
            out.append("\\u{%X}" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def check_same_icu(data, what, plurals, fail):
    """`data` (the dump `what`) and plurals.json come from one ICU and agree on the parents."""
    if (data["icuVersion"], data["cldrVersion"]) != (plurals["icuVersion"], plurals["cldrVersion"]):
        fail("%s and plurals.json come from different ICU versions" % what)
    if data["parents"] != plurals["parents"]:
        fail("the parents of %s differ from plurals.json's" % what)


def version_members(w, data):
    """Writes the `cldrVersion` and `icuVersion` members of a generated enum."""
    w("    /// The CLDR version of the data.")
    w("    package static let cldrVersion = \"%s\"" % data["cldrVersion"])
    w("    /// The ICU version whose copy of CLDR the data was taken from.")
    w("    package static let icuVersion = \"%s\"" % data["icuVersion"])


def output_path(default_name):
    """The file to write: the first argument, or Sources/CLDRData/Generated/DEFAULT_NAME."""
    if len(sys.argv) > 1:
        return sys.argv[1]
    return os.path.join(ROOT, "Sources", "CLDRData", "Generated", default_name)


def write_output(path, text):
    """Writes `text` to `path` atomically (a temporary file renamed over it)."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    os.replace(tmp, path)
    return os.path.relpath(os.path.abspath(path), ROOT)
