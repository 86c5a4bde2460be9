/// The user's term of address: how the texts refer to the user grammatically, as iOS 17+
/// (Settings ▸ General ▸ Language & Region ▸ Term of Address) and Android 14 (per-app grammatical
/// gender) let users choose it.
///
/// A text varies by it through the reserved argument `termOfAddress`, which the renderer fills
/// from this value and callers never pass among the arguments:
///
/// ```
/// {termOfAddress, select, feminine {¡Lo lograste, campeona!} masculine {¡Lo lograste, campeón!} other {¡Lo lograste!}}
/// ```
///
/// `feminine` and `masculine` select their cases; ``neutral`` and ``unspecified`` both select
/// `other`, the neutral text every varying message must have (docs/catalog-format.md).
public enum AddressTerm: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user has not chosen (the default): the neutral text (`other`).
    case unspecified
    /// Feminine forms: the `feminine` case, else the neutral text.
    case feminine
    /// Masculine forms: the `masculine` case, else the neutral text.
    case masculine
    /// Gender-neutral forms (iOS's neutral, Android's neuter): the neutral text (`other`).
    case neutral

    /// The reserved argument name a text selects on: `termOfAddress`.
    public static let argumentName = "termOfAddress"

    /// The keywords a `{termOfAddress, select, …}` may use: `feminine`, `masculine` and `other`
    /// (the neutral text, required).
    public static let selectKeywords = ["feminine", "masculine", "other"]

    /// The keyword this term selects: `feminine`, `masculine`, or `other` for the neutral text.
    public var selectKeyword: String {
        switch self {
        case .feminine: "feminine"
        case .masculine: "masculine"
        case .neutral, .unspecified: "other"
        }
    }

    /// Reads a term from its JSON string (`"feminine"`, `"masculine"`, `"neutral"`,
    /// `"unspecified"`).
    /// - Throws: `DecodingError.dataCorrupted` naming the value and the four accepted ones.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let term = Self(rawValue: text) else {
            let hint = text.lowercased() == "neuter" ? " (Android's neuter is neutral)" : ""
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "'\(text.prefix(40))' is not a term of address: use feminine, masculine, neutral or unspecified\(hint)"))
        }
        self = term
    }

    /// The arguments with the reserved `termOfAddress` set to this term's keyword.
    /// - Parameter arguments: the caller's arguments (without `termOfAddress`).
    /// - Returns: the arguments the texts are formatted with.
    /// - Throws: ``Diagnostic`` (`badArgument`) when the caller's arguments already hold
    ///   `termOfAddress`: the renderer fills it from the term of address it is given.
    func filling(_ arguments: [String: MessageValue]) throws(Diagnostic) -> [String: MessageValue] {
        try Self.checkNotReserved(arguments)
        var out = arguments
        out[Self.argumentName] = .string(selectKeyword)
        return out
    }

    /// Throws when the caller's arguments hold the reserved `termOfAddress` (see ``filling(_:)``).
    static func checkNotReserved(_ arguments: [String: MessageValue]) throws(Diagnostic) {
        guard arguments[Self.argumentName] == nil else {
            throw Diagnostic(
                kind: .badArgument,
                message:
                    "'\(Self.argumentName)' is reserved for the user's term of address, which the renderer fills: remove it from the arguments and pass the term of address (feminine, masculine, neutral or unspecified) to the render instead."
            )
        }
    }
}
