import MessageCatalog
import ToolkitSupport
import Foundation

/// Where the planner's ``SchedulerState`` is kept between runs, shared by every process that
/// plans for the user: the app and its notification content extension (through an App Group),
/// or a widget.
///
/// ``update(_:)`` holds the store's lock across the whole read, plan, apply and save, so two
/// planners running at once take turns: neither loses the other's update nor hands the centre a
/// request twice. The lock is a `flock` on a companion file (`.NAME.lock` beside the state), which
/// every process on the device sees, plus an in-process queue so that two tasks of one process
/// wait without blocking a thread. The lock is released when the update ends, throws, or the
/// process dies.
public protocol SchedulerStateStore: Sendable {
    /// Runs `body` with the saved state (an empty one when nothing was saved yet) under the lock,
    /// and saves the state `body` leaves when it returns; nothing is saved when it throws.
    /// - Parameter body: reads and changes the state (plans and applies); it may await.
    /// - Returns: what `body` returns.
    /// - Throws: ``SchedulerStateStoreError`` when the state cannot be read, locked or written;
    ///   what `body` throws.
    func update<R>(_ body: (inout SchedulerState) async throws -> R) async throws -> R
}

/// A store that cannot be read, locked or written: what, where, and how to fix it.
public struct SchedulerStateStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, or the `UserDefaults` suite and key.
    public var location: String
    /// What went wrong and how to fix it.
    public var message: String

    /// An error at `location`.
    /// - Parameters:
    ///   - location: the file, or the suite and key.
    ///   - message: what went wrong and how to fix it.
    public init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    /// `location: error: message`.
    public var description: String { "\(location): error: \(message)" }
}

/// The state in a JSON file: in an App Group container the app and its extensions share it.
///
/// The file is replaced atomically on every save (a process killed at any moment leaves the old
/// state or the new one) and created readable by its owner only. On iOS, find the container with
/// `FileManager.default.containerURL(forSecurityApplicationGroupIdentifier:)`; the app and each
/// extension that plans must have the App Group in their entitlements.
public struct FileSchedulerStateStore: SchedulerStateStore {
    /// The state file.
    public let url: URL

    /// A store over `url` (created on the first save; its folder must exist).
    /// - Parameter url: the state file, e.g. `notification-state.json` in the App Group container.
    public init(url: URL) { self.url = url }

    /// A store in a folder: `notification-state.json` there.
    /// - Parameters:
    ///   - folder: the App Group container (or any folder every planning process can write).
    ///   - fileName: the file's name.
    public init(folder: URL, fileName: String = "notification-state.json") {
        url = folder.appendingPathComponent(fileName)
    }

    /// Reads the state, runs `body`, writes the state back atomically, all under the file's lock.
    /// - Parameter body: reads and changes the state.
    /// - Returns: what `body` returns.
    /// - Throws: ``SchedulerStateStoreError`` naming the file (not JSON of a state, not writable,
    ///   no folder); what `body` throws (then nothing is written).
    public func update<R>(_ body: (inout SchedulerState) async throws -> R) async throws -> R {
        let path = url.path
        return try await StoreLock.holding(path, lockFile: path) {
            var state = try Self.read(url)
            let result = try await body(&state)
            do {
                try AtomicFile.write(try state.jsonData(), to: url, newFileMode: 0o600)
            } catch {
                throw SchedulerStateStoreError(
                    location: path,
                    message:
                        "cannot save the notification state: \(error) (the folder must exist and be writable by the app and its extensions: check the App Group entitlement)"
                )
            }
            return result
        }
    }

    /// The saved state, without taking the lock (for display: a plan must use ``update(_:)``).
    /// - Throws: ``SchedulerStateStoreError`` when the file is not a state.
    public func load() throws -> SchedulerState { try Self.read(url) }

    static func read(_ url: URL) throws -> SchedulerState {
        let data: Data
        do {
            guard FileManager.default.fileExists(atPath: url.path) else { return SchedulerState() }
            data = try Data(contentsOf: url)
        } catch {
            throw SchedulerStateStoreError(location: url.path, message: "cannot read the notification state: \(error.localizedDescription)")
        }
        return try decode(data, location: url.path)
    }

    static func decode(_ data: Data, location: String) throws -> SchedulerState {
        if data.isEmpty { return SchedulerState() }
        do {
            return try SchedulerState.from(json: data)
        } catch {
            throw SchedulerStateStoreError(
                location: location,
                message: "not a saved notification state: \(error.message) (delete it to start afresh: the next plan schedules everything again)")
        }
    }
}

/// The state under a key of a `UserDefaults` suite: for an app that keeps its settings there
/// (an App Group suite, `UserDefaults(suiteName: "group.…")`, is shared with its extensions).
///
/// `UserDefaults` has no lock of its own: give `lockFile`, a file in the App Group container, when
/// an extension plans too; without it only the tasks of one process take turns. Prefer
/// ``FileSchedulerStateStore`` when the app and an extension both plan: `UserDefaults` may show
/// another process's write a moment late, a file never does.
public struct UserDefaultsSchedulerStateStore: SchedulerStateStore {
    /// The suite (nil: the app's standard defaults).
    public let suiteName: String?
    /// The key holding the state's JSON.
    public let key: String
    /// The file whose lock the processes share (nil: this process only).
    public let lockFile: URL?

    /// A store under `key` of the suite `suiteName`.
    /// - Parameters:
    ///   - suiteName: an App Group's suite, or nil for `UserDefaults.standard`.
    ///   - key: the key (`notificationState`).
    ///   - lockFile: a file in the App Group container whose lock every planning process takes.
    public init(suiteName: String?, key: String = "notificationState", lockFile: URL? = nil) {
        self.suiteName = suiteName
        self.key = key
        self.lockFile = lockFile
    }

    private var location: String { "UserDefaults(suiteName: \(suiteName.map { "\"\($0)\"" } ?? "nil"))[\"\(key)\"]" }

    /// Reads the state, runs `body`, stores the state back, all under the lock.
    /// - Parameter body: reads and changes the state.
    /// - Returns: what `body` returns.
    /// - Throws: ``SchedulerStateStoreError`` when the suite cannot be opened or the value is not a
    ///   state; what `body` throws (then nothing is stored).
    public func update<R>(_ body: (inout SchedulerState) async throws -> R) async throws -> R {
        let location = location
        return try await StoreLock.holding(location, lockFile: lockFile?.path) {
            guard let defaults = suiteName.map({ UserDefaults(suiteName: $0) }) ?? UserDefaults.standard else {
                throw SchedulerStateStoreError(location: location, message: "cannot open the suite (an App Group suite needs the App Group entitlement)")
            }
            var state = try FileSchedulerStateStore.decode(defaults.data(forKey: key) ?? Data(), location: location)
            let result = try await body(&state)
            defaults.set(try state.jsonData(), forKey: key)
            return result
        }
    }
}

/// The store's lock: one task of this process at a time per key (waiting without blocking a
/// thread), then the `flock` of the lock file, which other processes take too.
enum StoreLock {
    /// The keys held in this process, and the tasks waiting for each.
    actor Queue {
        private var held: Set<String> = []
        private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

        func acquire(_ key: String) async {
            guard held.contains(key) else { held.insert(key); return }
            await withCheckedContinuation { waiting[key, default: []].append($0) }
        }

        func release(_ key: String) {
            if var queue = waiting[key], !queue.isEmpty {
                let next = queue.removeFirst()
                waiting[key] = queue.isEmpty ? nil : queue
                next.resume()  // handed over: the key stays held
            } else {
                held.remove(key)
            }
        }
    }

    static let queue = Queue()

    static func holding<R>(_ key: String, lockFile: String?, _ body: () async throws -> R) async throws -> R {
        await queue.acquire(key)
        var lock: FileLock? = nil
        do {
            if let lockFile {
                do { lock = try FileLock(exclusiveFor: lockFile) } catch {
                    throw SchedulerStateStoreError(
                        location: lockFile, message: "cannot lock the notification state: \(error) (the folder must exist and be writable)")
                }
            }
            let result = try await body()
            lock?.unlock()
            await queue.release(key)
            return result
        } catch {
            lock?.unlock()
            await queue.release(key)
            throw error
        }
    }
}
