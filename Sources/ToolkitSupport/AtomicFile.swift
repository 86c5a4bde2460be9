import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic file replacement: the package's one writer of files that must never be seen half
/// written (catalogs, state files, pages).
///
/// Write a temporary file in the target's own folder, `fsync` it, `rename` it over the target
/// (atomic within one file system), then `fsync` the folder so the rename itself survives a
/// crash. Readers see the old contents or the new ones, never a mix. Also:
/// - a target that is a symbolic link is written through: the link's final target is replaced,
///   in its own folder, and the link stays a link;
/// - an existing target keeps its permission bits and, where the process may set them, its
///   owner and group; a new file gets `newFileMode` (`0o600` for files holding a user's data);
/// - temporary files left behind by a run that was killed (`.NAME.tmp-PID-…` whose process is
///   gone) are removed by the next write of the same target.
package enum AtomicFile {
    /// An I/O failure, with the C function and `errno`.
    package struct WriteError: Error, Sendable, CustomStringConvertible {
        /// The path concerned.
        package var path: String
        /// The C function that failed (`open`, `write`, `fsync`, `rename`).
        package var function: String
        /// The C error number.
        package var errno: Int32

        /// Set when the path names something other than a regular file (a device, a FIFO, a
        /// socket, a folder), which is never replaced: what it is.
        package var notARegularFile: String? = nil

        package var description: String {
            if let kind = notARegularFile {
                return "cannot write \(path): it is \(kind), not a regular file, and is never replaced: give the path of a file"
            }
            let failed = "cannot write \(path): \(function) failed (\(String(cString: strerror(errno))))"
            guard let remedy else { return failed }
            return failed + ": " + remedy
        }

        /// How to fix the failures a user can fix, in words; nil for the others.
        var remedy: String? {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            switch errno {
            case ENOENT where function == "open":
                return "the folder \(folder) does not exist; create it, or give a path in a folder that exists"
            case ENOTDIR where function == "open":
                return "a part of \(folder) is a file, not a folder; give a path in a folder"
            case EACCES where function == "open", EPERM where function == "open":
                return "this user may not create files in \(folder); give a path in a folder you can write to"
            case EROFS:
                return "\(folder) is on a read-only file system; give a path on a writable one"
            case ENOSPC, EDQUOT:
                return "the disk (or this user's quota) is full; free some space and run again"
            case EFBIG:
                return "the file is larger than this process may write (the shell's `ulimit -f`); raise the limit and run again"
            default:
                return nil
            }
        }
    }

    /// What a file type is, in words (`a character device`), or nil for a regular file.
    package static func kindOfNonRegularFile(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link that does not lead to a file"
        default: return "a special file"
        }
    }

    /// Replaces the file at `url` with `data`, atomically.
    /// - Parameters:
    ///   - data: the new contents.
    ///   - url: a file URL; its folder must exist. A symbolic link is followed to its target.
    ///   - newFileMode: the permission bits of a file that does not exist yet (an existing file
    ///     keeps its own).
    /// - Throws: ``WriteError`` naming the failed call; the target is then unchanged. Only a
    ///   regular file (or a symbolic link to one) is replaced: a device, FIFO, socket or folder
    ///   at the path is an error (``WriteError/notARegularFile``), before anything is written.
    package static func write(_ data: Data, to url: URL, newFileMode: mode_t = 0o644) throws(WriteError) {
        try write(to: url, newFileMode: newFileMode, failure: { $0 }) { (file) throws(WriteError) in
            // The error is carried out of the closure by hand: `withUnsafeBytes` and `Result` do
            // not keep a typed error with every SDK's standard library.
            var failure: WriteError? = nil
            data.withUnsafeBytes { raw in
                do throws(WriteError) { try file.write(raw) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    /// The temporary file of a write in progress (``write(to:newFileMode:temporary:failure:contents:)``):
    /// what is written to it replaces the target only once the whole write succeeds.
    package final class Pending {
        /// The temporary file's descriptor.
        private let fd: Int32
        /// The temporary file's path.
        package let path: String
        /// The path the write replaces, as the caller gave it: what an error names.
        private let target: String

        init(fd: Int32, path: String, target: String) {
            self.fd = fd
            self.path = path
            self.target = target
        }

        /// Appends bytes to the temporary file, all of them (retrying short writes and `EINTR`).
        /// - Parameter bytes: the bytes.
        /// - Throws: ``WriteError`` (`write`) when the file cannot take them (a full disk).
        package func write(_ bytes: UnsafeRawBufferPointer) throws(WriteError) {
            var offset = 0
            while offset < bytes.count {
                let n = InterruptRetry.call { SystemWrite.write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
                if n < 0 { throw WriteError(path: target, function: "write", errno: errno) }
                offset += n
            }
        }

        /// Appends bytes to the temporary file (see ``write(_:)-(UnsafeRawBufferPointer)``).
        /// - Parameter bytes: the bytes.
        /// - Throws: ``WriteError`` when the file cannot take them.
        package func write(_ bytes: [UInt8]) throws(WriteError) {
            var failure: WriteError? = nil
            bytes.withUnsafeBytes { raw in
                do throws(WriteError) { try write(raw) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    /// Replaces the file at `url` with what `contents` writes, atomically, however large: the
    /// bytes go to a temporary file in the target's folder as they are written, which is synced
    /// and renamed over the target only when `contents` returns. When `contents` throws, or
    /// writing, syncing or renaming fails, the temporary file is removed and the target is left
    /// as it was.
    /// - Parameters:
    ///   - url: a file URL; its folder must exist. A symbolic link is followed to its target.
    ///   - newFileMode: the permission bits of a file that does not exist yet (an existing file
    ///     keeps its own).
    ///   - temporary: the temporary file's path, from ``temporaryPath(for:)`` for the same
    ///     `url` (nil: one is made here). A caller that must remove the file from a signal
    ///     handler names it before it exists, so that no moment is left where the file exists
    ///     and the handler does not know it.
    ///   - failure: turns a ``WriteError`` into the error this function throws.
    ///   - contents: writes the file's bytes into the ``Pending`` file, in order.
    /// - Throws: what `contents` throws, or `failure` of the ``WriteError`` naming the failed
    ///   call; the target is then unchanged. Only a regular file (or a symbolic link to one) is
    ///   replaced: a device, FIFO, socket or folder at the path is an error
    ///   (``WriteError/notARegularFile``), before anything is written.
    package static func write<E: Error>(
        to url: URL, newFileMode: mode_t = 0o644, temporary: String? = nil,
        failure wrap: (WriteError) -> E,
        contents: (Pending) throws(E) -> Void
    ) throws(E) {
        let path = resolvedPath(url.path)
        let target = URL(fileURLWithPath: path)
        let directory = target.deletingLastPathComponent().path
        let name = target.lastPathComponent
        var existing = stat()
        let exists = lstat(path, &existing) == 0
        if exists, let kind = kindOfNonRegularFile(existing.st_mode) {
            throw wrap(WriteError(path: url.path, function: "lstat", errno: 0, notARegularFile: kind))
        }
        removeStaleTemporaries(of: name, in: directory)
        let temporary = temporary ?? temporaryPath(directory: directory, name: name)
        let mode = exists ? existing.st_mode & 0o7777 : newFileMode
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else { throw wrap(WriteError(path: url.path, function: "open", errno: errno)) }
        var failure: WriteError?
        // The umask must not narrow the kept mode (open applies it).
        if fchmod(fd, mode) != 0 { failure = WriteError(path: url.path, function: "fchmod", errno: errno) }
        if failure == nil, exists, existing.st_uid != getuid() || existing.st_gid != getgid() {
            // Keep the owner and group where allowed (root, or a group the user is in); a file
            // of another owner that we may write keeps at least its mode.
            _ = fchown(fd, existing.st_uid, existing.st_gid)
        }
        if failure == nil {
            do { try contents(Pending(fd: fd, path: temporary, target: url.path)) } catch {
                close(fd)
                unlink(temporary)
                throw error
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = WriteError(path: url.path, function: "fsync", errno: errno) }
        close(fd)
        if let failure {
            unlink(temporary)
            throw wrap(failure)
        }
        guard rename(temporary, path) == 0 else {
            let error = WriteError(path: url.path, function: "rename", errno: errno)
            unlink(temporary)
            throw wrap(error)
        }
        let dirFD = open(directory, O_RDONLY)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }

    /// A new temporary file's path for a write of `url` (``write(to:newFileMode:temporary:failure:contents:)``):
    /// `.NAME.tmp-PID-UUID` in the folder of the file the write really replaces (a symbolic
    /// link's target). Nothing is created.
    /// - Parameter url: the file URL the write will replace.
    /// - Returns: the path.
    package static func temporaryPath(for url: URL) -> String {
        let target = URL(fileURLWithPath: resolvedPath(url.path))
        return temporaryPath(directory: target.deletingLastPathComponent().path, name: target.lastPathComponent)
    }

    static func temporaryPath(directory: String, name: String) -> String {
        directory + "/." + name + ".tmp-\(getpid())-\(UUID().uuidString)"
    }

    /// The path a write really replaces: a symbolic link's final target (relative links resolved
    /// against the link's folder), or the path itself.
    static func resolvedPath(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {  // as the kernel's limit on nested links
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let destination = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).path
        }
        return current
    }

    /// Removes `.NAME.tmp-PID-…` files of `name` whose writing process no longer exists.
    static func removeStaleTemporaries(of name: String, in directory: String) {
        let prefix = "." + name + ".tmp-"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for entry in entries where entry.hasPrefix(prefix) {
            let rest = entry.dropFirst(prefix.count)
            guard let pid = Int32(rest.prefix { $0 != "-" }), pid > 0 else { continue }
            if pid == getpid() { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(directory + "/" + entry) }
        }
    }
}

/// The C `write`, reached under a name that does not clash with methods called `write`
/// (``AtomicFile/write(_:to:newFileMode:)``, msgtool's output): the package's one spelling of it.
package enum SystemWrite {
    /// The corresponding C function is `write`.
    /// - Parameters:
    ///   - fd: the file descriptor.
    ///   - buffer: the bytes.
    ///   - count: how many.
    /// - Returns: the bytes written, or -1 with `errno` set.
    package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(fd, buffer, count)
        #elseif canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Musl.write(fd, buffer, count)
        #endif
    }
}

extension AtomicFile {
    /// What stands at `path` when it is not a regular file (following symbolic links):
    /// `a FIFO (named pipe)`, `a character device`…; nil for a regular file or nothing.
    package static func nonRegularKind(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return kindOfNonRegularFile(info.st_mode)
    }
}
