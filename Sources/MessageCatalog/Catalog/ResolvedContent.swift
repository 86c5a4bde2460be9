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

    /// Renders every part of the message for the user's term of address (as
    /// ``ContentRendering/render(key:locale:tone:arguments:variant:timeZone:termOfAddress:)``).
    /// - Parameters:
    ///   - arguments: the message's arguments by name (never the reserved `termOfAddress`).
    ///   - variant: the variant index.
    ///   - timeZone: the IANA zone in which date arguments are shown.
    ///   - termOfAddress: the user's term of address, which texts select on.
    /// - Returns: the rendered parts.
    func render(arguments: [String: MessageValue], variant: Int, timeZone: String, termOfAddress: AddressTerm) throws -> RenderedContent
}

extension ResolvedContent {
    /// Renders without a term of address: for content whose texts do not vary by it (the
    /// catalogs' ``ResolvedMessage`` implements it).
    public func render(arguments: [String: MessageValue], variant: Int, timeZone: String, termOfAddress: AddressTerm) throws -> RenderedContent {
        try render(arguments: arguments, variant: variant, timeZone: timeZone)
    }
}
