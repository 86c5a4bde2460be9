import Foundation

/// What the app should ask the platform when permission was never requested.
public struct AuthorizationRequest: Sendable, Hashable {
    /// The options to request by name, as the JSON holds them: `alert`, `sound`, `badge`,
    /// `provisional` (``authorizationOptions`` is the typed form).
    public var options: [String]

    /// A request for options by name.
    /// - Parameter options: the names, e.g. `["alert", "sound", "badge"]`.
    @available(*, deprecated, message: "pass AuthorizationOptions: AuthorizationRequest(options: [.alert, .sound, .badge])")
    @_disfavoredOverload
    public init(options: [String]) { self.options = options }

    /// A request holding `optionNames` as they are (the JSON's names).
    package init(optionNames: [String]) { self.options = optionNames }
}

/// The planner's answer: what to add and remove, what is pending afterwards, why, and the new
/// state to keep for the next run.
///
/// Apply `removed` first, then `added` (an identifier in both is a replacement: its content or
/// time changed). Encoded, it is the JSON object of `msgtool schedule`: `{"now",
/// "authorization", "timeZone", "added", "removed", "pending", "notes", "noteCodes", "authorizationRequest"?}`; `noteCodes` holds ``noteDetails``,
/// `{"code", "parameters"}` each, in the order of `notes`.
public struct PlanResult: Sendable, Hashable {
    /// The planning instant (whole seconds).
    public var now: Date
    /// The zone the plan was made in.
    public var timeZone: String
    /// The permission status the plan honoured.
    public var authorization: AuthorizationStatus
    /// Requests to add (new or replacing one with the same identifier), nearest first.
    public var added: [NotificationRequest]
    /// Identifiers to remove from the pending set.
    public var removed: [String]
    /// Everything pending after the plan, nearest first.
    public var pending: [NotificationRequest]
    /// Why things were or were not scheduled, in plain words (``noteDetails`` rendered).
    public var notes: [String]
    /// The same notes as values: a code and its parameters, for tests and apps to match on.
    public var noteDetails: [PlanNote]
    /// The state to pass to the next run.
    public var state: SchedulerState
    /// Set when the app should ask the user for permission now.
    public var authorizationRequest: AuthorizationRequest?

    /// Whether the plan changes nothing.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }

}
