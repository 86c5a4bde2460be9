#!/usr/bin/env bash
# LINKS the runtime modules (the Apple configuration: trait SystemICU off) and the README's "adapter
# in ten lines" into an arm64 executable for each Apple SDK given, at the package's floor for that
# platform (read from Package.swift): a link proves that every symbol the code needs resolves to a
# library of the SDK, which a type-check cannot. Nothing is written in the checkout but .build/.
#
#   bash scripts/apple-link.sh --sdk PATH [--sdk PATH ...]       # or APPLE_SDK=PATH[:PATH...]
#   # on a Mac (Xcode's swiftc links, through xcrun):
#   bash scripts/apple-link.sh --sdk "$(xcrun --show-sdk-path --sdk iphoneos)" \
#                              --sdk "$(xcrun --show-sdk-path --sdk macosx)"
#   # on Linux: PATH is an extracted SDK folder; LLVM's ld64.lld links (apt-get install lld-16)
#
# One verdict line per SDK, e.g.
#   iOS 16.0 link (arm64-apple-ios16.0, SDK iOS 17.4): ok (12 dylibs, minos 16.0, 1217 imported symbols)
# exit 0 when every link is ok, 1 when one fails, 2 when one could not run. With no SDK it prints
# `apple-link: skipped: no SDK given ...` and exits 0 (CI without an SDK).
#
# How (Linux; a Mac does the same with Xcode's own tools): each module is compiled to a Mach-O
# object as SwiftPM compiles it (-wmo, -swift-version 6, -package-name, -DSWIFT_PACKAGE), then the
# README block (its `// snippet-setup:` lines uncommented) as main.swift, then ld64.lld links them
# against the SDK's .tbd stubs with `-platform_version PLATFORM FLOOR SDKVERSION`. As in
# scripts/apple-typecheck.sh, an SDK older than Swift 6 gets a patched copy of its standard-library
# interface (the Swift 6 pieces the package uses are @_alwaysEmitIntoClient), and an SDK without
# Dispatch.apinotes needs --apinotes DIR. What Xcode's toolchain links and no SDK holds is stood in
# for: compiler-rt's ___isPlatformVersionAtLeast (every `if #available` calls it) is compiled from
# the same call of libSystem's _availability_version_check. A weak reference the SDK does not export
# (a newer runtime's, NULL on the floor) is allowed and listed. An SDK whose snapshot lacks a
# framework stub the link needs (Foundation.tbd) is "not run", with the missing file named.
#
# Options: --sdk PATH (repeatable), --work DIR (default .build/apple-link), --apinotes DIR (or
# APPLE_APINOTES). SWIFTC, CLANG, LLVM_NM, LLVM_OBJDUMP, LD64_LLD override the tools.
set -u
cd "$(dirname "$0")/.."

sdks=()
WORK=.build/apple-link
APINOTES=${APPLE_APINOTES:-}
while [ $# -gt 0 ]; do
  case "$1" in
    --sdk) [ $# -ge 2 ] || { echo "apple-link: --sdk needs a path" >&2; exit 2; }; sdks+=("$2"); shift 2 ;;
    --sdk=*) sdks+=("${1#--sdk=}"); shift ;;
    --work) [ $# -ge 2 ] || { echo "apple-link: --work needs a folder" >&2; exit 2; }; WORK=$2; shift 2 ;;
    --apinotes) [ $# -ge 2 ] || { echo "apple-link: --apinotes needs a folder" >&2; exit 2; }; APINOTES=$2; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "apple-link: unknown argument '$1' (usage: bash scripts/apple-link.sh --sdk PATH [--sdk PATH] [--work DIR] [--apinotes DIR])" >&2; exit 2 ;;
  esac
done
if [ ${#sdks[@]} -eq 0 ] && [ -n "${APPLE_SDK:-}" ]; then IFS=: read -r -a sdks <<<"$APPLE_SDK"; fi
if [ ${#sdks[@]} -eq 0 ]; then
  echo "apple-link: skipped: no SDK given (--sdk PATH or APPLE_SDK=PATH; on a Mac: --sdk \"\$(xcrun --show-sdk-path --sdk iphoneos)\")"
  exit 0
fi

SWIFTC=${SWIFTC:-$(command -v swiftc || true)}
[ -n "$SWIFTC" ] && [ -x "$SWIFTC" ] || { echo "apple-link: not run: no swiftc on PATH" >&2; exit 2; }
bindir=$(dirname "$(readlink -f "$SWIFTC")")
pick() { if [ -n "$1" ]; then echo "$1"; elif [ -x "$bindir/$2" ]; then echo "$bindir/$2"; else command -v "$2" || true; fi; }
NM=$(pick "${LLVM_NM:-}" llvm-nm); OBJDUMP=$(pick "${LLVM_OBJDUMP:-}" llvm-objdump); CLANG=$(pick "${CLANG:-}" clang)
DARWIN=0; [ "$(uname -s)" = Darwin ] && DARWIN=1
LD=${LD64_LLD:-}
if [ $DARWIN = 0 ] && [ -z "$LD" ]; then
  # The Swift toolchain's own ld64.lld refuses Apple objects (a downstream guard): take LLVM's.
  for c in $(ls -d /usr/lib/llvm-*/bin/ld64.lld 2>/dev/null | sort -t- -k2 -n -r) $(command -v -a ld64.lld 2>/dev/null); do
    [ "$(dirname "$(readlink -f "$c")")" = "$bindir" ] && continue
    LD=$c; break
  done
fi
runtime=$(python3 scripts/check-availability.py --print-runtime) || { echo "apple-link: not run: cannot read Package.swift" >&2; exit 2; }
mapfile -t MODULES < <(awk '$1 == "module" { print $2 }' <<<"$runtime")
floor() { awk -v p="$1" '$1 == "floor" && $2 == p { print $3 }' <<<"$runtime"; }
tools=$(sed -n '1s/.*swift-tools-version: *\([0-9]*\).*/\1/p' Package.swift)
langmode=5; [ "${tools:-5}" -ge 6 ] && langmode=6
pkgname=$(basename "$(pwd)" | tr 'A-Z' 'a-z')
mkdir -p "$WORK"; WORK=$(cd "$WORK" && pwd)

embedded_resources() {  # module, folder -> the generated file (SwiftPM's PackageResources), or nothing
  python3 - "$1" "$2" <<'PY'
import os, re, sys
m, outdir = sys.argv[1], sys.argv[2]
pkg = open('Package.swift').read()
s = re.search(r'\.(?:target|executableTarget)\(\s*name:\s*"%s"' % re.escape(m), pkg)
if not s: sys.exit(0)
e = re.compile(r'\n {8}\.(target|testTarget|executableTarget|systemLibrary|plugin|binaryTarget|macro)\(').search(pkg, s.start() + 1)
files = re.findall(r'\.embedInCode\("([^"]+)"\)', pkg[s.start():e.start() if e else len(pkg)])
if not files: sys.exit(0)
lines = ['struct PackageResources {']
for f in sorted(files):
    name = re.sub(r'[^A-Za-z0-9_]', '_', os.path.basename(f))
    data = open(os.path.join('Sources', m, f), 'rb').read()
    lines.append('static let %s: [UInt8] = [%s]' % (name, ','.join(str(b) for b in data)))
lines.append('}')
os.makedirs(outdir, exist_ok=True)
p = os.path.join(outdir, 'embedded_resources.swift')
open(p, 'w').write('\n'.join(lines))
print(p)
PY
}

link_one() {  # SDK path -> verdict line; returns 0 ok, 1 failed, 2 not run
  local sdk=$1 label="apple-link ($1)"
  [ -f "$sdk/SDKSettings.json" ] || { echo "$label: not run: no SDKSettings.json in $sdk"; return 2; }
  local platform sdkver display
  read -r platform sdkver display < <(python3 - "$sdk/SDKSettings.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
platform = d.get("DefaultProperties", {}).get("PLATFORM_NAME") or d.get("CanonicalName", "").rstrip("0123456789.")
print(platform, d.get("Version", "?"), d.get("DisplayName", "?").replace(" ", "_"))
PY
  )
  local os triple_os ldplat
  case "$platform" in
    iphoneos) os=iOS; triple_os=ios; ldplat=ios ;;
    macosx) os=macOS; triple_os=macos; ldplat=macos ;;
    *) echo "$label: not run: SDK platform '$platform' (this script links iphoneos and macosx)"; return 2 ;;
  esac
  local fl; fl=$(floor "$os")
  [ -n "$fl" ] || { echo "$os: skipped: Package.swift names no $os floor"; return 0; }
  local target="arm64-apple-$triple_os$fl"
  label="$os $fl link ($target, SDK ${display//_/ })"
  if [ $DARWIN = 0 ]; then
    [ -n "$LD" ] && [ -x "$LD" ] || { echo "$label: not run: no ld64.lld outside the Swift toolchain (apt-get install lld-16, or LD64_LLD=...)"; return 2; }
    [ -n "$NM" ] && [ -n "$OBJDUMP" ] && [ -n "$CLANG" ] || { echo "$label: not run: no llvm-nm, llvm-objdump or clang"; return 2; }
    local fw
    for fw in Foundation UserNotifications CoreFoundation; do
      local tbd
      tbd=$(ls "$sdk/System/Library/Frameworks/$fw.framework/$fw.tbd" "$sdk/System/Library/Frameworks/$fw.framework/Versions/"*/"$fw.tbd" 2>/dev/null | head -1)
      [ -n "$tbd" ] && [ -e "$tbd" ] || { echo "$label: not run: the SDK has no readable $fw.framework/$fw.tbd (a snapshot that lacks it cannot link)"; return 2; }
    done
  fi
  local iface="$sdk/usr/lib/swift/Swift.swiftmodule/arm64-apple-$triple_os.swiftinterface"
  [ -f "$iface" ] || iface="$sdk/usr/lib/swift/Swift.swiftmodule/arm64e-apple-$triple_os.swiftinterface"
  [ -f "$iface" ] || { echo "$label: not run: the SDK has no arm64 standard-library interface"; return 2; }
  local key="$platform$sdkver" res=() inc=()
  if [ $DARWIN = 0 ]; then
    local RES="$WORK/resource-$key"
    mkdir -p "$RES"; rm -rf "$RES/apinotes"
    ln -sfn "$sdk/usr/lib/swift/shims" "$RES/shims"
    ln -sfn "$(readlink -f "$bindir/../lib/swift/clang")" "$RES/clang"
    if [ ! -f "$sdk/usr/include/dispatch/Dispatch.apinotes" ]; then
      [ -n "$APINOTES" ] && [ -f "$APINOTES/Dispatch.apinotes" ] \
        || { echo "$label: not run: the SDK has no Dispatch.apinotes: give --apinotes DIR (swiftlang/swift's apinotes/, or a newer SDK's usr/include/dispatch)"; return 2; }
      mkdir -p "$RES/apinotes"
      for f in "$APINOTES"/*.apinotes; do ln -sfn "$(readlink -f "$f")" "$RES/apinotes/$(basename "$f")"; done
    fi
    res=(-resource-dir "$RES")
  fi
  if ! grep -q 'swift_willThrowTyped' "$iface"; then
    # Not the type-check's copy (stdlib-KEY): here Array.withUnsafeBufferPointer keeps its real body.
    local STD="$WORK/stdlib-link-$key"
    if [ ! -f "$STD/.done-1" ]; then
      rm -rf "$STD"; mkdir -p "$STD/Swift.swiftmodule"
      python3 - "$iface" "$STD/Swift.swiftmodule/arm64-apple-$triple_os.swiftinterface" <<'PY' || { echo "$label: not run: the standard-library patch failed"; return 2; }
import sys
t = open(sys.argv[1]).read()
def sub(old, new, once=False):
    global t
    if old not in t: sys.exit('not found: ' + old[:80])
    t = t.replace(old, new, 1) if once else t.replace(old, new)
sub('import SwiftShims\n', 'import SwiftShims\n@_silgen_name("swift_willThrowTyped") @inlinable @_alwaysEmitIntoClient '
    'public func _willThrowTyped<E>(_ error: E) where E : Swift.Error {}\n', once=True)
sub('@inlinable public func get() throws -> Success {', '@_alwaysEmitIntoClient public func get() throws(Failure) -> Success {')
sub('@inlinable public func withUnsafeBufferPointer<R>(_ body: (Swift.UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {\n'
    '    return try _buffer.withUnsafeBufferPointer(body)\n  }',
    '@_alwaysEmitIntoClient public func withUnsafeBufferPointer<R, E>(_ body: (Swift.UnsafeBufferPointer<Element>) throws(E) -> R) '
    'throws(E) -> R where E : Swift.Error {\n'
    '    do { return try _buffer.withUnsafeBufferPointer(body) } catch { throw error as! E }\n  }')
if 'init?<Encoding>(validating codeUnits' not in t:
    t += ('\n@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)\nextension Swift.String {\n'
          '  @_alwaysEmitIntoClient public init?<Encoding>(validating codeUnits: some Swift.Sequence<Encoding.CodeUnit>, '
          'as encoding: Encoding.Type) where Encoding : Swift._UnicodeEncoding { fatalError("link check only") }\n'
          '  @_alwaysEmitIntoClient public init?<Encoding>(validating codeUnits: some Swift.Sequence<Swift.Int8>, '
          'as encoding: Encoding.Type) where Encoding : Swift._UnicodeEncoding, Encoding.CodeUnit == Swift.UInt8 { fatalError("link check only") }\n}\n')
open(sys.argv[2], 'w').write(t)
PY
      touch "$STD/.done-1"
    fi
    inc=(-I "$STD"); label="$label, Swift 6 stdlib patch"
  fi
  local OUT="$WORK/build-$key-$target" LOGS="$WORK/logs-$key-$target"
  rm -rf "$OUT" "$LOGS"; mkdir -p "$OUT" "$LOGS"
  local COMMON=(-target "$target" -sdk "$sdk" "${res[@]}" -module-cache-path "$WORK/modcache-$key" "${inc[@]}" -I "$OUT" -swift-version "$langmode" -Onone)
  local m
  for m in "${MODULES[@]}"; do
    local srcs gen
    mapfile -t srcs < <(find "Sources/$m" -name '*.swift' -type f | LC_ALL=C sort)
    gen=$(embedded_resources "$m" "$OUT/derived/$m") && [ -n "$gen" ] && srcs+=("$gen")
    ( nice -n 10 "$SWIFTC" "${COMMON[@]}" -package-name "$pkgname" -DSWIFT_PACKAGE -DSWIFT_MODULE_RESOURCE_BUNDLE_UNAVAILABLE \
        -parse-as-library -wmo -num-threads 0 -module-name "$m" -emit-module -emit-module-path "$OUT/$m.swiftmodule" \
        -c -o "$OUT/$m.o" "${srcs[@]}"; exit $? ) >"$LOGS/$m.log" 2>&1 \
      || { grep -h ': error:' "$LOGS/$m.log" | sed "s|$(pwd)/||; s/^/    /" | head -10; echo "$label: failed (compile of $m; $LOGS/$m.log)"; return 1; }
  done
  # The README's "adapter in ten lines", its hidden set-up lines included, as the app's main.swift.
  python3 - README.md "$OUT/main.swift" <<'PY' || { echo "$label: not run: no 'adapter in ten lines' block in README.md"; return 2; }
import re, sys
text = open(sys.argv[1]).read()
i = text.find('adapter in ten lines')
m = re.search(r'```swift\n(.*?)```', text[i:], re.S) if i >= 0 else None
if not m: sys.exit(1)
body = re.sub(r'^(\s*)// snippet-setup: ', r'\1', m.group(1), flags=re.M)
open(sys.argv[2], 'w').write(body)
PY
  ( nice -n 10 "$SWIFTC" "${COMMON[@]}" -module-name NotificationToolkitApp -c -o "$OUT/main.o" "$OUT/main.swift"; exit $? ) >"$LOGS/main.log" 2>&1 \
    || { sed 's/^/    /' "$LOGS/main.log" | head -10; echo "$label: failed (compile of the README's main; $LOGS/main.log)"; return 1; }
  local APP="$OUT/NotificationToolkitApp" objs=("$OUT/main.o")
  for m in "${MODULES[@]}"; do objs+=("$OUT/$m.o"); done
  local weakmissing=""
  if [ $DARWIN = 1 ]; then
    "$SWIFTC" -target "$target" -sdk "$sdk" "${objs[@]}" -o "$APP" >"$LOGS/link.log" 2>&1 \
      || { grep -i 'undefined\|error' "$LOGS/link.log" | head -20 | sed 's/^/    /'; echo "$label: failed ($LOGS/link.log)"; return 1; }
    NM=${NM:-$(xcrun -f llvm-nm 2>/dev/null || xcrun -f nm)}; OBJDUMP=${OBJDUMP:-$(xcrun -f llvm-objdump 2>/dev/null || xcrun -f objdump)}
  else
    cat >"$OUT/rt_os_version_check.c" <<'EOF'
#include <stdint.h>
#include <stdbool.h>
typedef struct { uint32_t platform; uint32_t version; } dyld_build_version_t;
extern bool _availability_version_check(uint32_t count, dyld_build_version_t versions[]);
int32_t __isPlatformVersionAtLeast(uint32_t Platform, uint32_t Major, uint32_t Minor, uint32_t Subminor) {
  dyld_build_version_t v = { Platform, (Major << 16) | ((Minor & 0xff) << 8) | (Subminor & 0xff) };
  return _availability_version_check(1, &v);
}
EOF
    if "$NM" -u "${objs[@]}" 2>/dev/null | grep -q '___isPlatformVersionAtLeast'; then
      "$CLANG" -target "$target" -isysroot "$sdk" -O2 -c "$OUT/rt_os_version_check.c" -o "$OUT/rt.o" >"$LOGS/rt.log" 2>&1 \
        || { echo "$label: not run: the ___isPlatformVersionAtLeast stand-in did not compile ($LOGS/rt.log)"; return 2; }
      objs+=("$OUT/rt.o")
    fi
    local LINK=("$LD" -arch arm64 -platform_version "$ldplat" "$fl" "$sdkver" -syslibroot "$sdk"
                -L /usr/lib/swift -L /usr/lib -F /System/Library/Frameworks -lSystem -lobjc -rpath /usr/lib/swift -o "$APP" "${objs[@]}")
    "${LINK[@]}" >"$LOGS/link.log" 2>&1; local rc=$?
    if [ $rc -ne 0 ]; then
      # Only weak references (a newer runtime's, NULL on the floor) may stay undefined.
      mapfile -t undef < <(sed -n 's/.*undefined symbol: \(.*\)$/\1/p' "$LOGS/link.log" | sort -u)
      "$NM" -m "${objs[@]}" 2>/dev/null | sed -n 's/.*(undefined) weak external \([^ ]*\).*/\1/p' | sort -u >"$LOGS/weak-refs.txt"
      local allweak=1 s U=()
      for s in "${undef[@]}"; do grep -qxF -- "$s" "$LOGS/weak-refs.txt" || allweak=0; U+=(-U "$s"); done
      if [ ${#undef[@]} -gt 0 ] && [ $allweak = 1 ]; then
        "${LINK[@]}" "${U[@]}" >"$LOGS/link.log" 2>&1; rc=$?
        weakmissing="; weak, not in the SDK: ${undef[*]}"
      fi
    fi
    if [ $rc -ne 0 ] || [ ! -f "$APP" ]; then
      grep -A2 'undefined symbol\|error' "$LOGS/link.log" | head -30 | sed 's/^/    /'
      echo "$label: failed ($(grep -c 'undefined symbol' "$LOGS/link.log") undefined symbols; $LOGS/link.log)"; return 1
    fi
  fi
  local ndylibs minos nimp
  ndylibs=$("$OBJDUMP" --macho --dylibs-used "$APP" 2>/dev/null | tail -n +2 | grep -c .)
  minos=$("$OBJDUMP" --macho --private-headers "$APP" 2>/dev/null | awk '/cmd LC_BUILD_VERSION/{f=1} f && /minos/{print $2; exit}')
  nimp=$("$NM" -m -u "$APP" 2>/dev/null | grep -c .)
  echo "$label: ok ($ndylibs dylibs, minos $minos, $nimp imported symbols$weakmissing)"
  return 0
}

status=0
for sdk in "${sdks[@]}"; do
  link_one "$sdk"; rc=$?
  [ "$rc" -gt "$status" ] && status=$rc
done
exit "$status"
