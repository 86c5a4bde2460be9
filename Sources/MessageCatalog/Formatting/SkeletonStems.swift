import CLDRData

/// The number skeleton stems a message may use: those both formatting backends express with the
/// same text (ICU on a server, Foundation on a phone). A stem outside this set is refused when a
/// message is compiled, by either backend, so `msgtool lint` on a server already tells a
/// translator what a phone could not print.
///
/// Accepted: precision (`.00`, `.0#`, `.###`, `precision-integer`; `.#/@##`: at most one
/// fraction digit and at most three significant digits, whichever rounds more), `group-auto` and
/// `group-off` (`,_`), `percent` (`%`), `scale/N`, `currency/XXX`, `measure-unit/…` for the units
/// `CLDRUnitPatterns` carries, `usage/road` (a length in the reader's road units:
/// `RoadUnitPreferences`), `usage/swim` (a swim in metres, yards in the United States:
/// `SwimUnitPreferences`), `unit-width-short|narrow|full-name`, `compact-short` (`K`),
/// `compact-long` (`KK`), `scientific`, and the signs `sign-auto`, `sign-always` (`+!`),
/// `sign-never` (`+_`) and `sign-except-zero` (`+?`).
enum SkeletonStems {
    /// The first stem of a skeleton (one ICU accepted) that is outside the common set, with its
    /// UTF-16 offset in the skeleton, or nil when every stem is accepted.
    static func firstUnsupported(in skeleton: String) -> (stem: String, offset: Int)? {
        var offset = 0
        for token in skeleton.split(separator: " ", omittingEmptySubsequences: false) {
            defer { offset += token.utf16.count + 1 }
            if token.isEmpty || isSupported(token) { continue }
            return (String(token), offset)
        }
        return nil
    }

    private static let plain: Set<Substring> = [
        "precision-integer", "group-auto", "group-off", ",_", "percent", "%",
        "unit-width-short", "unit-width-narrow", "unit-width-full-name", "usage/road", "usage/swim",
        "compact-short", "K", "compact-long", "KK", "scientific",
        "sign-auto", "sign-always", "+!", "sign-never", "+_", "sign-except-zero", "+?"
    ]

    private static func isSupported(_ t: Substring) -> Bool {
        if plain.contains(t) { return true }
        if t.hasPrefix(".") {
            var rest = t.dropFirst()
            if let slash = rest.firstIndex(of: "/") {
                // fraction-significant with a maximum (`.#/@##`): one `@`, then `#`s
                let significant = rest[rest.index(after: slash)...]
                guard significant.first == "@", significant.dropFirst().allSatisfy({ $0 == "#" }) else { return false }
                rest = rest[..<slash]
            }
            let zeros = rest.prefix { $0 == "0" }.count
            return rest.dropFirst(zeros).allSatisfy { $0 == "#" }
        }
        if t.hasPrefix("scale/") { return true }
        if t.hasPrefix("currency/") { return t.count == 12 }
        if t.hasPrefix("measure-unit/") { return CLDRUnitPatterns.isSupported(String(t.dropFirst(13))) }
        return false
    }
}
