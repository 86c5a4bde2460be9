import Foundation
import Testing
@testable import MessageCatalogTools
import MessageCatalog

/// Exports are written into an `ExportSink` a chunk at a time: the file does not depend on how
/// it is cut, and a destination that fails stops the export and is reported.
@Suite("Export sink")
struct ExportSinkTests {
    /// Each format and option an export can be written with.
    static let exports: [(format: ExchangeFormat, locales: [String], xliff: String, xcstrings: String, plurals: String?)] = [
        (.xliff, ["es"], "2.0", "1.0", nil),
        (.xliff, ["zh-Hans"], "1.2", "1.0", nil),
        (.po, ["es-419"], "2.0", "1.0", nil),
        (.po, ["es"], "2.0", "1.0", "nplurals=2; plural=(n != 1);"),
        (.arb, ["fr"], "2.0", "1.0", nil),
        (.xcstrings, ["es", "zh-Hans"], "2.0", "1.1", nil)
    ]

    static func prepared(_ i: Int) throws -> CatalogExchange.PreparedExport {
        let e = exports[i]
        return try CatalogExchange.prepareExport(
            CatalogFolder.bundled, format: e.format, locales: e.locales,
            xcstringsVersion: e.xcstrings, xliffVersion: e.xliff, poPluralForms: e.plurals)
    }

    @Test(arguments: exports.indices)
    func theFileIsTheSameHoweverItIsCut(_ i: Int) throws {
        var chunks: [[UInt8]] = []
        let sink = ExportSink(chunkSize: 1000) { chunks.append($0) }
        let written = try Self.prepared(i).write(to: sink)
        try sink.finish()
        var whole: [UInt8] = []
        let one = ExportSink(chunkSize: 1 << 30) { whole += $0 }
        _ = try Self.prepared(i).write(to: one)
        try one.finish()
        #expect(chunks.count > 10)
        // Every chunk but the last is at least the chunk size, and they add up to the file.
        #expect(chunks.dropLast().allSatisfy { $0.count >= 1000 })
        #expect(chunks.flatMap { $0 } == whole)
        #expect(whole.last == 0x0A)
        let e = Self.exports[i]
        let text = try CatalogExchange.export(
            CatalogFolder.bundled, format: e.format, locales: e.locales, xcstringsVersion: e.xcstrings,
            xliffVersion: e.xliff, poPluralForms: e.plurals)
        #expect(text.bytes == whole)
        #expect(text.notes == written.notes)
        #expect(text.units == written.units && written.units > 300)
    }

    struct DiskFull: Error, Equatable {}

    @Test(arguments: exports.indices)
    func aDestinationThatFailsStopsTheExport(_ i: Int) throws {
        var calls = 0
        let sink = ExportSink(chunkSize: 4096) { _ in
            calls += 1
            if calls == 3 { throw DiskFull() }
        }
        _ = try Self.prepared(i).write(to: sink)
        #expect(throws: DiskFull()) { try sink.finish() }
        // Nothing is handed on after the failure.
        #expect(calls == 3)
        #expect(sink.failure is DiskFull)
    }
}
