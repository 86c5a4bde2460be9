import ToolkitSupport
import MessageCatalog
import Foundation

/// The file formats translators' tools read and write.
public enum ExchangeFormat: String, Sendable, CaseIterable {
    /// XLIFF 2.0 (OASIS): one `<unit id>` per translation unit, notes, source and target.
    case xliff
    /// gettext PO: `msgctxt` is the unit id, `msgid` the source text, `#.` comments the notes.
    case po
    /// Application Resource Bundle: ICU messages in JSON with `@id` metadata.
    case arb
    /// Apple String Catalog (`.xcstrings`, versions 1.0 and 1.1), for iOS apps.
    case xcstrings

    /// The usual file extension.
    public var fileExtension: String { rawValue }
}

/// One translation unit as exported: its id, the source text, the locale's text if any, its
/// state, and notes for the translator.
public struct ExchangeUnit: Sendable, Hashable {
    /// Where a unit stands in the locale.
    public enum State: String, Sendable, Hashable {
        /// Not translated yet.
        case new
        /// Translated from the current source text (or with no fingerprint recorded).
        case translated
        /// Translated, but the source text changed since (its fingerprint differs).
        case needsReview
    }

    /// The source unit.
    public let unit: CatalogUnit
    /// The unit id (`steps.goal.title.cheerful.3`).
    public var id: String { unit.id }
    /// The source text.
    public var source: String { unit.text }
    /// The locale's text, or `nil` when the unit is not translated.
    public let target: String?
    /// Whether the unit is new, translated or needs review.
    public let state: State
    /// The message description, then one note per argument, tone and pool position.
    public let notes: [String]
}

/// What an exchange file says about one unit, as read for import.
public struct ImportedUnit: Sendable, Hashable {
    /// The unit id the file gives (`steps.goal.title.cheerful.3`).
    public let id: String
    /// The translation.
    public let text: String
    /// The source text the file carries, if any (the text the translator worked from).
    public let source: String?
    /// true: the file marks it translated or reviewed; false: it needs review (PO `fuzzy`,
    /// XLIFF `initial`, String Catalog `needs_review`); nil: the format does not say.
    public let reviewed: Bool?
    /// Where the unit's text is in the import file, for error messages.
    public let line: Int
    /// The 1-based column of the unit's text, with ``line``.
    public let column: Int

    /// A unit as read; see the properties for each parameter.
    public init(id: String, text: String, source: String?, reviewed: Bool?, line: Int, column: Int) {
        self.id = id
        self.text = text
        self.source = source
        self.reviewed = reviewed
        self.line = line
        self.column = column
    }
}

/// An import file read: its units by locale (a String Catalog can hold several) and what the
/// reader had to leave aside.
public struct ImportedFile: Sendable {
    /// Target locale → units, in file order. A nil key means the file names no locale.
    public var units: [(locale: String?, units: [ImportedUnit])]
    /// Problems with the whole file that stop the import (malformed, truncated, wrong
    /// version), each at its place in the file.
    public var errors: [Diagnostic] = []
    /// Units the reader refused, each at its place with the unit id and the reason: they stop
    /// the import, unless a partial import was asked for (`--skip-invalid`), which skips them and
    /// lists them.
    public var refused: [Diagnostic] = []
    /// Remarks that do not stop the import (a Plural-Forms exact case, a file left aside).
    public var warnings: [Diagnostic] = []
    /// Translated units the reader set aside because they match no unit of the catalog (an
    /// Xcode export's strings of the app's own tables): when nothing else is imported, the file
    /// is refused with that reason.
    public var unmatched = 0

    /// A file read.
    public init(units: [(locale: String?, units: [ImportedUnit])], errors: [Diagnostic] = [], refused: [Diagnostic] = []) {
        self.units = units
        self.errors = errors
        self.refused = refused
    }
}

/// A problem that stops an import; nothing is written: a ``Diagnostic`` with code
/// `.importRefused`, each problem one of its ``Diagnostic/related`` diagnostics.
@available(*, deprecated, renamed: "Diagnostic", message: "every error of the package is a Diagnostic; this name goes before 1.0")
public typealias ImportFailure = Diagnostic

/// The notes a translator needs beside each unit.
enum ExchangeNotes {
    static let toneVoices: [Tone: String] = [
        .cheerful: "warm, upbeat, celebratory; exclamation marks welcome, one emoji at most",
        .gentle: "calm and kind, never pushy or guilt-inducing; an invitation, not an order; no emoji",
        .minimal: "short, factual, neutral; no exclamation marks, no emoji"
    ]

    /// The notes of a unit: the message's (``messageNotes(_:)``, computed once per message and
    /// shared by its units' arrays), then the tone's voice and the unit's place in its pool.
    static func notes(for unit: CatalogUnit, message: CatalogMessage, messageNotes shared: [String]? = nil) -> [String] {
        var out = shared ?? messageNotes(message)
        if let tone = unit.tone, let note = toneNotes[tone] { out.append(note) }
        if let index = unit.index, let part = message.part(unit.part) {
            let size = part.units(for: unit.tone).count
            out.append(
                "Variant \(index + 1) of \(size): one is picked per notification; write each as a native writer would (they need not match the source's one by one)."
            )
        }
        return out
    }

    /// The note naming `locale`'s plural categories (`Plural categories in es: one, many,
    /// other.`), for units whose text has a plural (or, `ordinal`, a selectordinal); nil for a
    /// locale ICU does not know.
    static func pluralNote(locale: String, ordinal: Bool) -> String? {
        guard let categories = try? PluralCategories.categories(locale: locale, ordinal: ordinal) else { return nil }
        let kind = ordinal ? "Ordinal categories" : "Plural categories"
        return
            "\(kind) in \(locale): \(categories.joined(separator: ", ")). Write a case for each (\(categories.count == 1 ? "only other" : "other is required")); =0, =1… stay for exact numbers."
    }

    /// Each tone's note, written once (every unit of the tone shares its string).
    static let toneNotes: [Tone: String] = Dictionary(uniqueKeysWithValues: toneVoices.map { ($0.key, "Tone: \($0.key.rawValue) (\($0.value)).") })

    /// The notes every unit of a message carries: its description and its arguments.
    static func messageNotes(_ message: CatalogMessage) -> [String] {
        var out: [String] = []
        if let d = message.description { out.append(d) }
        for a in message.arguments {
            var s = "{\(a.name)}: \(a.kind.rawValue)"
            if let e = a.example { s += ", e.g. \(example(e))" }
            if !a.values.isEmpty { s += " (one of: \(a.values.joined(separator: ", ")))" }
            if let d = a.description { s += ". \(d)" }
            out.append(s)
        }
        return out
    }

    static func example(_ v: MessageValue) -> String {
        switch v {
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .decimal(let s): s
        case .string(let s): "“\(s)”"
        case .date(let ms):
            ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: ms / 1000))
        }
    }
}

extension Diagnostic {
    /// The same problem with more said at the end of its message.
    func appending(_ text: String) -> Diagnostic {
        var more = self
        more.message += text
        return more
    }
}
