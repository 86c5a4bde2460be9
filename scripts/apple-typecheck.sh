#!/usr/bin/env bash
# Type-checks the runtime modules, as an app compiles them (the Apple configuration: trait
# SystemICU off), for each Apple SDK given, at the package's floor for that platform: an iPhoneOS
# SDK gives `arm64-apple-ios14.0`, a MacOSX SDK `arm64-apple-macos11.0` (watchOS and tvOS SDKs
# likewise). Nothing is linked; no SDK is copied into the checkout.
#
#   bash scripts/apple-typecheck.sh --sdk PATH [--sdk PATH ...]   # or APPLE_SDK=PATH[:PATH...]
#   # on a Mac:
#   bash scripts/apple-typecheck.sh --sdk "$(xcrun --show-sdk-path --sdk iphoneos)" \
#                                   --sdk "$(xcrun --show-sdk-path --sdk macosx)"
#   # on Linux: PATH is an SDK folder (one with SDKSettings.json), e.g. an extracted iPhoneOS SDK
#
# It prints one verdict line per SDK, e.g.
#   iOS 14.0 (arm64-apple-ios14.0, SDK iOS 17.4): 5/5 modules clean (0 errors, 0 warnings)
# and exits 0 when every module is clean, 1 when one has an error, 2 when it could not run.
# With no SDK it prints `apple-typecheck: skipped: no SDK given ...` and exits 0 (CI without an SDK).
#
# The floors and the modules (the library products' targets, dependencies first, but the
# translators' tools) come from Package.swift through scripts/check-availability.py --print-runtime.
# Each module is compiled as SwiftPM compiles it (`-emit-module -wmo -swift-version 6
# -package-name ... -DSWIFT_PACKAGE -DSWIFT_MODULE_RESOURCE_BUNDLE_UNAVAILABLE`, its .embedInCode
# resources generated as SwiftPM generates them): Sema (availability, missing API) and, for a
# module without a Sema error, the SIL diagnostics (Swift 6 data-race checks).
# `-experimental-allow-module-with-compiler-errors` writes a module even when it has errors, so the
# modules after it are checked too.
#
# On Linux the toolchain's own resource folder has Linux module maps (Dispatch, CoreFoundation)
# that clash with an SDK's, so a resource folder is put together from the SDK's SwiftShims and the
# toolchain's clang headers. An SDK older than Swift 6 (Xcode 15, e.g. iOS 17.4) lacks pieces of
# the Swift 6 standard library that the compiler or the code needs; then a patched copy of the SDK's
# Swift.swiftinterface is put first on the import path (the SDK itself is not changed):
#   - `_willThrowTyped`, which Swift 6.x's SILGen calls for every `throw` in a typed-throws function;
#   - the typed-throws `Result.get()` and `Array.withUnsafeBufferPointer` (@_alwaysEmitIntoClient
#     in Swift 6, so usable at any floor);
#   - `String(validating:as:)` with its real availability (iOS 18, macOS 15): without it a use shows
#     as "no exact matches" instead of the availability error an Xcode 16 SDK gives.
# An error about another Swift 6 standard-library API may come from the old SDK: check the
# toolchain's lib/swift/linux/Swift.swiftmodule/*.swiftinterface before blaming the code.
#
# SDK layouts: an iPhoneOS SDK names its standard-library interface `arm64-apple-ios`; a MacOSX SDK
# ships only `arm64e-apple-macos` (and x86_64), which the compiler loads for an arm64 target, so
# either is accepted. In Xcode's SDKs one of usr/include/libxml and usr/include/libxml2/libxml is a
# link to the other (MacOSX 13.3: libxml2/libxml -> ../libxml); only two real copies are refused.
# Xcode's toolchain carries API notes that the SDKs rely on: `os.apinotes` (without it `import
# UIKit` and `import SwiftUI` fail in the SDK's os.swiftinterface) and, for SDKs before Xcode 15
# (MacOSX 13.3), `Dispatch.apinotes` (those SDKs' headers do not name DispatchQueue & co.
# themselves: without it the SDK's Dispatch overlay fails, "no type named 'DispatchQueue' in module
# 'Dispatch'"). Both are in scripts/apinotes (from the swiftlang/swift repository, with their
# license); on Linux they go in the resource folder, where the compiler looks for them
# (--apinotes DIR gives another folder). When every error is inside the SDK's interfaces the
# verdict says so instead of blaming the code. Measured on Linux (Swift 6.3.1) with MacOSX 13.3 at
# macOS 11.0: every runtime module clean but UserNotificationsAdapter, where the compiler crashes
# in SILGen on the SDK's Objective-C async imports (`merge(_:)`'s notificationCategories(), a Swift
# 5.8 SDK); `swiftc -typecheck` of that module with the same flags is clean (Sema, no SIL checks).
# A module whose emission crashes the compiler without an error is therefore type-checked again
# with `-typecheck` (the same flags, nothing emitted), and its line says so.
#
# The example apps: with an iPhoneOS SDK, examples/AppPorts (the ports) and each folder of
# examples/AppPorts/iOS (an app's or an extension's glue: UIKit, SwiftUI, UserNotificationsUI) are
# type-checked too, each folder as its own module over the runtime modules; the verdict then counts
# "modules and example apps".
#
# Options: --sdk PATH (repeatable), --work DIR (caches: default .build/apple-typecheck, about 200 MB
# per SDK; the first run builds the SDK's Swift modules from their interfaces, a minute or two),
# --apinotes DIR (or APPLE_APINOTES). SWIFTC overrides the compiler.
set -u
cd "$(dirname "$0")/.."

sdks=()
WORK=.build/apple-typecheck
APINOTES=${APPLE_APINOTES:-}
usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --sdk) [ $# -ge 2 ] || { echo "apple-typecheck: --sdk needs a path (e.g. --sdk \"\$(xcrun --show-sdk-path --sdk iphoneos)\")" >&2; exit 2; }
           sdks+=("$2"); shift 2 ;;
    --sdk=*) sdks+=("${1#--sdk=}"); shift ;;
    --work) [ $# -ge 2 ] || { echo "apple-typecheck: --work needs a folder" >&2; exit 2; }
            WORK=$2; shift 2 ;;
    --apinotes) [ $# -ge 2 ] || { echo "apple-typecheck: --apinotes needs a folder holding Dispatch.apinotes" >&2; exit 2; }
                APINOTES=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "apple-typecheck: unknown argument '$1' (usage: bash scripts/apple-typecheck.sh --sdk PATH [--sdk PATH] [--work DIR])" >&2; exit 2 ;;
  esac
done
if [ ${#sdks[@]} -eq 0 ] && [ -n "${APPLE_SDK:-}" ]; then
  IFS=: read -r -a sdks <<<"$APPLE_SDK"
fi
if [ ${#sdks[@]} -eq 0 ]; then
  echo "apple-typecheck: skipped: no SDK given (--sdk PATH or APPLE_SDK=PATH; on a Mac: --sdk \"\$(xcrun --show-sdk-path --sdk iphoneos)\" --sdk \"\$(xcrun --show-sdk-path --sdk macosx)\")"
  exit 0
fi

SWIFTC=${SWIFTC:-$(command -v swiftc || true)}
[ -n "$SWIFTC" ] && [ -x "$SWIFTC" ] || { echo "apple-typecheck: not run: no swiftc on PATH" >&2; exit 2; }
command -v python3 >/dev/null || { echo "apple-typecheck: not run: no python3" >&2; exit 2; }
runtime=$(python3 scripts/check-availability.py --print-runtime) || { echo "apple-typecheck: not run: cannot read Package.swift" >&2; exit 2; }
mapfile -t MODULES < <(awk '$1 == "module" { print $2 }' <<<"$runtime")
floor() { awk -v p="$1" '$1 == "floor" && $2 == p { print $3 }' <<<"$runtime"; }
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)

# Flags as SwiftPM passes them
tools=$(sed -n '1s/.*swift-tools-version: *\([0-9]*\).*/\1/p' Package.swift)
langmode=5; [ "${tools:-5}" -ge 6 ] && langmode=6
grep -q 'swiftLanguageModes: *\[ *\.v5' Package.swift && langmode=5
pkgname=$(basename "$(pwd)" | tr 'A-Z' 'a-z')

# .embedInCode resources: SwiftPM generates `struct PackageResources { static let <name>: [UInt8] }`.
embedded_resources() {  # module, output folder -> prints the generated file, or nothing
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

# One SDK: prints the module lines, then the verdict line; returns 0 clean, 1 errors, 2 not run.
typecheck() {
  local sdk=$1
  local label="apple-typecheck ($sdk)"
  [ -f "$sdk/SDKSettings.json" ] || { echo "$label: not run: no SDKSettings.json in $sdk (give an SDK folder, e.g. \$(xcrun --show-sdk-path --sdk iphoneos))"; return 2; }
  local info
  info=$(python3 - "$sdk/SDKSettings.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
platform = d.get("DefaultProperties", {}).get("PLATFORM_NAME") or d.get("CanonicalName", "").rstrip("0123456789.")
print(platform, d.get("Version", "?"), d.get("DisplayName", "?").replace(" ", "_"))
PY
  ) || { echo "$label: not run: unreadable $sdk/SDKSettings.json"; return 2; }
  local platform sdkver display os arch triple_os
  read -r platform sdkver display <<<"$info"
  case "$platform" in
    iphoneos) os=iOS; arch=arm64; triple_os=ios ;;
    macosx) os=macOS; arch=arm64; triple_os=macos ;;
    watchos) os=watchOS; arch=arm64_32; triple_os=watchos ;;
    appletvos) os=tvOS; arch=arm64; triple_os=tvos ;;
    *) echo "$label: not run: SDK platform '$platform' is not a device platform this script knows (iphoneos, macosx, watchos, appletvos)"; return 2 ;;
  esac
  local fl; fl=$(floor "$os")
  [ -n "$fl" ] || { echo "$os: skipped: Package.swift names no $os floor"; return 0; }
  local target="$arch-apple-$triple_os$fl"
  label="$os $fl ($target, SDK ${display//_/ })"
  local iface="$sdk/usr/lib/swift/Swift.swiftmodule/$arch-apple-$triple_os.swiftinterface"
  # MacOSX SDKs ship arm64e interfaces only; the compiler loads them for arm64.
  [ -f "$iface" ] || [ "$arch" != arm64 ] || iface="$sdk/usr/lib/swift/Swift.swiftmodule/arm64e-apple-$triple_os.swiftinterface"
  [ -f "$iface" ] || { echo "$label: not run: the SDK has no $sdk/usr/lib/swift/Swift.swiftmodule/$arch-apple-$triple_os.swiftinterface (nor an arm64e one)"; return 2; }
  local key="$platform$sdkver"
  local res=() inc=()
  if [ "$(uname -s)" != Darwin ]; then
    local RES="$WORK/resource-$key"
    mkdir -p "$RES"
    ln -sfn "$sdk/usr/lib/swift/shims" "$RES/shims"
    ln -sfn "$(readlink -f "$(dirname "$(readlink -f "$SWIFTC")")/../lib/swift/clang")" "$RES/clang"
    rm -rf "$RES/apinotes"; mkdir -p "$RES/apinotes"
    # os.apinotes: Xcode's toolchain carries it, not the SDK; `import UIKit` and `import SwiftUI`
    # need it (scripts/apinotes, copied from swiftlang/swift with its license).
    [ -f "$sdk/usr/include/os/os.apinotes" ] || ln -sfn "$(pwd)/scripts/apinotes/os.apinotes" "$RES/apinotes/os.apinotes"
    # Dispatch.apinotes: SDKs before Xcode 15 (MacOSX 13.3) leave the names of Dispatch's classes
    # (DispatchQueue, ...) to the toolchain's copy; --apinotes DIR gives another folder.
    if [ ! -f "$sdk/usr/include/dispatch/Dispatch.apinotes" ]; then
      local notes=${APINOTES:-$(pwd)/scripts/apinotes}
      if [ -f "$notes/Dispatch.apinotes" ]; then
        for f in "$notes"/*.apinotes; do ln -sfn "$(readlink -f "$f")" "$RES/apinotes/$(basename "$f")"; done
        label="$label, the toolchain's Dispatch.apinotes"
      else
        echo "$label: not run: the SDK has no Dispatch.apinotes and $notes has none either (an SDK before Xcode 15 relies on Xcode's toolchain for it): give --apinotes DIR, a folder holding Dispatch.apinotes (swiftlang/swift's apinotes/)"; return 2
      fi
    fi
    res=(-resource-dir "$RES")
  fi
  # In Xcode's SDK usr/include/libxml is a link to libxml2/libxml; a plain copy defines the clang
  # module libxml2 twice and breaks every framework import.
  if [ -d "$sdk/usr/include/libxml" ] && [ ! -L "$sdk/usr/include/libxml" ] \
     && [ -d "$sdk/usr/include/libxml2/libxml" ] && [ ! -L "$sdk/usr/include/libxml2/libxml" ]; then
    echo "$label: not run: $sdk/usr/include/libxml and libxml2/libxml are two copies, not one folder and a link as Xcode ships them (make one a link: ln -sfn libxml2/libxml usr/include/libxml)"; return 2
  fi
  local STD="$WORK/stdlib-$key"
  if ! grep -q 'swift_willThrowTyped' "$iface"; then
    if [ ! -f "$STD/.done-1" ]; then
      rm -rf "$STD"; mkdir -p "$STD/Swift.swiftmodule"
      python3 - "$iface" "$STD/Swift.swiftmodule/$arch-apple-$triple_os.swiftinterface" <<'PY' || { echo "$label: not run: the standard-library patch failed"; return 2; }
import sys
t = open(sys.argv[1]).read()
def sub(old, new, once=False):
    global t
    if old in t:
        t = t.replace(old, new, 1) if once else t.replace(old, new)
sub('import SwiftShims\n', 'import SwiftShims\n@_silgen_name("swift_willThrowTyped") @inlinable @_alwaysEmitIntoClient '
    'public func _willThrowTyped<E>(_ error: E) where E : Swift.Error {}\n', once=True)
sub('@inlinable public func get() throws -> Success {', '@_alwaysEmitIntoClient public func get() throws(Failure) -> Success {')
sub('@inlinable public func withUnsafeBufferPointer<R>(_ body: (Swift.UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {\n'
    '    return try _buffer.withUnsafeBufferPointer(body)\n  }',
    '@_alwaysEmitIntoClient public func withUnsafeBufferPointer<R, E>(_ body: (Swift.UnsafeBufferPointer<Element>) throws(E) -> R) '
    'throws(E) -> R where E : Swift.Error {\n    fatalError()\n  }')
if 'init?<Encoding>(validating codeUnits' not in t:
    t += ('\n@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)\nextension Swift.String {\n'
          '  @_alwaysEmitIntoClient public init?<Encoding>(validating codeUnits: some Swift.Sequence<Encoding.CodeUnit>, '
          'as encoding: Encoding.Type) where Encoding : Swift._UnicodeEncoding { fatalError() }\n'
          '  @_alwaysEmitIntoClient public init?<Encoding>(validating codeUnits: some Swift.Sequence<Swift.Int8>, '
          'as encoding: Encoding.Type) where Encoding : Swift._UnicodeEncoding, Encoding.CodeUnit == Swift.UInt8 { fatalError() }\n}\n')
open(sys.argv[2], 'w').write(t)
PY
      touch "$STD/.done-1"
    fi
    inc=(-I "$STD")
    label="$label, Swift 6 stdlib patch"
  fi
  local OUT="$WORK/modules-$key-$target" LOGS="$WORK/logs-$key-$target"
  rm -rf "$OUT" "$LOGS"; mkdir -p "$OUT" "$LOGS" "$WORK/derived"
  local FLAGS=(-target "$target" -sdk "$sdk" "${res[@]}" -module-cache-path "$WORK/modcache-$key" "${inc[@]}"
               -I "$OUT" -swift-version "$langmode" -package-name "$pkgname" -DSWIFT_PACKAGE
               -DSWIFT_MODULE_RESOURCE_BUNDLE_UNAVAILABLE -parse-as-library -wmo -emit-module
               -Xfrontend -experimental-allow-module-with-compiler-errors)
  local clean=0 total=0 nerr=0 nwarn=0 first="" m
  # One module: compiles it, prints its line and its diagnostics, counts them.
  check_module() {  # name, sources...
    local m=$1; shift
    local srcs=("$@") e w rc t0 dt
    total=$((total + 1))
    t0=$(date +%s)
    ( nice -n 10 "$SWIFTC" "${FLAGS[@]}" -module-name "$m" -emit-module-path "$OUT/$m.swiftmodule" "${srcs[@]}"; exit $? ) >"$LOGS/$m.log" 2>&1
    rc=$?; dt=$(( $(date +%s) - t0 ))
    e=$(grep -c ': error:' "$LOGS/$m.log"); w=$(grep -c ': warning:' "$LOGS/$m.log")
    local note=""
    if { grep -q 'Stack dump:' "$LOGS/$m.log" || [ "$rc" -ge 128 ]; } && [ "$e" -eq 0 ]; then
      # The compiler crashed emitting the module (SILGen), not in the type-checker: what this
      # script checks is the type-check, so the module is type-checked again without emitting
      # it (`-typecheck`, same flags). Its verdict counts; the crash is named on the module's line.
      # Only a module nothing else is compiled against can be checked this way (the last one).
      local tflags=() f
      for f in "${FLAGS[@]}"; do [ "$f" = -emit-module ] || tflags+=("$f"); done
      mv "$LOGS/$m.log" "$LOGS/$m.crash.log"
      ( nice -n 10 "$SWIFTC" "${tflags[@]}" -typecheck -module-name "$m" "${srcs[@]}"; exit $? ) >"$LOGS/$m.log" 2>&1
      rc=$?; dt=$(( $(date +%s) - t0 ))
      e=$(grep -c ': error:' "$LOGS/$m.log"); w=$(grep -c ': warning:' "$LOGS/$m.log")
      note=", type-checked with -typecheck: the compiler crashed emitting the module, see $LOGS/$m.crash.log"
    fi
    if grep -q 'Stack dump:' "$LOGS/$m.log" || [ "$rc" -ge 128 ]; then
      e=$((e + 1)); echo "$m: error: the compiler crashed (see $LOGS/$m.log)" >>"$LOGS/$m.log"
    elif [ "$rc" -ne 0 ] && [ "$e" -eq 0 ]; then
      e=1; echo "$m: error: swiftc exited $rc without a diagnostic (see $LOGS/$m.log)" >>"$LOGS/$m.log"
    fi
    nerr=$((nerr + e)); nwarn=$((nwarn + w))
    if [ "$e" -eq 0 ]; then clean=$((clean + 1)); echo "  $m: clean ($w warnings, ${dt}s, ${#srcs[@]} files$note)"
    else echo "  $m: $e errors ($w warnings, ${dt}s, ${#srcs[@]} files)"; fi
    grep -h ': error:\|: warning:' "$LOGS/$m.log" | sed "s|$(pwd)/||; s/^/    /"
    [ -z "$first" ] && [ "$e" -gt 0 ] && first=$(grep -h -m1 ': error:' "$LOGS/$m.log" | sed "s|$(pwd)/||")
    return 0
  }
  for m in "${MODULES[@]}"; do
    local srcs gen
    mapfile -t srcs < <(find "Sources/$m" -name '*.swift' -type f | LC_ALL=C sort)
    gen=$(embedded_resources "$m" "$WORK/derived/$m") && [ -n "$gen" ] && srcs+=("$gen")
    check_module "$m" "${srcs[@]}"
  done
  # The example apps (examples/AppPorts): the ports, then each folder of their iOS glue (an app or
  # an extension target: UIKit, SwiftUI, UserNotificationsUI) as its own module over them.
  local what="modules"
  if [ "$platform" = iphoneos ] && [ -d examples/AppPorts/iOS ]; then
    local ports d
    mapfile -t ports < <(find examples/AppPorts -maxdepth 1 -name '*.swift' -type f | LC_ALL=C sort)
    check_module AppPorts "${ports[@]}"
    for d in examples/AppPorts/iOS/*/; do
      mapfile -t srcs < <(find "$d" -name '*.swift' -type f | LC_ALL=C sort)
      [ ${#srcs[@]} -gt 0 ] && check_module "$(basename "$d")" "${srcs[@]}"
    done
    what="modules and example apps"
  fi
  if [ "$clean" -eq "$total" ]; then
    echo "$label: $clean/$total $what clean ($nerr errors, $nwarn warnings)"; return 0
  fi
  # Errors only inside the SDK's own Swift interfaces (and the "failed to build module" they cause
  # in the package's imports): the SDK does not build with this toolchain here (MacOSX 13.3 on
  # Linux: its Dispatch overlay finds no DispatchQueue), not a fault of the code.
  if [ "$(cat "$LOGS"/*.log | grep ': error:' | grep -v "^$sdk/usr/lib/swift/" | grep -vc "error: failed to build module '[A-Za-z_]*'; this SDK is not supported by the compiler")" -eq 0 ]; then
    echo "$label: not run: the SDK's own Swift interfaces do not build with this toolchain here (first: $first); on a Mac, Xcode's toolchain builds them"; return 2
  fi
  echo "$label: $clean/$total $what clean ($nerr errors; first: $first; logs in $LOGS)"; return 1
}

status=0
for sdk in "${sdks[@]}"; do
  typecheck "$sdk"; rc=$?
  [ "$rc" -gt "$status" ] && status=$rc
done
exit "$status"
