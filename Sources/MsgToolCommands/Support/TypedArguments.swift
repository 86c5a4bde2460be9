import NotificationBatch
import ArgumentParser
import Foundation
import NotificationPlanning

/// `--now`: an ISO 8601 instant with a UTC offset (`2026-11-23T09:00:00+01:00`), parsed once by
/// the argument parser; ``validate()`` checks that it lies in 1970…2999.
package struct PlanningInstant: ExpressibleByArgument, CustomStringConvertible {
    /// The instant.
    package let date: Date
    /// The text given.
    package let description: String

    package init?(argument: String) {
        guard let date = ISO8601Instant.date(argument) else { return nil }
        self.date = date
        self.description = argument
    }

    package static var defaultValueDescription: String { "ISO 8601 instant with an offset, e.g. 2026-11-23T09:00:00+01:00" }

    /// Usage check: the instant lies in the supported range (1970…2999).
    package func validate() throws {
        if let problem = InputLimits.instantProblem(description) { throw ValidationError("--now: \(problem).") }
    }
}

/// `--arg name=value`: one message argument, split once at its first `=`.
struct NamedArgument: ExpressibleByArgument {
    /// The argument's name.
    let name: String
    /// The value as given; typed later by how the message uses it.
    let text: String

    init?(argument: String) {
        guard let eq = argument.firstIndex(of: "="), eq != argument.startIndex else { return nil }
        self.name = String(argument[..<eq])
        self.text = String(argument[argument.index(after: eq)...])
    }
}

/// `--shard I/N`, with 0 <= I < N.
struct ShardArgument: ExpressibleByArgument, CustomStringConvertible {
    /// The shard.
    let shard: BatchShard
    /// The text given.
    let description: String

    init?(argument: String) {
        guard let shard = BatchShard(argument) else { return nil }
        self.shard = shard
        self.description = argument
    }

    static var defaultValueDescription: String { "I/N with 0 <= I < N, e.g. 0/3" }
}
