import Testing
@testable import MessageCatalog

/// `usage/swim`: a swim given in kilometres reads in whole metres, and in yards in the United
/// States, with the same text from ICU (a server) and from the Foundation backend (a device).
@Suite("Swims in metres, yards in the US (usage/swim)")
struct SwimDistanceTests {
    static let pattern = "{d, number, ::measure-unit/length-kilometer usage/swim unit-width-short}"
    /// 1,650 yd (the US “mile” swim) in kilometres.
    static let mileSwim = 1650 * 0.9144 / 1000

    @Test(
        "Metres everywhere, yards in the US, whole, in each language's own pattern",
        arguments: [
            ("en-US", 1.5, "1,640 yd"), ("en-US", mileSwim, "1,650 yd"), ("en-US", 0.4, "437 yd"), ("en-US", 0.02286, "25 yd"),
            ("en-US", 1.509, "1,650 yd"),
            ("en", 1.5, "1,500 m"), ("en-GB", 1.5, "1,500 m"), ("en-GB", 0.4, "400 m"), ("en-GB", 0.025, "25 m"), ("en-AU", 1.5, "1,500 m"),
            ("es", 1.5, "1500\u{A0}m"), ("es", 0.4, "400\u{A0}m"), ("es", 0.025, "25\u{A0}m"), ("es", 10.0, "10.000\u{A0}m"),
            ("es-MX", 1.5, "1,500\u{A0}m"), ("es-US", mileSwim, "1,650\u{A0}yd"),
            ("fr", 1.5, "1\u{202F}500\u{202F}m"), ("fr", 0.025, "25\u{202F}m"),
            ("zh-Hans", 1.5, "1,500米"), ("zh-Hans", 0.025, "25米")
        ])
    func swim(_ locale: String, _ km: Double, _ expected: String) throws {
        let m = try MessageFormat(Self.pattern, locale: locale)
        #expect(try m.format(["d": .double(km)]) == expected, "\(locale) \(km) km")
    }

    @Test("A precision written in the skeleton applies to the swim unit; a distance in metres converts too")
    func precisionAndInputUnit() throws {
        let tenths = try MessageFormat("{d, number, ::measure-unit/length-kilometer usage/swim .0}", locale: "en-US")
        #expect(try tenths.format(["d": .double(0.1)]) == "109.4 yd")
        let metres = try MessageFormat("{d, number, ::measure-unit/length-meter usage/swim}", locale: "en-US")
        #expect(try metres.format(["d": .int(1500)]) == "1,640 yd")
        #expect(try MessageFormat("{d, number, ::measure-unit/length-meter usage/swim}", locale: "en-GB").format(["d": .int(1500)]) == "1,500 m")
    }

    @Test("usage/swim without a length, or with usage/road, is refused where the stem is written")
    func refused() throws {
        for (pattern, says) in [
            ("{d, number, ::usage/swim}", "needs the length"),
            ("{d, number, ::measure-unit/duration-hour usage/swim}", "needs the length"),
            ("{d, number, ::measure-unit/length-kilometer usage/road usage/swim}", "keep one")
        ] {
            do {
                _ = try MessageFormat(pattern, locale: "en-US")
                Issue.record("accepted: \(pattern)")
            } catch {
                #expect(error.message.contains(says), "\(pattern): \(error.message)")
                #expect(error.offset == pattern.offsetOfSwim, "\(pattern): \(String(describing: error.offset))")
            }
        }
    }

    @Test(
        "The skeleton both backends format",
        arguments: [
            (
                "measure-unit/length-kilometer usage/swim unit-width-short", "en_US",
                "measure-unit/length-yard unit-width-short scale/1093.6132983377079 precision-integer"
            ),
            ("measure-unit/length-kilometer usage/swim unit-width-short", "es", "measure-unit/length-meter unit-width-short scale/1000 precision-integer"),
            ("measure-unit/length-meter usage/swim .0", "en-GB", "measure-unit/length-meter .0"),
            ("measure-unit/length-kilometer unit-width-short", "en_US", "measure-unit/length-kilometer unit-width-short")
        ])
    func resolved(_ skeleton: String, _ locale: String, _ expected: String) throws {
        #expect(try SwimUnitPreferences.resolved(skeleton, localeID: locale) == expected)
    }
}

/// Where `usage/swim` starts in a pattern (UTF-16), as a compile error points at it.
extension String {
    fileprivate var offsetOfSwim: Int? { range(of: "usage/swim").map { self[..<$0.lowerBound].utf16.count } }
}
