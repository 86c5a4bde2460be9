#!/usr/bin/env bash
# A client in Swift 5 language mode (Tests/Clients/Swift5Client: `swiftLanguageModes: [.v5]`)
# builds against this checkout with warnings as errors and runs: the runtime products
# (MessageCatalog, NotificationPlanning), the adapter's types (UserNotificationsAdapter; on Linux
# it compiles against the stand-in), and the MessageAccessors plugin's accessors for the bundled
# catalogs and the client's own `strings` folder. Its output must be
# Tests/Clients/Swift5Client/expected-output.txt.
#
#   bash scripts/check-swift5-client.sh [swift build flags...]
#
# The client is copied into a folder beside a link named `notification-toolkit` to this checkout
# (the identity an app uses for a checkout, README "In an app"), under $TMPDIR, one per checkout,
# so a second run builds only what changed. Exit 0 when it builds, is compiled in Swift 5 mode
# and prints the expected text; 1 otherwise.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
client="$repo/Tests/Clients/Swift5Client"
key="$(printf '%s' "$repo" | cksum | cut -d' ' -f1)"
work="${TMPDIR:-/tmp}/swift5-client-$key"
mkdir -p "$work"
rm -rf "$work/Swift5Client"
cp -R "$client" "$work/Swift5Client"
rm -f "$work/Swift5Client/expected-output.txt"
ln -sfn "$repo" "$work/notification-toolkit"
cd "$work/Swift5Client"
log="$work/build.log"
if ! swift build -v --scratch-path "$work/.build" -Xswiftc -warnings-as-errors "$@" >"$log" 2>&1; then
  cat "$log" >&2
  echo "check-swift5-client: the Swift 5 client does not build (above)" >&2
  exit 1
fi
# The client's language mode is checked by its own output: its last line comes from
# `#if swift(>=6)`, which tests the mode the module is compiled in. (Grepping the build log for
# `-swift-version 5` is not reliable: the driver may pass a long command in a response file.)
# (`-v` echoes each manifest's compile command as "warning: 'package': /…/swift-frontend …": not a diagnostic.)
if grep -E '(^|: )warning: ' "$log" | grep -vE "^warning: '[^']+': /" >&2; then
  echo "check-swift5-client: the build printed warnings (above)" >&2
  exit 1
fi
bin="$(swift build --scratch-path "$work/.build" "$@" --show-bin-path)/Swift5Client"
out="$("$bin")"
if ! diff -u "$client/expected-output.txt" <(printf '%s\n' "$out") >&2; then
  echo "check-swift5-client: the Swift 5 client printed other text than Tests/Clients/Swift5Client/expected-output.txt (diff above)" >&2
  exit 1
fi
printf '%s\n' "$out"
echo "check-swift5-client: the Swift 5 client builds without warnings and prints the expected text"
