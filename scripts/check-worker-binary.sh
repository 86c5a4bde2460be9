#!/usr/bin/env bash
# What a batch worker's msgtool loads: with the Swift runtime linked statically
# (`swift build -c release --product msgtool --static-swift-stdlib`, as the Dockerfile builds it),
# `ldd` must list only the C and C++ runtimes, the loader and the system ICU (Debian's libicu72,
# which the image installs), the binary must run, and it must hold no benchmark engine (those are
# msgtool-bench's: `nm` finds no symbol of the msgtool_bench module and none of its workload
# types). No container engine is needed: this is the check the image's build runs, and CI runs it
# on its own build.
#   bash scripts/check-worker-binary.sh [BINARY]    (default: builds it into .build-static, and
#                                                    msgtool-bench beside it to prove the symbol check sees engines)
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-}"
bench=""
if [ -z "$bin" ]; then
  swift build -c release --product msgtool --static-swift-stdlib --scratch-path .build-static >/dev/null
  swift build -c release --product msgtool-bench --static-swift-stdlib --scratch-path .build-static >/dev/null
  dir="$(swift build -c release --static-swift-stdlib --scratch-path .build-static --show-bin-path)"
  bin="$dir/msgtool" bench="$dir/msgtool-bench"
fi
[ -x "$bin" ] || { echo "check-worker-binary: $bin is not an executable" >&2; exit 1; }
libs="$(ldd "$bin")"
echo "$libs"
# The libraries a Debian 12 image has (libc6, libgcc-s1, libstdc++6, zlib1g, liblzma5) or the
# Dockerfile installs (libicu72; libxml2 for FoundationXML, which the XLIFF import links).
allowed='^(linux-vdso\.so|/lib64/ld-linux|ld-linux|libc\.so|libm\.so|libdl\.so|libpthread\.so|librt\.so|libutil\.so|libgcc_s\.so|libstdc\+\+\.so|libz\.so|liblzma\.so|libxml2\.so|libicu(i18n|uc|data)\.so\.[0-9]+)'
bad="$(awk '{print $1}' <<<"$libs" | grep -Ev "$allowed" || true)"
if [ -n "$bad" ]; then
  echo "check-worker-binary: $bin loads libraries a Debian image with libicu72 does not have:" >&2
  echo "$bad" >&2
  echo "(build with --static-swift-stdlib; add a library here only with its Debian package in the Dockerfile)" >&2
  exit 1
fi
if grep -q 'not found' <<<"$libs"; then echo "check-worker-binary: a library is missing (above)" >&2; exit 1; fi
"$bin" --version
# No benchmark engine: the msgtool_bench module (mangled `13msgtool_bench`) and the workload types
# of its engines. A binary with no msgtool symbols at all (stripped) cannot be checked, so it fails.
engines='13msgtool_bench|14RenderWorkload|22FormatterBatchWorkload'
symbols="$(nm "$bin" 2>/dev/null || true)"
[ "$(grep -c '15MsgToolCommands' <<<"$symbols" || true)" != 0 ] || {
  echo "check-worker-binary: nm finds none of msgtool's own symbols in $bin (stripped?): cannot check it holds no benchmark engine" >&2; exit 1; }
if [ -n "$bench" ] && [ "$(nm "$bench" 2>/dev/null | grep -cE "$engines" || true)" = 0 ]; then
  echo "check-worker-binary: nm finds no engine symbol ($engines) even in $bench: the check below would prove nothing; update the pattern" >&2; exit 1
fi
found="$(grep -cE "$engines" <<<"$symbols" || true)"
if [ "$found" != 0 ]; then
  echo "check-worker-binary: $bin holds $found symbols of the benchmark engines ($engines), e.g.:" >&2
  grep -m 3 -E "$engines" <<<"$symbols" >&2
  echo "(the engines belong in Sources/msgtool-bench, which msgtool does not link)" >&2
  exit 1
fi
out="$(printf '{"id":"u-1","timeZone":"Europe/Madrid","locale":"es","tone":"cheerful","userSeed":1,"dailyAffirmation":{"enabled":true}}\n' \
  | "$bin" batch --jobs 1 --now 2026-11-23T09:30:00+01:00)"
grep -q '"user":"u-1"' <<<"$out" || { echo "check-worker-binary: msgtool batch printed no plan: $out" >&2; exit 1; }
echo "check-worker-binary: $(awk 'NF' <<<"$libs" | wc -l) libraries, all from Debian (libc6, libgcc-s1, libstdc++6, zlib1g, liblzma5, libxml2, libicu72); no benchmark engine; msgtool batch runs"
