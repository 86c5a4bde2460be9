import Foundation
import Testing
@testable import MessageCatalog

/// The user's term of address: texts select on the reserved `termOfAddress` argument, which the
/// renderer fills (feminine, masculine, else the neutral `other` text), on both backends.
@Suite("Term of address")
struct TermOfAddressTests {
    static let en = """
        {
          "locale": "en",
          "messages": {
            "goal": {
              "description": "Sent when the step goal is reached.",
              "arguments": { "steps": { "type": "number", "example": 10432 } },
              "parts": {
                "title": "You did it!",
                "body": "{steps, plural, one {# step} other {# steps}}. Way to go!"
              }
            }
          }
        }
        """
    static let es = """
        {
          "locale": "es",
          "messages": {
            "goal": {
              "parts": {
                "title": "{termOfAddress, select, feminine {¡Lo has conseguido, campeona!} masculine {¡Lo has conseguido, campeón!} other {¡Lo has conseguido!}}",
                "body": "{steps, plural, one {# paso} many {# de pasos} other {# pasos}}. ¡{termOfAddress, select, feminine {Vas lanzada} masculine {Vas lanzado} other {Qué ritmo}}!"
              }
            }
          }
        }
        """

    static func generator(es: String = es) throws -> ContentGenerator {
        ContentGenerator(catalog: try LocalizedCatalog(rawFiles: [("/t/en.json", Array(en.utf8)), ("/t/es.json", Array(es.utf8))]))
    }

    @Test(
        "Each term renders its own text; neutral and unspecified read the neutral text",
        arguments: [
            (AddressTerm.feminine, "¡Lo has conseguido, campeona!", "10.432 pasos. ¡Vas lanzada!"),
            (.masculine, "¡Lo has conseguido, campeón!", "10.432 pasos. ¡Vas lanzado!"),
            (.neutral, "¡Lo has conseguido!", "10.432 pasos. ¡Qué ritmo!"),
            (.unspecified, "¡Lo has conseguido!", "10.432 pasos. ¡Qué ritmo!")
        ])
    func rendersByTerm(term: AddressTerm, title: String, body: String) throws {
        let content = try Self.generator()
        let r = try content.render(
            key: "goal", locale: "es", tone: .cheerful, arguments: ["steps": .int(10_432)],
            variant: 0, timeZone: "UTC", termOfAddress: term)
        #expect(r.title == title)
        #expect(r.body == body)
        // The resolved handle (what the planner uses) renders the same.
        let handle = try content.resolve(key: "goal", locale: "es", tone: .cheerful)
        let again = try handle.render(arguments: ["steps": .int(10_432)], variant: 0, timeZone: "UTC", termOfAddress: term)
        #expect(again.parts == r.parts)
    }

    @Test("A render without a term of address is the neutral one, never a missing argument")
    func withoutTermIsNeutral() throws {
        let content = try Self.generator()
        let r = try content.render(key: "goal", locale: "es-MX", tone: .cheerful, arguments: ["steps": .int(1)], variant: 0, timeZone: "UTC")
        #expect(r.title == "¡Lo has conseguido!")
        #expect(r.body == "1 paso. ¡Qué ritmo!")
        let text = try content.catalog.format(key: "goal", part: "title", locale: "es", tone: nil, variant: 0, arguments: [:], timeZone: "UTC")
        #expect(text == "¡Lo has conseguido!")
    }

    @Test("Callers cannot pass the reserved argument themselves")
    func reservedArgumentIsRejected() throws {
        let content = try Self.generator()
        do {
            _ = try content.render(
                key: "goal", locale: "es", tone: .cheerful,
                arguments: ["steps": .int(3), "termOfAddress": .string("feminine")], variant: 0, timeZone: "UTC")
            Issue.record("the reserved argument was accepted")
        } catch let error as Diagnostic {
            #expect(error.kind == .badArgument)
            #expect(error.message.contains("'termOfAddress' is reserved"))
        }
    }

    @Test("A catalog that declares the reserved argument is refused at its position")
    func declaringItIsRefused() throws {
        let en = Self.en.replacingOccurrences(
            of: "\"steps\": { \"type\": \"number\", \"example\": 10432 }",
            with: "\"steps\": { \"type\": \"number\", \"example\": 10432 }, \"termOfAddress\": { \"type\": \"string\" }")
        do {
            _ = try LocalizedCatalog(rawFiles: [("/t/en.json", Array(en.utf8))])
            Issue.record("the declaration was accepted")
        } catch {
            #expect(error.message.contains("'termOfAddress' is reserved"))
            #expect(error.location.line == 6)
        }
    }

    @Test("A text that shows the term as it is, instead of selecting on it, is refused when loading")
    func plainUseIsRefused() throws {
        let es = Self.es.replacingOccurrences(of: "\"title\": \"{termOfAddress, select,", with: "\"title\": \"{termOfAddress} {termOfAddress, select,")
        do {
            _ = try Self.generator(es: es)
            Issue.record("the plain use was accepted")
        } catch let error as Diagnostic {
            #expect(error.message.contains("can only select on"))
            #expect(error.location.file == "/t/es.json")
            #expect(error.location.line == 6)
        }
    }

    @Test(
        "The bundled Spanish cheerful copy calls a user who chose feminine «campeona», and nobody else",
        arguments: ["es", "es-419", "es-MX"])
    func bundledSpanish(locale: String) throws {
        let content = try ContentGenerator.bundled()
        let args: [String: MessageValue] = ["steps": .int(10_432), "goal": .int(10_000), "bonus": .int(432)]
        let count = try content.variantCount(key: "steps.goal", locale: locale, tone: .cheerful)
        var titles: [AddressTerm: Set<String>] = [:]
        for term in AddressTerm.allCases {
            for v in 0..<count {
                let r = try content.render(
                    key: "steps.goal", locale: locale, tone: .cheerful, arguments: args, variant: v,
                    timeZone: "UTC", termOfAddress: term)
                titles[term, default: []].insert(r.title ?? "")
            }
        }
        #expect(titles[.feminine]!.contains { $0.contains("campeona") })
        #expect(titles[.masculine]!.contains { $0.contains("campeón") })
        for term in [AddressTerm.neutral, .unspecified] {
            #expect(titles[term] == titles[.neutral])
            #expect(!titles[term]!.contains { $0.contains("campeon") || $0.contains("campeón") || $0.contains("/a") })
        }
        #expect(!titles[.masculine]!.contains { $0.contains("campeona") })
        // English has no grammatical address here: every term reads the same.
        let en = try AddressTerm.allCases.map {
            try content.render(key: "steps.goal", locale: "en", tone: .cheerful, arguments: args, variant: 1, timeZone: "UTC", termOfAddress: $0).parts
        }
        #expect(Set(en).count == 1)
    }
}
