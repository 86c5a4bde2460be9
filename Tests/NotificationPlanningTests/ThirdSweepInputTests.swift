import MessageCatalog
@testable import NotificationBatch
import Foundation
import Testing
import ToolkitSupport
import ToolkitJSON
@testable import NotificationPlanning

/// The batch byte reader and the strict decoder read the same lines the same way, however the
/// keys are spelt, and whole numbers written with an exponent or a fraction are read exactly.
@Suite("Batch and state input: keys and numbers")
struct ThirdSweepInputTests {
    static func line(state: String = "{}", seed: String = "7") -> String {
        #"{"id": "u", "timeZone": "Europe/Madrid", "userSeed": \#(seed), "state": \#(state)}"#
    }

    /// `é` and `e` + U+0301 (and `K` and the Kelvin sign) are one key to the strict decoder:
    /// raw, the byte reader kept both and one value silently overwrote the other; now both
    /// paths refuse the line as a key given twice, and `schedule` and `batch` agree.
    @Test(arguments: [("\u{E9}", "e\u{301}"), ("K", "\u{212A}"), ("\u{212A}", "K"), ("e\u{301}", "\u{E9}")])
    func canonicallyEquivalentKeysAreOneKey(_ a: String, _ b: String) throws {
        let state = #"{"processedEvents": {"\#(a)": "2026-11-22T10:00:00Z", "\#(b)": "2026-11-21T10:00:00Z"}}"#
        let bytes = Array(Self.line(state: state).utf8)
        #expect(BatchUser.read(bytes: bytes) == nil, "the byte reader took the line")
        guard case .failure(let error) = BatchUser.decode(bytes: bytes) else {
            Issue.record("the line was accepted")
            return
        }
        #expect(error.message.contains("appears twice"), "\(error.message)")
        #expect(throws: Diagnostic.self) { try SchedulerState.from(json: Data(state.utf8)) }
    }

    /// The same keys after 20 others (the set the reader switches to for large objects).
    @Test func equivalentKeysInALargeObject() throws {
        let many = (0..<40).map { #""k\#($0)": "2026-11-22T10:00:00Z""# }.joined(separator: ", ")
        let state = #"{"processedEvents": {\#(many), "\#u{E9}": "2026-11-22T10:00:00Z", "e\#u{301}": "2026-11-21T10:00:00Z"}}"#
        #expect(BatchUser.read(bytes: Array(Self.line(state: state).utf8)) == nil)
        let twice = #"{"processedEvents": {\#(many), "k3": "2026-11-21T10:00:00Z"}}"#
        #expect(BatchUser.read(bytes: Array(Self.line(state: twice).utf8)) == nil)
        guard case .failure = BatchUser.decode(bytes: Array(Self.line(state: twice).utf8)) else {
            Issue.record("a key given twice in a large object was accepted")
            return
        }
        // Distinct keys, many of them: read by both, the same user.
        let fine = Array(Self.line(state: #"{"processedEvents": {\#(many)}}"#).utf8)
        let user = try #require(BatchUser.read(bytes: fine))
        #expect(user.state.processedEvents.count == 40)
        #expect(user == (try InputLimits.decoder.decode(BatchUser.self, from: fine)))
    }

    /// `1e16` and `9007199254740993.0` were refused as "out of range 0…18446744073709551615".
    @Test(arguments: [
        ("1e16", UInt64(10_000_000_000_000_000)), ("9007199254740993.0", 9_007_199_254_740_993), ("1.8446744073709551615e19", .max),
        ("2.50e1", 25), ("0.0", 0), ("-0", 0), ("120E-1", 12)
    ])
    func wholeNumbersWithExponentOrFraction(_ literal: String, _ expected: UInt64) throws {
        guard case .success(let user) = BatchUser.decode(bytes: Array(Self.line(seed: literal).utf8)) else {
            Issue.record("\(literal) was refused")
            return
        }
        #expect(user.preferences.userSeed == expected)
    }

    @Test(arguments: [
        ("1.5", "is not a whole number"), ("1e-1", "is not a whole number"), ("1.8446744073709551616e19", "out of range"),
        ("1e40", "out of range"), ("1e999999", "out of range"), ("-1", "out of range")
    ])
    func numbersThatAreNoSeed(_ literal: String, _ reason: String) {
        guard case .failure(let error) = BatchUser.decode(bytes: Array(Self.line(seed: literal).utf8)) else {
            Issue.record("\(literal) was accepted")
            return
        }
        #expect(error.message.contains(reason), "\(error.message)")
    }

    @Test func wholeNumberDigits() {
        #expect(ToolkitJSON.wholeNumberDigits("1e16") == .whole("10000000000000000"))
        #expect(ToolkitJSON.wholeNumberDigits("-12.500e2") == .whole("-1250"))
        #expect(ToolkitJSON.wholeNumberDigits("0.001e3") == .whole("1"))
        #expect(ToolkitJSON.wholeNumberDigits("1.0001e3") == .fraction)
        #expect(ToolkitJSON.wholeNumberDigits("1e41") == .tooLong)
    }
}
