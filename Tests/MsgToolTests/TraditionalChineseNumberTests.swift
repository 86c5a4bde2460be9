import Foundation
import Testing
import TestSupport

// A Hong Kong or Taiwan reader of a Traditional Chinese catalog got Simplified characters in
// compact numbers (1.2亿 for 1.2億) on the server: looking up the catalog's fallback chain opened
// the zh_HK and zh_TW alias bundles with ures_openDirect, and ICU 72 then served their number
// data from zh (Simplified) for the rest of the process. Each msgtool run is a new process, so
// the order that broke it is the one a server's first request takes.
@Suite("msgtool: Traditional Chinese compact numbers after the catalog lookup")
struct TraditionalChineseNumberTests {
    /// A catalog with an English source and a Simplified and a Traditional translation.
    static func catalog() throws -> URL {
        let dir = try TemporaryFolder.create("zh-numbers")
        let en =
            #"{"locale": "en", "messages": {"big.number": {"description": "How many people joined: shown in a test only.", "parts": {"body": "{n, number, ::compact-long} people"}, "arguments": {"n": {"type": "number", "example": 123456789}}}}}"#
        try Data(en.utf8).write(to: dir.appendingPathComponent("en.json"))
        for locale in ["zh-Hans", "zh-Hant"] {
            let text = #"{"locale": "\#(locale)", "messages": {"big.number": {"parts": {"body": "{n, number, ::compact-long}人"}}}}"#
            try Data(text.utf8).write(to: dir.appendingPathComponent("\(locale).json"))
        }
        return dir
    }

    @Test(
        "A catalog message prints the reader's script",
        arguments: [
            ("zh-HK", "1.2億人"), ("zh-TW", "1.2億人"), ("zh-MO", "1.2億人"), ("zh-Hant", "1.2億人"),
            ("zh-CN", "1.2亿人"), ("zh-Hans", "1.2亿人")
        ])
    func compactLong(locale: String, expected: String) throws {
        let dir = try Self.catalog()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try MsgTool.run(["format", "--catalog", dir.path, "--key", "big.number.body", "--locale", locale, "--arg", "n=123456789"])
        #expect(run.status == 0, "\(run)")
        #expect(run.out == expected + "\n", "\(run)")
    }
}
