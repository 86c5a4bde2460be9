import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock`) held over a read-modify-write cycle of one file, so
/// that two processes updating it at once take turns instead of one losing its update.
///
/// The lock is taken on a companion file, `.NAME.lock` beside the file's real target (the file
/// itself is replaced by `rename` on every write, so its own inode cannot carry the lock). The
/// companion stays in place: removing it would let a third process lock a new inode. A folder
/// whose files are rewritten together is locked through the folder itself
/// (``init(exclusiveForFolder:)``).
package final class FileLock {
    private var fd: Int32

    /// Waits for and takes the lock of `path`.
    /// - Parameter path: the file to update (a symbolic link is followed to its target).
    /// - Throws: ``AtomicFile/WriteError`` when the lock file cannot be opened or locked.
    package convenience init(exclusiveFor path: String) throws(AtomicFile.WriteError) {
        let target = URL(fileURLWithPath: AtomicFile.resolvedPath(path))
        try self.init(lockFile: target.deletingLastPathComponent().appendingPathComponent("." + target.lastPathComponent + ".lock").path)
    }

    /// Waits for and takes the lock of a whole folder whose files are read and rewritten
    /// together (a catalog folder: an import reads the source and rewrites a locale file).
    ///
    /// The lock is taken on the folder itself (its inode stays while files inside it are
    /// replaced), so no file is added to the folder.
    /// - Parameter directory: the folder (a symbolic link is followed to its target).
    /// - Throws: ``AtomicFile/WriteError`` when the folder cannot be opened or locked.
    package convenience init(exclusiveForFolder directory: String) throws(AtomicFile.WriteError) {
        try self.init(lockFile: AtomicFile.resolvedPath(directory), flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    private init(lockFile lockPath: String, flags: Int32 = O_RDWR | O_CREAT | O_CLOEXEC) throws(AtomicFile.WriteError) {
        fd = open(lockPath, flags, 0o600)
        guard fd >= 0 else { throw AtomicFile.WriteError(path: lockPath, function: "open", errno: errno) }
        if InterruptRetry.call({ flock(fd, LOCK_EX) }) != 0 {
            let error = AtomicFile.WriteError(path: lockPath, function: "flock", errno: errno)
            close(fd)
            fd = -1
            throw error
        }
    }

    /// Releases the lock (also done when the lock is deallocated, or the process ends).
    package func unlock() {
        guard fd >= 0 else { return }
        _ = flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    deinit { unlock() }
}
