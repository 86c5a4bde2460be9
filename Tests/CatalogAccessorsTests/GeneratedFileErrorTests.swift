import Foundation
import Testing
import CatalogAccessors
import MessageCatalog
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The generator's own refusals are diagnostics like any other: a code that says what happened,
/// the place as a location, and a message without a tool's "error:" (the tools add it).
@Suite("Accessor generator: file errors")
struct GeneratedFileErrorTests {
    @Test("An output that is a FIFO is an unwritable diagnostic at that path, its message without 'error:'")
    func fifoOutputIsUnwritable() throws {
        let dir = try TemporaryFolder.create("generated")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("Messages.swift").path
        try #require(mkfifo(fifo, 0o600) == 0, "mkfifo failed")
        let error = try #require(throws: Diagnostic.self) {
            try SwiftAccessorGenerator(typeName: "Messages", access: .internal).generateFile(catalog: nil, base: nil, output: fifo)
        }
        #expect(error.code == .unwritable)
        #expect(error.location.file == fifo)
        #expect(error.message == "Cannot write the generated file: it is a FIFO (named pipe), not a regular file: give the path of a .swift file.")
        #expect(!error.message.lowercased().contains("error:"))
    }
}
