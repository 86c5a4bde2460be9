#!/usr/bin/env bash
# What an app or a server that only renders and plans links: builds a three-line client of the
# runtime products (MessageCatalog, AffirmationSelector, NotificationPlanning) in a new package that depends on this
# one by path, runs it, and fails if its binary loads an XML parser (FoundationXML, libxml2)
# or anything of the translator tools. Usage: bash scripts/check-runtime-links.sh [swift build flags...]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/client"
cat > "$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "client",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "$repo")],
    targets: [.executableTarget(name: "client", dependencies: [
        .product(name: "MessageCatalog", package: "$(basename "$repo")"),
        .product(name: "AffirmationSelector", package: "$(basename "$repo")"),
        .product(name: "NotificationPlanning", package: "$(basename "$repo")"),
    ])]
)
MANIFEST
cat > "$work/Sources/client/main.swift" <<'SWIFT'
import AffirmationSelector
import NotificationPlanning
import Foundation
import MessageCatalog

let message = try MessageFormat("{n, plural, one {# step left} other {# steps left}}", locale: "en")
print(try message.format(["n": 4880]))
var preferences = NotificationPreferences(timeZone: "Europe/Madrid")
preferences.locale = "es"
preferences.tone = .cheerful
preferences.userSeed = 1
preferences.dailyAffirmation.enabled = true
let plan = try Planner.plan(preferences: preferences, state: SchedulerState(), events: [],
                            now: Date(timeIntervalSince1970: 1_795_000_000), content: try ContentGenerator.bundled())
print(plan.added.count, "requests;", plan.added.first?.title ?? "")
let today = try AffirmationSelector.dailyAffirmation(for: Date(timeIntervalSince1970: 1_795_000_000), locale: Locale(identifier: "es_ES"),
                                                     timeZone: TimeZone(identifier: "Europe/Madrid")!)
print(today.title, "/", today.body)
SWIFT
cd "$work"
swift build --scratch-path "$work/.build" "$@" >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
bin="$(swift build --scratch-path "$work/.build" "$@" --show-bin-path)/client"
"$bin"
if command -v ldd >/dev/null; then
  libs="$(ldd "$bin")"
  if grep -Ei 'FoundationXML|libxml2' <<<"$libs"; then
    echo "check-runtime-links: the runtime client links an XML parser (above)" >&2; exit 1
  fi
  echo "check-runtime-links: the runtime client links no XML parser ($(wc -l <<<"$libs") libraries)"
fi
if nm -C "$bin" 2>/dev/null | grep -q 'MessageCatalogTools'; then
  echo "check-runtime-links: the runtime client carries MessageCatalogTools" >&2; exit 1
fi
echo "check-runtime-links: no translator tools in the runtime client"
