import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `read(2)` (inside ``InputFile``, `read` names its own method).
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }

/// Reading an input file whole, with its size capped before a byte is parsed: the package's
/// one reader of configs, events, state files, catalogs and translators' files.
///
/// Only a regular file (or a symbolic link to one) is read: a FIFO, a device, a socket or a
/// folder is an error saying what it is (a FIFO would block, a device never ends). A file
/// over its cap is refused from its size, and a file that grows past the cap while it is
/// read is refused too, so memory stays bounded whatever the input.
package enum InputFile {
    /// Why a file was not read: the message says what and how to fix it, without the path
    /// (callers print `path: error: message`).
    package struct ReadError: Error, Sendable, CustomStringConvertible, Equatable {
        /// What is wrong, e.g. "it is a FIFO (named pipe), not a regular file: …".
        package let message: String
        package var description: String { message }
    }

    /// The file's bytes.
    /// - Parameters:
    ///   - path: the file.
    ///   - limit: the most bytes accepted.
    ///   - what: what the file is, for the error (`a schedule config`, `a catalog file`).
    /// - Throws: ``ReadError`` when the file is missing, unreadable, not a regular file, or
    ///   larger than `limit` bytes.
    package static func read(_ path: String, limit: Int, what: String) throws(ReadError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ReadError(message: "cannot read the file (\(String(cString: strerror(errno))))") }
        if let kind = AtomicFile.kindOfNonRegularFile(info.st_mode) {
            throw ReadError(message: "it is \(kind), not a regular file: give the path of \(what) saved as a file")
        }
        if Int(info.st_size) > limit { throw tooLarge(Int(info.st_size), limit: limit, what: what) }
        // Opened without blocking and checked again: a FIFO put at the path since is refused too.
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { throw ReadError(message: "cannot read the file (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        guard fstat(fd, &info) == 0, AtomicFile.kindOfNonRegularFile(info.st_mode) == nil else {
            throw ReadError(message: "it is not a regular file: give the path of \(what) saved as a file")
        }
        // Read straight into the array: one copy of the file in memory, however large. The room
        // is one byte more than the size, so that a file that grew since is noticed (and read on).
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: min(max(Int(info.st_size), 0), limit) + 1) { buffer, count in
            count = readAll(fd, into: UnsafeMutableRawBufferPointer(buffer), error: &failure)
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while failure == 0, bytes.count <= limit {
            let n = chunk.withUnsafeMutableBytes { readAll(fd, into: $0, error: &failure) }
            if n == 0 { break }
            bytes += chunk[..<n]
        }
        if failure != 0 { throw ReadError(message: "cannot read the file (\(String(cString: strerror(failure))))") }
        // The file may have grown since its size was checked.
        if bytes.count > limit { throw tooLarge(bytes.count, limit: limit, what: what) }
        return bytes
    }

    /// Reads until `buffer` is full or the file ends; returns the bytes read (`error` is set to
    /// `errno` when a read fails).
    private static func readAll(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, error: inout Int32) -> Int {
        var count = 0
        while count < buffer.count {
            let n = InterruptRetry.call { systemRead(fd, buffer.baseAddress! + count, buffer.count - count) }
            if n < 0 { error = errno; break }
            if n == 0 { break }
            count += n
        }
        return count
    }

    private static func tooLarge(_ size: Int, limit: Int, what: String) -> ReadError {
        let mib = limit >= 1 << 20 ? " (\(limit >> 20) MiB)" : ""
        return ReadError(
            message: "the file is \(size) bytes, over the limit of \(limit) bytes\(mib) for \(what), far past real use: check that this is the right file")
    }

    /// The caps of ``read(_:limit:what:)``, by kind of input (docs/scheduling.md, "Limits").
    package enum Limit {
        /// A schedule config (`msgtool schedule --config`): as a batch line.
        package static let config = 1 << 20
        /// A state file (`--state`).
        package static let state = 4 << 20
        /// An events file (`--events`, JSON Lines).
        package static let events = 16 << 20
        /// One catalog file (`Resources/strings/*.json`, an app's catalog): a source file of
        /// 100,000 messages with their descriptions is about 96 MB.
        package static let catalog = 128 << 20
        /// A translators' file (XLIFF, PO, ARB, xcstrings) given to `import`: any one-locale
        /// export of a catalog whose files are within ``catalog`` fits (an export is at most about
        /// 2.8 times its source file: 264 MB for a 96 MB `en.json` of 100,000 messages).
        package static let exchange = 512 << 20
        /// A bench workload or users file, a lint allow-list.
        package static let workload = 16 << 20
    }
}
