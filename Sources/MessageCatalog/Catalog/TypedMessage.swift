import Foundation

/// A catalog message with its arguments bound and typed: what `msgtool gen swift` and the
/// `MessageAccessors` build-tool plugin generate for each message of a catalog
/// (docs/typed-accessors.md), so that a wrong key, a missing or misspelt argument or an
/// argument of the wrong type does not compile.
///
/// ```swift
/// let content = try ContentGenerator.bundled()
/// let banner = try content.render(Messages.Steps.goal(steps: 10_432, goal: 10_000, bonus: 432),
///                                 locale: Locale(identifier: "es-MX"), tone: .cheerful,
///                                 timeZone: TimeZone(identifier: "America/Mexico_City")!)
/// print(banner[Messages.Steps.Goal.Part.title] ?? "")
/// ```
public protocol TypedMessage: Sendable {
    /// The message's parts (title, body, …), in the source catalog's order.
    associatedtype Part: RawRepresentable, CaseIterable, Sendable where Part.RawValue == String
    /// The message key in the catalog (`steps.goal`).
    static var key: String { get }
    /// The tones the message has texts for (empty when no part has tones).
    static var tones: [Tone] { get }
    /// The arguments by their names in the catalog, as ``ContentRendering`` takes them.
    var arguments: [String: MessageValue] { get }
}

/// A number for a `number`, `plural` or `selectordinal` argument of a typed message: the
/// standard integer and floating-point types and `Decimal`.
public protocol MessageNumber: Sendable {
    /// The number as a message argument (integers exactly, `Decimal` with its digits).
    var messageValue: MessageValue { get }
}

extension Int: MessageNumber {
    /// The integer as an `.int` argument.
    public var messageValue: MessageValue { .int(Int64(self)) }
}
extension Int32: MessageNumber {
    /// The integer as an `.int` argument.
    public var messageValue: MessageValue { .int(Int64(self)) }
}
extension Int64: MessageNumber {
    /// The integer as an `.int` argument.
    public var messageValue: MessageValue { .int(self) }
}
extension UInt32: MessageNumber {
    /// The integer as an `.int` argument.
    public var messageValue: MessageValue { .int(Int64(self)) }
}
extension UInt: MessageNumber {
    /// The integer as an `.int` argument (as a decimal string above `Int64.max`, exactly).
    public var messageValue: MessageValue { self <= UInt(Int64.max) ? .int(Int64(self)) : .decimal(String(self)) }
}
extension Double: MessageNumber {
    /// The number as a `.double` argument.
    public var messageValue: MessageValue { .double(self) }
}
extension Float: MessageNumber {
    /// The number as a `.double` argument.
    public var messageValue: MessageValue { .double(Double(self)) }
}
extension Decimal: MessageNumber {
    /// The number as a `.decimal` argument, keeping its digits.
    public var messageValue: MessageValue { .decimal(NSDecimalNumber(decimal: self).stringValue) }
}

extension MessageValue {
    /// A `duration` argument: the duration's seconds (the renderer formats them with ICU,
    /// e.g. "1 hr, 20 min"). Before iOS 16, macOS 13, watchOS 9 and tvOS 16, use
    /// ``duration(seconds:)``.
    @available(iOS 16, macOS 13, watchOS 9, tvOS 16, *)
    public static func duration(_ duration: Duration) -> MessageValue {
        let (seconds, attoseconds) = duration.components
        return attoseconds == 0 ? .int(seconds) : .double(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// A `duration` argument from a number of seconds (`TimeInterval`), on every system the
    /// package supports: the same value as ``duration(_:)`` gives for a `Duration` of as many
    /// seconds (`.duration(seconds: 4800)` is "1 hr, 20 min" in English).
    /// - Parameter seconds: the duration in seconds.
    /// - Returns: a whole number of seconds as `.int`, else `.double`.
    public static func duration(seconds: TimeInterval) -> MessageValue {
        if seconds.rounded() == seconds, abs(seconds) < 9.2e18 { return .int(Int64(seconds)) }
        return .double(seconds)
    }
}

extension ContentRendering {
    /// Renders every part of a typed message: the app's one way to render (a generated
    /// accessor's value, the user's locale, tone, zone and term of address).
    ///
    /// ```swift
    /// let content = try ContentGenerator.bundled()
    /// let banner = try content.render(Messages.Steps.goal(steps: 10_432, goal: 10_000, bonus: 432),
    ///                                 locale: Locale(identifier: "es_MX"), tone: .cheerful,
    ///                                 timeZone: TimeZone(identifier: "America/Mexico_City")!)
    /// print(banner[Messages.Steps.Goal.Part.title] ?? "")
    /// ```
    /// - Parameters:
    ///   - message: a generated accessor's value, e.g. `Messages.Steps.goal(steps: 10_432, goal: 10_000, bonus: 432)`.
    ///   - locale: the user's locale; the catalogs fall back through CLDR parents (`es-MX` → `es-419` → `es`).
    ///   - tone: the user's style; parts without tones ignore it.
    ///   - variant: the pool index (taken modulo each pool's size; 0 unless given).
    ///   - timeZone: the zone in which date arguments are shown.
    ///   - termOfAddress: the user's term of address, which texts select on (unspecified unless given).
    /// - Returns: the rendered parts.
    /// - Throws: ``Diagnostic`` for an unknown locale or message, or an argument it cannot format.
    public func render<M: TypedMessage>(
        _ message: M, locale: Locale, tone: Tone, variant: Int = 0, timeZone: TimeZone,
        termOfAddress: AddressTerm = .unspecified
    ) throws -> RenderedContent {
        try render(
            key: M.key, locale: CatalogLocale.tag(locale), tone: tone, arguments: message.arguments, variant: variant,
            timeZone: timeZone.identifier, termOfAddress: termOfAddress)
    }

    /// Renders every part of a typed message (see ``render(key:locale:tone:arguments:variant:timeZone:)``).
    /// - Parameters:
    ///   - message: a generated accessor's value, e.g. `Messages.Steps.goal(steps: 10_432, goal: 10_000, bonus: 432)`.
    ///   - locale: a BCP 47 tag.
    ///   - tone: the user's style; parts without tones ignore it.
    ///   - variant: the pool index.
    ///   - timeZone: the IANA zone in which date arguments are shown.
    /// - Returns: what ``render(key:locale:tone:arguments:variant:timeZone:)`` returns.
    @available(*, deprecated, message: "pass a Locale and a TimeZone: render(_:locale:tone:variant:timeZone:termOfAddress:)")
    public func render<M: TypedMessage>(_ message: M, locale: String, tone: Tone, variant: Int, timeZone: String) throws -> RenderedContent {
        try render(key: M.key, locale: locale, tone: tone, arguments: message.arguments, variant: variant, timeZone: timeZone)
    }

    /// Renders every part of a typed message for the user's term of address (see
    /// ``render(key:locale:tone:arguments:variant:timeZone:termOfAddress:)``).
    /// - Parameters:
    ///   - message: a generated accessor's value.
    ///   - locale: a BCP 47 tag.
    ///   - tone: the user's style; parts without tones ignore it.
    ///   - variant: the pool index.
    ///   - timeZone: the IANA zone in which date arguments are shown.
    ///   - termOfAddress: the user's term of address, which texts select on.
    /// - Returns: the rendered parts.
    @available(*, deprecated, message: "pass a Locale and a TimeZone: render(_:locale:tone:variant:timeZone:termOfAddress:)")
    public func render<M: TypedMessage>(
        _ message: M, locale: String, tone: Tone, variant: Int, timeZone: String,
        termOfAddress: AddressTerm
    ) throws -> RenderedContent {
        try render(
            key: M.key, locale: locale, tone: tone, arguments: message.arguments, variant: variant, timeZone: timeZone,
            termOfAddress: termOfAddress)
    }
}

extension ContentGenerator {
    /// Renders every part of a typed message with the variant picked from a stable hash of
    /// (seed, key) (see ``render(key:locale:tone:arguments:seed:timeZone:)``).
    /// - Returns: what ``render(key:locale:tone:arguments:seed:timeZone:)`` returns.
    @available(*, deprecated, message: "pass variant: Int(StableKey.fnv1a64(key, seed: seed) % UInt64(variantCount)) to the Locale form")
    public func render<M: TypedMessage>(_ message: M, locale: String, tone: Tone, seed: UInt64, timeZone: String) throws -> RenderedContent {
        try render(key: M.key, locale: locale, tone: tone, arguments: message.arguments, seed: seed, timeZone: timeZone)
    }
}

extension RenderedContent {
    /// The rendered text of a typed message's part, e.g. `content[Messages.Steps.Goal.Part.body]`.
    public subscript<P: RawRepresentable>(_ part: P) -> String? where P.RawValue == String { parts[part.rawValue] }
}
