import MessageCatalog
/// English shared by the United States and Britain: a source text (`en`) that uses an American
/// spelling or word must be overridden in `en-GB.json`, or be rewritten in words both read
/// alike; an `en-GB` text must not use the American word.
extension LintRun {
    /// American spellings and words with what British English writes instead.
    static let americanToBritish: [(american: String, british: String)] = [
        ("color", "colour"), ("colors", "colours"), ("colorful", "colourful"), ("favorite", "favourite"),
        ("favorites", "favourites"), ("honor", "honour"), ("honors", "honours"), ("behavior", "behaviour"),
        ("center", "centre"), ("meter", "metre"), ("meters", "metres"), ("kilometer", "kilometre"),
        ("kilometers", "kilometres"), ("liter", "litre"), ("gray", "grey"), ("toward", "towards"),
        ("anytime", "any time"), ("sneakers", "trainers"), ("a.m.", "am (or 10:00)"), ("p.m.", "pm (or 18:00)"),
        ("vacation", "holiday"), ("cellphone", "mobile"), ("apartment", "flat"), ("mom", "mum"), ("math", "maths"),
        ("traveled", "travelled"), ("canceled", "cancelled"), ("organize", "organise"), ("realize", "realise"),
        ("recognize", "recognise"), ("personalize", "personalise"), ("customize", "customise"),
        ("apologize", "apologise"), ("prioritize", "prioritise"), ("summarize", "summarise"),
        ("energize", "energise"), ("minimize", "minimise"), ("maximize", "maximise"),
        ("customization", "customisation"), ("personalization", "personalisation"), ("organization", "organisation"),
        ("in the books", "under your belt"), ("crushed", "smashed")
    ]

    /// Runs the rule when the folder holds a British catalog beside an English source.
    mutating func checkRegionalSpelling(source: LintedFile) {
        guard source.language == "en", let british = files.first(where: { $0.locale == "en-GB" }) else { return }
        let overridden = Set(british.units.map(\.unit.id))
        for u in source.units where !overridden.contains(u.unit.id) {
            for (segment, start, word, fix) in Self.americanWords(in: u) {
                add(
                    source.file, u.unit, offset: segment.offsets[start], .warning, .regionalSpelling,
                    "“\(word)” is American English and en-GB.json does not override \(u.unit.id): write words both read alike, or give en-GB its own text (“\(fix)”)."
                )
            }
        }
        for u in british.units {
            for (segment, start, word, fix) in Self.americanWords(in: u) {
                add(
                    british.file, u.unit, offset: segment.offsets[start], .warning, .regionalSpelling,
                    "“\(word)” is American English in en-GB.json: write “\(fix)”.")
            }
        }
    }

    /// Every American word of a unit's literal text: its segment, start and the British form.
    private static func americanWords(in u: LintedUnit) -> [(PatternText.Segment, Int, String, String)] {
        guard let pattern = u.pattern else { return [] }
        var out: [(PatternText.Segment, Int, String, String)] = []
        for segment in PatternText(pattern).allSegments {
            for (american, british) in americanToBritish {
                for start in occurrences(of: american, in: segment.units, wholeWords: true) {
                    let end = min(segment.units.count, start + american.utf16.count)
                    out.append((segment, start, String(decoding: segment.units[start..<end], as: UTF16.self), british))
                }
            }
        }
        return out
    }
}
