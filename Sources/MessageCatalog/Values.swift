import ToolkitSupport
import Foundation

/// A value for a message argument.
///
/// Numbers keep what a translator needs for plurals: an `.int` has no fraction digits, a
/// `.decimal` keeps the visible fraction digits it was written with (`"1.50"`), a `.double` is
/// formatted as ICU formats a double. Dates are instants.
public enum MessageValue: Sendable, Hashable, Codable {
    /// A whole number; it has no visible fraction digits, so plural rules see `v = 0`.
    case int(Int64)
    /// A binary floating-point number, formatted as ICU formats a double.
    case double(Double)
    /// A decimal number as written, e.g. "1.50" or "-0.5".
    case decimal(String)
    /// A text, shown as is or matched against the cases of a `select`.
    case string(String)
    /// An instant, as milliseconds since 1970-01-01T00:00:00Z (ICU's `UDate`).
    case date(millis: Double)

    /// An instant from a Foundation `Date`.
    public static func date(_ date: Date) -> MessageValue { .date(millis: (date.timeIntervalSince1970 * 1000).rounded()) }

    /// The value as a double, if it is a number (or a date: its milliseconds).
    public var doubleValue: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        case .decimal(let s): Double(s)
        case .date(let ms): ms
        case .string: nil
        }
    }

    /// Whether the value is a number (`.int`, `.double` or `.decimal`); a date is not.
    public var isNumber: Bool {
        switch self { case .int, .double, .decimal: true; default: false }
    }
}

extension MessageValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral {
    /// Makes an ``int(_:)`` from an integer literal, so `["steps": 10432]` needs no `.int`.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// Makes a ``double(_:)`` from a floating-point literal; use ``decimal(_:)`` to keep
    /// trailing zeros such as `1.50`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// Makes a ``string(_:)`` from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

/// The three notification styles of the seeds.
public enum Tone: String, Sendable, Hashable, Codable, CaseIterable {
    /// `cheerful` is warm and upbeat (exclamation marks welcome), `gentle` is calm and never
    /// pushy (the default, and the fallback when a message lacks the asked tone), `minimal` is
    /// short and factual.
    case cheerful, gentle, minimal
}

/// What a notification says: its parts rendered (title, body, and any other part of the message).
public struct RenderedContent: Sendable, Equatable, Codable {
    /// The message key, e.g. `reminder.achievement`.
    public var key: String
    /// The locale whose catalog provided the text (after fallback), as a BCP 47 tag.
    public var locale: String
    /// Rendered parts by name.
    public var parts: [String: String]
    /// The variant index used for the parts that are pools.
    public var variant: Int

    /// Makes rendered content from its parts.
    /// - Parameters:
    ///   - key: the message key.
    ///   - locale: the BCP 47 tag of the catalog that provided the text.
    ///   - parts: the rendered text of each part, by part name.
    ///   - variant: the variant index used for the parts that are pools.
    public init(key: String, locale: String, parts: [String: String], variant: Int) {
        self.key = key
        self.locale = locale
        self.parts = parts
        self.variant = variant
    }

    /// The rendered `title` part, or `nil` when the message has no part of that name.
    public var title: String? { parts["title"] }
    /// The rendered `body` part, or `nil` when the message has no part of that name.
    public var body: String? { parts["body"] }
}

/// Renders catalog messages. The scheduler asks this for every text it puts in a request;
/// it never formats text itself.
public protocol ContentRendering: Sendable {
    /// How many variants the pools of a message have for a locale and tone (the largest pool
    /// among its parts; 1 when no part is a pool).
    func variantCount(key: String, locale: String, tone: Tone) throws -> Int

    /// Renders every part of a message with explicit variant index (taken modulo each pool's size).
    /// - Parameters:
    ///   - key: the message key (`steps.goal`).
    ///   - locale: a BCP 47 tag; the catalog falls back through CLDR parents to the source locale.
    ///   - tone: the user's style; parts without tones ignore it.
    ///   - arguments: the message's arguments by name.
    ///   - variant: the pool index.
    ///   - timeZone: the IANA zone in which date arguments are shown.
    func render(key: String, locale: String, tone: Tone, arguments: [String: MessageValue],
                variant: Int, timeZone: String) throws -> RenderedContent

    /// Looks a message up once for a locale and tone: its variant count, then any number of
    /// renders from the handle without looking it up again. The default asks
    /// ``variantCount(key:locale:tone:)`` once and ``render(key:locale:tone:arguments:variant:timeZone:)``
    /// per render.
    /// - Parameters:
    ///   - key: the message key (`steps.goal`).
    ///   - locale: a BCP 47 tag.
    ///   - tone: the user's style.
    /// - Returns: the message, ready to render.
    func resolve(key: String, locale: String, tone: Tone) throws -> any ResolvedContent
}

/// A message resolved for one locale and tone (see ``ContentRendering/resolve(key:locale:tone:)``):
/// its variant count is known and it renders without another lookup.
public protocol ResolvedContent: Sendable {
    /// How many variants the message has (as ``ContentRendering/variantCount(key:locale:tone:)``).
    var variantCount: Int { get }

    /// Renders every part of the message (as
    /// ``ContentRendering/render(key:locale:tone:arguments:variant:timeZone:)``).
    /// - Parameters:
    ///   - arguments: the message's arguments by name.
    ///   - variant: the variant index.
    ///   - timeZone: the IANA zone in which date arguments are shown.
    /// - Returns: the rendered parts.
    func render(arguments: [String: MessageValue], variant: Int, timeZone: String) throws -> RenderedContent
}

extension ContentRendering {
    /// A handle that asks this renderer: its count once, then one ``render(key:locale:tone:arguments:variant:timeZone:)`` per render.
    public func resolve(key: String, locale: String, tone: Tone) throws -> any ResolvedContent {
        DeferredContent(content: self, key: key, locale: locale, tone: tone,
                        variantCount: try variantCount(key: key, locale: locale, tone: tone))
    }
}

/// The default ``ResolvedContent``: the renderer's own calls.
struct DeferredContent<Content: ContentRendering>: ResolvedContent {
    let content: Content
    let key: String
    let locale: String
    let tone: Tone
    let variantCount: Int

    func render(arguments: [String: MessageValue], variant: Int, timeZone: String) throws -> RenderedContent {
        try content.render(key: key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: timeZone)
    }
}
