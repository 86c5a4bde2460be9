import MessageCatalog

/// Punctuation written right after text the user typed. A habit's name or an achievement is
/// shown as the user wrote it, and people end such text with “.” or “!” as often as not, so
/// `{habit}: due today` reads “Read 20 pages.: due today” and `{habit}，准备好了吗？` reads
/// “Read 20 pages.，准备好了吗？”. The source declares such arguments with `"userText": true`.
extension LintRun {
    /// The marks that must not follow the user's text: ASCII and full-width sentence and clause
    /// punctuation, the ellipsis and the ideographic comma and full stop.
    static let userTextFollowers: Set<UInt16> = [
        0x2E, 0x2C, 0x3A, 0x3B, 0x21, 0x3F, 0x2026,  // . , : ; ! ? …
        0x3002, 0xFF0C, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F, 0x3001, 0xFF0E  // 。 ， ： ； ！ ？ 、 ．
    ]

    /// Spaces that keep a mark on the word before it (French « : », « ! » and « ? » after a
    /// no-break or thin space): a mark after them is as glued as one written directly.
    static let userTextGlue: Set<UInt16> = [0xA0, 0x202F, 0x2009, 0x200A]

    /// In every text of every locale: a `{name}` of an argument the source declares as
    /// `"userText": true`, directly followed (in the same case, or after the plural or select
    /// the argument ends a case of) by one of ``userTextFollowers``, possibly after no-break
    /// spaces.
    mutating func checkUserTextPunctuation(_ unit: CatalogUnit, _ pattern: MessagePattern, in file: LintedFile, declarations: [ArgumentDeclaration]) {
        let userText = Dictionary(declarations.filter(\.isUserText).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        guard !userText.isEmpty else { return }
        let text = PatternText(pattern)
        var index = 0
        var reported = Set<Int>()

        /// Reports the user-text arguments in `pending` that `node` (a text node, index `at`) follows with a mark.
        func check(_ pending: [ArgumentNode], followedBy s: String, at textIndex: Int) {
            guard !pending.isEmpty else { return }
            var i = textIndex
            guard let segment = text.segments(of: [.text(s)], startingAt: &i).first else { return }
            let units = segment.units
            var k = 0
            while k < units.count, Self.userTextGlue.contains(units[k]) { k += 1 }
            guard k < units.count, Self.userTextFollowers.contains(units[k]) else { return }
            let offset = segment.offsets[k]
            // One finding a mark (a mark after a select whose cases all end with the text is one mistake).
            if let a = pending.first, reported.insert(offset >= 0 ? offset : -1 - a.offset).inserted {
                let mark = String(decoding: [units[k]], as: UTF16.self)
                let sample = Self.userTextSample(userText[a.name], locale: file.locale)
                add(
                    file.file, unit, offset: offset >= 0 ? offset : a.offset, .error, .userTextPunctuation,
                    "'{\(a.name)}' is text the user typed (\"userText\" in the source), which may end with its own “.” or “!”, so the “\(mark)” right after it would read “\(sample)\(mark)”: put the user's text after the punctuation (“Due today: {\(a.name)}”), let a word follow it, or quote it (“{\(a.name)}”)."
                )
            }
        }

        /// Walks `nodes`; returns the user-text arguments that end it (nothing follows them in it).
        func walk(_ nodes: [MessageNode]) -> [ArgumentNode] {
            var pending: [ArgumentNode] = []
            for n in nodes {
                switch n {
                case .text(let s):
                    check(pending, followedBy: s, at: index)
                    index += 1
                    pending = []
                case .pound:
                    pending = []
                case .argument(let a):
                    let branches = a.branches
                    if branches.isEmpty {
                        if case .none = a.type, userText[a.name] != nil { pending = [a] } else { pending = [] }
                    } else {
                        var ends: [ArgumentNode] = []
                        for b in branches { ends += walk(b.message) }
                        pending = ends
                    }
                }
            }
            return pending
        }
        _ = walk(pattern.nodes)
    }

    /// The argument's example in `locale` with a full stop, as a user may write it (“Drink water.”).
    static func userTextSample(_ declaration: ArgumentDeclaration?, locale: String) -> String {
        guard case .string(let s)? = declaration?.example(for: locale), !s.isEmpty else { return "Read 20 pages." }
        guard let last = s.utf16.last, !userTextFollowers.contains(last) else { return s }
        return s + (locale.hasPrefix("zh") || locale.hasPrefix("ja") ? "。" : ".")
    }
}
