import ToolkitSupport

/// CLDR plural categories through ICU.
public enum PluralCategories {
    /// The category of a number written as text, honouring visible fraction digits
    /// ("1.0" is `other` in English, "1" is `one`).
    /// - Throws: `MessageFormatError` for a bad locale or text that is not a number.
    public static func category(of number: String, locale: String, ordinal: Bool = false) throws(MessageFormatError) -> String {
        let id: String
        do { id = try Backend.localeID(forTag: locale) } catch {
            throw MessageFormatError(kind: .badLocale, message: "'\(locale)' is not a locale ICU knows (e.g. en, es, zh-Hans).")
        }
        var t = Substring(number)
        if t.first == "+" { t = t.dropFirst() }
        let body = t.first == "-" ? t.dropFirst() : t
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard !body.isEmpty, parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            throw MessageFormatError(kind: .badArgument, message: "'\(number)' is not a number: write digits, optionally with a '.' and fraction digits (1, 1.0, -2.50).")
        }
        do {
            let rules = try Backend.pluralRules(localeID: id, ordinal: ordinal)
            if parts.count == 2 { return try rules.select(decimal: String(t)).keyword }
            guard let d = Double(t) else { throw MessageFormatError(kind: .badArgument, message: "'\(number)' is not a number.") }
            return rules.select(d).keyword
        } catch let e as Backend.Failure {
            throw MessageFormatError(kind: .icu, message: "ICU: \(e)")
        } catch let e as MessageFormatError { throw e } catch { throw MessageFormatError(kind: .icu, message: "\(error)") }
    }

    /// The categories a locale has, in CLDR order.
    public static func categories(locale: String, ordinal: Bool = false) throws(MessageFormatError) -> [String] {
        do {
            let id = try Backend.localeID(forTag: locale)
            return try Backend.pluralRules(localeID: id, ordinal: ordinal).categories.map(\.keyword)
        } catch {
            throw MessageFormatError(kind: .badLocale, message: "'\(locale)' is not a locale ICU knows.")
        }
    }
}
