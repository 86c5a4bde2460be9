import ArgumentParser
import Foundation
import MessageCatalog

struct Plural: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print each number's CLDR plural category, one a line.",
        discussion: "Visible fraction digits count: in English 1 is 'one' and 1.0 is 'other'."
    )

    @Option(help: "BCP 47 locale tag.") var locale: String
    @Flag(help: "Ordinal categories (1st, 2nd, 3rd) instead of cardinal.") var ordinal = false
    @Argument(help: "Numbers, as written (1, 1.0, 1.50, -3).") var numbers: [String]

    func validate() throws {
        if numbers.isEmpty { throw ValidationError("Give at least one number.") }
    }

    func run() throws {
        let out = StdoutBuffer()
        for n in numbers {
            do {
                out.line(try PluralCategories.category(of: n, locale: locale, ordinal: ordinal))
            } catch {
                out.flush()
                throw Failure.at(nil, Failure.words(error))
            }
        }
    }
}
