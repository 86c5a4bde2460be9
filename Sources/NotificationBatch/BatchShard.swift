import NotificationPlanning
import AffirmationSelector
/// One shard of N: the users whose id hashes to it, so that N machines reading the same input
/// cover every user exactly once.
///
/// The hash is stable everywhere and forever: FNV-1a 64 over the UTF-8 bytes of the id (as
/// decoded from JSON, without the quotes), offset basis `0xcbf29ce484222325`, prime
/// `0x100000001b3`, arithmetic modulo 2⁶⁴; the user belongs to shard `hash % count` (the hash as
/// an unsigned 64-bit integer). For example `"u-0001"` hashes to `0x52c2d5f0125d87a4`: shard 0 of
/// 2, 2 of 3 (see `StableKey.fnv1a64(_:seed:)`).
public struct BatchShard: Sendable, Hashable, CustomStringConvertible {
    /// This shard, `0..<count`.
    public let index: Int
    /// How many shards there are (at least 1).
    public let count: Int

    /// The whole input as one shard.
    public static let all = BatchShard(uncheckedIndex: 0, count: 1)

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Shard `index` of `count`.
    /// - Parameters:
    ///   - index: `0..<count`.
    ///   - count: at least 1.
    /// - Returns: nil when `index` is not in `0..<count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (0..<count).contains(index) else { return nil }
        self.init(uncheckedIndex: index, count: count)
    }

    /// Parses `I/N` (`0/3`).
    /// - Parameter text: the shard as written on the command line.
    /// - Returns: nil unless it is two decimal integers `I/N` with `0 <= I < N`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let index = Int(parts[0]), let count = Int(parts[1])
        else { return nil }
        self.init(index: index, count: count)
    }

    /// The stable hash of an id: FNV-1a 64 of its UTF-8 bytes.
    /// - Parameter id: the user's id.
    /// - Returns: the 64-bit hash.
    public static func hash(_ id: String) -> UInt64 { StableKey.fnv1a64(id) }

    /// The shard an id belongs to among `count`.
    /// - Parameters:
    ///   - id: the user's id.
    ///   - count: the number of shards (at least 1).
    /// - Returns: `hash(id) % count`.
    public static func index(of id: String, among count: Int) -> Int { Int(hash(id) % UInt64(max(1, count))) }

    /// Whether the user with this id belongs to this shard.
    /// - Parameter id: the user's id.
    /// - Returns: true when `hash(id) % count == index`.
    public func contains(id: String) -> Bool { Self.index(of: id, among: count) == index }

    /// `index/count`, e.g. `0/2`, the form ``init(_:)`` parses.
    public var description: String { "\(index)/\(count)" }
}
