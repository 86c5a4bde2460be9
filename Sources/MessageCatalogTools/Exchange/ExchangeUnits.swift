import MessageCatalog

/// The units of a locale as exported, in source order, each made when it is read: an export
/// holds one unit (its notes, its state) at a time, not every unit of a large catalog.
struct ExchangeUnits: RandomAccessCollection {
    private let source: CatalogFile
    private let isSource: Bool
    private let file: CatalogFile?
    /// Each unit's message (an index into the source's messages) and place among its units.
    private let places: [(message: Int32, unit: Int32)]
    /// Each unit id's text in the locale (the first when an id appears twice).
    private let targets: [String: String]
    /// The notes naming the locale's plural categories, cardinal and ordinal (made once).
    private let pluralNotes: (cardinal: String?, ordinal: String?)

    /// The units of `locale` (the source's texts for the source locale).
    init(catalog: LocalizedCatalog, locale: String) {
        source = catalog.source
        isSource = locale == catalog.sourceLocale
        file = catalog.files[locale]
        var places: [(message: Int32, unit: Int32)] = []
        places.reserveCapacity(source.unitCount)
        for (m, message) in source.messages.enumerated() {
            for p in message.units.indices { places.append((Int32(m), Int32(p))) }
        }
        self.places = places
        var byID: [String: String] = [:]
        if !isSource, let file { byID.reserveCapacity(file.unitCount) }
        if !isSource {
            for message in file?.messages ?? [] {
                for part in message.parts { for u in part.units where byID[u.id] == nil { byID[u.id] = u.text } }
            }
        }
        targets = byID
        pluralNotes = (ExchangeNotes.pluralNote(locale: locale, ordinal: false), ExchangeNotes.pluralNote(locale: locale, ordinal: true))
    }

    var startIndex: Int { 0 }
    var endIndex: Int { places.count }

    /// The id of the unit at `position`, without making the unit.
    func id(at position: Int) -> String {
        let place = places[position]
        return source.messages[Int(place.message)].units[Int(place.unit)].id
    }

    /// The locale's text of the unit at `position` and its state, without the unit's notes.
    func translation(at position: Int) -> (target: String?, state: ExchangeUnit.State) {
        let place = places[position]
        return translation(of: source.messages[Int(place.message)].units[Int(place.unit)])
    }

    private func translation(of su: CatalogUnit) -> (target: String?, state: ExchangeUnit.State) {
        let target = isSource ? su.text : targets[su.id]
        guard target != nil else { return (nil, .new) }
        let recorded = file?.sourceFingerprints[su.id]
        return (target, recorded == nil || recorded == SourceFingerprint.of(su.text) ? .translated : .needsReview)
    }

    subscript(position: Int) -> ExchangeUnit {
        let place = places[position]
        let message = source.messages[Int(place.message)]
        let su = message.units[Int(place.unit)]
        let t = translation(of: su)
        // Consecutive units of a message share its notes (made once).
        if messageNotes.message != place.message {
            messageNotes.message = place.message
            messageNotes.notes = ExchangeNotes.messageNotes(message)
        }
        var notes = ExchangeNotes.notes(for: su, message: message, messageNotes: messageNotes.notes)
        // A text with a plural names the target language's categories (the source's are not its).
        if su.text.contains("plural"), let usages = try? MessagePattern(su.text).argumentUsages {
            if usages.contains(where: { $0.kind == .plural }), let note = pluralNotes.cardinal { notes.append(note) }
            if usages.contains(where: { $0.kind == .selectordinal }), let note = pluralNotes.ordinal { notes.append(note) }
        }
        return ExchangeUnit(unit: su, target: t.target, state: t.state, notes: notes)
    }

    /// The notes of the message last read.
    private let messageNotes = MessageNotes()

    private final class MessageNotes {
        var message: Int32 = -1
        var notes: [String] = []
    }
}
