import Foundation
import Testing
@testable import MessageCatalog
#if SystemICU && os(Linux)
import ICUKit
#endif

// `compact-long` and percentages print ICU 72's text from both backends.
// The fixed rows hold in both configurations (CI runs the suite in each); in the SystemICU build
// the Foundation backend is also compared with ICU on many locales and values.
@Suite("compact-long and percent on both backends")
struct CompactLongAndPercentTests {
    @Test(arguments: [
        ("en", "{n, number, ::compact-long}", "1234", "1.2 thousand"),
        ("en", "{n, number, ::compact-long}", "999.9", "1 thousand"),  // rounds into the next power
        ("en", "{n, number, ::compact-long}", "99999", "100 thousand"),
        ("en", "{n, number, ::compact-long}", "999999", "1 million"),
        ("en", "{n, number, ::compact-long}", "1000000000000000", "1000 trillion"),  // beyond the largest power
        ("en", "{n, number, ::compact-long}", "12345678901234567", "12,346 trillion"),
        ("en", "{n, number, ::compact-long}", "0.000012345", "0.000012"),  // two significant digits
        ("en", "{n, number, ::compact-long}", "1234.5", "1.2 thousand"),
        ("en", "{n, number, ::compact-long}", "-1234.5", "-1.2 thousand"),
        ("en", "{n, number, ::KK}", "25000", "25 thousand"),
        ("en", "{n, number, ::compact-long .00}", "1234", "1.23 thousand"),
        ("en", "{n, number, ::compact-long sign-always}", "2000000", "+2 million"),
        ("es", "{n, number, ::compact-long}", "1000000", "1 millón"),
        ("es", "{n, number, ::compact-long}", "123456789.125", "123 millones"),
        ("es", "{n, number, ::compact-long}", "1000000000000000000000", "1.000.000.000 billones"),
        ("es-419", "{n, number, ::compact-long}", "12345", "12 mil"),
        ("fr", "{n, number, ::compact-long}", "1000", "mille"),  // CLDR's explicit "1" form
        ("fr", "{n, number, ::compact-long}", "1234", "1,2 millier"),
        ("fr", "{n, number, ::compact-long}", "12345", "12 mille"),
        ("fr", "{n, number, ::compact-long}", "-1000", "-1 millier"),
        ("ja", "{n, number, ::compact-long}", "1234", "1234"),
        ("ja", "{n, number, ::compact-long}", "12345", "1.2万"),
        ("ja", "{n, number, ::compact-long}", "99999999", "1億"),
        ("zh-Hans", "{n, number, ::compact-long}", "123456789", "1.2亿"),
        ("de", "{n, number, ::compact-long}", "2500000", "2,5 Millionen"),
        ("sw", "{n, number, ::compact-long}", "-5000", "elfu -5"),  // the negative subpattern
        ("es-419", "{n, number, ::percent}", "51", "51\u{a0}%"),
        ("es-419", "{n, number, percent}", "0.51", "51\u{a0}%"),
        ("es", "{n, number, ::percent}", "-7.5", "-7,5\u{a0}%"),
        ("tr", "{n, number, ::percent}", "-5", "-%5"),
        ("en", "{n, number, ::percent}", "12.5", "12.5%"),
        ("en", "{n, number, ::percent scale/100}", "0.25", "25%")
    ])
    func bothBackendsPrint(locale: String, pattern: String, n: String, text: String) throws {
        #expect(try MessageFormat(pattern, locale: locale).format(["n": .decimal(n)]) == text)
    }

    #if SystemICU && os(Linux)
    static let locales = [
        "en", "en-GB", "en-IN", "es", "es-419", "es-MX", "es-US", "fr", "fr-CA", "de", "de-CH", "it", "pt", "pt-PT",
        "nl", "sv", "da", "nb", "fi", "pl", "cs", "ru", "uk", "tr", "el", "he", "hi", "id", "vi", "th", "ja",
        "ko", "zh-Hans", "zh-Hant", "zh-HK", "ca", "ro", "hu", "bg", "hr", "sk", "sl", "sw", "ms", "fil"
    ]
    static let values = [
        "0", "1", "2", "5", "11", "21", "100", "999", "999.5", "1000", "1001", "1234", "1500", "9999", "12345",
        "99999", "100000", "123456", "999999", "1000000", "1234567", "2500000", "12345678", "99999999",
        "123456789", "1000000000", "2000000000", "1000000000000", "15000000000000", "1000000000000000", "1000000000000000000", "0.5", "0.005", "1.25",
        "-1", "-1234.5", "-1000000", "-999.9"
    ]

    /// The Foundation backend against ICU 72 for every locale whose plain numbers the two backends
    /// already print alike (Foundation's own symbols are the OS's): compact-long and percent must
    /// then be equal too.
    @Test(arguments: ["compact-long", "percent", "compact-long .00", "percent .0"])
    func foundationEqualsICU(skeleton: String) throws {
        var compared = 0
        var different: [String] = []
        for tag in Self.locales {
            let fID = try FoundationBackend.localeID(forTag: tag)
            let iID = try ICUBackend.localeID(forTag: tag)
            let fPlain = try FoundationBackend.numberFormatter(localeID: fID, skeleton: "")
            let iPlain = try ICUBackend.numberFormatter(localeID: iID, skeleton: "")
            let f = try FoundationBackend.numberFormatter(localeID: fID, skeleton: skeleton)
            let i = try ICUBackend.numberFormatter(localeID: iID, skeleton: skeleton)
            let fr = try FoundationNumberResult(), ir = try FormattedNumber()
            func texts(_ v: String, _ fmt: FoundationNumberFormatter, _ icu: ICUNumberFormatter) throws -> (String, String) {
                try fmt.format(decimal: v, into: fr)
                try icu.format(decimal: v, into: ir)
                var bytes: [UInt8] = []
                ir.append(toBytes: &bytes)
                return (fr.string, String(decoding: bytes, as: UTF8.self))
            }
            // Plain numbers first: with a separator, sign or grouping the OS writes differently,
            // the locale says nothing about the patterns.
            guard
                try ["-1234.5", "12345678.25", "0.5"].allSatisfy({ v in
                    let (a, b) = try texts(v, fPlain, iPlain); return a == b
                })
            else { continue }
            compared += 1
            for v in Self.values {
                let (a, b) = try texts(v, f, i)
                if a != b { different.append("\(tag) \(v): Foundation \(a.debugDescription), ICU \(b.debugDescription)") }
            }
        }
        #expect(compared >= 30, "only \(compared) locales print plain numbers alike")
        let report = different.prefix(30).joined(separator: "\n")
        #expect(different.isEmpty, "\(different.count) texts differ:\n\(report)")
    }
    #endif
}
