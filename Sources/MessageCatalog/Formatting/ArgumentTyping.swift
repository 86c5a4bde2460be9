import ToolkitSupport
import ToolkitJSON
import Foundation

/// Turns command-line and JSON values into message arguments, typed by how the pattern uses
/// each argument: a date or time argument takes an ISO 8601 instant (or epoch milliseconds),
/// number-like arguments take numbers (decimal strings keep their visible fraction digits),
/// everything else is text. msgtool's `format` (flags and `--jsonl`) and the conformance tests
/// share it.
package enum ArgumentTyping {
    package static func usageKinds(_ pattern: MessagePattern) -> [String: ArgumentUsage.Kind] {
        var kinds: [String: ArgumentUsage.Kind] = [:]
        for u in pattern.argumentUsages where kinds[u.name] == nil || kinds[u.name] == .plain { kinds[u.name] = u.kind }
        return kinds
    }

    /// A value given as text (`--arg n=1.50`).
    package static func value(text: String, usage: ArgumentUsage.Kind?) throws -> MessageValue {
        switch usage {
        case .date?, .time?:
            if let d = parseInstant(text) { return .date(d) }
            if let ms = Double(text), isPlainNumber(text) { return .date(millis: ms) }
            throw ArgumentTypingError(message: "'\(text)' is not an ISO 8601 instant: write e.g. 2026-11-23T10:00:00Z or 2026-11-23T10:00:00+01:00.")
        case .select?:
            return .string(text)
        default:
            if let n = number(text) { return n }
            if let usage, usage != .plain {
                throw ArgumentTypingError(
                    message: "'\(text)' is not a number, but the message formats it as one (\(usage.rawValue)): give digits such as 3, -1 or 1.50.")
            }
            if usage == nil || usage == .plain, let d = parseInstant(text), text.count >= 20 { return .date(d) }
            return .string(text)
        }
    }

    /// A value from JSON: numbers are numbers (integers stay integers, other literals keep their
    /// digits), strings are dates for date arguments and decimals for number arguments when
    /// they hold one.
    package static func value(json: JSONNode, usage: ArgumentUsage.Kind?) throws -> MessageValue {
        switch json.value {
        case .number(let lit):
            if usage == .date || usage == .time, let ms = Double(lit) { return .date(millis: ms) }
            return number(lit) ?? .double(Double(lit) ?? 0)
        case .string(let s):
            switch usage {
            case .date?, .time?:
                if let d = parseInstant(s) { return .date(d) }
                throw ArgumentTypingError(message: "\"\(s)\" is not an ISO 8601 instant: write e.g. \"2026-11-23T10:00:00Z\".")
            case .plural?, .selectordinal?, .number?, .spellout?, .ordinal?, .duration?:
                if let n = number(s) { return n }
                throw ArgumentTypingError(message: "\"\(s)\" is not a number, but the message formats it as one (\(usage!.rawValue)).")
            default:
                return .string(s)
            }
        case .bool(let b): return .string(b ? "true" : "false")
        case .null: throw ArgumentTypingError(message: "null is not a value: give a number, a text or a date.")
        case .array, .object: throw ArgumentTypingError(message: "an argument must be a number, a text or a date, not a list or an object.")
        }
    }

    package static func isPlainNumber(_ s: String) -> Bool {
        var t = Substring(s)
        if t.first == "-" || t.first == "+" { t = t.dropFirst() }
        guard !t.isEmpty else { return false }
        var dots = 0
        for c in t {
            if c == "." { dots += 1; continue }
            guard c.isASCII, c.isNumber else { return false }
        }
        return dots <= 1 && t.first != "." && t.last != "."
    }

    package static func number(_ s: String) -> MessageValue? {
        guard isPlainNumber(s) else {
            // Exponents: a double.
            if s.contains(where: { $0 == "e" || $0 == "E" }), let d = Double(s), d.isFinite { return .double(d) }
            return nil
        }
        let t = s.hasPrefix("+") ? String(s.dropFirst()) : s
        if !t.contains("."), let i = Int64(t) { return .int(i) }
        return .decimal(t)
    }

    package static func parseInstant(_ s: String) -> Date? { CatalogLoader.parseInstant(s) }
}

/// Why a value cannot be an argument of the pattern, and what to give instead.
package struct ArgumentTypingError: Error {
    /// The explanation, naming the value.
    package let message: String
}
