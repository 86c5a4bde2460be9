import CLDRData
import Foundation
import ToolkitSupport

// The Foundation backend's two paths: Foundation's format styles (`Decimal.FormatStyle`,
// `Duration.UnitsFormatStyle`, `Locale.Language`), from iOS 16, macOS 13, watchOS 9 and tvOS 16,
// and for the systems before them (down to the package's floors, iOS 14, macOS 11, watchOS 7,
// tvOS 14) Foundation's older formatters (`NumberFormatter`, `DateFormatter`, `Locale`'s
// identifiers) with the CLDR 42 data the package generates (`CLDRLikelySubtags`,
// `CLDRListPatterns`, `CLDRNumberPatterns`, `CLDRUnitPatterns`), which print the same text.
// docs/foundation-backend.md lists what they cannot print alike.

extension FoundationBackend {
    /// The environment variable that makes a process format with the older formatters on any
    /// system (`1`): how the tests run msgtool on that path on Linux. It is read once.
    package static let olderFormattersVariable = "NOTIFICATIONTOOLKIT_OLDER_FORMATTERS"

    /// Whether the formatters made now use Foundation's older API even where the format styles
    /// exist: ``olderFormattersSwitch`` for the current task.
    package static var forcesOlderFormatters: Bool { olderFormattersSwitch.get() }

    /// The task-local switch behind ``forcesOlderFormatters`` (tests:
    /// `FoundationBackend.olderFormattersSwitch.withValue(true) { … }`), by default from
    /// ``olderFormattersVariable``. Formatters are cached per path, so both paths can run side by
    /// side in one process. (A `TaskLocal` written out: older SDKs lack the `@TaskLocal` macro.)
    package static let olderFormattersSwitch = TaskLocal<Bool>(wrappedValue: ProcessInfo.processInfo.environment[olderFormattersVariable] == "1")

    /// Whether the formatters made now use the format styles: on iOS 16, macOS 13, watchOS 9,
    /// tvOS 16 and later (and Linux), unless ``forcesOlderFormatters`` is set.
    package static var usesFormatStyles: Bool {
        if forcesOlderFormatters { return false }
        if #available(iOS 16, macOS 13, watchOS 9, tvOS 16, *) { return true }
        return false
    }

    /// `Locale.Language(identifier:).maximalIdentifier` as an ICU id (`zh_TW` → `zh_Hant_TW`),
    /// or CLDR 42's likely subtags on the older path.
    static func maximalID(_ id: String) -> String {
        if #available(iOS 16, macOS 13, watchOS 9, tvOS 16, *), usesFormatStyles {
            return CLDRPluralRules.baseName(Locale.Language(identifier: id.replacingOccurrences(of: "_", with: "-")).maximalIdentifier)
        }
        return CLDRLikelySubtags.maximal(id)
    }

    /// `Locale(identifier:).identifier(.bcp47)`, or on the older path the same conversion of an
    /// ICU id written out: `_` becomes `-`, the deprecated languages ICU replaces (`iw` → `he`,
    /// `in` → `id`, `ji` → `yi`), the POSIX variant `-u-va-posix`, and keywords a Unicode
    /// extension with BCP 47's keys and types, sorted (`@collation=phonebook` → `-u-co-phonebk`).
    static func bcp47Identifier(_ tag: String) -> String {
        if #available(iOS 16, macOS 13, watchOS 9, tvOS 16, *), usesFormatStyles {
            return Locale(identifier: tag).identifier(.bcp47)
        }
        let parts = tag.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        var subtags = parts[0].split(omittingEmptySubsequences: false, whereSeparator: { $0 == "_" || $0 == "-" }).map { String($0) }
        if let language = subtags.first, let replaced = ["iw": "he", "in": "id", "ji": "yi"][language.lowercased()] {
            subtags[0] = replaced
        }
        var keywords: [(String, String)] = []
        if subtags.count > 1, subtags.last?.uppercased() == "POSIX", !subtags.contains(where: { $0.count == 1 }) {
            subtags.removeLast()
            while subtags.last == "" { subtags.removeLast() }
            keywords.append(("va", "posix"))
        }
        if parts.count == 2 {
            for pair in parts[1].split(separator: ";") {
                let kv = pair.split(separator: "=", maxSplits: 1).map { $0.lowercased() }
                guard kv.count == 2 else { continue }
                let key = Self.bcp47Keys[kv[0]] ?? kv[0]
                let type = Self.bcp47Types[kv[1]] ?? kv[1]
                keywords.append((key, type == "yes" ? "true" : type))
            }
        }
        var out = subtags.filter { !$0.isEmpty }.joined(separator: "-")
        if !keywords.isEmpty {
            out += "-u-" + keywords.sorted { $0.0 < $1.0 }.map { "\($0.0)-\($0.1)" }.joined(separator: "-")
        }
        return out
    }

    /// ICU's legacy keyword names and their BCP 47 keys (UTS #35's `keyword` data).
    private static let bcp47Keys: [String: String] = [
        "calendar": "ca", "colalternate": "ka", "colbackwards": "kb", "colcasefirst": "kf", "colcaselevel": "kc",
        "collation": "co", "colnormalization": "kk", "colnumeric": "kn", "colreorder": "kr", "colstrength": "ks",
        "currency": "cu", "hours": "hc", "lb": "lb", "measure": "ms", "numbers": "nu", "timezone": "tz"
    ]

    /// ICU's legacy type names that BCP 47 spells otherwise.
    private static let bcp47Types: [String: String] = [
        "gregorian": "gregory", "ethiopic-amete-alem": "ethioaa", "phonebook": "phonebk", "traditional": "trad",
        "dictionary": "dict", "imperial": "uksystem", "primary": "level1", "secondary": "level2",
        "tertiary": "level3", "quaternary": "level4", "identical": "identic"
    ]

    /// `Locale.currency?.identifier`, or `Locale.currencyCode` on the older path.
    static func localeCurrency(_ localeID: String) -> String? {
        // The same code both ways: `currency` from iOS 16, `currencyCode` (deprecated there) before.
        if #available(iOS 16, macOS 13, watchOS 9, tvOS 16, *) {
            return Locale(identifier: localeID).currency?.identifier
        } else {
            return Locale(identifier: localeID).currencyCode
        }
    }

    /// The older path's duration: each unit's number (`NumberFormatter`) in CLDR 42's short
    /// unit pattern for its plural category, two units joined by CLDR 42's unit-short list
    /// pattern: what `Duration.UnitsFormatStyle` and ICU's mixed units write ("1 hr, 20 min");
    /// in the languages of `DurationUnitList`, by the unit-narrow one (fr «1 h 20 min»).
    static func olderDuration(_ parts: DurationUnits, localeID: String) -> String {
        let locale = Locale(identifier: localeID)
        let rules = CLDRPluralRules.ruleSet(for: localeID)
        func unit(_ count: Int, _ name: String) -> String {
            let f = Foundation.NumberFormatter()
            f.locale = locale
            f.numberStyle = .decimal
            f.maximumFractionDigits = 0
            let number = f.string(from: NSNumber(value: count)) ?? String(count)
            let category = rules.select(PluralOperands(Double(count)))
            let pattern = CLDRUnitPatterns.pattern(unit: "duration-\(name)", width: .short, category: category, localeID: localeID) ?? "{0}"
            return pattern.replacingOccurrences(of: "{0}", with: number)
        }
        let list: CLDRListPatterns.Width = DurationUnitList.usesNarrowList(localeID: localeID) ? .narrow : .short
        switch parts.shape {
        case .hours: return unit(parts.hours, "hour")
        case .hoursAndMinutes:
            return CLDRListPatterns.joinUnits(unit(parts.hours, "hour"), unit(parts.minutes, "minute"), localeID: localeID, width: list)
        case .minutesAndSeconds:
            return CLDRListPatterns.joinUnits(unit(parts.minutes, "minute"), unit(parts.seconds, "second"), localeID: localeID, width: list)
        case .minutes: return unit(parts.minutes, "minute")
        case .seconds: return unit(parts.seconds, "second")
        }
    }
}

/// ICU's sign displays: `sign-auto`, `sign-always`, `sign-never`, `sign-except-zero`.
enum NumberSignDisplay: Hashable, Sendable { case auto, always, never, exceptZero }

/// One `NumberFormatter` configuration of the older path: what `Decimal.FormatStyle` and its
/// currency style express on the newer one (the sign display is applied by the caller, to the
/// formatter's own minus sign).
struct OlderNumberFormat: Hashable, Sendable {
    /// The formatter's style.
    enum Style: Hashable, Sendable {
        case decimal, scientific
        /// `.currency` with the ISO code.
        case currency(String)
        /// `.currencyPlural` (`unit-width-full-name`) with the ISO code.
        case currencyPlural(String)
    }
    var style: Style
    /// The digits after the separator; nil keeps the style's (a currency's own digits).
    var fraction: ClosedRange<Int>?
    var grouping: Bool

    /// A formatter of this configuration (the caller keeps it behind a lock).
    func makeFormatter(locale: Locale) -> Foundation.NumberFormatter {
        let f = Foundation.NumberFormatter()
        f.locale = locale
        switch style {
        case .decimal: f.numberStyle = .decimal
        case .scientific: f.numberStyle = .scientific
        case .currency(let code): f.numberStyle = .currency; f.currencyCode = code
        case .currencyPlural(let code): f.numberStyle = .currencyPlural; f.currencyCode = code
        }
        f.roundingMode = .halfEven
        f.usesGroupingSeparator = grouping
        if let fraction {
            if style == .scientific {
                // ICU's scientific pattern with the digits written out: the fraction digit
                // properties alone leave the minimum unapplied on Linux.
                let digits = String(repeating: "0", count: fraction.lowerBound) + String(repeating: "#", count: fraction.upperBound - fraction.lowerBound)
                f.positiveFormat = (digits.isEmpty ? "0" : "0." + digits) + "E0"
            }
            f.minimumFractionDigits = fraction.lowerBound
            f.maximumFractionDigits = fraction.upperBound
        }
        return f
    }
}
