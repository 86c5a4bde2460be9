import Foundation
import ToolkitSupport

/// An ICU MessageFormat (MF1) pattern compiled for one locale: parsed once, with its plural
/// rules and number formatters resolved, then formatted many times with named arguments.
///
/// The output equals ICU 72's own `MessageFormat` for the same pattern, locale, time zone and
/// arguments, character for character: the parser follows ICU's `MessagePattern`, and
/// numbers, dates and plural categories come from ICU itself (the formatters ICU's
/// MessageFormat uses, selecting a plural category on the number as it is formatted).
/// Two deliberate differences: a missing argument is an error (ICU prints `{name}`), and the
/// deprecated `choice` type is rejected.
///
/// ```swift
/// let m = try MessageFormat("{n, plural, one {# día} many {# de días} other {# días}}", locale: "es")
/// print(try m.format(["n": 1_000_000]))   // 1.000.000 de días
/// ```
///
/// Sendable: immutable after init; the ICU formatters it holds are shared, thread-safe owners.
public final class MessageFormat: Sendable {
    /// The parse tree.
    public let pattern: MessagePattern
    /// The locale tag it was compiled for, as given.
    public let locale: String
    /// ICU's locale id for `locale`.
    let localeID: String
    /// Argument names by slot.
    public let argumentNames: [String]
    private let slotByName: [String: Int]
    private let root: [CNode]
    /// Literal texts (UTF-8), addressed by `CNode.text`.
    private let textBlob: [UInt8]
    /// Keeps alive the nodes `CNode` references without retain.
    private let owners: [any AnyObject & Sendable]
    /// ICU MessageFormat's default number format for this locale.
    private let defaultFormat: NumFormat
    /// It prints −999…999 as plain digits (see `SmallIntegers`).
    private let defaultSmallIntegers: Bool

    /// Compiles a pattern for a locale.
    /// - Throws: `Diagnostic` of kind `.syntax` (with line, column and offset), or
    ///   `.badLocale` for a malformed or unknown tag.
    public convenience init(_ source: String, locale: String) throws(Diagnostic) {
        let parsed: MessagePattern
        do { parsed = try MessagePattern(source) } catch { throw .syntax(error) }
        try self.init(pattern: parsed, locale: locale)
    }

    /// Compiles an already parsed pattern for a locale.
    public init(pattern: MessagePattern, locale: String) throws(Diagnostic) {
        let id: String
        do { id = try Backend.localeID(forTag: locale) } catch {
            switch error {
            case .malformed(let t): throw Diagnostic(kind: .badLocale, message: "'\(t)' is not a well-formed BCP 47 locale tag (e.g. en, es-MX, zh-Hans).")
            case .unknown(let t):
                throw Diagnostic(
                    kind: .badLocale, message: "\(Backend.name) has no data for the locale '\(t)': use a known language, such as en, es or zh-Hans.")
            }
        }
        var compiler = Compiler(localeID: id, units: Array(pattern.source.utf16))
        let nodes = try compiler.compile(pattern.nodes, inPluralOf: nil)
        self.pattern = pattern
        self.locale = locale
        self.localeID = id
        self.argumentNames = compiler.names
        self.slotByName = compiler.slots
        self.root = nodes
        self.textBlob = compiler.blob
        self.owners = compiler.owners
        self.defaultFormat = .modern(Compiler.defaultNumberFormatter(id))
        self.defaultSmallIntegers = SmallIntegers.verified(Compiler.defaultNumberFormatter(id))
    }

    // MARK: Formatting

    /// Formats with named arguments.
    /// - Parameters:
    ///   - arguments: values by name; every argument the pattern uses must be present.
    ///   - timeZone: an IANA zone for date and time arguments (default UTC).
    public func format(_ arguments: [String: MessageValue], timeZone: String = "UTC") throws(Diagnostic) -> String {
        let bound = bind(arguments)
        return try FormatContext.withBorrowed { (context) throws(Diagnostic) in
            try format(bound, timeZone: timeZone, context: context)
        }
    }

    /// Resolves named arguments to this message's slots once, for repeated formatting.
    public func bind(_ arguments: [String: MessageValue]) -> BoundArguments {
        BoundArguments(values: argumentNames.map { arguments[$0] })
    }

    /// The slot of an argument name, for binding by position (`BoundArguments(values:)`).
    public func slot(of name: String) -> Int? { slotByName[name] }

    /// Formats pre-bound arguments, reusing a caller's context (one per thread).
    public func format(_ arguments: BoundArguments, timeZone: String = "UTC", context: FormatContext) throws(Diagnostic) -> String {
        context.bytes.removeAll(keepingCapacity: true)
        try textBlob.withUnsafeBufferPointer { (blob) throws(Diagnostic) in
            try render(root, blob, arguments.values, context, timeZone, nil)
        }
        return context.bytes.withUnsafeBufferPointer { src in
            String(unsafeUninitializedCapacity: src.count) { dst in
                _ = dst.initialize(from: src)
                return src.count
            }
        }
    }

    /// Formats pre-bound arguments and appends the text to `out` as UTF-8, without making a
    /// `String`: for a caller that writes bytes (a JSON line, a file, a socket) and reuses one
    /// buffer. The bytes are those of the `String` the other `format` methods return.
    /// - Throws: `Diagnostic`; `out` is then as it was.
    public func format(
        _ arguments: BoundArguments, timeZone: String = "UTC", context: FormatContext,
        appendingUTF8To out: inout [UInt8]
    ) throws(Diagnostic) {
        let mark = out.count
        swap(&context.bytes, &out)
        defer { swap(&context.bytes, &out) }
        do {
            try textBlob.withUnsafeBufferPointer { (blob) throws(Diagnostic) in
                try render(root, blob, arguments.values, context, timeZone, nil)
            }
        } catch {
            context.bytes.removeSubrange(mark...)
            throw error
        }
    }

    /// Formats into an existing string.
    public func format(_ arguments: BoundArguments, timeZone: String = "UTC", context: FormatContext, into out: inout String) throws(Diagnostic) {
        out += try format(arguments, timeZone: timeZone, context: context)
    }

    @inline(__always)
    private func value(_ slot: Int, _ args: [MessageValue?]) throws(Diagnostic) -> MessageValue {
        if slot < args.count, let v = args[slot] {
            // ±Infinity and NaN never reach a formatter: ICU's rule-based formats crash on them
            // (a JSON number such as -1e999 overflows to -Infinity), and no notification means them.
            if case .double(let d) = v, !d.isFinite { throw nonFinite(slot, d) }
            if case .decimal(let text) = v, let d = Double(text), !d.isFinite { throw nonFinite(slot, d) }
            return v
        }
        let name = argumentNames[slot]
        throw Diagnostic(kind: .missingArgument, message: "The message uses {\(name)} but no value was given for '\(name)'.")
    }

    private func nonFinite(_ slot: Int, _ d: Double) -> Diagnostic {
        let shown = d.isNaN ? "NaN" : d < 0 ? "-Infinity" : "Infinity"
        return Diagnostic(
            kind: .badArgument,
            message:
                "'\(argumentNames[slot])' is \(shown), not a finite number: give a number such as 12 or -1.5 (a JSON number beyond ±1.8e308 overflows to infinity)."
        )
    }

    private func render(
        _ nodes: [CNode], _ blob: UnsafeBufferPointer<UInt8>, _ args: [MessageValue?], _ ctx: FormatContext,
        _ zone: String, _ plural: PluralFrame?
    ) throws(Diagnostic) {
        for node in nodes {
            switch node {
            case .text(let start, let count):
                ctx.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: blob[Int(start)..<Int(start + count)]))
            case .pound:
                guard let p = plural else { ctx.bytes.append(0x23); continue }
                if let r = p.poundRange {
                    ctx.poundStorage.withUnsafeBufferPointer { ctx.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[r])) }
                } else if defaultSmallIntegers, case .int(let i) = p.value, i >= -999, i <= 999 {
                    SmallIntegers.write(i, into: &ctx.bytes)
                } else {
                    try formatNumber(p.value, with: defaultFormat, ctx, slot: p.slot)
                }
            case .plain(let slot):
                let v = try value(slot, args)
                switch v {
                case .string(let s): ctx.bytes.append(contentsOf: s.utf8)
                case .int(let i) where defaultSmallIntegers && i >= -999 && i <= 999: SmallIntegers.write(i, into: &ctx.bytes)
                case .int, .double, .decimal: try formatNumber(v, with: defaultFormat, ctx, slot: slot)
                case .date(let ms): try formatDate(ms, DateNode.defaultDateTime(localeID), zone, ctx)
                }
            case .number(let slot, let box):
                let v = try value(slot, args)
                let b = box.takeUnretainedValue()
                if b.smallIntegers, case .int(let i) = v, i >= -999, i <= 999 {
                    SmallIntegers.write(i, into: &ctx.bytes)
                } else {
                    try formatNumber(v, with: b.fmt, ctx, slot: slot)
                }
            case .date(let slot, let unmanagedNode):
                let v = try value(slot, args)
                let node = unmanagedNode.takeUnretainedValue()
                switch v {
                case .date(let ms): try formatDate(ms, node, zone, ctx)
                case .int(let i): try formatDate(Double(i), node, zone, ctx)
                case .double(let d): try formatDate(d, node, zone, ctx)
                case .decimal(let s):
                    guard let d = Double(s) else { fallthrough }
                    try formatDate(d, node, zone, ctx)
                case .string:
                    throw Diagnostic(
                        kind: .badArgument,
                        message: "'\(argumentNames[slot])' is a date argument; give it an ISO 8601 instant such as 2026-11-23T10:00:00Z (got text).")
                }
            case .select(let unmanagedSelect):
                let s = unmanagedSelect.takeUnretainedValue()
                let v = try value(s.slot, args)
                let branch: Int
                switch v {
                case .string(let t): branch = s.cases[t] ?? s.other
                case .int(let i): branch = s.cases[String(i)] ?? s.other
                case .decimal(let d): branch = s.cases[d] ?? s.other
                default:
                    throw Diagnostic(
                        kind: .badArgument, message: "'\(argumentNames[s.slot])' selects a case of a select; give it a keyword (text), not \(v.typeName).")
                }
                try render(s.branches[branch], blob, args, ctx, zone, nil)
            case .plural(let unmanagedPlural):
                let p = unmanagedPlural.takeUnretainedValue()
                let v = try value(p.slot, args)
                guard let number = v.numericDouble else {
                    throw Diagnostic(
                        kind: .badArgument,
                        message: "'\(argumentNames[p.slot])' is used by a \(p.ordinal ? "selectordinal" : "plural"); give it a number, not \(v.typeName).")
                }
                let minusOffset: MessageValue = p.offset == 0 ? v : .double(number - p.offset)
                var branch = -1
                for (x, b) in p.explicit where x == number { branch = b; break }
                let mark = ctx.poundStorage.count
                var poundRange: Range<Int>? = nil
                if branch < 0 {
                    if p.hasKeywords {
                        let category: PluralCategory
                        switch p.selection {
                        case .raw:
                            let x = number - p.offset
                            let rulesID = PartMemo.id(p.rules)
                            if let e = ctx.memo.find(rulesID, 0, x.bitPattern, .rawCategory) {
                                category = PluralCategory(rawValue: e.pointee.category) ?? .other
                            } else {
                                category = p.rules.select(x)
                                ctx.memo.insert(
                                    p.rules, nil, x.bitPattern, .rawCategory, text: UnsafeBufferPointer(start: nil, count: 0), category: category.rawValue)
                            }
                        case .formatted(let fmt, let reusePound, let small):
                            if small, case .int(let i) = minusOffset, i >= -999, i <= 999 {
                                // ICU prints it as its plain digits: the category is the integer's own.
                                category = p.rules.select(Double(i))
                                break
                            }
                            switch fmt {
                            case .modern(let nf):
                                // The number as formatted and its category, from the memo or
                                // from the backend (then kept in the memo).
                                let key = PartMemo.key(minusOffset)
                                if let (kind, bits) = key, let e = ctx.memo.find(PartMemo.id(p.rules), PartMemo.id(nf), bits, kind.plural) {
                                    category = PluralCategory(rawValue: e.pointee.category) ?? .other
                                    if reusePound {
                                        PartMemo.appendText(of: e, to: &ctx.poundStorage)
                                        poundRange = mark..<ctx.poundStorage.count
                                    }
                                    break
                                }
                                let r = try ctx.result()
                                try formatValue(minusOffset, nf, r, slot: p.slot)
                                category = p.rules.select(r)
                                if reusePound || key != nil {
                                    r.append(toBytes: &ctx.poundStorage)
                                    if reusePound { poundRange = mark..<ctx.poundStorage.count }
                                    if let (kind, bits) = key {
                                        ctx.poundStorage.withUnsafeBufferPointer { all in
                                            ctx.memo.insert(
                                                p.rules, nf, bits, kind.plural, text: UnsafeBufferPointer(rebasing: all[mark...]), category: category.rawValue)
                                        }
                                    }
                                }
                            case .legacy(let lf, _):
                                category = lf.select(number - p.offset, rules: p.rules)
                            }
                        }
                        branch = p.byCategory[Int(category.rawValue)]
                    } else {
                        branch = p.other
                    }
                }
                let frame = PluralFrame(value: minusOffset, slot: p.slot, poundRange: poundRange)
                try render(p.branches[branch], blob, args, ctx, zone, frame)
                let extra = ctx.poundStorage.count - mark
                if extra > 0 { ctx.poundStorage.removeLast(extra) }
            }
        }
    }

    @inline(__always)
    private func formatValue(_ v: MessageValue, _ nf: Backend.NumberFormatter, _ r: Backend.NumberResult, slot: Int) throws(Diagnostic) {
        do {
            switch v {
            case .int(let i): try nf.format(i, into: r)
            case .double(let d): try nf.format(d, into: r)
            case .decimal(let s): try nf.format(decimal: s, into: r)
            case .string, .date:
                throw Diagnostic(kind: .badArgument, message: "'\(argumentNames[slot])' is formatted as a number; give it a number, not \(v.typeName).")
            }
        } catch let e as Backend.Failure {
            throw Diagnostic(
                kind: .badArgument,
                message: "'\(argumentNames[slot])': \(Backend.name) could not format the number (\(e.name)); a decimal must look like 12 or -1.50.")
        } catch let e as Diagnostic { throw e } catch { throw Diagnostic(kind: .icu, message: "\(error)") }
    }

    private func formatNumber(_ v: MessageValue, with fmt: NumFormat, _ ctx: FormatContext, slot: Int) throws(Diagnostic) {
        switch fmt {
        case .modern(let nf):
            let key = PartMemo.key(v)
            if let (kind, bits) = key, let e = ctx.memo.find(PartMemo.id(nf), 0, bits, kind) {
                PartMemo.appendText(of: e, to: &ctx.bytes)
                return
            }
            let r = try ctx.result()
            try formatValue(v, nf, r, slot: slot)
            let start = ctx.bytes.count
            r.append(toBytes: &ctx.bytes)
            if let (kind, bits) = key {
                ctx.bytes.withUnsafeBufferPointer { all in
                    ctx.memo.insert(nf, nil, bits, kind, text: UnsafeBufferPointer(rebasing: all[start...]))
                }
            }
        case .legacy(let lf, _):
            do {
                let s: String
                switch v {
                case .int(let i): s = try lf.format(i)
                case .double(let d): s = try lf.format(d)
                case .decimal(let d): s = try lf.format(decimal: d)
                case .string, .date:
                    throw Diagnostic(kind: .badArgument, message: "'\(argumentNames[slot])' is formatted as a number; give it a number, not \(v.typeName).")
                }
                ctx.bytes.append(contentsOf: s.utf8)
            } catch let e as Backend.Failure {
                throw Diagnostic(kind: .icu, message: "\(Backend.name) could not format '\(argumentNames[slot])': \(e.name)")
            } catch let e as Diagnostic { throw e } catch { throw Diagnostic(kind: .icu, message: "\(error)") }
        }
    }

    private func formatDate(_ ms: Double, _ node: DateNode, _ zone: String, _ ctx: FormatContext) throws(Diagnostic) {
        guard ms.isFinite else { throw Diagnostic(kind: .badArgument, message: "A date must be a finite instant.") }
        guard let icuZone = Backend.formattingZone(for: zone, atMillis: ms) else {
            throw Diagnostic(
                kind: .badTimeZone, message: "'\(zone)' is not a time zone in the system's tzdata: use an IANA id such as Europe/Madrid or America/Mexico_City."
            )
        }
        do {
            let formatter = try node.formatter(zone: icuZone)
            if let e = ctx.memo.find(PartMemo.id(formatter), 0, ms.bitPattern, .date) {
                PartMemo.appendText(of: e, to: &ctx.bytes)
                return
            }
            let start = ctx.bytes.count
            try formatter.format(millis: ms, toBytes: &ctx.bytes)
            ctx.bytes.withUnsafeBufferPointer { all in
                ctx.memo.insert(formatter, nil, ms.bitPattern, .date, text: UnsafeBufferPointer(rebasing: all[start...]))
            }
        } catch {
            throw Diagnostic(kind: .icu, message: "\(Backend.name) could not format the date: \(error)")
        }
    }
}

/// Arguments resolved to a message's slots.
public struct BoundArguments: Sendable {
    let values: [MessageValue?]
    /// Values by slot (see `MessageFormat.slot(of:)`); nil for an argument not given.
    public init(values: [MessageValue?]) { self.values = values }
}

/// Per-thread scratch for formatting: ICU's number result object, reused across calls.
/// Not Sendable: give each thread (or task) its own.
public final class FormatContext {
    @exclusivity(unchecked) private var number: Backend.NumberResult?
    /// The output being built, as UTF-8.
    @exclusivity(unchecked) var bytes: [UInt8] = []
    /// Formatted plural numbers kept for their `#` (a stack: nested plurals push and pop).
    @exclusivity(unchecked) var poundStorage: [UInt8] = []
    /// Numbers, dates and plural categories this context has had formatted, by formatter and value.
    let memo = PartMemo()

    /// An empty context; its scratch buffers grow on first use and are reused after.
    public init() {}

    @inline(__always)
    func result() throws(Diagnostic) -> Backend.NumberResult {
        if let n = number { return n }
        do { let n = try Backend.NumberResult(); number = n; return n } catch {
            throw Diagnostic(kind: .icu, message: "\(Backend.name) could not open a number result: \(error)")
        }
    }
}

extension FormatContext {
    /// Contexts lent to the renders that bring none of their own (a resolved message's parts, a
    /// catalog's `format`, the dictionary `format` above), one render at a time each, so their
    /// memo of formatted parts serves every render of the process, not one.
    private static let spare = Locked<[FormatContext]>([])
    /// The most contexts kept: about the most threads that render at once.
    private static let maxSpare = 64

    /// A context no one else is using: give it back with `giveBack(_:)` when the render is done.
    static func borrow() -> FormatContext {
        spare.withLock { $0.popLast() } ?? FormatContext()
    }

    /// Returns a borrowed context for the next render.
    static func giveBack(_ context: FormatContext) {
        spare.withLock { if $0.count < maxSpare { $0.append(context) } }
    }

    /// Runs `body` with a borrowed context.
    @inline(__always)
    static func withBorrowed<R, E: Error>(_ body: (FormatContext) throws(E) -> R) throws(E) -> R {
        let context = borrow()
        defer { giveBack(context) }
        return try body(context)
    }
}

struct PluralFrame {
    let value: MessageValue
    let slot: Int
    let poundRange: Range<Int>?
}

extension MessageValue {
    var typeName: String {
        switch self {
        case .int, .double, .decimal: "a number"
        case .string: "text"
        case .date: "a date"
        }
    }

    var numericDouble: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        case .decimal(let s): Double(s)
        default: nil
        }
    }
}
