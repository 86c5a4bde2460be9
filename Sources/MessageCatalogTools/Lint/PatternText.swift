import ToolkitSupport
import MessageCatalog
/// The literal text of a parsed pattern with where each code unit was written, for rules that
/// point into prose (punctuation, literal numbers) and for word counts.
struct PatternText {
    /// One text node: its UTF-16 code units and the source offset of each.
    struct Segment {
        let units: [UInt16]
        let offsets: [Int]
        var text: String { String(decoding: units, as: UTF16.self) }
    }

    /// One way through the pattern (one branch of each plural and select): literal code units
    /// with their offsets; arguments and `#` stand as U+FFFC with offset -1.
    typealias Path = [(unit: UInt16, offset: Int)]

    let pattern: MessagePattern
    /// Offsets per text node, in depth-first order (`MessagePattern.textOffsets`).
    private let offsets: [[Int]]

    /// - Parameters:
    ///   - pattern: a parsed pattern; when it was parsed without `recordingTextOffsets` (as lint
    ///     holds every unit, so that a large catalog does not keep 8 bytes per literal character),
    ///     its source is parsed again, here, to find them.
    ///   - withOffsets: false when only the text is needed (word counts): every offset is -1.
    init(_ pattern: MessagePattern, withOffsets: Bool = true) {
        self.pattern = pattern
        if !withOffsets || !pattern.textOffsets.isEmpty {
            self.offsets = pattern.textOffsets
        } else {
            self.offsets = (try? MessagePattern(pattern.source, recordingTextOffsets: true))?.textOffsets ?? []
        }
    }

    /// Every text node of `nodes` and below, in depth-first order; `start` is the index of the
    /// first text node of `nodes` in the whole pattern's order.
    func segments(of nodes: [MessageNode], startingAt start: inout Int, nested: Bool = true) -> [Segment] {
        var out: [Segment] = []
        for n in nodes {
            switch n {
            case .text(let s):
                let units = Array(s.utf16)
                let offs = start < offsets.count && offsets[start].count == units.count ? offsets[start] : Array(repeating: -1, count: units.count)
                out.append(Segment(units: units, offsets: offs))
                start += 1
            case .pound: break
            case .argument(let a):
                var inner: [Segment] = []
                for b in a.branches { inner += segments(of: b.message, startingAt: &start) }
                if nested { out += inner }
            }
        }
        return out
    }

    /// Every text node of the pattern.
    var allSegments: [Segment] {
        var i = 0
        return segments(of: pattern.nodes, startingAt: &i)
    }

    /// Every path through the pattern, or nil when there are more than `limit`.
    func paths(limit: Int = 256) -> [Path]? {
        var index = 0
        return paths(pattern.nodes, &index, limit: limit)
    }

    private func paths(_ nodes: [MessageNode], _ index: inout Int, limit: Int) -> [Path]? {
        var out: [Path] = [[]]
        for n in nodes {
            switch n {
            case .text(let s):
                let units = Array(s.utf16)
                let offs = index < offsets.count && offsets[index].count == units.count ? offsets[index] : Array(repeating: -1, count: units.count)
                index += 1
                let piece = Array(zip(units, offs)).map { (unit: $0.0, offset: $0.1) }
                for i in out.indices { out[i] += piece }
            case .pound:
                for i in out.indices { out[i].append((0xFFFC, -1)) }
            case .argument(let a):
                let branches = a.branches
                if branches.isEmpty {
                    for i in out.indices { out[i].append((0xFFFC, -1)) }
                    continue
                }
                var expanded: [Path] = []
                for b in branches {
                    guard let sub = paths(b.message, &index, limit: limit) else { return nil }
                    for p in out { for s in sub { expanded.append(p + s) } }
                    if expanded.count > limit { return nil }
                }
                out = expanded
            }
        }
        return out
    }
}

extension ArgumentNode {
    /// The branches of a plural, selectordinal or select; empty for other arguments.
    var branches: [PatternBranch] {
        switch type {
        case .plural(let p): p.branches
        case .select(let s): s.branches
        default: []
        }
    }
}

extension MessagePattern {
    /// Every argument node, depth first, with the plural or select branch it sits in.
    func forEachArgument(_ body: (ArgumentNode) -> Void) {
        func walk(_ nodes: [MessageNode]) {
            for n in nodes {
                guard case .argument(let a) = n else { continue }
                body(a)
                for b in a.branches { walk(b.message) }
            }
        }
        walk(nodes)
    }
}

extension MessagePattern {
    /// The arguments every text of a group (the source texts of one part and tone) shows
    /// whatever its cases: what each translation of the group should show too.
    static func requiredArguments(_ group: [MessagePattern]) -> Set<String> {
        guard let first = group.first else { return [] }
        return group.dropFirst().reduce(first.nodes.unconditionalArgumentNames) { $0.intersection($1.nodes.unconditionalArgumentNames) }
    }
}

extension [MessageNode] {
    /// The arguments shown whatever the cases: those outside any plural or select, each
    /// plural's and select's own argument, and those every case of a plural or select shows.
    var unconditionalArgumentNames: Set<String> {
        var out = Set<String>()
        for n in self {
            guard case .argument(let a) = n else { continue }
            out.insert(a.name)
            let branches = a.branches
            if let first = branches.first {
                out.formUnion(branches.dropFirst().reduce(first.message.unconditionalArgumentNames) { $0.intersection($1.message.unconditionalArgumentNames) })
            }
        }
        return out
    }

    /// The names of the arguments used anywhere in these nodes (and `#` as the plural's own).
    var argumentNames: Set<String> {
        var out = Set<String>()
        func walk(_ nodes: [MessageNode]) {
            for n in nodes {
                guard case .argument(let a) = n else { continue }
                out.insert(a.name)
                for b in a.branches { walk(b.message) }
            }
        }
        walk(self)
        return out
    }
}
