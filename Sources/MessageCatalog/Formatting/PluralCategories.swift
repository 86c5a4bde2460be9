import ToolkitSupport

/// CLDR plural categories through the build's formatting backend.
public enum PluralCategories {
    /// The category of a number written as text, honouring visible fraction digits
    /// ("1.0" is `other` in English, "1" is `one`) and CLDR's compact notation ("1.2c6":
    /// 1.2 million written as "1.2M", which some languages treat as a different category).
    /// - Parameters:
    ///   - number: digits, optionally with `.` and fraction digits, optionally followed by
    ///     `c` or `e` and an exponent (`1`, `1.0`, `-2.50`, `1c6`, `1.1e6`).
    ///   - locale: a BCP 47 tag.
    ///   - ordinal: ordinal categories (1st, 2nd, 3rd) instead of cardinal.
    /// - Returns: the category keyword (`zero`, `one`, `two`, `few`, `many` or `other`).
    /// - Throws: `Diagnostic` for a bad locale or text that is not a number.
    public static func category(of number: String, locale: String, ordinal: Bool = false) throws(Diagnostic) -> String {
        let id: String
        do { id = try Backend.localeID(forTag: locale) } catch {
            throw Diagnostic(kind: .badLocale, message: "'\(locale)' is not a locale \(Backend.name) knows (e.g. en, es, zh-Hans).")
        }
        var t = Substring(number)
        if t.first == "+" { t = t.dropFirst() }
        var exponent: Int? = nil
        if let mark = t.firstIndex(where: { $0 == "c" || $0 == "e" }) {
            let digits = t[t.index(after: mark)...]
            guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let e = Int(digits) else {
                throw Diagnostic(kind: .badArgument, message: "'\(number)' is not a number: after 'c' or 'e' write the exponent's digits (1c6, 1.2e3).")
            }
            exponent = e
            t = t[..<mark]
        }
        let body = t.first == "-" ? t.dropFirst() : t
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard !body.isEmpty, parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            throw Diagnostic(
                kind: .badArgument,
                message: "'\(number)' is not a number: write digits, optionally with a '.' and fraction digits (1, 1.0, -2.50), or compact notation (1c6).")
        }
        do {
            let rules = try Backend.pluralRules(localeID: id, ordinal: ordinal)
            if let exponent, exponent > 0 { return try rules.select(mantissa: String(t), exponent: exponent).keyword }
            if parts.count == 2 { return try rules.select(decimal: String(t)).keyword }
            guard let d = Double(t) else { throw Diagnostic(kind: .badArgument, message: "'\(number)' is not a number.") }
            return rules.select(d).keyword
        } catch let e as Backend.Failure {
            throw Diagnostic(kind: .icu, message: "\(Backend.name): \(e)")
        } catch let e as Diagnostic { throw e } catch { throw Diagnostic(kind: .icu, message: "\(error)") }
    }

    /// The categories a locale has, in CLDR order.
    /// - Parameters:
    ///   - locale: a BCP 47 tag.
    ///   - ordinal: ordinal categories instead of cardinal.
    /// - Returns: the category keywords.
    /// - Throws: `Diagnostic` for a bad locale.
    public static func categories(locale: String, ordinal: Bool = false) throws(Diagnostic) -> [String] {
        do {
            let id = try Backend.localeID(forTag: locale)
            return try Backend.pluralRules(localeID: id, ordinal: ordinal).categories.map(\.keyword)
        } catch {
            throw Diagnostic(kind: .badLocale, message: "'\(locale)' is not a locale \(Backend.name) knows.")
        }
    }
}
