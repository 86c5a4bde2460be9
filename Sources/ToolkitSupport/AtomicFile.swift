import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic file replacement: write a temporary file in the same directory, `fsync` it, `rename`
/// it over the target (atomic within one file system), then `fsync` the directory so the rename
/// itself survives a crash. Readers see the old contents or the new ones, never a mix.
package enum AtomicFile {
    /// An I/O failure, with the C function and `errno`.
    package struct WriteError: Error, Sendable, CustomStringConvertible {
        /// The path concerned.
        package var path: String
        /// The C function that failed (`open`, `write`, `fsync`, `rename`).
        package var function: String
        /// The C error number.
        package var errno: Int32

        package var description: String { "cannot write \(path): \(function) failed (\(String(cString: strerror(errno))))" }
    }

    /// Replaces the file at `url` with `data`, atomically.
    /// - Parameters:
    ///   - data: the new contents.
    ///   - url: a file URL; its directory must exist.
    /// - Throws: ``WriteError`` naming the failed call; the target is then unchanged.
    package static func write(_ data: Data, to url: URL) throws(WriteError) {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UUID().uuidString)"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw WriteError(path: temporary, function: "open", errno: errno) }
        var failure: WriteError?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glue.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = WriteError(path: temporary, function: "write", errno: errno)
                    return
                }
                offset += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = WriteError(path: temporary, function: "fsync", errno: errno) }
        close(fd)
        if let failure {
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let error = WriteError(path: path, function: "rename", errno: errno)
            unlink(temporary)
            throw error
        }
        let dirFD = open(directory, O_RDONLY)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }
}

/// The C `write`, reached under a name that does not clash with ``AtomicFile/write(_:to:)``.
enum Glue {
    static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(fd, buffer, count)
        #elseif canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Musl.write(fd, buffer, count)
        #endif
    }
}
