import MessageCatalog

/// A regional catalog of the source's language (`en-GB.json` over `en.json`) overrides a part
/// and tone whole: a pool of six is copied to change one variant. A copied text that equals the
/// source's goes stale without a sign the day the source rewrites it (the region keeps the old
/// wording), so the region should hold only the texts it says differently, and shared words
/// belong in the source.
extension LintRun {
    /// Every text of a regional catalog of the source's language that is the same as the
    /// source's text of that unit.
    mutating func checkRegionalCopies(source: LintedFile) {
        for file in files where !file.isSource && regionalParent(file.locale) == source.locale {
            for u in file.units {
                guard let original = source.unit(id: u.unit.id), original.unit.text == u.unit.text else { continue }
                add(
                    file.file, at: u.unit.position, .warning, .regionalCopy, u.unit.id,
                    "\(u.unit.id) in \(file.locale).json is a copy of \(source.locale).json's text: when \(source.locale).json changes it, \(file.locale) keeps the old one. Override only what \(file.locale) says differently; where a whole pool is copied for one variant, write words both read alike in \(source.locale).json instead."
                )
            }
        }
    }
}
