/// Where an export's bytes go, in order, a chunk at a time: the writers append to a small
/// buffer, which is handed to the destination whenever it holds `chunkSize` bytes (64 KiB), so
/// that a file of any size is never held whole in memory.
///
/// The destination is a file being written (`msgtool export --out` writes a temporary file and
/// renames it over the target when complete), standard output, or memory:
///
/// ```swift
/// var bytes: [UInt8] = []
/// let sink = ExportSink { chunk in bytes += chunk }
/// let export = try CatalogExchange.prepareExport(CatalogFolder.bundled, format: .po, locales: ["es"])
/// let written = export.write(to: sink)
/// try sink.finish()
/// print("\(written.units) units, \(bytes.count) bytes")
/// ```
///
/// The first error the destination throws is kept: the bytes that follow are dropped, the
/// writers stop at the next unit, and ``finish()`` throws that error, so a failed export is
/// reported, never taken for a complete one.
public final class ExportSink {
    /// The bytes not yet handed to the destination.
    var buffer: [UInt8] = []
    /// How many bytes are collected before they are handed on.
    private let chunkSize: Int
    private let destination: ([UInt8]) throws -> Void
    /// The first error the destination threw; after it, bytes are dropped.
    public private(set) var failure: (any Error)?

    /// A sink handing its bytes to `destination`, in order, in chunks of about `chunkSize`
    /// bytes (the last one smaller).
    /// - Parameters:
    ///   - chunkSize: the bytes collected before each call of `destination`.
    ///   - destination: takes each chunk; an error it throws stops the export (see ``finish()``).
    public init(chunkSize: Int = 1 << 16, destination: @escaping ([UInt8]) throws -> Void) {
        self.chunkSize = max(1, chunkSize)
        self.destination = destination
        buffer.reserveCapacity(self.chunkSize + 4096)
    }

    /// Whether the destination failed (the writers stop at the next unit).
    var failed: Bool { failure != nil }

    /// Appends a text's UTF-8 bytes.
    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        flushIfFull()
    }

    /// Hands the buffer on once it holds a chunk (the writers call this after appending to
    /// ``buffer`` directly).
    func flushIfFull() {
        if buffer.count >= chunkSize { flush() }
    }

    /// Hands what is left to the destination and reports how the export went.
    /// - Throws: the first error the destination threw; the output is then incomplete.
    public func finish() throws {
        flush()
        if let failure { throw failure }
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        if failure == nil {
            do { try destination(buffer) } catch { failure = error }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
