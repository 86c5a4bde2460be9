import ToolkitSupport

/// A compiled piece of a message.
///
/// Payloads are trivial (offsets into the message's text blob, unmanaged references to nodes
/// the message keeps alive), so walking the tree retains and releases nothing.
enum CNode: @unchecked Sendable {
    /// UTF-8 bytes `start..<start+count` of the message's text blob.
    case text(Int32, Int32)
    case pound
    case plain(Int)
    case number(Int, Unmanaged<NumBox>)
    case date(Int, Unmanaged<DateNode>)
    case plural(Unmanaged<PluralNode>)
    case select(Unmanaged<SelectNode>)
}

final class NumBox: Sendable {
    let fmt: NumFormat
    /// ICU prints integers −999…999 as plain ASCII digits with this formatter (checked, see
    /// `SmallIntegers`), so they can be written without a call into ICU.
    let smallIntegers: Bool
    init(_ fmt: NumFormat) {
        self.fmt = fmt
        if case .modern(let nf) = fmt { smallIntegers = SmallIntegers.verified(nf) } else { smallIntegers = false }
    }
}

/// A fast path decided by ICU, not by us: for a formatter whose output ICU itself shows to be
/// the plain ASCII digits (with '-' for negatives) of every probe integer between −999 and 999
/// — a locale with Latin digits, no affixes and no grouping below 1,000 — integers in that
/// range are written directly. Any other locale, style or value goes through ICU.
enum SmallIntegers {
    /// A verdict and the formatter it is about, held strongly: while the verdict is in the table
    /// its formatter cannot be released, so no other formatter can take its address (the same
    /// ObjectIdentifier) and inherit a wrong verdict (a currency written as plain digits). Not
    /// `weak`: a weak reference gives every formatter a side table, and every retain and release
    /// of it on the formatting path then takes the runtime's slow path.
    private final class Verdict: Sendable {
        let formatter: AnyObject & Sendable
        let ok: Bool
        init(_ formatter: AnyObject & Sendable, _ ok: Bool) { self.formatter = formatter; self.ok = ok }
    }
    private static let verdicts = Locked<[ObjectIdentifier: Verdict]>([:])
    private static let probes: [Int64] = [0, 1, 2, 7, 10, 42, 99, 100, 101, 365, 999, -1, -7, -42, -999]

    static func verified(_ nf: Backend.NumberFormatter) -> Bool {
        let id = ObjectIdentifier(nf)
        if let v = verdicts.withLock({ d -> Bool? in
            guard let v = d[id], v.formatter === nf else { return nil }
            return v.ok
        }) {
            return v
        }
        var ok = true
        if let r = try? Backend.NumberResult() {
            for p in probes {
                guard (try? nf.format(p, into: r)) != nil, r.string == String(p) else { ok = false; break }
            }
        } else {
            ok = false
        }
        verdicts.withLock { d in
            // Bounded like the formatter caches: past 1,024 verdicts start again (each is
            // recomputed when a message using its formatter is compiled).
            if d.count >= 1024 { d.removeAll(keepingCapacity: true) }
            d[id] = Verdict(nf, ok)
        }
        return ok
    }

    /// Writes `value` (−999…999) as ASCII digits.
    @inline(__always)
    static func write(_ value: Int64, into out: inout [UInt8]) {
        var v = value
        if v < 0 { out.append(0x2D); v = -v }
        if v >= 100 {
            out.append(UInt8(0x30 + v / 100)); out.append(UInt8(0x30 + (v / 10) % 10)); out.append(UInt8(0x30 + v % 10))
        } else if v >= 10 {
            out.append(UInt8(0x30 + v / 10)); out.append(UInt8(0x30 + v % 10))
        } else {
            out.append(UInt8(0x30 + v))
        }
    }
}

/// How a number argument is formatted.
enum NumFormat: Sendable {
    /// Through ICU's number skeletons (`UNumberFormatter`).
    case modern(Backend.NumberFormatter)
    /// Through ICU's legacy `UNumberFormat`: `decimalFormat` is true for DecimalFormat
    /// patterns (plural selection then uses the formatted number), false for RBNF.
    case legacy(Backend.LegacyFormatter, decimalFormat: Bool)
}

/// How a plural picks its category (ICU's `PluralSelectorProvider::select`): on the number
/// as formatted by the first `#` or same-named simple argument of its `other` case when that
/// formatter is a DecimalFormat, else on the raw number.
enum PluralSelection: Sendable {
    case raw
    /// `smallIntegers`: the formatter prints small integers as plain digits, so an integer
    /// value's category is that of the integer itself (no fraction digits after formatting).
    case formatted(NumFormat, reusePound: Bool, smallIntegers: Bool)
}

final class PluralNode: Sendable {
    let slot: Int
    let ordinal: Bool
    let offset: Double
    let rules: Backend.PluralRules
    let explicit: [(Double, Int)]
    /// Branch index by `PluralCategory.rawValue`; `other` where the pattern has no such case.
    let byCategory: [Int]
    let hasKeywords: Bool
    let other: Int
    let branches: [[CNode]]
    let selection: PluralSelection

    init(
        slot: Int, ordinal: Bool, offset: Double, rules: Backend.PluralRules, explicit: [(Double, Int)], byCategory: [Int],
        hasKeywords: Bool, other: Int, branches: [[CNode]], selection: PluralSelection
    ) {
        self.slot = slot; self.ordinal = ordinal; self.offset = offset; self.rules = rules
        self.explicit = explicit; self.byCategory = byCategory; self.hasKeywords = hasKeywords
        self.other = other; self.branches = branches; self.selection = selection
    }
}

final class SelectNode: Sendable {
    let slot: Int
    let cases: [String: Int]
    let other: Int
    let branches: [[CNode]]
    init(slot: Int, cases: [String: Int], other: Int, branches: [[CNode]]) {
        self.slot = slot; self.cases = cases; self.other = other; self.branches = branches
    }
}

/// A date argument: its spec, with the formatter of the last zone used kept at hand.
final class DateNode: Sendable {
    let localeID: String
    let spec: DateSpec
    /// The UTC formatter, opened when the message is compiled (which also validates the spec).
    private let utc: Backend.DateFormatter?
    private let last = Locked<(zone: String, formatter: Backend.DateFormatter)?>(nil)

    init(localeID: String, spec: DateSpec) {
        self.localeID = localeID
        self.spec = spec
        self.utc = try? Backend.dateFormatter(localeID: localeID, spec: spec, timeZoneID: "UTC")
    }

    func formatter(zone: String) throws(Backend.Failure) -> Backend.DateFormatter {
        if zone == "UTC", let utc { return utc }
        if let hit = last.withLock({ $0 }), hit.zone == zone { return hit.formatter }
        let f = try Backend.dateFormatter(localeID: localeID, spec: spec, timeZoneID: zone)
        last.withLock { $0 = (zone, f) }
        return f
    }

    private static let defaults = Locked<[String: DateNode]>([:])
    /// `{d}` given a date: ICU's default short date + short time.
    static func defaultDateTime(_ localeID: String) -> DateNode {
        defaults.withLock { d in
            if let n = d[localeID] { return n }
            let n = DateNode(localeID: localeID, spec: .styles(date: .short, time: .short))
            d[localeID] = n
            return n
        }
    }
}

struct Compiler {
    let localeID: String
    let units: [UInt16]
    var names: [String] = []
    var slots: [String: Int] = [:]
    /// Every literal text, concatenated (UTF-8).
    var blob: [UInt8] = []
    /// The nodes referenced without retain by `CNode`; the message keeps them alive.
    var owners: [any AnyObject & Sendable] = []

    private mutating func own<T: AnyObject & Sendable>(_ object: T) -> Unmanaged<T> {
        owners.append(object)
        return Unmanaged.passUnretained(object)
    }

    init(localeID: String, units: [UInt16]) { self.localeID = localeID; self.units = units }

    /// The skeleton of MessageFormat's default number format (`{n, number}`, `#`): ICU's
    /// `NumberFormat::createInstance` (the locale's `#,##0.###`), except that grouping follows
    /// CLDR's minimum grouping digits (`group-auto`: es "1234", "10.432") as ICU 73+ and
    /// Foundation do; ICU 72's legacy format grouped from 1,000 on (docs/foundation-backend.md, min-grouping).
    static let defaultSkeleton = ".### group-auto"

    static func defaultNumberFormatter(_ localeID: String) -> Backend.NumberFormatter {
        // The default skeleton is valid for every locale ICU knows.
        try! Backend.numberFormatter(localeID: localeID, skeleton: defaultSkeleton)
    }

    private mutating func slot(_ name: String) -> Int {
        if let s = slots[name] { return s }
        slots[name] = names.count
        names.append(name)
        return names.count - 1
    }

    private func error(_ kind: Diagnostic.Kind, _ message: String, at offset: Int) -> Diagnostic {
        .syntax(Diagnostic(kind, message, offset: offset, in: units))
    }

    mutating func compile(_ nodes: [MessageNode], inPluralOf: String?) throws(Diagnostic) -> [CNode] {
        var out: [CNode] = []
        for node in nodes {
            switch node {
            case .text(let s):
                let bytes = Array(s.utf8)
                if case .text(let start, let count)? = out.last, Int(start + count) == blob.count {
                    out[out.count - 1] = .text(start, count + Int32(bytes.count))
                } else {
                    out.append(.text(Int32(blob.count), Int32(bytes.count)))
                }
                blob.append(contentsOf: bytes)
            case .pound:
                out.append(.pound)
            case .argument(let a):
                out.append(try compile(a))
            }
        }
        return out
    }

    private mutating func compile(_ a: ArgumentNode) throws(Diagnostic) -> CNode {
        let s = slot(a.name)
        switch a.type {
        case .none:
            return .plain(s)
        case .simple(let simple):
            switch simple.type {
            case .number, .spellout, .ordinal, .duration:
                return .number(s, own(NumBox(try numberFormat(simple))))
            case .date, .time:
                return .date(s, own(DateNode(localeID: localeID, spec: try dateSpec(simple))))
            }
        case .select(let sel):
            var cases: [String: Int] = [:]
            var other = -1
            var branches: [[CNode]] = []
            for b in sel.branches {
                let idx = branches.count
                branches.append(try compile(b.message, inPluralOf: nil))
                guard case .keyword(let k) = b.selector else { continue }
                if k == "other" { if other < 0 { other = idx } } else if cases[k] == nil { cases[k] = idx }
            }
            return .select(own(SelectNode(slot: s, cases: cases, other: other, branches: branches)))
        case .plural(let p):
            let rules: Backend.PluralRules
            do { rules = try Backend.pluralRules(localeID: localeID, ordinal: p.ordinal) } catch {
                throw Diagnostic(kind: .icu, message: "\(Backend.name) has no plural rules for \(localeID): \(error)")
            }
            var explicit: [(Double, Int)] = []
            var byCategory = [Int](repeating: -1, count: PluralCategory.allCases.count)
            var other = -1
            var hasKeywords = false
            var branches: [[CNode]] = []
            for b in p.branches {
                let idx = branches.count
                branches.append(try compile(b.message, inPluralOf: a.name))
                switch b.selector {
                case .explicit(let v): explicit.append((v, idx))
                case .keyword(let k):
                    if k == "other" { if other < 0 { other = idx }; continue }
                    hasKeywords = true
                    if let c = PluralCategory(keyword: k), byCategory[Int(c.rawValue)] < 0 { byCategory[Int(c.rawValue)] = idx }
                }
            }
            for i in byCategory.indices where byCategory[i] < 0 { byCategory[i] = other }
            // ICU selects on the number as formatted in the `other` case.
            let otherBranch = p.branches.first {
                if case .keyword("other") = $0.selector { return true }; return false
            }
            let selection = try selectionFormat(in: otherBranch?.message ?? [], name: a.name)
            return .plural(
                own(
                    PluralNode(
                        slot: s, ordinal: p.ordinal, offset: p.offsetValue, rules: rules, explicit: explicit,
                        byCategory: byCategory, hasKeywords: hasKeywords, other: other,
                        branches: branches, selection: selection)))
        }
    }

    /// ICU's `findFirstPluralNumberArg` over the top level of the `other` message.
    private func selectionFormat(in message: [MessageNode], name: String) throws(Diagnostic) -> PluralSelection {
        let defaultFmt = NumFormat.modern(Compiler.defaultNumberFormatter(localeID))
        let defaultSmall = SmallIntegers.verified(Compiler.defaultNumberFormatter(localeID))
        for node in message {
            switch node {
            case .pound:
                return .formatted(defaultFmt, reusePound: true, smallIntegers: defaultSmall)
            case .argument(let a) where a.name == name:
                switch a.type {
                case .none:
                    return .formatted(defaultFmt, reusePound: true, smallIntegers: defaultSmall)
                case .simple(let simple):
                    switch simple.type {
                    case .number:
                        let f = try numberFormat(simple)
                        switch f {
                        case .modern(let nf):
                            return isSkeleton(simple.style) ? .raw : .formatted(f, reusePound: false, smallIntegers: SmallIntegers.verified(nf))
                        case .legacy(_, let isDecimal):
                            return isDecimal ? .formatted(f, reusePound: false, smallIntegers: false) : .raw
                        }
                    default:
                        return .raw
                    }
                default:
                    continue
                }
            default:
                continue
            }
        }
        return .formatted(defaultFmt, reusePound: true, smallIntegers: defaultSmall)
    }

    private func isSkeleton(_ style: String?) -> Bool {
        guard let style else { return false }
        return style.drop(while: { $0.unicodeScalars.allSatisfy { PatternParser.isWhiteSpace(UInt16(truncatingIfNeeded: $0.value)) && $0.value < 0x10000 } })
            .hasPrefix("::")
    }

    /// ICU's `findKeyword`: trimmed, lower-cased.
    private func keyword(_ style: String?) -> String {
        guard let style else { return "" }
        return style.trimmingPatternWhiteSpace().lowercased()
    }

    private func numberFormat(_ a: SimpleArgument) throws(Diagnostic) -> NumFormat {
        let style = a.style
        func modern(_ skeleton: String, offsetInStyle: Int?) throws(Diagnostic) -> NumFormat {
            if let offsetInStyle, let problem = SwimUnitPreferences.problem(in: skeleton) {
                throw self.error(.badSkeleton, "The number skeleton '\(skeleton)': \(problem.message).", at: a.styleOffset + offsetInStyle + problem.offset)
            }
            let formatter: Backend.NumberFormatter
            do { formatter = try Backend.numberFormatter(localeID: localeID, skeleton: skeleton) } catch {
                let at = a.styleOffset + (offsetInStyle ?? 0) + max(0, error.offset ?? 0)
                throw self.error(
                    .badSkeleton,
                    "\(Backend.name) rejects the number skeleton '\(skeleton)' (\(error.name)); see the ICU number skeleton syntax, e.g. ::.0, ::percent, ::currency/EUR, ::measure-unit/length-kilometer.",
                    at: at)
            }
            // A skeleton written in the message: only the stems both backends print alike.
            if let offsetInStyle, let (stem, at) = SkeletonStems.firstUnsupported(in: skeleton) {
                throw self.error(
                    .badSkeleton,
                    "the number skeleton stem '\(stem)' is not supported: the server (ICU) and the phone (Foundation) cannot print it alike; use precision (.00, precision-integer), group-auto or group-off, percent, scale/N, currency/XXX, measure-unit/…, unit-width-…, compact-short, compact-long, scientific or sign-always, sign-except-zero, sign-never.",
                    at: a.styleOffset + offsetInStyle + at)
            }
            return .modern(formatter)
        }
        switch a.type {
        case .spellout, .ordinal, .duration:
            let ruleSet = (style ?? "").trimmingPatternWhiteSpace()
            let legacy: LegacyNumberStyle = a.type == .spellout ? .spellout(ruleSet) : a.type == .ordinal ? .ordinal(ruleSet) : .duration(ruleSet)
            do { return .legacy(try Backend.legacyNumberFormatter(localeID: localeID, style: legacy), decimalFormat: false) } catch {
                throw self.error(.badPattern, "\(Backend.name) cannot open the \(a.type.rawValue) format for this locale: \(error.name).", at: a.styleOffset)
            }
        default: break
        }
        switch keyword(style) {
        case "": return try modern(Compiler.defaultSkeleton, offsetInStyle: nil)
        case "integer": return try modern("precision-integer group-auto", offsetInStyle: nil)
        case "percent": return try modern("percent scale/100 precision-integer group-auto", offsetInStyle: nil)
        case "currency":
            let code = Backend.currencyCode(localeID: localeID) ?? "XXX"
            return try modern("currency/\(code) group-auto", offsetInStyle: nil)
        default:
            let s = style ?? ""
            let lead = s.prefix(while: { c in
                c.unicodeScalars.count == 1 && PatternParser.isWhiteSpace(UInt16(truncatingIfNeeded: c.unicodeScalars.first!.value))
            })
            let rest = s.dropFirst(lead.count)
            if rest.hasPrefix("::") {
                let skeleton = String(rest.dropFirst(2))
                return try modern(skeleton, offsetInStyle: lead.utf16.count + 2)
            }
            do { return .legacy(try Backend.legacyNumberFormatter(localeID: localeID, style: .pattern(s)), decimalFormat: true) } catch {
                throw self.error(
                    .badPattern,
                    "\(Backend.name) rejects the number pattern '\(s)' (\(error.name)): use a keyword (integer, percent, currency) or a skeleton starting with ::.",
                    at: a.styleOffset)
            }
        }
    }

    private func dateSpec(_ a: SimpleArgument) throws(Diagnostic) -> DateSpec {
        let s = a.style ?? ""
        let lead = s.prefix(while: { c in c.unicodeScalars.count == 1 && PatternParser.isWhiteSpace(UInt16(truncatingIfNeeded: c.unicodeScalars.first!.value)) }
        )
        let rest = s.dropFirst(lead.count)
        let spec: DateSpec
        if rest.hasPrefix("::") {
            spec = .skeleton(String(rest.dropFirst(2)))
        } else {
            let level: DateSpec.Style?
            switch keyword(a.style) {
            case "": level = .medium
            case "short": level = .short
            case "medium": level = .medium
            case "long": level = .long
            case "full": level = .full
            default: level = nil
            }
            if let level {
                spec = a.type == .date ? .styles(date: level, time: .none) : .styles(date: .none, time: level)
            } else {
                spec = .pattern(s)
            }
        }
        // Validate now: ICU opens the formatter when the pattern is applied.
        do { _ = try Backend.dateFormatter(localeID: localeID, spec: spec, timeZoneID: "UTC") } catch {
            throw self.error(
                .badPattern, "\(Backend.name) rejects the date style '\(s)' (\(error.name)): use short, medium, long, full or a skeleton such as ::EEEE.",
                at: a.styleOffset)
        }
        return spec
    }
}

extension String {
    func trimmingPatternWhiteSpace() -> String {
        let isWS: (Unicode.Scalar) -> Bool = { $0.value < 0x10000 && PatternParser.isWhiteSpace(UInt16($0.value)) }
        var scalars = Substring(self).unicodeScalars
        while let f = scalars.first, isWS(f) { scalars.removeFirst() }
        while let l = scalars.last, isWS(l) { scalars.removeLast() }
        return String(scalars)
    }
}
