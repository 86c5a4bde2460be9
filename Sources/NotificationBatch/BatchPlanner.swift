import NotificationPlanning
import Foundation
import MessageCatalog

/// The planner's answer for one user of a batch.
public struct BatchResult: Sendable, Hashable {
    /// The user's position in the input, from 0.
    public var index: Int
    /// The user's id.
    public var id: String
    /// The plan and next state, or why the user could not be planned. An error is a value here:
    /// one bad user never stops the batch.
    public var outcome: Result<PlanResult, Diagnostic>
}

/// Plans many users at once: the same pure function as `Planner.plan(preferences:state:events:now:content:configuration:)`
/// for each user, on every core, with the results handed back in input order.
///
/// One content generator (its catalogs, compiled messages and ICU formatters, which are cached
/// and thread-safe) serves every worker. Users are taken from the input only when there is room
/// in a bounded window (``BatchRunner``), so memory stays flat whether there are a thousand
/// users or a hundred million.
///
/// ```swift
/// // snippet-setup: let (now, users) = (Date(), [BatchUser]())
/// // snippet-setup: func send(_ added: [NotificationRequest], removing: [String], to id: String) async throws {}
/// // snippet-setup: func log(_ id: String, _ error: Diagnostic) {}
/// let planner = BatchPlanner(now: now, content: try ContentGenerator.bundled())
/// try await planner.plan(users) { result in          // in input order
///     switch result.outcome {
///     case .success(let plan): try await send(plan.added, removing: plan.removed, to: result.id)
///     case .failure(let error): log(result.id, error)
///     }
/// }
/// ```
public struct BatchPlanner: Sendable {
    /// The planning instant, the same for every user.
    public var now: Date
    /// Renders every text; shared by the workers.
    public var content: any ContentRendering
    /// At most this many users are planned at once (default: the active processor count).
    public var jobs: Int
    /// At most this many users are taken from the input and not yet handed back.
    public var window: Int

    /// A planner.
    /// - Parameters:
    ///   - now: the planning instant for every user.
    ///   - content: the content generator, shared across workers.
    ///   - jobs: the number of workers (default: the active processor count).
    ///   - window: users in flight at most (default: ``BatchRunner/defaultWindow(jobs:)``).
    public init(now: Date, content: any ContentRendering, jobs: Int? = nil, window: Int? = nil) {
        self.now = now
        self.content = content
        self.jobs = max(1, jobs ?? BatchRunner.defaultJobs)
        self.window = window ?? BatchRunner.defaultWindow(jobs: self.jobs)
    }

    /// Plans one user: exactly `Planner.plan(preferences:state:events:now:content:configuration:)`.
    /// - Parameters:
    ///   - user: the user.
    ///   - index: the user's position in the input.
    /// - Returns: the result, with a failure as a value.
    public func plan(_ user: BatchUser, index: Int = 0) -> BatchResult {
        let outcome: Result<PlanResult, Diagnostic>
        do {
            outcome = .success(
                try Planner.plan(
                    preferences: user.preferences, state: user.state, events: user.events,
                    now: now, content: content))
        } catch {
            outcome = .failure(error)
        }
        return BatchResult(index: index, id: user.id, outcome: outcome)
    }

    /// Plans every user of a sequence, on ``jobs`` workers.
    /// - Parameters:
    ///   - users: any sequence, iterated lazily.
    ///   - body: receives each result in input order, one at a time; an error it throws stops the batch.
    /// - Throws: what `body` throws.
    public func plan<Users: Sequence>(_ users: Users, _ body: (BatchResult) async throws -> Void) async throws
    where Users.Element == BatchUser {
        let indexed = users.enumerated().lazy.map { IndexedUser(index: $0.offset, user: $0.element) }
        try await BatchRunner.run(jobs: jobs, window: window, indexed, transform: worker, consume: body)
    }

    /// Plans every user of an asynchronous sequence, on ``jobs`` workers.
    /// - Parameters:
    ///   - users: any asynchronous sequence (a socket, a database cursor), iterated lazily.
    ///   - body: receives each result in input order, one at a time; an error it throws stops the batch.
    /// - Throws: what `users` or `body` throw.
    public func plan<Users: AsyncSequence>(_ users: Users, _ body: (BatchResult) async throws -> Void) async throws
    where Users.Element == BatchUser {
        var iterator = users.makeAsyncIterator()
        var index = 0
        try await BatchRunner.run(
            jobs: jobs, window: window,
            inputs: {
                guard let user = try await iterator.next() else { return nil }
                defer { index += 1 }
                return IndexedUser(index: index, user: user)
            }, transform: worker, consume: body)
    }

    /// The work of one worker.
    private var worker: @Sendable (IndexedUser) -> BatchResult {
        { [self] in plan($0.user, index: $0.index) }
    }
}

/// A user and its position in the input.
private struct IndexedUser: Sendable {
    var index: Int
    var user: BatchUser
}
