import ToolkitSupport
import MessageCatalog
/// One problem lint found: where (file, line, column, unit id), how bad, what and how to fix
/// it, and which rule (`msgtool lint` prints `file:line:column: error: message [rule-id]`).
public struct LintFinding: Sendable, Hashable, CustomStringConvertible {
    /// How bad a finding is; errors sort before warnings.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// Fails `msgtool lint` (exit 1): users would see something wrong.
        case error
        /// Reported; exit 0 when there are only warnings.
        case warning

        /// Whether `a` is an error and `b` a warning (errors come first).
        public static func < (a: Self, b: Self) -> Bool { a == .error && b == .warning }
    }

    /// The path of the catalog file.
    public let file: String
    /// The 1-based line in the file.
    public let line: Int
    /// The 1-based column in the line, in characters.
    public let column: Int
    /// Whether the finding fails lint (`error`) or is reported only (`warning`).
    public let severity: Severity
    /// The rule that found it.
    public let rule: LintRule
    /// The translation unit (`steps.goal.title.cheerful.3`) or message key concerned, if any.
    public let unitID: String?
    /// What is wrong and how to fix it.
    public let message: String
    /// The one obvious fix, for the rules `msgtool lint --fix` applies (``LintFixes/rules``).
    public internal(set) var fix: TextFix? = nil

    /// A finding; see the properties for each parameter.
    public init(file: String, line: Int, column: Int, severity: Severity, rule: LintRule, unitID: String?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.rule = rule
        self.unitID = unitID
        self.message = message
    }

    /// `file:line:column: severity: unit: message [rule-id]`.
    public var description: String {
        "\(file):\(line):\(column): \(severity.rawValue): \(unitID.map { "\($0): " } ?? "")\(message) [\(rule.rawValue)]"
    }
}

/// A lint rule. The ids are stable: CI configurations and allow-lists name them.
public struct LintRule: RawRepresentable, Sendable, Hashable, CaseIterable, Comparable {
    /// The rule's stable id, e.g. `missing-other` (what `[rule-id]` shows).
    public let rawValue: String
    /// What the rule checks, for `msgtool lint --rules` and the docs.
    public let summary: String

    /// The rule with that id.
    /// - Parameter rawValue: a rule id such as `pool-size`.
    /// - Returns: `nil` when no rule has that id.
    public init?(rawValue: String) {
        guard let r = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = r
    }

    private init(_ id: String, _ summary: String) {
        rawValue = id
        self.summary = summary
    }

    /// Orders rules by id.
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// `json`: the file is not UTF-8 JSON.
    public static let json = LintRule("json", "The file is not UTF-8 JSON.")
    /// `structure`: the file is not a catalog: unknown keys, wrong types, a locale that does not
    /// match the file name or that ICU does not know, no source file.
    public static let structure = LintRule(
        "structure",
        "The file is not a catalog: unknown keys, wrong types, a locale that does not match the file name or that ICU does not know, no source file.")
    /// `duplicate-key`: a key appears twice in one JSON object (most parsers keep one silently).
    public static let duplicateKey = LintRule("duplicate-key", "A key appears twice in one JSON object (most parsers keep one silently).")
    /// `syntax`: a text is not valid ICU MessageFormat, or does not compile for its locale (bad
    /// skeleton, style).
    public static let syntax = LintRule("syntax", "A text is not valid ICU MessageFormat, or does not compile for its locale (bad skeleton, style).")
    /// `missing-other`: a plural, selectordinal or select has no `other` case (ICU rejects it).
    public static let missingOther = LintRule("missing-other", "A plural, selectordinal or select has no `other` case (ICU rejects it).")
    /// `missing-translation`: a message or part of the source is missing in a locale (users see the
    /// fallback).
    public static let missingTranslation = LintRule("missing-translation", "A message or part of the source is missing in a locale (users see the fallback).")
    /// `obsolete`: a message, part or tone exists only in a translation (a typo or a removed
    /// message: it is never shown).
    public static let obsolete = LintRule("obsolete", "A message, part or tone exists only in a translation (a typo or a removed message: it is never shown).")
    /// `shape`: a part is a text, pool or texts by tone in the source and something else in the
    /// translation.
    public static let shape = LintRule("shape", "A part is a text, pool or texts by tone in the source and something else in the translation.")
    /// `missing-tone`: a tone of the source is missing in a translated part.
    public static let missingTone = LintRule("missing-tone", "A tone of the source is missing in a translated part.")
    /// `pool-size`: a variant pool is smaller (error) or larger (warning) than the source's.
    public static let poolSize = LintRule("pool-size", "A variant pool is smaller (error) or larger (warning) than the source's.")
    /// `unknown-argument`: a text uses an argument its source message does not declare.
    public static let unknownArgument = LintRule("unknown-argument", "A text uses an argument its source message does not declare.")
    /// `unused-argument`: a declared argument no text uses, or a translation (or one of its
    /// plural/select cases) that drops an argument the source always shows.
    public static let unusedArgument = LintRule(
        "unused-argument",
        "A declared argument no text uses, or a translation (or one of its plural/select cases) that drops an argument the source always shows.")
    /// `argument-type`: an argument is used against its declared type (a plural over text, a date
    /// formatted as a number).
    public static let argumentType = LintRule(
        "argument-type", "An argument is used against its declared type (a plural over text, a date formatted as a number).")
    /// `plural-category`: a plural case the locale never selects (`one` in Chinese, `few` in
    /// English): the text is never shown.
    public static let pluralCategory = LintRule(
        "plural-category", "A plural case the locale never selects (`one` in Chinese, `few` in English): the text is never shown.")
    /// `duplicate-selector`: the same case twice in one plural or select (ICU silently uses the
    /// first).
    public static let duplicateSelector = LintRule("duplicate-selector", "The same case twice in one plural or select (ICU silently uses the first).")
    /// `plural-missing-category`: a plural lacks a category its locale has, where the source and
    /// the translation distinguish categories.
    public static let pluralMissingCategory = LintRule(
        "plural-missing-category", "A plural lacks a category its locale has, where the source and the translation distinguish categories.")
    /// `plural-literal-one`: a literal 1 in a `one` case where the locale's `one` also covers other
    /// numbers (21, 0).
    public static let pluralLiteralOne = LintRule(
        "plural-literal-one", "A literal 1 in a `one` case where the locale's `one` also covers other numbers (21, 0).")
    /// `select-value`: a select case that is not one of the argument's declared values (never
    /// selected).
    public static let selectValue = LintRule("select-value", "A select case that is not one of the argument's declared values (never selected).")
    /// `missing-example`: a declared argument has no example, so texts using it cannot be rendered
    /// for the length check.
    public static let missingExample = LintRule(
        "missing-example", "A declared argument has no example, so texts using it cannot be rendered for the length check.")
    /// `length`: a rendered title or body is wider than a lock-screen banner shows.
    public static let length = LintRule("length", "A rendered title or body is wider than a lock-screen banner shows.")
    /// `identical`: a translation is identical to the source text (allow names and brands with an
    /// allow-list).
    public static let identical = LintRule("identical", "A translation is identical to the source text (allow names and brands with an allow-list).")
    /// `punctuation`: ASCII !?,:; in Chinese text; a Spanish question or exclamation without its
    /// opening ¿ or ¡.
    public static let punctuation = LintRule("punctuation", "ASCII !?,:; in Chinese text; a Spanish question or exclamation without its opening ¿ or ¡.")
    /// `control-character`: a control character other than tab and line feed (a carriage return,
    /// NUL, ESC…) or a line or paragraph separator in a text, description, name or value.
    public static let controlCharacter = LintRule(
        "control-character",
        "A control character other than tab and line feed (CR, NUL, ESC…) or a line or paragraph separator in a text, description, name or value.")
    /// `swift-name`: a key component, argument name, part name or select value of the source with
    /// no ASCII letter or digit, which typed accessors (`msgtool gen swift`) cannot name.
    public static let swiftName = LintRule(
        "swift-name", "A key component, argument name, part name or select value with no ASCII letter or digit, which typed accessors cannot name.")

    /// `avoided-word`: a text uses a word its source message lists under `"avoid"` for that
    /// language (“today” in a reminder sent at the time and frequency the user picks).
    public static let avoidedWord = LintRule(
        "avoided-word",
        "A text uses a word its source message lists under \"avoid\" for that language (“today” in a reminder sent at the time and frequency the user picks).")
    /// `title-body-echo`: a body opens with the same words as a title of the same tone (titles
    /// and bodies are picked independently, so the pair may be shown together).
    public static let titleBodyEcho = LintRule(
        "title-body-echo",
        "A body opens with the same words as a title of the same tone (titles and bodies are picked independently, so the pair may be shown together).")
    /// `term-of-address`: a text uses the reserved `termOfAddress` argument other than as a select
    /// with the cases feminine, masculine and other (the neutral text, required).
    public static let termOfAddress = LintRule(
        "term-of-address",
        "A text uses the reserved `termOfAddress` argument other than as a select with the cases feminine, masculine and other (the neutral text, required).")
    /// `pool-frame`: two variants of one pool open with the same frame (the same first two words,
    /// a number counting as one), so a reader who gets both sees one text twice.
    public static let poolFrame = LintRule(
        "pool-frame",
        "Two variants of one pool open with the same frame (the same first two words, a number counting as one): a reader who gets both sees one text twice.")
    /// `title-in-body`: a body says three words of a title of its tone in a row (four characters
    /// in Chinese or Japanese), anywhere: the pair repeats itself.
    public static let titleInBody = LintRule(
        "title-in-body", "A body says three words of a title of its tone in a row (four characters in Chinese or Japanese): the pair repeats itself.")
    /// `title-number`: a cheerful or gentle body says again a number its title gives (“51% and
    /// climbing!” with “51% done”, the 50th achievement with “50 achievements”).
    public static let titleNumber = LintRule(
        "title-number",
        "A cheerful or gentle body says again a number its title gives (“51% and climbing!” with “51% done”): any title may come with any body, so the reader is told the figure twice."
    )
    /// `calendar-word`: a text uses a calendar or time-of-day word that contradicts when its
    /// message is sent (`"sent"` in the source): “next month” on the 1st, “tonight” at 10:00.
    public static let calendarWord = LintRule(
        "calendar-word",
        "A text uses a calendar or time-of-day word that contradicts when its message is sent (\"sent\" in the source): “next month” on the 1st, “tonight” at 10:00."
    )
    /// `unit-space`: a text joins a number (or an argument) and its unit symbol with a breakable space in a
    /// language whose typography wants a no-break one (Spanish «8,4 km»).
    public static let unitSpace = LintRule(
        "unit-space",
        "A text joins a number (or an argument) and its unit symbol with a breakable space in a language whose typography wants a no-break one (Spanish «8,4 km»)."
    )
    /// `regional-spelling`: a source text uses a word one region of its language spells or says
    /// differently (“honor”, “sneakers”, “10 a.m.”) and that region's catalog (`en-GB.json`) does
    /// not override it, or the region's own text uses the other region's word.
    public static let regionalSpelling = LintRule(
        "regional-spelling",
        "A source text uses a word another region of its language spells or says differently (“honor”, “sneakers”) and that region's catalog (en-GB.json) does not override it, or the region's own text uses it."
    )

    /// `regional-copy`: a regional catalog of the source's language (`en-GB.json`) holds a text
    /// equal to the source's, which goes stale when the source rewrites it.
    public static let regionalCopy = LintRule(
        "regional-copy",
        "A regional catalog of the source's language (en-GB.json) holds a text equal to the source's: it goes stale when the source rewrites it; override only what the region says differently."
    )

    /// `user-text-punctuation`: punctuation written right after an argument the source declares
    /// as text the user typed (`"userText": true`): `{habit}: due today` reads “Read 20 pages.: due
    /// today” when the name ends with its own full stop.
    public static let userTextPunctuation = LintRule(
        "user-text-punctuation",
        "Punctuation right after text the user typed (an argument declared \"userText\": true): “{habit}: due today” reads “Read 20 pages.: due today” when the name ends with its own full stop."
    )

    /// `nested-plural`: a plural inside a case of another plural whose forms change with the
    /// outer case (French «10 432 de pas» when the outer number is a million, `many`): an inner
    /// plural's form must depend on its own number only.
    public static let nestedPlural = LintRule(
        "nested-plural",
        "A plural inside a case of another plural whose forms change with the outer case (French «10 432 de pas» when the outer number falls in `many`): an inner plural's form must depend on its own number only."
    )

    /// `title-in-body-select`: a body says three words of a title of its tone in a row (four
    /// characters in Chinese or Japanese) for a declared value of a select argument the examples
    /// do not take (a hike's 好好休息 in both): `title-in-body` renders the examples only.
    public static let titleInBodySelect = LintRule(
        "title-in-body-select",
        "A body repeats three words of a title of its tone (four characters in Chinese) for a value of a select the examples do not take (a hike's 好好休息 in both): rendered with every declared value."
    )

    /// Every rule, in the order `msgtool lint --rules` lists them.
    public static let allCases: [LintRule] = [
        .json, .structure, .duplicateKey, .syntax, .missingOther, .missingTranslation, .obsolete, .shape, .missingTone,
        .poolSize, .unknownArgument, .unusedArgument, .argumentType, .pluralCategory, .duplicateSelector,
        .pluralMissingCategory, .pluralLiteralOne, .selectValue, .missingExample, .length, .identical, .punctuation, .avoidedWord, .titleBodyEcho,
        .controlCharacter, .swiftName, .termOfAddress, .poolFrame, .titleInBody, .titleNumber, .calendarWord, .unitSpace, .regionalSpelling, .regionalCopy,
        .userTextPunctuation, .nestedPlural, .titleInBodySelect
    ]
}

/// What lint checks against.
public struct LintOptions: Sendable {
    /// Width budgets in columns (see `DisplayWidth`) by part name; parts not named are not checked.
    public var budgets: [String: Int] = ["title": 40, "body": 150]
    /// Texts allowed to equal the source: unit ids (`action.view_steps.title`), message keys
    /// (`action.view_steps`), or exact texts (`OK`, a brand name).
    public var allowIdentical: Set<String> = []
    /// The zone date arguments are rendered in for the length check.
    public var timeZone = "UTC"

    /// The defaults: title 40 and body 150 columns, nothing allowed to equal the source, UTC.
    public init() {}
}

/// Everything lint found in a catalog folder.
public struct LintReport: Sendable {
    /// Findings sorted by file, line, column, rule.
    public let findings: [LintFinding]
    /// The files linted, in order.
    public let files: [String]

    /// Per translation that writes fewer variants than the source (down to one text per part
    /// and tone): how much of the source's variety it covers. Empty when every file has it all.
    public var coverage: [LocaleCoverage] = []

    /// How many findings are errors.
    public var errorCount: Int { findings.count { $0.severity == .error } }
    /// How many findings are warnings.
    public var warningCount: Int { findings.count { $0.severity == .warning } }
}

/// How much of the source's variety one translation writes: a locale may ship fewer variants
/// than the source (one sentence per message to start a language), and its readers see the
/// texts it has in turn.
public struct LocaleCoverage: Sendable, Hashable {
    /// The file's path.
    public let file: String
    /// The file's locale.
    public let locale: String
    /// Source texts (units) of the messages, parts and tones the file writes.
    public let sourceTexts: Int
    /// Texts the file writes for them.
    public let texts: Int
    /// Pools (one part and tone) where the file writes fewer texts than the source.
    public let shorterPools: Int

    /// “fr.json writes 131 of 381 texts: 31 pools are shorter than en's; its readers see the texts it has in turn.”
    public func summary(sourceLocale: String) -> String {
        let percent = sourceTexts == 0 ? 100 : texts * 100 / sourceTexts
        return
            "\(file.split(separator: "/").last.map(String.init) ?? file) writes \(texts) of \(sourceTexts) texts (\(percent)%): \(shorterPools) pool\(shorterPools == 1 ? " is" : "s are") shorter than \(sourceLocale)'s; its readers see the texts it has in turn."
    }
}

/// A fix of a finding: one piece of a unit's text replaced.
public struct TextFix: Sendable, Hashable {
    /// The unit whose text is fixed.
    public let unitID: String
    /// Where the piece starts in the text, in UTF-16 code units.
    public let offset: Int
    /// The piece's length, in UTF-16 code units.
    public let length: Int
    /// What replaces it.
    public let replacement: String
}
