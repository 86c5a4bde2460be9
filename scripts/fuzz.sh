#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer + AddressSanitizer) of the MessageFormat parser and
# formatter, the catalog loader, each import reader and the accessor generator
# (Fuzz/FuzzTargets.swift).
#
#   bash scripts/fuzz.sh [TARGET|all] [SECONDS]      default: all targets, 60 seconds each
#
# Targets: messageformat, catalog, xcstrings, xliff, xliff-utf16, xliff-encoding, po, arb,
# generator (xliff-utf16 and xliff-encoding feed the XLIFF readers UTF-16/UTF-32 input and
# declared encodings). The seed corpus is generated at run
# time from the bundled catalogs (their texts, the files, and each format's export of every
# locale) into .build-fuzz/corpus/TARGET, where libFuzzer also keeps what it finds. A crash
# stops the run with exit 1 and leaves its input as .build-fuzz/crash-* (libFuzzer prints the
# path); replay it with the normal build: `swift run msgtool-fuzz TARGET FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:-all}"
seconds="${2:-60}"
targets=(messageformat catalog xcstrings xliff xliff-utf16 xliff-encoding po arb generator)
[ "$target" = all ] || targets=("$target")
scratch=.build-fuzz
fuzz_flags=(--product msgtool-fuzz --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
            -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
swift build "${fuzz_flags[@]}" >/dev/null
fuzzer="$(swift build "${fuzz_flags[@]}" --show-bin-path)/msgtool-fuzz"

# The seed corpus (regenerated each run; libFuzzer's finds stay beside it).
swift build --product msgtool >/dev/null
msgtool="$(swift build --show-bin-path)/msgtool"
corpus="$scratch/corpus"
mkdir -p "$corpus"/{messageformat,catalog,xcstrings,xliff,xliff-utf16,xliff-encoding,po,arb,generator}
python3 - "$corpus/messageformat" Resources/strings/*.json <<'PY'
import hashlib, json, os, sys
out = sys.argv[1]
def texts(node):
    if isinstance(node, str): yield node
    elif isinstance(node, list):
        for x in node: yield from texts(x)
    elif isinstance(node, dict):
        for x in node.values(): yield from texts(x)
for path in sys.argv[2:]:
    for message in json.load(open(path, encoding="utf-8"))["messages"].values():
        for text in texts(message.get("parts", {})):
            name = hashlib.sha1(text.encode()).hexdigest()[:16]
            open(os.path.join(out, name), "w", encoding="utf-8").write(text)
PY
# A small catalog (a few messages of each bundled file) is what the import targets import into,
# and its exports are their seeds: each input then runs in milliseconds.
small="$scratch/small-catalog"
rm -rf "$small"; mkdir -p "$small"
python3 - "$small" Resources/strings/*.json <<'PY'
import json, os, sys
keys = ["milestone.streak", "reminder.achievement", "habit.reminder.daily", "steps.halfway", "retrieval.preview"]
for path in sys.argv[2:]:
    catalog = json.load(open(path, encoding="utf-8"))
    catalog["messages"] = {k: v for k, v in catalog["messages"].items() if k in keys}
    out = os.path.join(sys.argv[1], os.path.basename(path))
    json.dump(catalog, open(out, "w", encoding="utf-8"), ensure_ascii=False, indent=2)
    if not path.endswith("/en.json"):
        json.dump(catalog, open(os.path.join(sys.argv[1].rsplit("/", 1)[0], "corpus", "catalog", "small-" + os.path.basename(path)), "w", encoding="utf-8"), ensure_ascii=False)
PY
for locale in es es-419 zh-Hans; do
  for format in xliff po arb; do
    "$msgtool" export --format "$format" --locale "$locale" --catalog "$small" --out "$corpus/$format/$locale.$format" >/dev/null 2>&1
  done
done
"$msgtool" export --format xcstrings --locale es --catalog "$small" --out "$corpus/xcstrings/es.xcstrings" >/dev/null 2>&1
# Seeds that reach the recursive parsers' depth limits (deep nesting and long operator chains in a
# Plural-Forms header, a MessageFormat pattern and XLIFF), each some way below and above the
# limit: libFuzzer grows and splices them, which is how an unbounded recursion is found.
python3 - "$corpus" <<'PY'
import json, os, sys
corpus = sys.argv[1]
# A header and one plural entry (the header's rule is read at the first msgid_plural).
po = open(os.path.join(corpus, "po", "es.po"), encoding="utf-8").read()
header = po[:po.index('"X-Generator: msgtool\\n"\n')]
entry = '\nmsgctxt "milestone.streak.body.cheerful"\nmsgid "# day"\nmsgid_plural "# days"\nmsgstr[0] "# día"\nmsgstr[1] "# días"\n'
def plural(expr, name):
    text = header + '"Plural-Forms: nplurals=2; plural=' + expr + ';\\n"\n' + entry
    open(os.path.join(corpus, "po", "deep-" + name + ".po"), "w", encoding="utf-8").write(text)
plural("(n != 1)", "plain")
# gettext text (not ICU): literal braces, apostrophes and #, printf specifiers, an entry flagged
# icu-message-format, and plural forms whose number is %d.
plain = header + '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
plain += '\nmsgctxt "milestone.streak.title.gentle"\nmsgid "x"\nmsgstr "Llaves { } y \'comillas\' #1 %1$d %% %s %lld {days} {days, plural, other {#}} }{"\n'
plain += '\n#, icu-message-format\nmsgctxt "milestone.streak.title.cheerful"\nmsgid "x"\nmsgstr "\'{\'literal\'}\' {days}"\n'
plain += '\nmsgctxt "milestone.streak.body.cheerful"\nmsgid "%d day"\nmsgid_plural "%d days"\nmsgstr[0] "#%d día {"\nmsgstr[1] "# días %1$d %9$s"\n'
open(os.path.join(corpus, "po", "plain-text.po"), "w", encoding="utf-8").write(plain)
for depth in (20, 200, 1000):
    plural("(" * depth + "n != 1" + ")" * depth, f"parens-{depth}")
    plural("!" * depth + "(n != 1)", f"not-{depth}")
    plural("n != 1" + "+0" * depth, f"plus-{depth}")
    plural("n==1 ? 0 : " * depth + "1", f"ternary-{depth}")
# The generator's seeds: source catalogs whose strings hold every control character, line
# separators and Swift syntax, and names Swift cannot take as they are.
generator = os.path.join(corpus, "generator")
for brk in ("\r", "\r\n", "\u2028", "\u0085", "\u0000"):
    payload = "Shown." + brk + 'static func demo() { print("PAYLOAD") }' + brk + "//"
    catalog = {"locale": "en", "messages": {
        "inject.m": {"description": payload, "arguments": {"mode": {"type": "string", "example": "a", "values": ["a", "b" + brk + "c"], "description": payload},
                                                            "3": {"type": "number", "example": 1}},
                     "parts": {"title": "{mode, select, a {A} other {B}} " + payload.replace("{", "").replace("}", ""), "body" + brk + "x": "{3}"}},
        "streak.3days": {"description": "d", "parts": {"default": "x"}}, "default.self": {"description": "d", "parts": {"title": "y"}}}}
    name = "hostile-%04x.json" % ord(brk[-1])
    json.dump(catalog, open(os.path.join(generator, name), "w", encoding="utf-8"))
for depth in (20, 200, 1000):
    pattern = "{n, plural, other {" * depth + "#" + "}}" * depth
    open(os.path.join(corpus, "messageformat", f"deep-plural-{depth}"), "w").write(pattern)
    select = "{x, select, other {" * depth + "{name}" + "}}" * depth
    open(os.path.join(corpus, "messageformat", f"deep-select-{depth}"), "w").write(select)
xliff = open(os.path.join(corpus, "xliff", "es.xliff"), encoding="utf-8").read()
for depth in (20, 200, 1000):
    target = '<target xml:space="preserve">'
    deep = xliff.replace(target, target + '<pc id="1">' * depth, 1).replace("</target>", "</pc>" * depth + "</target>", 1)
    open(os.path.join(corpus, "xliff", f"deep-pc-{depth}.xliff"), "w", encoding="utf-8").write(deep)
PY
# The encoding targets start from the XLIFF seeds: as they are (xliff-utf16 transcodes them), and
# behind a first line naming an encoding (xliff-encoding).
cp "$corpus"/xliff/*.xliff "$corpus/xliff-utf16/"
i=0
for enc in UTF-8 UTF-16 UTF-16LE ISO-8859-1 windows-1252 US-ASCII EBCDIC-US UCS-4 Shift_JIS utf8; do
  for seed in "$corpus"/xliff/es.xliff "$corpus"/xliff/zh-Hans.xliff; do
    [ -f "$seed" ] || continue
    { printf '%s\n' "$enc"; sed '1{/^<?xml/d}' "$seed"; } > "$corpus/xliff-encoding/seed-$i.xliff"
    i=$((i + 1))
  done
done
cat > "$scratch/xliff-encoding.dict" <<'DICT'
"\x00<\x00?"
"<\x00?\x00"
"\xff\xfe"
"\xfe\xff"
"encoding="
"<!ENTITY"
"<!DOCTYPE"
DICT
# Dictionaries: tokens libFuzzer inserts whole, so that nesting and operator chains grow fast.
cat > "$scratch/po.dict" <<'DICT'
"(((((((((((((((((((((((((((((((("
"))))))))))))))))))))))))))))))))"
"!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
"+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0"
"n==1 ? 0 : n==1 ? 0 : n==1 ? 0 : "
"Plural-Forms: nplurals=2; plural="
"msgid_plural"
DICT
cat > "$scratch/messageformat.dict" <<'DICT'
"{n, plural, other {"
"{x, select, other {"
"}}}}}}}}"
DICT
cp Resources/strings/en.json "$corpus/generator/bundled-en.json"
cp Tests/Fixtures/accessors/en.json "$corpus/generator/fixture-en.json"
export FUZZ_CATALOG="$small"

# FoundationXML leaks the strings of the parse errors it reports (its code, not ours): leak
# checks off; every memory error is still fatal.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
status=0
for t in "${targets[@]}"; do
  echo "== fuzz $t for ${seconds}s"
  dict=()
  [ -f "$scratch/$t.dict" ] && dict=(-dict="$scratch/$t.dict")
  if ! FUZZ_TARGET="$t" "$fuzzer" ${dict[@]+"${dict[@]}"} -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=20 -max_len=8192 -detect_leaks=0 -print_final_stats=1 \
        -artifact_prefix="$scratch/crash-$t-" "$corpus/$t" 2>"$scratch/fuzz-$t.log"; then
    tail -n 40 "$scratch/fuzz-$t.log" >&2
    status=1
  fi
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|Done)' "$scratch/fuzz-$t.log" || true
done
exit "$status"
