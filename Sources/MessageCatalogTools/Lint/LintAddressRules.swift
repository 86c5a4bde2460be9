import MessageCatalog

/// The `term-of-address` rule: texts that vary by the user's term of address select on the
/// reserved `termOfAddress` argument with the keywords `feminine`, `masculine` and `other` (the
/// neutral text, required), and never show it as it is (docs/catalog-format.md).
extension LintRun {
    /// Reports every use of `termOfAddress` other than a select with known keywords.
    mutating func checkTermOfAddress(_ unit: CatalogUnit, _ pattern: MessagePattern, in file: LintedFile) {
        let name = AddressTerm.argumentName
        let shape = "{\(name), select, feminine {…} masculine {…} other {…}}"
        for usage in pattern.argumentUsages where usage.name == name && usage.kind != .select {
            add(
                file.file, unit, offset: usage.offset, .error, .termOfAddress,
                "'{\(name)}' is the user's term of address, which a text can only select on (shown as it is, it would print a keyword): write \(shape), with the neutral text as other."
            )
        }
        pattern.forEachArgument { a in
            guard a.name == name, case .select(let s) = a.type else { return }
            for b in s.branches where !AddressTerm.selectKeywords.contains(b.selectorText) {
                let fix: String
                switch b.selectorText {
                case "neutral", "neuter", "unspecified", "epicene":
                    fix =
                        "the neutral text is the other case, which users who chose neutral and those who chose nothing both read: rename '\(b.selectorText)' to other (or merge it into other)"
                default:
                    let near = Self.nearestTermKeyword(b.selectorText).map { "did you mean '\($0)'? " } ?? ""
                    fix = "\(near)this case is never selected: use feminine, masculine or other (the neutral text)"
                }
                add(
                    file.file, unit, offset: b.selectorOffset, .error, .termOfAddress,
                    "'\(b.selectorText)' is not a term of address (feminine, masculine, other): \(fix).")
            }
        }
    }

    /// The term-of-address finding for a text ICU rejects because its `{termOfAddress, select}`
    /// has no `other`: nil when the select that lacks it is on another argument.
    static func missingNeutralText(in text: String, at offset: Int) -> String? {
        let units = Array(text.utf16)
        guard offset >= 0, offset < units.count, units[offset] == 0x7B else { return nil }
        var i = offset + 1
        while i < units.count, units[i] == 0x20 || units[i] == 0x09 || units[i] == 0x0A { i += 1 }
        let name = Array(AddressTerm.argumentName.utf16)
        guard i + name.count <= units.count, Array(units[i..<i + name.count]) == name else { return nil }
        let after = i + name.count < units.count ? units[i + name.count] : 0
        guard after == 0x2C || after == 0x20 || after == 0x7D else { return nil }
        return
            "This {\(AddressTerm.argumentName), select} has no neutral text: add other {…}, which users who chose a neutral term of address, or none, read (feminine and masculine are optional, other is required)."
    }

    /// `feminine` or `masculine` when a keyword is close to one of them (a typo, `female`).
    static func nearestTermKeyword(_ keyword: String) -> String? {
        let k = keyword.lowercased()
        if k.hasPrefix("fem") { return "feminine" }
        if k.hasPrefix("mas") || k.hasPrefix("male") { return "masculine" }
        return nil
    }
}
