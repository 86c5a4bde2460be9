import ToolkitSupport

// docs/foundation-backend.md (first-day): the third exception to ICU 72's text. CLDR 42 writes the
// first day of a month in French as a number («1 mai»); French writes it as an ordinal («1er mai»),
// and both backends do (`FirstDayOrdinal`). This file states it once for the tests that compare
// with ICU 72, independently of the implementation: in a French locale, a «1» that stands alone
// before a month name, full or abbreviated, becomes «1er».
enum FirstDayOrdinalException {
    /// The French month names and abbreviations of CLDR 42, as a date pattern's `MMM`/`MMMM` write them.
    static let months = [
        "janvier", "janv.", "février", "févr.", "mars", "avril", "avr.", "mai", "juin", "juillet", "juil.", "août",
        "septembre", "sept.", "octobre", "oct.", "novembre", "nov.", "décembre", "déc."
    ]

    /// ICU 72's text with «1er» for each lone «1» before a month name, in a French locale whose
    /// pattern has a date argument; any other text as ICU wrote it.
    static func expected(icu72: String, pattern: String, locale: String) -> String {
        guard FirstDayOrdinal.applies(localeID: locale), pattern.contains("date") else { return icu72 }
        let chars = Array(icu72)
        var out = ""
        for (i, c) in chars.enumerated() {
            out.append(c)
            guard c == "1", i == 0 || !chars[i - 1].isNumber, i + 1 < chars.count,
                [" ", "\u{A0}", "\u{202F}"].contains(chars[i + 1])
            else { continue }
            let rest = String(chars[(i + 2)...])
            if months.contains(where: { rest.hasPrefix($0) && !(rest.dropFirst($0.count).first?.isLetter ?? false) }) {
                out += "er"
            }
        }
        return out
    }
}
