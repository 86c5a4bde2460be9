import MessageCatalog

/// Text of the formats whose text is not ICU MessageFormat, as translators write it: gettext PO
/// and ARB (Flutter's relaxed syntax). Such text is quoted into ICU on import and unquoted on
/// export, so that an apostrophe, a brace or a `#` a translator types stays what it is:
///
/// - An apostrophe is always an apostrophe (ICU's `''`).
/// - `{` opens an argument only where an argument name follows (`{name}`, `{name, date, long}`,
///   `{days, plural, …}`): that whole argument is ICU, copied as written. Any other brace
///   (`{ }`, `:-}`) is text (quoted in ICU: `'{ }'`). This is Flutter's `relax-syntax` rule.
/// - `#` is text. Inside a gettext plural form (`msgstr[N]`) the number is a printf integer
///   (`%d`), and `#` is quoted (`'#'`) so that ICU does not print the number there; a form with no
///   such specifier is read as msgtool wrote forms before, with `#` as the number (`# día`).
/// - With `printf` (PO), `%s`, `%d`, `%@`, `%lld`, `%1$s` … are arguments, numbered by the order
///   the source declares them (as the String Catalog export numbers them); `%%` is a percent sign,
///   and a `%` that starts no specifier is one too.
///
/// ``icu(_:printf:pluralArgument:flutterArguments:declarations:sourceTexts:)`` and
/// ``plain(_:printf:inPlural:flutterArguments:check:)`` are inverse: an export writes the plain
/// form only when reading it back gives the same message (an import then keeps the catalog's
/// bytes), and otherwise keeps the ICU text (flagged as such in a PO file).
enum PlainText {
    /// A plain text that cannot become ICU (a printf argument the message does not declare).
    struct Problem: Error {
        /// What is wrong and how to fix it.
        let message: String
    }

    /// The ICU text of a plain text.
    /// - Parameters:
    ///   - printf: read printf specifiers as arguments (PO).
    ///   - pluralArgument: the argument of the plural a gettext plural form is a case of: its
    ///     number (`%d`) becomes `#`, and a literal `#` is quoted.
    ///   - flutterArguments: arguments are Flutter's (ARB): their apostrophes are text too.
    ///   - declarations: the message's arguments, in declared order (printf numbers them).
    ///   - sourceTexts: the texts that show how the catalog writes each argument.
    static func icu(
        _ text: String, printf: Bool, pluralArgument: String? = nil, flutterArguments: Bool = false, declarations: [ArgumentDeclaration] = [],
        sourceTexts: [String] = []
    ) throws(Problem) -> String {
        let s = Array(text.unicodeScalars)
        var out = ""
        var literal = ""
        var next = 1
        func flush() {
            if !literal.isEmpty { PatternPrinter.quote(literal, inPlural: pluralArgument != nil, into: &out); literal = "" }
        }
        // A plural form that never writes its number with printf writes it as ICU's #.
        let poundIsNumber = pluralArgument != nil && !showsNumber(s, pluralArgument: pluralArgument!, declarations: declarations)
        var i = 0
        while i < s.count {
            let c = s[i]
            if poundIsNumber, c == "#" {
                flush()
                out += "#"
                i += 1
                continue
            }
            if c == "{", opensArgument(s, i) {
                flush()
                let end = argumentEnd(s, i, icuQuoting: !flutterArguments)
                let fragment = String(String.UnicodeScalarView(s[i..<end]))
                out += flutterArguments ? FlutterQuoting.toICU(fragment) : fragment
                i = end
                continue
            }
            if printf, c == "%" {
                if i + 1 < s.count, s[i + 1] == "%" { literal += "%"; i += 2; continue }
                if let spec = specifier(s, i) {
                    flush()
                    if pluralArgument != nil, spec.position == nil, spec.integer {
                        out += "#"
                    } else {
                        let n = spec.position ?? next
                        if spec.position == nil { next += 1 }
                        guard n >= 1, n <= declarations.count else {
                            let written = String(String.UnicodeScalarView(s[i..<spec.end]))
                            throw Problem(
                                message: declarations.isEmpty
                                    ? "'\(written)' stands for an argument, but this message has none: remove it (write %% for a percent sign)."
                                    : "'\(written)' stands for argument \(n), but this message has \(declarations.count) (\(declarations.map { "{\($0.name)}" }.joined(separator: ", ")), numbered in that order): fix the number."
                            )
                        }
                        let name = declarations[n - 1].name
                        out += name == pluralArgument ? "#" : PatternPrinter.spelling(of: name, in: sourceTexts)
                    }
                    i = spec.end
                    continue
                }
            }
            literal.unicodeScalars.append(c)
            i += 1
        }
        flush()
        return out
    }

    /// The plain form of an ICU text, or nil when it has none that reads back as the same
    /// message (the caller then keeps the ICU text).
    /// - Parameters:
    ///   - inPlural: the text is a plural's case (ICU's `#` is its number, written `%d`).
    ///   - check: reads a plain text back (the import's ``icu(_:printf:pluralArgument:flutterArguments:declarations:sourceTexts:)``).
    static func plain(_ icu: String, printf: Bool, inPlural: Bool = false, flutterArguments: Bool = false, check: (String) -> String?) -> String? {
        let s = Array(icu.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func isSyntax(_ c: Unicode.Scalar) -> Bool { c == "{" || c == "}" || (inPlural && c == "#") }
        while i < s.count {
            let c = s[i]
            if c == "'" {
                if i + 1 < s.count, s[i + 1] == "'" { out.append("'"); i += 2; continue }
                if i + 1 < s.count, isSyntax(s[i + 1]) {
                    // Quoted text up to the next lone apostrophe.
                    var j = i + 1
                    while j < s.count {
                        if s[j] == "'" {
                            if j + 1 < s.count, s[j + 1] == "'" { out.append("'"); j += 2; continue }
                            break
                        }
                        out.append(s[j])
                        j += 1
                    }
                    i = j + 1
                    continue
                }
                out.append("'")
                i += 1
                continue
            }
            if c == "{" {
                let end = argumentEnd(s, i, icuQuoting: true)
                let fragment = String(String.UnicodeScalarView(s[i..<end]))
                if flutterArguments {
                    guard let flutter = FlutterQuoting.fromICU(fragment) else { return nil }
                    out += flutter.unicodeScalars
                } else {
                    out += fragment.unicodeScalars
                }
                i = end
                continue
            }
            if inPlural, c == "#" { out += "%d".unicodeScalars; i += 1; continue }
            if printf, c == "%" {
                // A percent sign that would read as a specifier (or as %%) is written %%.
                if (i + 1 < s.count && s[i + 1] == "%") || specifier(s, i) != nil { out += "%%".unicodeScalars } else { out.append("%") }
                i += 1
                continue
            }
            out.append(c)
            i += 1
        }
        let plain = String(out)
        guard let back = check(plain), back == icu || PatternPrinter.equivalent(back, icu) else { return nil }
        return plain
    }

    /// Whether a plural form writes its number with a printf specifier: an unnumbered integer
    /// (`%d`) or one whose number is the plural's argument (`%1$d`).
    static func showsNumber(_ s: [Unicode.Scalar], pluralArgument: String, declarations: [ArgumentDeclaration]) -> Bool {
        var i = 0
        while i < s.count {
            if s[i] == "{", opensArgument(s, i) { i = argumentEnd(s, i, icuQuoting: true); continue }
            if s[i] == "%" {
                if i + 1 < s.count, s[i + 1] == "%" { i += 2; continue }
                if let spec = specifier(s, i) {
                    if spec.position == nil, spec.integer { return true }
                    if let n = spec.position, n >= 1, n <= declarations.count, declarations[n - 1].name == pluralArgument { return true }
                    i = spec.end
                    continue
                }
            }
            i += 1
        }
        return false
    }

    /// Whether the `{` at `i` opens an argument: an argument name follows (white space around
    /// it), then `}` or `,`.
    static func opensArgument(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        var j = i + 1
        while j < s.count, s[j].properties.isPatternWhitespace { j += 1 }
        let start = j
        while j < s.count, s[j] == "_" || s[j].properties.isAlphabetic || s[j].properties.numericType == .decimal { j += 1 }
        guard j > start else { return false }
        while j < s.count, s[j].properties.isPatternWhitespace { j += 1 }
        return j < s.count && (s[j] == "}" || s[j] == ",")
    }

    /// The index after the `}` that closes the argument opened at `i` (ICU's quoting inside it
    /// with `icuQuoting`), or the end of the text when it is never closed.
    static func argumentEnd(_ s: [Unicode.Scalar], _ i: Int, icuQuoting: Bool) -> Int {
        var depth = 0
        var j = i
        while j < s.count {
            let c = s[j]
            if icuQuoting, c == "'" {
                if j + 1 < s.count, s[j + 1] == "'" { j += 2; continue }
                if j + 1 < s.count, s[j + 1] == "{" || s[j + 1] == "}" || s[j + 1] == "#" || s[j + 1] == "|" {
                    j += 1
                    while j < s.count, s[j] != "'" { j += 1 }
                    j += 1
                    continue
                }
            }
            if c == "{" { depth += 1 }
            if c == "}" {
                depth -= 1
                if depth == 0 { return j + 1 }
            }
            j += 1
        }
        return s.count
    }

    /// A printf specifier at `i` (`%d`, `%lld`, `%@`, `%2$s`): its argument number if written,
    /// whether it is an integer, and the index after it. Flags, widths and precisions are not
    /// read (`% d` is a percent sign and a space).
    static func specifier(_ s: [Unicode.Scalar], _ i: Int) -> (position: Int?, integer: Bool, end: Int)? {
        guard i < s.count, s[i] == "%" else { return nil }
        var j = i + 1
        var digits = 0
        var value = 0
        while j < s.count, s[j].isASCII, s[j].properties.numericType == .decimal, digits < 3 {
            value = value * 10 + Int(s[j].value - 0x30)
            digits += 1
            j += 1
        }
        var position: Int? = nil
        if digits > 0 {
            guard j < s.count, s[j] == "$", value > 0 else { return nil }
            position = value
            j += 1
        }
        while j < s.count, "hlqLzjt".unicodeScalars.contains(s[j]) { j += 1 }
        guard j < s.count, "@dDiuUxXoOfFeEgGaAcCsSp".unicodeScalars.contains(s[j]) else { return nil }
        return (position, "dDiuU".unicodeScalars.contains(s[j]), j + 1)
    }
}
