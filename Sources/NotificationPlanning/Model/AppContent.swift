import Foundation
import MessageCatalog
import AffirmationSelector

/// What the planner asks an app's content source about one request it is about to render.
public struct ContentRequest: Sendable {
    /// The request's kind.
    public var kind: NotificationKind
    /// The request's identifier (`daily-affirmation-2026-11-23`).
    public var identifier: String
    /// The local date the request fires on, in the plan's zone.
    public var date: LocalDate
    /// When it fires.
    public var fireDate: Date
    /// The user's locale (BCP 47).
    public var locale: String
    /// The user's tone.
    public var tone: Tone
    /// The user's term of address.
    public var termOfAddress: AddressTerm
    /// The arguments the catalog's message gets (for a daily affirmation, `affirmation` is the
    /// entry chosen for the date).
    public var arguments: [String: MessageValue]
    /// The planner's `userInfo` so far (`habitId`, `date`, `affirmationIndex`…).
    public var userInfo: [String: String]

    /// A request (the planner makes them; tests may too).
    public init(
        kind: NotificationKind, identifier: String, date: LocalDate, fireDate: Date, locale: String, tone: Tone,
        termOfAddress: AddressTerm = .unspecified, arguments: [String: MessageValue] = [:], userInfo: [String: String] = [:]
    ) {
        self.kind = kind
        self.identifier = identifier
        self.date = date
        self.fireDate = fireDate
        self.locale = locale
        self.tone = tone
        self.termOfAddress = termOfAddress
        self.arguments = arguments
        self.userInfo = userInfo
    }
}

/// An app's text for one request, or the arguments it adds to the catalog's message.
///
/// With both ``title`` and ``body`` the catalog is not asked and the request shows them as they
/// are; with one of them, the other comes from the catalog; with neither, the catalog renders the
/// message with ``arguments`` added (an app catalog that overrides a message may use an argument
/// the app passes this way, such as `{name}`). When the app gives a text the request's
/// `userInfo` says so: `textSource` = `app`, and `textId` = ``textID`` when set.
public struct AppContent: Sendable, Hashable {
    /// The title, or nil for the catalog's.
    public var title: String?
    /// The body, or nil for the catalog's.
    public var body: String?
    /// A subtitle (none by default).
    public var subtitle: String?
    /// Arguments added to (or replacing) the catalog message's own.
    public var arguments: [String: MessageValue]
    /// `userInfo` values for the app's delegate or extension (`kind` and `variant` are the planner's).
    public var userInfo: [String: UserInfoValue]
    /// The app's name for the text shown (`affirmation-42`), written to `userInfo` as `textId`.
    public var textID: String?

    /// An app's content; every part optional.
    public init(
        title: String? = nil, body: String? = nil, subtitle: String? = nil, arguments: [String: MessageValue] = [:],
        userInfo: [String: UserInfoValue] = [:], textID: String? = nil
    ) {
        self.title = title
        self.body = body
        self.subtitle = subtitle
        self.arguments = arguments
        self.userInfo = userInfo
        self.textID = textID
    }
}

/// Where an app's own texts come from: the planner asks it for every request it renders
/// (the requests the quiet hours and the budget keep, once each per plan) and uses what it
/// returns; nil keeps the catalogs' text.
///
/// Called synchronously on the planner's thread: read what the app already has in memory (its
/// list of affirmations, the user's name), not a network.
public protocol NotificationContentSource: Sendable {
    /// The app's content for `request`, or nil for the catalogs' text.
    /// - Parameter request: the kind, identifier, local date, locale and arguments of the request.
    /// - Returns: the app's text or arguments.
    /// - Throws: any error; the plan fails with a `content` error naming the request.
    func content(for request: ContentRequest) throws -> AppContent?
}

/// A ``NotificationContentSource`` from a closure.
///
/// ```swift
/// // The user's name in every text of an app catalog that asks for {name}.
/// var configuration = PlannerConfiguration()
/// configuration.contentSource = ContentSource { _ in AppContent(arguments: ["name": .string("Ana")]) }
/// ```
public struct ContentSource: NotificationContentSource {
    private let make: @Sendable (ContentRequest) throws -> AppContent?

    /// A source that calls `make` for every request.
    /// - Parameter make: returns the app's content for a request, or nil for the catalogs' text.
    public init(_ make: @escaping @Sendable (ContentRequest) throws -> AppContent?) { self.make = make }

    /// Calls the closure.
    /// - Parameter request: the request about to be rendered.
    /// - Returns: what the closure returns.
    /// - Throws: what the closure throws.
    public func content(for request: ContentRequest) throws -> AppContent? { try make(request) }
}
