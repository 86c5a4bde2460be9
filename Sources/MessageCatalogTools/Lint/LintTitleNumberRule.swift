import MessageCatalog

/// The number a title celebrates, said again in a body: “51% and climbing!” with “51% done,
/// and the best part is still ahead”, «Tu logro número 50» with «¡Ya llevas 50 logros!»,
/// 第50个成就 with 攒到50个. The title-in-body rule reads runs of words and misses it, because
/// the words around the number differ.
extension LintRun {
    /// For each tone but minimal (a minimal body may restate a count: it is the fact it gives),
    /// every title against every body, both rendered with the message's example arguments: a
    /// number a number argument put in the title (10,432 steps, 51%, the 50th) that the body
    /// shows as well. Dates and durations do not count: a year in a yearly summary's title and
    /// body names the year, it is not the figure celebrated.
    mutating func checkTitleNumber(
        own: [LintedUnit], inherited: [LintedUnit], renderings: [String: [String]], in file: LintedFile, declarations: [ArgumentDeclaration]
    ) {
        let figures = Self.exampleFigures(declarations)
        guard !figures.isEmpty else { return }
        let ownIDs = Set(own.map(\.unit.id))
        let tones = Set(own.compactMap(\.unit.tone)).subtracting([.minimal]).sorted { $0.rawValue < $1.rawValue }
        func texts(_ u: LintedUnit) -> [String] { renderings[u.unit.id] ?? renderedTexts(u, in: file, declarations: declarations) }
        for tone in tones {
            func units(_ part: String) -> [LintedUnit] {
                let mine = own.filter { $0.unit.part == part && $0.unit.tone == tone }
                return mine.isEmpty ? inherited.filter { $0.unit.part == part && $0.unit.tone == tone } : mine
            }
            let titles = units("title").map { title in
                (title, texts(title).flatMap(Self.numbers(in:)).filter(figures.contains))
            }
            guard titles.contains(where: { !$0.1.isEmpty }) else { continue }
            for body in units("body") {
                let said = Set(texts(body).flatMap(Self.numbers(in:)))
                for (title, numbers) in titles where ownIDs.contains(body.unit.id) || ownIDs.contains(title.unit.id) {
                    guard let shared = numbers.first(where: said.contains) else { continue }
                    let target = ownIDs.contains(body.unit.id) ? body.unit : title.unit
                    add(
                        file.file, at: target.position, .warning, .titleNumber, target.id,
                        "The body \(body.unit.id) says again the number its title \(title.unit.id) gives (\(shared)): any title of the tone may come with any body, so the reader is told the figure twice; let the body say what it means (“the best part is still ahead”), not the number."
                    )
                    break
                }
            }
        }
    }

    /// The digits a number argument's example shows in a text: a whole number as it is (10432,
    /// 50), a fraction as the percent it is written as (0.512 → 51). Zero is left out: the `=0`
    /// rendering puts it everywhere.
    static func exampleFigures(_ declarations: [ArgumentDeclaration]) -> Set<String> {
        var out = Set<String>()
        for d in declarations where d.kind == .number {
            guard let value = d.example?.doubleValue else { continue }
            let shown = value == value.rounded() ? value : (value * 100).rounded()
            guard shown.isFinite, shown != 0, abs(shown) < 1e15 else { continue }
            out.insert(String(Int64(abs(shown))))
        }
        return out
    }

    /// The numbers in a rendered text, as their digits alone: “10,432”, «10.432», “10 432” and
    /// 第10432个 all read 10432; “50th” reads 50, «51 %» reads 51. Grouping and decimal marks
    /// join digits only when a digit follows them.
    static func numbers(in text: String) -> [String] {
        let joiners: Set<Character> = [",", ".", "\u{A0}", "\u{202F}", "’", "'", "٬", "٫"]
        let chars = Array(text)
        var out: [String] = []
        var digits = ""
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if let v = c.wholeNumberValue, c.unicodeScalars.first?.properties.numericType == .decimal {
                digits.append(String(v))
            } else if !digits.isEmpty, joiners.contains(c), i + 1 < chars.count, chars[i + 1].unicodeScalars.first?.properties.numericType == .decimal {
                // a grouping or decimal mark inside the number
            } else if !digits.isEmpty {
                out.append(digits)
                digits = ""
            }
            i += 1
        }
        if !digits.isEmpty { out.append(digits) }
        return out
    }
}
