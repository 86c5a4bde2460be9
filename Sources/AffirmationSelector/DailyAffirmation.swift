import Foundation
import MessageCatalog

/// The affirmation of one local date, as an app's home screen, its widget and its notification
/// show it.
///
/// ``dailyAffirmation(for:locale:tone:timeZone:termOfAddress:seed:content:)`` makes it; the
/// planner (NotificationPlanning) builds each daily-affirmation notification from the same call,
/// so the three places agree for every date, on every device and on a server.
public struct DailyAffirmation: Sendable, Hashable {
    /// The user's local date (Gregorian) the affirmation belongs to.
    public var date: LocalDate
    /// The affirmation's index in its pool (the catalog's `affirmation.pool`, or the app's list).
    public var index: Int
    /// The affirmation alone, e.g. "I can do hard things, one step at a time."
    public var text: String
    /// The notification's title for the date (the catalog's `affirmation.daily` title: a pool
    /// per tone, picked per date like the affirmation).
    public var title: String
    /// The notification's body: the affirmation as the tone shows it (the cheerful tone may add a
    /// sparkle).
    public var body: String
    /// The catalog locale the texts came from (`es` when `es-ES` was asked for and the catalogs
    /// have no closer file).
    public var locale: String

    /// An affirmation from its parts (for tests and for apps that store one).
    /// - Parameters:
    ///   - date: the local date.
    ///   - index: the index in the pool.
    ///   - text: the affirmation alone.
    ///   - title: the notification's title.
    ///   - body: the notification's body.
    ///   - locale: the catalog locale of the texts.
    public init(date: LocalDate, index: Int, text: String, title: String, body: String, locale: String) {
        self.date = date
        self.index = index
        self.text = text
        self.title = title
        self.body = body
        self.locale = locale
    }
}

/// Why a daily affirmation could not be made.
public struct AffirmationSelectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, naming the message, locale or list involved and how to fix it.
    public var message: String

    /// An error with its explanation.
    /// - Parameter message: what went wrong and how to fix it.
    public init(_ message: String) { self.message = message }

    /// The explanation.
    public var description: String { message }
}

/// The day's affirmation from the catalogs: its pool entry, the notification's title and body.
///
/// Deterministic per local date: the same date, locale, tone and seed give the same texts on every
/// device and on the server, and the daily-affirmation notifications that NotificationPlanning
/// schedules carry exactly these texts. Consecutive days never repeat an affirmation, and a pool
/// of N entries uses every one in each cycle of N days (see ``SeededPicker``).
///
/// ```swift
/// import AffirmationSelector
///
/// let today = try AffirmationSelector.dailyAffirmation(
///     for: Date(timeIntervalSince1970: 1_795_600_000),
///     locale: Locale(identifier: "es_MX"), tone: .gentle,
///     timeZone: TimeZone(identifier: "America/Mexico_City")!)
/// print(today.title, "/", today.body)
/// ```
///
/// - Parameters:
///   - date: any instant of the day to show; its local date in `timeZone` is used.
///   - locale: the user's locale; the catalogs fall back through CLDR parents (`es-MX` → `es-419` → `es`).
///   - tone: the user's style.
///   - timeZone: the user's zone, which decides the local date.
///   - termOfAddress: the user's term of address (for languages whose texts agree with it).
///   - seed: 0 for the same affirmation for everyone on a date; a user's seed for an order of
///     their own (the planner's `userSeed` when the notifications use one).
///   - content: where the texts come from; nil for the catalogs compiled into the library. Pass
///     a `ContentGenerator` over an app's own catalog folder to use its overrides.
/// - Returns: the date's affirmation, title and body.
/// - Throws: ``AffirmationSelectionError`` when the catalogs cannot render the affirmation
///   (an unknown locale, a pool without entries, a broken override).
public func dailyAffirmation(
    for date: Date, locale: Locale = .autoupdatingCurrent, tone: Tone = .gentle,
    timeZone: TimeZone = .autoupdatingCurrent, termOfAddress: AddressTerm = .unspecified,
    seed: UInt64 = 0, content: (any ContentRendering)? = nil
) throws(AffirmationSelectionError) -> DailyAffirmation {
    let renderer: any ContentRendering
    if let content { renderer = content } else { renderer = try BundledContent.shared() }
    let day = LocalDate(date, in: timeZone)
    let zoneID = timeZone.identifier
    var selection = DailySelection(
        content: renderer, locale: SelectorLocale.tag(locale), tone: tone, timeZone: zoneID,
        termOfAddress: termOfAddress, seed: seed)
    let entry = try selection.poolEntry(for: day)
    return try selection.notification(for: day, at: selection.noon(of: day, in: timeZone), text: entry.text, index: entry.index)
}

/// The day's affirmation from an app's own list, in the catalogs' daily title and body.
///
/// The entry is picked as the catalogs' pool is (every entry once in each cycle of `affirmations.count`
/// days, consecutive days different), from the local date and `seed` alone, so every device and the
/// server pick the same entry for a date. The list's order matters; its language does not: pass the
/// user's language's list.
///
/// - Parameters:
///   - date: any instant of the day to show; its local date in `timeZone` is used.
///   - affirmations: the app's affirmations, already in the user's language (plain text, shown as
///     they are).
///   - locale: the locale of the title around it.
///   - tone: the user's style.
///   - timeZone: the user's zone, which decides the local date.
///   - termOfAddress: the user's term of address.
///   - seed: 0 for the same entry for everyone on a date; a user's seed for an order of their own.
///   - content: the catalogs of the title and body; nil for the bundled ones.
/// - Returns: the date's entry of `affirmations` with the notification's title and body.
/// - Throws: ``AffirmationSelectionError`` when the list is empty or the title cannot be rendered.
public func dailyAffirmation(
    for date: Date, from affirmations: [String], locale: Locale = .autoupdatingCurrent,
    tone: Tone = .gentle, timeZone: TimeZone = .autoupdatingCurrent,
    termOfAddress: AddressTerm = .unspecified, seed: UInt64 = 0,
    content: (any ContentRendering)? = nil
) throws(AffirmationSelectionError) -> DailyAffirmation {
    guard !affirmations.isEmpty else {
        throw AffirmationSelectionError("the list of affirmations is empty: pass at least one affirmation")
    }
    let renderer: any ContentRendering
    if let content { renderer = content } else { renderer = try BundledContent.shared() }
    let day = LocalDate(date, in: timeZone)
    let selection = DailySelection(
        content: renderer, locale: SelectorLocale.tag(locale), tone: tone,
        timeZone: timeZone.identifier, termOfAddress: termOfAddress, seed: seed)
    let index = SeededPicker.dailyIndex(for: day, namespace: SeededPicker.appListNamespace, poolSize: affirmations.count, seed: seed)
    return try selection.notification(for: day, at: selection.noon(of: day, in: timeZone), text: affirmations[index], index: index)
}

/// The catalogs compiled into the library, loaded once per process.
enum BundledContent {
    private static let loaded: Result<ContentGenerator, AffirmationSelectionError> = {
        do { return .success(try ContentGenerator.bundled()) } catch {
            return .failure(AffirmationSelectionError("the bundled catalogs did not load: \(error)"))
        }
    }()

    static func shared() throws(AffirmationSelectionError) -> ContentGenerator { try loaded.get() }
}

/// A `Locale` as the catalogs' BCP 47 tag (`es_MX` → `es-MX`, `zh_Hans_CN` → `zh-Hans-CN`).
enum SelectorLocale {
    static func tag(_ locale: Locale) -> String { CatalogLocale.tag(locale) }
}

/// The daily selection against one renderer, locale and tone: the pool's entry for a date and
/// the notification around it. The planner uses it for every daily-affirmation request.
package struct DailySelection {
    /// Where the texts come from.
    package let content: any ContentRendering
    /// The requested locale (BCP 47).
    package let locale: String
    /// The user's tone.
    package let tone: Tone
    /// The IANA zone in which the title's date is shown.
    package let timeZone: String
    /// The user's term of address.
    package let termOfAddress: AddressTerm
    /// The user's seed (0: the same for everyone).
    package let seed: UInt64
    /// The locale the pool resolves to, learnt from its first render (the selection is keyed by
    /// the catalog the pool comes from, so `es-MX` and `es-ES` users reading the `es` pool get the
    /// same entry).
    private var poolLocale: String?
    /// The pool's size, looked up once.
    private var poolSize: Int?
    /// The pool's message, looked up once when the texts come from the catalogs' generator (its
    /// renders are the generator's own, without a lookup each).
    private var poolMessage: ResolvedMessage?
    /// The cycles' permutations drawn so far (by this selection only).
    private let permutations = PermutationMemo()

    /// A selection over `content`.
    package init(
        content: any ContentRendering, locale: String, tone: Tone, timeZone: String,
        termOfAddress: AddressTerm, seed: UInt64
    ) {
        self.content = content
        self.locale = locale
        self.tone = tone
        self.timeZone = timeZone
        self.termOfAddress = termOfAddress
        self.seed = seed
    }

    /// The catalog message of the pool.
    package static let poolKey = "affirmation.pool"
    /// The catalog message of the notification (title and body around the affirmation).
    package static let notificationKey = "affirmation.daily"

    /// The number of affirmations in the pool for the locale and tone.
    package mutating func poolCount() throws(AffirmationSelectionError) -> Int {
        if let poolSize { return poolSize }
        let count: Int
        do { count = try content.variantCount(key: Self.poolKey, locale: locale, tone: tone) } catch {
            throw AffirmationSelectionError("the message '\(Self.poolKey)' cannot be read for \(locale): \(error)")
        }
        guard count > 0 else { throw AffirmationSelectionError("the message '\(Self.poolKey)' has no affirmations for \(locale)") }
        poolSize = count
        return count
    }

    /// The pool's entry for `date`: its index and text.
    package mutating func poolEntry(for date: LocalDate) throws(AffirmationSelectionError) -> (index: Int, text: String) {
        let size = try poolCount()
        var keyLocale = poolLocale ?? locale
        while true {
            let index = memoizedIndex(for: date, namespace: "affirmation|\(keyLocale)", poolSize: size)
            let rendered: RenderedContent
            do {
                if let generator = content as? ContentGenerator {
                    // ContentGenerator.render(key:…) is the resolved message's render.
                    if poolMessage == nil { poolMessage = try generator.resolved(key: Self.poolKey, locale: locale, tone: tone) }
                    rendered = try poolMessage!.render(
                        arguments: [:], variant: index, timeZone: timeZone, termOfAddress: termOfAddress)
                } else {
                    rendered = try content.render(
                        key: Self.poolKey, locale: locale, tone: tone, arguments: [:], variant: index,
                        timeZone: timeZone, termOfAddress: termOfAddress)
                }
            } catch {
                throw AffirmationSelectionError("the message '\(Self.poolKey)' cannot be rendered for \(locale): \(error)")
            }
            if poolLocale == nil {
                poolLocale = rendered.locale
                if rendered.locale != keyLocale { keyLocale = rendered.locale; continue }
            }
            guard let text = rendered.parts["text"] ?? rendered.parts.values.first else {
                throw AffirmationSelectionError("the message '\(Self.poolKey)' has no text part")
            }
            return (index, text)
        }
    }

    /// The variant of the notification's title and body for `date`: the same cycle as the pool's
    /// (no repeat within a cycle, none on consecutive days), in a namespace of its own and the same
    /// for every locale (`en-US` and `en` users of one pool get the same title on a date).
    package func notificationVariant(for date: LocalDate, count: Int) -> Int {
        memoizedIndex(for: date, namespace: Self.notificationKey, poolSize: max(1, count))
    }

    /// `SeededPicker.dailyIndex(for:namespace:poolSize:seed:)`, each cycle's permutation drawn
    /// once per selection: a week of dates shares one or two cycles.
    private func memoizedIndex(for date: LocalDate, namespace: String, poolSize: Int) -> Int {
        SeededPicker.dailyIndex(for: date, poolSize: poolSize) { cycle in
            let key = PermutationMemo.Key(namespace: namespace, poolSize: poolSize, cycle: cycle)
            if let order = permutations.orders[key] { return order }
            let order = SeededPicker.permutation(cycle: cycle, namespace: namespace, poolSize: poolSize, seed: seed)
            permutations.orders[key] = order
            return order
        }
    }

    /// Noon of `date` in `zone` (an instant whose local date is `date` whatever the zone's shifts).
    package func noon(of date: LocalDate, in zone: TimeZone) -> Date {
        let midnightUTC = TimeInterval(date.dayNumber) * 86_400 + 43_200
        return Date(timeIntervalSince1970: midnightUTC - TimeInterval(zone.secondsFromGMT(for: Date(timeIntervalSince1970: midnightUTC))))
    }

    /// The notification of `date` around the affirmation `text`.
    /// - Parameters:
    ///   - date: the local date.
    ///   - instant: the instant the title's `{day}` shows (the notification's fire date).
    ///   - text: the affirmation.
    ///   - index: its index in its pool.
    package func notification(for date: LocalDate, at instant: Date, text: String, index: Int) throws(AffirmationSelectionError) -> DailyAffirmation {
        let rendered: RenderedContent
        do {
            let message = try content.resolve(key: Self.notificationKey, locale: locale, tone: tone)
            rendered = try message.render(
                arguments: ["day": .date(instant), "affirmation": .string(text)],
                variant: notificationVariant(for: date, count: message.variantCount),
                timeZone: timeZone, termOfAddress: termOfAddress)
        } catch {
            throw AffirmationSelectionError("the message '\(Self.notificationKey)' cannot be rendered for \(locale): \(error)")
        }
        return DailyAffirmation(
            date: date, index: index, text: text, title: rendered.title ?? "", body: rendered.body ?? "",
            locale: rendered.locale)
    }
}

/// The permutations one ``DailySelection`` has drawn, by namespace, pool size and cycle.
final class PermutationMemo {
    struct Key: Hashable {
        var namespace: String
        var poolSize: Int
        var cycle: Int
    }
    var orders: [Key: [Int]] = [:]
}
