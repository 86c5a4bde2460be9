import ToolkitSupport
import MessageCatalog
/// The rules about what a message says as a whole: words its source declares out of bounds
/// (`avoid`), and title/body pairs that open alike.
extension LintRun {
    /// Runs the content rules on one file against the source's declarations; a regional file
    /// (es-419) is read with what its parent provides (the tones it leaves out).
    mutating func checkContent(_ file: LintedFile, source: LintedFile) {
        let parent = regionalParent(file.locale).flatMap { p in files.first { $0.locale == p } }
        for sm in source.file.messages {
            let own = file.units(key: sm.key)
            if let words = Self.avoidedWords(sm.avoid, locale: file.locale), !words.isEmpty {
                for u in own { checkAvoided(u, words: words, in: file, key: sm.key) }
            }
            checkEcho(key: sm.key, own: own, inherited: parent?.units(key: sm.key) ?? [], in: file, declarations: sm.arguments)
        }
    }

    /// The words declared for a locale: those under its tag and under its language.
    static func avoidedWords(_ avoid: [String: [String]], locale: String) -> [String]? {
        let language = String(locale.split(separator: "-").first ?? "")
        let words = (avoid[locale] ?? []) + (locale == language ? [] : avoid[language] ?? [])
        return words.isEmpty ? nil : words
    }

    /// Whether a language writes words without spaces between them (then a word matches inside
    /// a run of text, not only between non-letters).
    static func writesWithoutSpaces(_ language: String) -> Bool { ["zh", "ja", "th", "lo", "km", "my"].contains(language) }

    // MARK: Avoided words

    private mutating func checkAvoided(_ u: LintedUnit, words: [String], in file: LintedFile, key: String) {
        guard let pattern = u.pattern else { return }
        let anywhere = Self.writesWithoutSpaces(file.language)
        for segment in PatternText(pattern).allSegments {
            let text = segment.units
            for word in words {
                for start in Self.occurrences(of: word, in: text, wholeWords: !anywhere) {
                    let shown = String(decoding: text[start..<min(text.count, start + word.utf16.count)], as: UTF16.self)
                    add(
                        file.file, u.unit, offset: segment.offsets[start], .error, .avoidedWord,
                        "“\(shown)” is a word '\(key)' must not use in \(file.locale) (its \"avoid\" list in \(sourceLocale).json: the message is not sent at a time or frequency that word assumes): rephrase without it."
                    )
                }
            }
        }
    }

    /// Start indices of `word` in `text`, case-insensitively; with `wholeWords`, only where
    /// neither neighbour is a letter or digit.
    static func occurrences(of word: String, in text: [UInt16], wholeWords: Bool) -> [Int] {
        let needle = Array(word.lowercased().utf16)
        let hay = Array(String(decoding: text, as: UTF16.self).lowercased().utf16)
        // lowercasing that changes the length (rare) cannot be mapped back: fall back to as-is
        let haystack = hay.count == text.count ? hay : text
        guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
        func isWordUnit(_ i: Int) -> Bool {
            guard i >= 0, i < haystack.count, let s = Unicode.Scalar(haystack[i]) else { return false }
            return s.properties.isAlphabetic || s.properties.numericType != nil
        }
        var out: [Int] = []
        var i = 0
        while i + needle.count <= haystack.count {
            if haystack[i..<(i + needle.count)].elementsEqual(needle),
                !wholeWords || (!isWordUnit(i - 1) && !isWordUnit(i + needle.count))
            {
                out.append(i)
                i += needle.count
            } else {
                i += 1
            }
        }
        return out
    }

    // MARK: Title/body echo

    /// For each tone, every title against every body (they are picked independently): a body
    /// that opens with the same words as a title reads as an echo of it.
    private mutating func checkEcho(key: String, own: [LintedUnit], inherited: [LintedUnit], in file: LintedFile, declarations: [ArgumentDeclaration]) {
        guard own.contains(where: { $0.unit.part == "title" || $0.unit.part == "body" }) else { return }
        let tones: [Tone?] = Set(own.map(\.unit.tone)).sorted { ($0?.rawValue ?? "") < ($1?.rawValue ?? "") }
        for tone in tones {
            func units(_ part: String) -> [LintedUnit] {
                let mine = own.filter { $0.unit.part == part && $0.unit.tone == tone }
                return mine.isEmpty ? inherited.filter { $0.unit.part == part && $0.unit.tone == tone } : mine
            }
            let titles = units("title").compactMap { t in opening(t, in: file, declarations: declarations).map { (t, $0) } }
            guard !titles.isEmpty else { continue }
            let ownIDs = Set(own.map(\.unit.id))
            for body in units("body") {
                guard let b = opening(body, in: file, declarations: declarations) else { continue }
                for (title, t) in titles where t.key == b.key && (ownIDs.contains(body.unit.id) || ownIDs.contains(title.unit.id)) {
                    // reported on a unit of this file: the body, or else the title
                    let target = ownIDs.contains(body.unit.id) ? body.unit : title.unit
                    add(
                        file.file, at: target.position, .warning, .titleBodyEcho, target.id,
                        "The body \(body.unit.id) opens like the title \(title.unit.id) (“\(b.shown)…”): any title of the tone may come with any body, so the pair reads as an echo; open the \(target.part) with other words."
                    )
                    break
                }
            }
        }
    }

    /// A text's opening, rendered with the example arguments: its first two words (first three
    /// characters in a language written without spaces), lower-cased, leading punctuation and
    /// symbols skipped; nil when it cannot be rendered.
    private func opening(_ u: LintedUnit, in file: LintedFile, declarations: [ArgumentDeclaration]) -> (key: String, shown: String)? {
        guard let format = u.format else { return nil }
        var args: [String: MessageValue] = [:]
        for d in declarations { if let e = d.example(for: file.locale) { args[d.name] = e } }
        args[AddressTerm.argumentName] = .string(AddressTerm.unspecified.selectKeyword)
        guard let prepared = try? LocalizedCatalog.prepared(args, declarations: declarations, locale: file.locale),
            let text = try? format.format(format.bind(prepared), timeZone: options.timeZone, context: FormatContext())
        else { return nil }
        return Self.opening(of: text, language: file.language)
    }

    static func opening(of text: String, language: String) -> (key: String, shown: String)? {
        let isWord: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        let trimmed = text.drop { !isWord($0) }
        if writesWithoutSpaces(language) {
            // letters only: a leading number (a year, a count) is not an opening
            let head = trimmed.filter { $0.isLetter }.prefix(3)
            return head.count < 3 ? nil : (String(head), String(head))
        }
        var words: [Substring] = []
        var rest = trimmed[...]
        while words.count < 2, !rest.isEmpty {
            let w = rest.prefix { isWord($0) || $0 == "’" || $0 == "'" }
            if !w.isEmpty { words.append(w) }
            rest = rest.dropFirst(max(1, w.count)).drop { !isWord($0) }
        }
        guard words.count == 2 else { return nil }
        let shown = words.joined(separator: " ")
        return (shown.lowercased(), shown)
    }
}
