import ToolkitSupport
import Foundation

/// One translation unit: a single text of a message part, addressed as
/// `key.part[.tone][.index]` (e.g. `reminder.achievement.body.gentle.2`).
public struct CatalogUnit: Sendable, Hashable {
    public let id: String
    public let key: String
    public let part: String
    public let tone: Tone?
    public let index: Int?
    public let text: String
    /// Where the text's string literal starts in its file.
    package let position: JSONPosition
}

/// The shape of one part: a text, a pool, or texts by tone (each a text or a pool).
public enum PartShape: Sendable, Hashable {
    case text
    case pool(Int)
    case tones([Tone: ToneShape])

    public enum ToneShape: Sendable, Hashable { case text, pool(Int) }
}

public struct CatalogPart: Sendable, Hashable {
    public let name: String
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
        return CatalogMessage(key: key, description: description ?? lower.description,
                              arguments: arguments.isEmpty ? lower.arguments : arguments, parts: parts, position: position)
    }
}

extension CatalogMessage {
    /// This message with the description and arguments of `lower` where it leaves them out
    /// (an app's override of a base message), and its own parts only.
    package func inheritingDeclarations(from lower: CatalogMessage) -> CatalogMessage {
        CatalogMessage(key: key, description: description ?? lower.description,
                       arguments: arguments.isEmpty ? lower.arguments : arguments, parts: parts, position: position)
    }
}

extension CatalogFile {
    /// This file (an app's layer) over the base's file of the same locale: messages of both,
    /// in the base's order then this file's new ones, each merged per part and tone.
    package func merged(over lower: CatalogFile) -> CatalogFile {
        var messages = lower.messages.map { lm in message(lm.key).map { $0.merged(over: lm) } ?? lm }
        messages += self.messages.filter { lower.message($0.key) == nil }
        return CatalogFile(locale: locale, path: path, messages: messages,
                           sourceFingerprints: lower.sourceFingerprints.merging(sourceFingerprints) { $1 },
                           bytes: bytes, duplicateKeys: duplicateKeys)
    }
}

/// A declared argument of a source message.
public struct ArgumentDeclaration: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable { case string, number, date, duration }
    public let name: String
    public let kind: Kind
    public let example: MessageValue?
    public let values: [String]
    public let description: String?
    package let position: JSONPosition
}

public struct CatalogMessage: Sendable, Hashable {
    public let key: String
    public let description: String?
    public let arguments: [ArgumentDeclaration]
    public let parts: [CatalogPart]
    package let position: JSONPosition

    public func part(_ name: String) -> CatalogPart? { parts.first { $0.name == name } }
    public var units: [CatalogUnit] { parts.flatMap(\.units) }
}

/// One locale's file.
public struct CatalogFile: Sendable, Hashable {
    public let locale: String
    public let path: String
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

    package init(locale: String, path: String, messages: [CatalogMessage], sourceFingerprints: [String: String],
                bytes: [UInt8], duplicateKeys: [JSONMember]) {
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

    public func message(_ key: String) -> CatalogMessage? { index[key].map { messages[$0] } }
    public var units: [CatalogUnit] { messages.flatMap(\.units) }
}

/// An error in a catalog file: what, where (file, line, column, unit id) and how to fix it.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let unitID: String?
    public let message: String

    public var description: String {
        "\(file):\(line):\(column): error: \(unitID.map { "\($0): " } ?? "")\(message)"
    }

    /// Makes a value from its parts (for the package's tools).
    package init(file: String, line: Int, column: Int, unitID: String?, message: String) { self.file = file; self.line = line; self.column = column; self.unitID = unitID; self.message = message }
}
