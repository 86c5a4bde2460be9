import ToolkitSupport
import Foundation

/// The notification centre protocol: where pending notifications live (the platform's centre,
/// a file, or memory).
///
/// The planner never talks to a centre; the app applies a ``PlanResult`` with ``apply(_:)``.
/// It is not called `NotificationCenter`: every client also imports Foundation, whose
/// unrelated `NotificationCenter` class would make that name ambiguous (verified: "'NotificationCenter'
/// is ambiguous for type lookup"), and a name every caller would have to write module-qualified
/// is a poor name.
public protocol PendingNotificationCenter: Sendable {
    /// Adds requests; one with an identifier already pending replaces it.
    /// - Parameter requests: the requests to add.
    func add(_ requests: [NotificationRequest]) async throws
    /// Removes pending requests (unknown identifiers are ignored).
    /// - Parameter identifiers: the identifiers to remove.
    func removePending(withIdentifiers identifiers: [String]) async throws
    /// The pending requests, nearest first.
    func pending() async throws -> [NotificationRequest]
    /// The permission status.
    func authorization() async -> AuthorizationStatus
}

/// A centre shared with requests the app schedules itself (the platform's): iOS keeps only the 64
/// soonest pending requests of an app, whoever added them, and silently drops the rest.
/// ``NotificationDriver`` lowers the plan's budget by ``othersPendingCount()`` so that the app's
/// own requests keep their room.
public protocol SharedPendingNotificationCenter: PendingNotificationCenter {
    /// How many pending requests this package did not plan (the app's own).
    func othersPendingCount() async throws -> Int
}

extension PendingNotificationCenter {
    /// Applies a plan: removes `removed`, then adds `added`.
    /// - Parameter plan: the planner's result.
    public func apply(_ plan: PlanResult) async throws {
        if !plan.removed.isEmpty { try await removePending(withIdentifiers: plan.removed) }
        if !plan.added.isEmpty { try await add(plan.added) }
    }
}

/// Orders requests as the centres report them: fire date, then identifier.
func nearestFirst(_ requests: some Sequence<NotificationRequest>) -> [NotificationRequest] {
    requests.sorted { ($0.fireDate, $0.identifier) < ($1.fireDate, $1.identifier) }
}

/// A centre in memory, for tests and previews.
public actor InMemoryNotificationCenter: PendingNotificationCenter {
    private var requests: [String: NotificationRequest] = [:]
    private var status: AuthorizationStatus
    /// The most recently added requests, in order (tests read it).
    public private(set) var addLog: [String] = []

    /// An empty centre.
    /// - Parameter authorization: the status it reports.
    public init(authorization: AuthorizationStatus = .authorized) { status = authorization }

    /// Adds requests; one with an identifier already pending replaces it. Each identifier is
    /// appended to ``addLog``.
    /// - Parameter requests: the requests to add.
    public func add(_ requests: [NotificationRequest]) async throws {
        for request in requests {
            self.requests[request.identifier] = request
            addLog.append(request.identifier)
        }
    }

    /// Removes pending requests (unknown identifiers are ignored).
    /// - Parameter identifiers: the identifiers to remove.
    public func removePending(withIdentifiers identifiers: [String]) async throws {
        for id in identifiers { requests[id] = nil }
    }

    /// The pending requests, nearest first: fire date, then identifier.
    public func pending() async throws -> [NotificationRequest] { nearestFirst(requests.values) }

    /// The status given to ``init(authorization:)`` or set by ``setAuthorization(_:)``.
    public func authorization() async -> AuthorizationStatus { status }

    /// Changes the reported status (the user answered the prompt, or changed the settings).
    public func setAuthorization(_ status: AuthorizationStatus) { self.status = status }

    /// Delivers (removes) every request due at or before `instant`, as the system would.
    /// - Parameter instant: the simulated clock.
    /// - Returns: the delivered requests, in delivery order.
    public func deliver(through instant: Date) -> [NotificationRequest] {
        let due = nearestFirst(requests.values.filter { $0.fireDate <= instant })
        for request in due { requests[request.identifier] = nil }
        return due
    }
}

/// A centre kept in a JSON file (`{"authorization", "pending": [Request]}`), for msgtool and
/// scripts. Every write is atomic (see `AtomicFile`): a process killed at any moment leaves
/// the old file or the new one, never a broken one.
public actor FileNotificationCenter: PendingNotificationCenter {
    /// The file.
    public let url: URL

    /// A centre over `url` (created on the first write).
    public init(url: URL) { self.url = url }

    /// The file's object (its JSON: `Wire/`).
    struct Contents {
        var authorization: AuthorizationStatus = .notDetermined
        var pending: [NotificationRequest] = []
    }

    private func read() throws -> Contents {
        guard FileManager.default.fileExists(atPath: url.path) else { return Contents() }
        return try JSONDecoder().decode(Contents.self, from: try Data(contentsOf: url))
    }

    private func write(_ contents: Contents) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(contents), to: url)
    }

    /// Adds requests to the file; one with an identifier already pending replaces it. The file
    /// is written once, atomically, with the pending requests nearest first.
    /// - Parameter requests: the requests to add.
    /// - Throws: when the file exists but is not a centre's JSON, or cannot be written.
    public func add(_ requests: [NotificationRequest]) async throws {
        var contents = try read()
        let ids = Set(requests.map(\.identifier))
        contents.pending = nearestFirst(contents.pending.filter { !ids.contains($0.identifier) } + requests)
        try write(contents)
    }

    /// Removes pending requests from the file (unknown identifiers are ignored).
    /// - Parameter identifiers: the identifiers to remove.
    /// - Throws: when the file exists but is not a centre's JSON, or cannot be written.
    public func removePending(withIdentifiers identifiers: [String]) async throws {
        var contents = try read()
        let ids = Set(identifiers)
        contents.pending.removeAll { ids.contains($0.identifier) }
        try write(contents)
    }

    /// The pending requests in the file, nearest first; empty when the file does not exist yet.
    /// - Throws: when the file exists but is not a centre's JSON.
    public func pending() async throws -> [NotificationRequest] { try read().pending }

    /// The status recorded in the file; ``AuthorizationStatus/notDetermined`` when the file does
    /// not exist or cannot be read.
    public func authorization() async -> AuthorizationStatus { (try? read().authorization) ?? .notDetermined }

    /// Records the permission status in the file.
    public func setAuthorization(_ status: AuthorizationStatus) throws {
        var contents = try read()
        contents.authorization = status
        try write(contents)
    }
}
