import ToolkitSupport
import ToolkitJSON
import Foundation

/// One translation unit: a single text of a message part, addressed as
/// `key.part[.tone][.index]` (e.g. `reminder.achievement.body.gentle.2`).
public struct CatalogUnit: Sendable, Hashable {
    /// The unit id, `key.part[.tone][.index]`, e.g. `reminder.achievement.body.gentle.2`.
    public let id: String
    /// The key of the message the unit belongs to.
    public let key: String
    /// The name of the part the unit belongs to (`title`, `body`, …).
    public let part: String
    /// The tone the text is written in, or `nil` when the part has no tones.
    public let tone: Tone?
    /// The 0-based position of the text in its pool, or `nil` when the text is not in a pool.
    public let index: Int?
    /// The ICU MessageFormat pattern, as written in the catalog.
    public let text: String
    /// Where the text's string literal starts in its file.
    package let position: JSONPosition
}

/// The shape of one part: a text, a pool, or texts by tone (each a text or a pool).
public enum PartShape: Sendable, Hashable {
    /// A single text.
    case text
    /// A pool of variants; the associated value is the number of variants.
    case pool(Int)
    /// Texts by tone; each tone present maps to its own shape (a tone may be missing).
    case tones([Tone: ToneShape])

    /// The shape of one tone's entry: `text` (a single text) or `pool(n)` (a pool of `n` variants).
    public enum ToneShape: Sendable, Hashable { case text, pool(Int) }
}

/// One part of a message (`title`, `body`, …): its shape and its translation units.
public struct CatalogPart: Sendable, Hashable {
    /// The part's name, as the catalog spells it (`title`, `body`, `label`, …).
    public let name: String
    /// Whether the part is a text, a pool, or texts by tone.
    public let shape: PartShape
    /// Units in file order.
    public let units: [CatalogUnit]
    package let position: JSONPosition

    /// The units for a tone (all units when the part has no tones).
    public func units(for tone: Tone?) -> [CatalogUnit] {
        guard case .tones(let byTone) = shape else { return units }
        let t = tone ?? .gentle
        if byTone[t] != nil { return units.filter { $0.tone == t } }
        // A missing tone falls back to gentle, then to the first tone present.
        if byTone[.gentle] != nil { return units.filter { $0.tone == .gentle } }
        let first = units.first?.tone
        return units.filter { $0.tone == first }
    }
}

extension CatalogPart {
    /// This part layered over `lower` (the same part of a parent or base catalog): when both
    /// have texts by tone, each tone this part has replaces that tone and the others come from
    /// `lower`; otherwise this part replaces `lower` whole.
    package func merged(over lower: CatalogPart) -> CatalogPart {
        guard case .tones(let upperTones) = shape, case .tones(let lowerTones) = lower.shape else { return self }
        var shapes = lowerTones
        var merged: [CatalogUnit] = []
        for tone in Tone.allCases {
            if let s = upperTones[tone] {
                shapes[tone] = s
                merged += units.filter { $0.tone == tone }
            } else if lowerTones[tone] != nil {
                merged += lower.units.filter { $0.tone == tone }
            }
        }
        return CatalogPart(name: name, shape: .tones(shapes), units: merged, position: position)
    }
}

extension CatalogMessage {
    /// This message layered over the same key of `lower`: parts merged one by one
    /// (``CatalogPart/merged(over:)``), parts only `lower` has kept, description and arguments
    /// from `lower` when this one leaves them out.
    package func merged(over lower: CatalogMessage) -> CatalogMessage {
        var parts = lower.parts.map { lp in part(lp.name).map { $0.merged(over: lp) } ?? lp }
        parts += self.parts.filter { lower.part($0.name) == nil }
        return CatalogMessage(
            key: key, description: description ?? lower.description,
            arguments: arguments.isEmpty ? lower.arguments : arguments, parts: parts,
            avoid: avoid.isEmpty ? lower.avoid : avoid, sent: sent ?? lower.sent,
            sameInTranslation: sameInTranslation.isEmpty ? lower.sameInTranslation : sameInTranslation, position: position)
    }
}

extension CatalogMessage {
    /// This message with the description and arguments of `lower` where it leaves them out
    /// (an app's override of a base message), and its own parts only.
    package func inheritingDeclarations(from lower: CatalogMessage) -> CatalogMessage {
        CatalogMessage(
            key: key, description: description ?? lower.description,
            arguments: arguments.isEmpty ? lower.arguments : arguments, parts: parts,
            avoid: avoid.isEmpty ? lower.avoid : avoid, sent: sent ?? lower.sent,
            sameInTranslation: sameInTranslation.isEmpty ? lower.sameInTranslation : sameInTranslation, position: position)
    }
}

extension CatalogFile {
    /// This file (an app's layer) over the base's file of the same locale: messages of both,
    /// in the base's order then this file's new ones, each merged per part and tone.
    package func merged(over lower: CatalogFile) -> CatalogFile {
        var messages = lower.messages.map { lm in message(lm.key).map { $0.merged(over: lm) } ?? lm }
        messages += self.messages.filter { lower.message($0.key) == nil }
        return CatalogFile(
            locale: locale, path: path, messages: messages,
            sourceFingerprints: lower.sourceFingerprints.merging(sourceFingerprints) { $1 },
            bytes: bytes, duplicateKeys: duplicateKeys)
    }
}

/// A declared argument of a source message.
public struct ArgumentDeclaration: Sendable, Hashable {
    /// The declared type of an argument, as spelt in the catalog's `"type"`: `string` (text, or a
    /// `select` keyword), `number`, `date` (an instant) or `duration` (a number of seconds).
    public enum Kind: String, Sendable, Hashable, CaseIterable { case string, number, date, duration }
    /// The argument's name, as the patterns use it (`{steps}`).
    public let name: String
    /// The argument's declared type.
    public let kind: Kind
    /// The declared example value, used by previews and lint, or `nil` when the catalog gives none.
    public let example: MessageValue?
    /// For a `string` argument used by a `select`: the keywords it takes; empty when not declared.
    public let values: [String]
    /// What the argument means, for translators, or `nil` when not given.
    public let description: String?
    /// Example values by language or locale tag (`"examples": {"fr": "Boire de l’eau"}`), for
    /// previews and lint of texts in that language; ``example(for:)`` picks one.
    public let examples: [String: MessageValue]
    /// Whether the value is text the user typed (a habit's name, an achievement as written):
    /// the catalog's `"userText": true`. Such text may end with its own “.” or “!”, so lint's
    /// `user-text-punctuation` rule reports punctuation written right after it.
    public let isUserText: Bool
    package let position: JSONPosition

    package init(
        name: String, kind: Kind, example: MessageValue?, values: [String], description: String?, examples: [String: MessageValue] = [:],
        isUserText: Bool = false, position: JSONPosition
    ) {
        self.name = name
        self.kind = kind
        self.example = example
        self.values = values
        self.description = description
        self.examples = examples
        self.isUserText = isUserText
        self.position = position
    }

    /// The example for a text in `locale`: the one given for the locale's tag, else for the
    /// nearest tag it falls back to by dropping subtags (`fr-CA` → `fr`, `zh-Hant-TW` →
    /// `zh-Hant` → `zh`), else ``example``.
    public func example(for locale: String) -> MessageValue? {
        guard !examples.isEmpty else { return example }
        var tag = Substring(locale.replacingOccurrences(of: "_", with: "-"))
        while !tag.isEmpty {
            if let e = examples[String(tag)] { return e }
            guard let dash = tag.lastIndex(of: "-") else { break }
            tag = tag[..<dash]
        }
        return example
    }
}

/// One message of a catalog file: its key, its parts and, in the source file, its description
/// and declared arguments.
public struct CatalogMessage: Sendable, Hashable {
    /// The message key, e.g. `steps.goal`.
    public let key: String
    /// When the message is shown and what its arguments mean, for translators, or `nil` when
    /// the file gives none (translations normally do not).
    public let description: String?
    /// The declared arguments, in file order; empty when none are declared (as in translations).
    public let arguments: [ArgumentDeclaration]
    /// The parts, in file order.
    public let parts: [CatalogPart]
    /// Words and phrases no text of the message may contain, by language or locale tag (`en`,
    /// `es`, `zh`): what the source's `"avoid"` field declares, e.g. “today” in a reminder whose
    /// send time the user picks. `msgtool lint` reports each occurrence. Empty when none.
    public let avoid: [String: [String]]
    /// When the message is sent, as the source's `"sent"` field declares it (the moment its
    /// calendar and time-of-day words must agree with); `nil` when undeclared.
    public let sent: SendMoment?
    /// The parts whose translations may read exactly as the source (a word the system itself
    /// uses in every language, such as iOS's “General”): the source's `"sameInTranslation"`.
    public let sameInTranslation: [String]
    package let position: JSONPosition

    package init(
        key: String, description: String?, arguments: [ArgumentDeclaration], parts: [CatalogPart],
        avoid: [String: [String]] = [:], sent: SendMoment? = nil, sameInTranslation: [String] = [], position: JSONPosition
    ) {
        self.key = key
        self.description = description
        self.arguments = arguments
        self.parts = parts
        self.avoid = avoid
        self.sent = sent
        self.sameInTranslation = sameInTranslation
        self.position = position
    }

    /// The part of that name.
    /// - Parameter name: a part name, e.g. `body`.
    /// - Returns: the part, or `nil` when the message has no such part.
    public func part(_ name: String) -> CatalogPart? { parts.first { $0.name == name } }
    /// Every unit of every part, in file order.
    public var units: [CatalogUnit] { parts.flatMap(\.units) }
}

/// One locale's file.
public struct CatalogFile: Sendable, Hashable {
    /// The file's locale, as a BCP 47 tag (its `"locale"` field; the file name when missing).
    public let locale: String
    /// The path the file was read from, as given to the loader.
    public let path: String
    /// The messages, in file order.
    public let messages: [CatalogMessage]
    /// Source fingerprints of translated units (`unit id` → fingerprint of the source text it
    /// was translated from), for stale detection.
    public let sourceFingerprints: [String: String]
    /// The raw bytes (for mapping pattern offsets to file positions, and for lint).
    package let bytes: [UInt8]
    /// Keys that appear twice in one JSON object.
    package let duplicateKeys: [JSONMember]

    /// Message index by key (the first occurrence wins), built once.
    private let index: [String: Int]

    package init(
        locale: String, path: String, messages: [CatalogMessage], sourceFingerprints: [String: String],
        bytes: [UInt8], duplicateKeys: [JSONMember]
    ) {
        self.locale = locale
        self.path = path
        self.messages = messages
        self.sourceFingerprints = sourceFingerprints
        self.bytes = bytes
        self.duplicateKeys = duplicateKeys
        var d: [String: Int] = [:]
        for (i, m) in messages.enumerated() where d[m.key] == nil { d[m.key] = i }
        self.index = d
    }

    /// The message with that key (the first one when the file has it twice).
    /// - Parameter key: a message key, e.g. `steps.goal`.
    /// - Returns: the message, or `nil` when the file lacks it.
    public func message(_ key: String) -> CatalogMessage? { index[key].map { messages[$0] } }
    /// Every unit of every message, in file order.
    public var units: [CatalogUnit] {
        // Sized once: a flattening that grows by doubling holds up to twice the units at its peak.
        var out: [CatalogUnit] = []
        out.reserveCapacity(unitCount)
        for m in messages { for p in m.parts { out.append(contentsOf: p.units) } }
        return out
    }
    /// The number of units of every message (``units``'s count, without making the array).
    public var unitCount: Int { messages.reduce(0) { n, m in m.parts.reduce(n) { $0 + $1.units.count } } }
}

/// When a message is sent, as a source message declares it under `"sent"`: the moment its
/// calendar words (“next month”, «este año», 今晚) must not contradict. `msgtool lint` reports a
/// word that does (`calendar-word`).
public enum SendMoment: String, Sendable, CaseIterable {
    /// At any hour of any day (a milestone, a retrieval, a step goal reached): no “tonight”,
    /// “this morning”, “good night”.
    case anyTime = "anytime"
    /// In the morning, at a fixed hour (the daily affirmation at 10:00): no “tonight”, “this
    /// evening”, “end of the day”.
    case morning
    /// On the 1st of a month, about the month that ended: no “this month”, “next month”.
    case monthStart
    /// On 1 January, about the year that ended: no “this year”, “next year”.
    case yearStart
}
