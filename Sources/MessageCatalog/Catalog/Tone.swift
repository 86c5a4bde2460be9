/// The voice of a notification's text: a message part may have one text per tone.
public enum Tone: String, Sendable, Hashable, Codable, CaseIterable {
    /// `cheerful` is warm and upbeat (exclamation marks welcome), `gentle` is calm and never
    /// pushy (the default, and the fallback when a message lacks the asked tone), `minimal` is
    /// short and factual.
    case cheerful, gentle, minimal
}
