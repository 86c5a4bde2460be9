import ToolkitSupport
import MessageCatalog
/// The rules a native editor applies to what a reader sees, checked on rendered texts: pools
/// whose variants open alike, titles repeated in bodies, calendar words that contradict when the
/// message is sent, and a breakable space between a number and its unit.
extension LintRun {
    /// Runs the rendered-text rules on one file's units of every message of the source.
    mutating func checkRendered(_ file: LintedFile, source: LintedFile) {
        let parent = regionalParent(file.locale).flatMap { p in files.first { $0.locale == p } }
        for sm in source.file.messages {
            let own = file.units(key: sm.key)
            guard !own.isEmpty else { continue }
            let renderings = Dictionary(
                own.map { ($0.unit.id, renderedTexts($0, in: file, declarations: sm.arguments)) },
                uniquingKeysWith: { a, _ in a })
            checkFrames(own, renderings: renderings, in: file)
            checkTitleInBody(own: own, inherited: parent?.units(key: sm.key) ?? [], renderings: renderings, in: file, declarations: sm.arguments)
            checkTitleNumber(own: own, inherited: parent?.units(key: sm.key) ?? [], renderings: renderings, in: file, declarations: sm.arguments)
            checkTitleInBodySelect(own: own, inherited: parent?.units(key: sm.key) ?? [], renderings: renderings, in: file, declarations: sm.arguments)
            if let moment = sm.sent { checkCalendar(own, moment: moment, in: file, key: sm.key) }
            checkUnitSpace(own, in: file)
        }
    }

    // MARK: Rendering

    /// The unit rendered with its message's example arguments, and again with every number
    /// argument at 0 (the `=0` wording) when that reads differently; empty when it cannot be
    /// rendered.
    func renderedTexts(_ u: LintedUnit, in file: LintedFile, declarations: [ArgumentDeclaration]) -> [String] {
        guard let format = u.format else { return [] }
        var example: [String: MessageValue] = [:]
        for d in declarations { if let e = d.example(for: file.locale) { example[d.name] = e } }
        example[AddressTerm.argumentName] = .string(AddressTerm.unspecified.selectKeyword)
        var zero = example
        for d in declarations where d.kind == .number { zero[d.name] = .int(0) }
        var out: [String] = []
        for args in [example, zero] {
            guard let prepared = try? LocalizedCatalog.prepared(args, declarations: declarations, locale: file.locale),
                let text = try? format.format(format.bind(prepared), timeZone: options.timeZone, context: FormatContext())
            else { continue }
            if !out.contains(text) { out.append(text) }
        }
        return out
    }

    /// Words of a rendered text, lower-cased, with any token holding a digit written `#`
    /// (“8.4 km in” → `# km in`); in a language written without spaces, its characters (letters
    /// one by one, a run of digits as one `#`). Punctuation, symbols and emoji are skipped.
    static func tokens(of text: String, language: String) -> [String] {
        // a digit as written in numbers (0-9, ٣, ३), not a numeral word such as 一
        func isDigit(_ c: Character) -> Bool { c.unicodeScalars.first?.properties.numericType == .decimal }
        var out: [String] = []
        if writesWithoutSpaces(language) {
            var inNumber = false
            for c in text {
                if isDigit(c) { if !inNumber { out.append("#") }; inNumber = true; continue }
                if inNumber, c == "." || c == "," { continue }
                inNumber = false
                if c.isLetter { out.append(String(c).lowercased()) }
            }
            return out
        }
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            out.append(word.contains(where: isDigit) ? "#" : word.lowercased())
            word = ""
        }
        var previous: Character? = nil
        for c in text {
            if c.isLetter || c.isNumber {
                word.append(c)
            } else if (c == "’" || c == "'" || c == "-") && !word.isEmpty {
                word.append(c)
            } else if (c == "." || c == ",") && previous.map(isDigit) == true {
                word.append(c)
            } else {
                flush()
            }
            previous = c
        }
        flush()
        return out
    }

    // MARK: Pool frames

    /// Within each pool of a tone (one part and tone, two variants or more), a variant that opens with the
    /// same frame as an earlier one: its first two words (three characters in a language written
    /// without spaces), numbers counting as one word. Six variants that all open with the
    /// numbers read as one text shown six times.
    private mutating func checkFrames(_ own: [LintedUnit], renderings: [String: [String]], in file: LintedFile) {
        var pools: [String: [LintedUnit]] = [:]
        var order: [String] = []
        // a pool without tones (the affirmations) is a list of items, not one notification's variants
        for u in own where u.unit.index != nil && u.unit.tone != nil {
            let k = u.unit.part + "." + (u.unit.tone?.rawValue ?? "")
            if pools[k] == nil { order.append(k) }
            pools[k, default: []].append(u)
        }
        let width = Self.writesWithoutSpaces(file.language) ? 3 : 2
        for k in order {
            guard let pool = pools[k], pool.count > 1 else { continue }
            var seen: [String: (unit: LintedUnit, shown: String)] = [:]
            for u in pool {
                var frames: [(key: String, shown: String)] = []
                for text in renderings[u.unit.id] ?? [] {
                    let t = Self.tokens(of: text, language: file.language)
                    guard t.count >= width else { continue }
                    let key = t.prefix(width).joined(separator: " ")
                    if !frames.contains(where: { $0.key == key }) { frames.append((key, Self.shownOpening(text, tokens: width, language: file.language))) }
                }
                var reported = false
                for f in frames {
                    if let first = seen[f.key], !reported {
                        reported = true
                        add(
                            file.file, at: u.unit.position, .warning, .poolFrame, u.unit.id,
                            "\(u.unit.id) opens like \(first.unit.unit.id) of the same pool (“\(f.shown)…” / “\(first.shown)…”): a pool is six ideas, and a reader who gets two of them sees one text twice; open it another way (a different first word, not the same number)."
                        )
                    }
                    if seen[f.key] == nil { seen[f.key] = (u, f.shown) }
                }
            }
        }
    }

    /// The opening of a rendered text as a reader sees it, for messages: its first `tokens`
    /// words (characters), punctuation included.
    static func shownOpening(_ text: String, tokens: Int, language: String) -> String {
        let trimmed = text.drop { !($0.isLetter || $0.isNumber) }
        if writesWithoutSpaces(language) { return String(trimmed.prefix(tokens + 2)) }
        var words = 0
        var end = trimmed.startIndex
        var inWord = false
        for i in trimmed.indices {
            let c = trimmed[i]
            if c == " " { if inWord { words += 1; inWord = false; if words == tokens { break } } } else { inWord = true }
            end = trimmed.index(after: i)
        }
        return String(trimmed[..<end])
    }

    // MARK: Title repeated in body

    /// For each tone, every title against every body: a body that says three words of a title
    /// in a row (four characters in a language written without spaces), anywhere, repeats it to
    /// a reader who sees both. The user's own text (string arguments) does not count.
    private mutating func checkTitleInBody(
        own: [LintedUnit], inherited: [LintedUnit], renderings: [String: [String]], in file: LintedFile, declarations: [ArgumentDeclaration]
    ) {
        let userTexts = Self.userTexts(declarations)
        func grams(_ texts: [String]) -> [String: String] { Self.titleGrams(texts, userTexts: userTexts, language: file.language) }
        let ownIDs = Set(own.map(\.unit.id))
        let tones: [Tone?] = Set(own.map(\.unit.tone)).sorted { ($0?.rawValue ?? "") < ($1?.rawValue ?? "") }
        for tone in tones {
            func units(_ part: String) -> [LintedUnit] {
                let mine = own.filter { $0.unit.part == part && $0.unit.tone == tone }
                return mine.isEmpty ? inherited.filter { $0.unit.part == part && $0.unit.tone == tone } : mine
            }
            let titles = units("title")
            guard !titles.isEmpty else { continue }
            let titleGrams = titles.map { ($0, grams(rendered($0, renderings, file: file, declarations: declarations))) }
            for body in units("body") {
                let bodyGrams = grams(rendered(body, renderings, file: file, declarations: declarations))
                for (title, tg) in titleGrams where ownIDs.contains(body.unit.id) || ownIDs.contains(title.unit.id) {
                    guard let shared = tg.keys.sorted().first(where: { bodyGrams[$0] != nil }) else { continue }
                    let target = ownIDs.contains(body.unit.id) ? body.unit : title.unit
                    add(
                        file.file, at: target.position, .warning, .titleInBody, target.id,
                        "The body \(body.unit.id) repeats the title \(title.unit.id) (“\(tg[shared] ?? shared)”): any title of the tone may come with any body, so the reader reads it twice; say it in one of them only."
                    )
                    break
                }
            }
        }
    }

    /// The examples of the message's free-text string arguments (the user's own words, which
    /// do not count as a repetition).
    static func userTexts(_ declarations: [ArgumentDeclaration]) -> [String] {
        declarations.compactMap { d in
            guard d.kind == .string, d.values.isEmpty, case .string(let s)? = d.example, !s.isEmpty else { return nil }
            return s
        }
    }

    /// The runs of three words (four characters in a language written without spaces) of
    /// rendered texts that `title-in-body` compares, by key, with how each reads; runs of
    /// numbers alone, and runs with fewer than two meaningful words, left out.
    static func titleGrams(_ texts: [String], userTexts: [String], language: String) -> [String: String] {
        let run = writesWithoutSpaces(language) ? 4 : 3
        var out: [String: String] = [:]
        for var text in texts {
            for s in userTexts { text = text.replacingOccurrences(of: s, with: " ¶ ") }
            let t = tokens(of: text, language: language)
            guard t.count >= run else { continue }
            for i in 0...(t.count - run) {
                let g = Array(t[i..<(i + run)])
                // a gram of numbers alone says nothing, nor one of short function words
                // (“de tu meta”, “a la pantalla”): two of its words carry meaning
                if g.allSatisfy({ $0 == "#" }) { continue }
                if !writesWithoutSpaces(language), g.count(where: { $0 == "#" || $0.count >= 4 }) < 2 { continue }
                let key = g.joined(separator: " ")
                if out[key] == nil { out[key] = g.joined(separator: writesWithoutSpaces(language) ? "" : " ") }
            }
        }
        return out
    }

    private func rendered(_ u: LintedUnit, _ renderings: [String: [String]], file: LintedFile, declarations: [ArgumentDeclaration]) -> [String] {
        renderings[u.unit.id] ?? renderedTexts(u, in: file, declarations: declarations)
    }

    // MARK: Calendar words

    /// Words that contradict a moment of sending, by language: “this month” on the 1st, about
    /// the month that ended; “tonight” in the morning or at any hour.
    static func calendarWords(_ moment: SendMoment, language: String) -> [String] {
        let anyHour: [String: [String]] = [
            "en": ["tonight", "this morning", "this afternoon", "this evening", "good morning", "good night", "good evening"],
            "es": ["esta noche", "esta mañana", "esta tarde", "buenos días", "buenas noches", "buenas tardes"],
            "zh": ["今晚", "今早", "今天早上", "今天晚上", "早安", "晚安", "早上好", "晚上好"],
            "fr": ["ce soir", "ce matin", "cet après-midi", "bonne nuit", "bonsoir"],
            "ja": ["今夜", "今晩", "今朝", "おはよう", "おやすみ", "こんばんは"],
            "pt": ["esta noite", "hoje à noite", "esta manhã", "bom dia", "boa noite", "boa tarde"]
        ]
        switch moment {
        case .anyTime:
            return anyHour[language] ?? []
        case .morning:
            let morning = [
                "this morning", "good morning", "esta mañana", "buenos días", "今早", "今天早上", "早安", "早上好",
                "ce matin", "今朝", "おはよう", "esta manhã", "bom dia"
            ]
            // and nothing about a day that is ending
            let evening: [String: [String]] = [
                "en": ["end of the day", "end of your day"], "es": ["al final del día", "fin del día"],
                "fr": ["fin de journée", "fin de la journée"], "zh": ["一天结束"], "pt": ["fim do dia"]
            ]
            return (anyHour[language] ?? []).filter { !morning.contains($0) } + (evening[language] ?? [])
        case .monthStart:
            return [
                "en": ["this month", "next month"],
                "es": ["este mes", "el próximo mes", "el mes que viene", "el mes próximo"],
                "zh": ["本月", "这个月", "下个月", "下月"],
                "fr": ["ce mois-ci", "le mois prochain"],
                "ja": ["今月", "来月"],
                "pt": ["este mês", "neste mês", "o próximo mês", "no próximo mês"]
            ][language] ?? []
        case .yearStart:
            return [
                "en": ["this year", "next year"],
                "es": ["este año", "el próximo año", "el año que viene", "el año próximo"],
                "zh": ["今年", "明年"],
                "fr": ["cette année", "l’année prochaine", "l'année prochaine"],
                "ja": ["今年", "来年"],
                "pt": ["este ano", "neste ano", "o próximo ano", "no próximo ano", "o ano que vem"]
            ][language] ?? []
        }
    }

    /// A text that uses a word contradicting when its message is sent (`"sent"` in the source).
    private mutating func checkCalendar(_ own: [LintedUnit], moment: SendMoment, in file: LintedFile, key: String) {
        let words = Self.calendarWords(moment, language: file.language)
        guard !words.isEmpty else { return }
        let anywhere = Self.writesWithoutSpaces(file.language)
        let when: String
        switch moment {
        case .anyTime: when = "at any hour"
        case .morning: when = "in the morning"
        case .monthStart: when = "on the 1st of a month, about the month that ended"
        case .yearStart: when = "on 1 January, about the year that ended"
        }
        for u in own {
            guard let pattern = u.pattern else { continue }
            for segment in PatternText(pattern).allSegments {
                let text = segment.units
                for word in words {
                    for start in Self.occurrences(of: word, in: text, wholeWords: !anywhere) {
                        let shown = String(decoding: text[start..<min(text.count, start + word.utf16.count)], as: UTF16.self)
                        add(
                            file.file, u.unit, offset: segment.offsets[start], .error, .calendarWord,
                            "“\(shown)” contradicts when '\(key)' is sent (\(when): \"sent\": \"\(moment.rawValue)\" in \(sourceLocale).json): name the moment the text is about, or none."
                        )
                    }
                }
            }
        }
    }

    // MARK: Space between a number and its unit

    /// Languages whose typography joins a number and its unit symbol with a no-break space
    /// (“8,4 km”, «51 %»), so that a line never breaks between them: those whose formatted
    /// units the formatting layer joins too (`UnitSpacing`).
    static let wantsNoBreakUnitSpace: Set<String> = UnitSpacing.noBreakLanguages

    /// Unit symbols a number is written before.
    static let unitSymbols: Set<String> = ["km", "m", "mi", "ft", "yd", "h", "min", "s", "kg", "g", "l", "kcal", "%", "‰"]

    /// A text that joins a number, or an argument, and a unit symbol with a breakable space
    /// (“8,4 km”, “{minutes} min”) in a language whose typography wants a no-break one. Only the
    /// catalog's own text is checked: a formatted unit (`::measure-unit/…`, a duration) is spaced
    /// by the formatter.
    private mutating func checkUnitSpace(_ own: [LintedUnit], in file: LintedFile) {
        guard Self.wantsNoBreakUnitSpace.contains(file.language) else { return }
        for u in own {
            guard let pattern = u.pattern, let paths = PatternText(pattern).paths() else { continue }
            var reported = Set<Int>()
            for path in paths {
                let chars = path.map { Character(Unicode.Scalar($0.unit).map { String($0) } ?? "\u{FFFD}") }
                var from = 1
                while let hit = Self.breakableUnitSpace(in: chars, argument: "\u{FFFC}", from: from) {
                    from = hit.space + 1
                    guard path[hit.space].offset >= 0, reported.insert(path[hit.space].offset).inserted else { continue }
                    add(
                        file.file, u.unit, offset: path[hit.space].offset, .warning, .unitSpace,
                        "“\(hit.shown.replacingOccurrences(of: "\u{FFFC}", with: "{…}"))” joins a number and its unit with a breakable space: \(file.locale) typography keeps them on one line; write a no-break space (U+00A0) between them.",
                        fix: "\u{00A0}"
                    )
                }
            }
        }
    }

    /// The first “number (or argument), plain space, unit symbol” in a text (“8,4 km”) at or after
    /// `start`: the
    /// index of the space in `chars` and what to show; nil when there is none.
    static func breakableUnitSpace(in chars: [Character], argument: Character? = nil, from start: Int = 1) -> (space: Int, shown: String)? {
        func isNumberEnd(_ c: Character) -> Bool { c.isNumber || c == argument }
        var i = max(1, start)
        while i < chars.count {
            guard chars[i] == " ", isNumberEnd(chars[i - 1]) else { i += 1; continue }
            var j = i + 1
            var symbol = ""
            while j < chars.count, chars[j].isLetter || chars[j] == "%" || chars[j] == "‰" { symbol.append(chars[j]); j += 1 }
            if unitSymbols.contains(symbol), j == chars.count || !(chars[j].isLetter || chars[j].isNumber) {
                var k = i - 1
                while k > 0, chars[k - 1].isNumber || chars[k - 1] == "." || chars[k - 1] == "," { k -= 1 }
                return (i, String(chars[k..<j]))
            }
            i += 1
        }
        return nil
    }
}
