import Foundation
import AffirmationSelector
import MessageCatalog

/// What the planner tells an app's identifier scheme about one request.
public struct IdentifierRequest: Sendable, Hashable {
    /// The request's kind.
    public var kind: NotificationKind
    /// The planner's own identifier (`habit-reminder-read-2026-11-23`), unique among the plan's
    /// requests and stable from run to run.
    public var plannerIdentifier: String
    /// The local date the request fires on, in the plan's zone.
    public var date: LocalDate
    /// When it fires.
    public var fireDate: Date
    /// The planner's `userInfo` (`habitId`, `achievementId`, `workoutId`…).
    public var userInfo: [String: String]
    /// The app's own `userInfo` (the kind's options and the content source's).
    public var appUserInfo: [String: UserInfoValue]

    /// A request (the planner makes them; tests may too).
    public init(
        kind: NotificationKind, plannerIdentifier: String, date: LocalDate, fireDate: Date, userInfo: [String: String] = [:],
        appUserInfo: [String: UserInfoValue] = [:]
    ) {
        self.kind = kind
        self.plannerIdentifier = plannerIdentifier
        self.date = date
        self.fireDate = fireDate
        self.userInfo = userInfo
        self.appUserInfo = appUserInfo
    }
}

/// An app's own request identifiers: the identifier the notification centre gets for each request
/// the planner adds (the app's delegate, its cancellation code or its other screens keep reading
/// them), instead of the planner's.
///
/// The planner keeps recognizing its requests by its own identifier, saved next to the app's in
/// the request (``NotificationRequest/plannerIdentifier``): a request already pending keeps the
/// identifier it was added with, and one the planner replaces or adds gets the scheme's answer
/// again. Two requests of one plan may not get the same identifier (the centre would keep only
/// one): the plan fails with an `invalidPreferences` error naming both.
///
/// Called synchronously on the planner's thread, once per request added: read what the app has
/// in memory.
public protocol NotificationIdentifierScheme: Sendable {
    /// The identifier of `request` in the notification centre, or nil for the planner's.
    /// - Parameter request: the kind, the planner's identifier, the date and the `userInfo`.
    /// - Returns: a non-empty identifier, or nil.
    /// - Throws: any error; the plan fails with an `invalidPreferences` error naming the request.
    func identifier(for request: IdentifierRequest) throws -> String?
}

/// A ``NotificationIdentifierScheme`` from a closure.
///
/// ```swift
/// // The habit tracker's `<reminder id>_<period id>` identifiers.
/// var configuration = PlannerConfiguration()
/// configuration.identifierScheme = IdentifierScheme { request in
///     guard request.kind == .habitReminder, let habit = request.userInfo["habitId"] else { return nil }
///     return "\(habit)-reminder_\(request.date)"
/// }
/// ```
public struct IdentifierScheme: NotificationIdentifierScheme {
    private let make: @Sendable (IdentifierRequest) throws -> String?

    /// A scheme that calls `make` for every request added.
    /// - Parameter make: returns the app's identifier, or nil for the planner's.
    public init(_ make: @escaping @Sendable (IdentifierRequest) throws -> String?) { self.make = make }

    /// Calls the closure.
    /// - Parameter request: the request about to be added.
    /// - Returns: what the closure returns.
    /// - Throws: what the closure throws.
    public func identifier(for request: IdentifierRequest) throws -> String? { try make(request) }
}

/// ``KindOptions/identifierTemplate``: the placeholders and how they are filled.
enum IdentifierTemplate {
    /// The placeholders a template may use.
    static let placeholders = ["identifier", "kind", "date", "habitId"]

    /// The first placeholder of `template` that is not one of ``placeholders`` (or an unclosed
    /// brace, as `{`), or nil.
    static func unknownPlaceholder(in template: String) -> String? {
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return "{" }
            let name = String(rest[rest.index(after: open)..<close])
            if !placeholders.contains(name) { return name }
            rest = rest[rest.index(after: close)...]
        }
        return nil
    }

    /// `template` with its placeholders filled for `request` (in one pass: a value is never read
    /// as a placeholder).
    static func fill(_ template: String, _ request: IdentifierRequest) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            switch rest[rest.index(after: open)..<close] {
            case "identifier": out += request.plannerIdentifier
            case "kind": out += request.kind.rawValue
            case "date": out += request.date.description
            case "habitId": out += request.userInfo["habitId"] ?? ""
            default: out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}

/// The app's identifiers around a run: the stages plan on the planner's own identifiers; the
/// result hands the centre, and saves, the app's.
struct RequestNaming {
    let preferences: NotificationPreferences
    let configuration: PlannerConfiguration

    /// Whether any kind has a template or the configuration a scheme.
    var isActive: Bool { configuration.identifierScheme != nil || preferences.kinds.values.contains { $0.identifierTemplate != nil } }

    /// The state with each pending request under the planner's own identifier, and the app's
    /// identifier of each (keyed by the planner's).
    static func plannerView(of state: SchedulerState) -> (SchedulerState, [String: String]) {
        var own = state
        var deviceIDs: [String: String] = [:]
        own.pending = state.pending.map { request in
            guard let planner = request.plannerIdentifier else { return request }
            var request = request
            deviceIDs[planner] = request.identifier
            request.identifier = planner
            request.plannerIdentifier = nil
            return request
        }
        return (own, deviceIDs)
    }

    /// The app's identifier of a request being added: its kind's template, else the scheme's answer,
    /// else the planner's.
    func identifier(of request: NotificationRequest, zone: TimeZone) throws(Diagnostic) -> String {
        let question = IdentifierRequest(
            kind: request.kind, plannerIdentifier: request.identifier, date: LocalDate(request.fireDate, in: zone), fireDate: request.fireDate,
            userInfo: request.userInfo, appUserInfo: request.appUserInfo)
        if let template = preferences.kinds[request.kind]?.identifierTemplate {
            return IdentifierTemplate.fill(template, question)
        }
        guard let scheme = configuration.identifierScheme else { return request.identifier }
        let answer: String?
        do { answer = try scheme.identifier(for: question) } catch {
            throw Diagnostic(
                .invalidPreferences, "the app's identifier scheme failed for \(request.identifier) (\(request.kind.rawValue)): \(error)",
                path: "identifierScheme")
        }
        guard let answer else { return request.identifier }
        guard !answer.isEmpty, answer.utf8.count <= InputLimits.identifierBytes else {
            throw Diagnostic(
                .invalidPreferences,
                "the app's identifier scheme gave \(answer.isEmpty ? "an empty identifier" : "an identifier over \(InputLimits.identifierBytes) bytes") for \(request.identifier): return a non-empty identifier, or nil for the planner's.",
                path: "identifierScheme")
        }
        return answer
    }

    /// `result` with the app's identifiers: added requests get theirs now, requests carried over
    /// keep the one they were added with, removals name what the centre holds.
    /// - Throws: `Diagnostic` (`invalidPreferences`) when two requests would share an identifier.
    func deviceView(of result: PlanResult, deviceIDs: [String: String], zone: TimeZone) throws(Diagnostic) -> PlanResult {
        let added = Set(result.added.map(\.identifier))
        var owners: [String: String] = [:]
        var pending: [NotificationRequest] = []
        pending.reserveCapacity(result.pending.count)
        for request in result.pending {
            let planner = request.identifier
            let device = added.contains(planner) ? try identifier(of: request, zone: zone) : deviceIDs[planner] ?? planner
            if let other = owners.updateValue(planner, forKey: device), other != planner {
                let template = preferences.kinds[request.kind]?.identifierTemplate != nil
                throw Diagnostic(
                    .invalidPreferences,
                    "the app's identifiers give '\(device)' to both \(other) and \(planner): the centre keeps one request per identifier, so make each identifier unique (add {date} or {identifier}).",
                    path: template ? "kinds.\(request.kind.rawValue).identifierTemplate" : "identifierScheme")
            }
            var renamed = request
            renamed.identifier = device
            renamed.plannerIdentifier = device == planner ? nil : planner
            pending.append(renamed)
        }
        var out = result
        out.pending = pending
        out.added = pending.filter { added.contains($0.plannerIdentifier ?? $0.identifier) }
        out.removed = result.removed.map { deviceIDs[$0] ?? $0 }.sorted()
        out.state.pending = pending
        return out
    }
}
