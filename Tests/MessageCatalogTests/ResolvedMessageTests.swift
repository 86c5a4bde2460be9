import Foundation
import Testing
@testable import MessageCatalog

/// The arguments of a message from its declared examples (a plain value of the declared type
/// when a declaration has none).
private func sampleArguments(_ message: CatalogMessage) -> [String: MessageValue] {
    var out: [String: MessageValue] = [:]
    for declaration in message.arguments {
        if let example = declaration.example { out[declaration.name] = example; continue }
        switch declaration.kind {
        case .string: out[declaration.name] = .string(declaration.values.first ?? "Ana")
        case .number: out[declaration.name] = .int(3)
        case .duration: out[declaration.name] = .int(4_800)
        case .date: out[declaration.name] = .date(millis: 1_795_000_000_000)
        }
    }
    return out
}

@Suite("A message resolved once renders as each part formatted on its own")
struct ResolvedMessageTests {
    static let content = try! ContentGenerator.bundled()
    static let locales = ["en", "en-GB", "es", "es-MX", "es-419", "zh-Hans", "zh-TW", "fr"]

    /// The planner's title-and-body render equals the full render's title and body, first
    /// rendered and then again from the memo of earlier renders, for every bundled message with
    /// changing arguments, variants, zones and terms of address; a full memo starts again.
    @Test("Title and body, rendered and remembered, equal the full render", arguments: ["en", "es-MX", "zh-Hans"])
    func titleAndBodyFromTheMemo(locale: String) throws {
        let catalog = Self.content.catalog
        for message in catalog.source.messages {
            let resolved = try Self.content.resolved(key: message.key, locale: locale, tone: .cheerful)
            var arguments = sampleArguments(message)
            for round in 0..<3 {
                for variant in 0..<4 {
                    for zone in ["UTC", "Asia/Kolkata"] {
                        for term in [AddressTerm.unspecified, .feminine] {
                            let full = try resolved.render(arguments: arguments, variant: variant, timeZone: zone, termOfAddress: term)
                            let texts = try resolved.renderTitleAndBody(arguments: arguments, variant: variant, timeZone: zone, termOfAddress: term)
                            #expect(texts.title == full.title && texts.body == full.body, "\(message.key) \(locale) round \(round)")
                        }
                    }
                }
                // Other values for the same names: other texts, never the remembered ones.
                for (name, value) in arguments {
                    switch value {
                    case .int(let n): arguments[name] = .int(n + 1)
                    case .double(let d): arguments[name] = .double(-d)
                    case .date(let ms): arguments[name] = .date(millis: ms + 86_400_000)
                    case .string(let text): if declaredValues(message, name).isEmpty { arguments[name] = .string(text + "x") }
                    case .decimal: break
                    }
                }
            }
        }
        let memo = RenderMemo()
        for n in 0..<(RenderMemo.capacity + 10) {
            memo.store(("t\(n)", nil), for: .init(variant: n, timeZone: "UTC", termOfAddress: .unspecified, arguments: [:]))
        }
        #expect(
            memo.texts(for: .init(variant: RenderMemo.capacity + 9, timeZone: "UTC", termOfAddress: .unspecified, arguments: [:]))?.title
                == "t\(RenderMemo.capacity + 9)")
        #expect(memo.texts(for: .init(variant: 0, timeZone: "UTC", termOfAddress: .unspecified, arguments: [:])) == nil)
    }

    private func declaredValues(_ message: CatalogMessage, _ name: String) -> [String] {
        message.arguments.first { $0.name == name }?.values ?? []
    }

    /// Every bundled message, in every locale (fr falls back to en) and tone, for its first
    /// variants: the handle's render equals `LocalizedCatalog.format` of each part at the
    /// variant's pool index, and its count equals the product of the parts' pools.
    @Test("Every bundled message, locale and tone", arguments: locales)
    func sameAsFormattingEachPart(locale: String) throws {
        let catalog = Self.content.catalog
        for message in catalog.source.messages {
            let arguments = sampleArguments(message)
            for tone in Tone.allCases {
                let resolved = try Self.content.resolved(key: message.key, locale: locale, tone: tone)
                var sizes: [Int] = []
                for part in message.parts {
                    sizes.append(max(1, try catalog.resolveUnits(key: message.key, part: part.name, locale: locale, tone: tone).units.count))
                }
                #expect(resolved.variantCount == sizes.reduce(1, *), "\(message.key) \(locale) \(tone)")
                #expect(try Self.content.variantCount(key: message.key, locale: locale, tone: tone) == resolved.variantCount)
                for variant in 0..<min(resolved.variantCount, 8) {
                    let rendered = try resolved.render(arguments: arguments, variant: variant, timeZone: "Europe/Madrid")
                    let indices = ContentGenerator.partIndices(variant: variant, sizes: sizes)
                    for (i, part) in message.parts.enumerated() {
                        let expected = try catalog.format(
                            key: message.key, part: part.name, locale: locale, tone: tone, variant: indices[i],
                            arguments: arguments, timeZone: "Europe/Madrid")
                        #expect(rendered.parts[part.name] == expected, "\(message.key).\(part.name) \(locale) \(tone) \(variant)")
                    }
                    #expect(rendered.locale == (try catalog.resolveUnits(key: message.key, part: message.parts[0].name, locale: locale, tone: tone).locale))
                    let direct = try Self.content.render(
                        key: message.key, locale: locale, tone: tone, arguments: arguments,
                        variant: variant, timeZone: "Europe/Madrid")
                    #expect(direct == rendered)
                }
            }
        }
    }

    @Test("An unknown key or locale is an error, as before")
    func errors() {
        #expect(throws: Diagnostic.self) { try Self.content.resolve(key: "no.such.key", locale: "en", tone: .gentle) }
        #expect(throws: Diagnostic.self) { try Self.content.resolve(key: "steps.goal", locale: "not a tag!", tone: .gentle) }
    }
}
