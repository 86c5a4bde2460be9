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
/// companion stays in place: removing it would let a third process lock a new inode.
package final class FileLock {
    private var fd: Int32

    /// Waits for and takes the lock of `path`.
    /// - Parameter path: the file to update (a symbolic link is followed to its target).
    /// - Throws: ``AtomicFile/WriteError`` when the lock file cannot be opened or locked.
    package init(exclusiveFor path: String) throws(AtomicFile.WriteError) {
        let target = URL(fileURLWithPath: AtomicFile.resolvedPath(path))
        let lockPath = target.deletingLastPathComponent().appendingPathComponent("." + target.lastPathComponent + ".lock").path
        fd = open(lockPath, O_RDWR | O_CREAT, 0o600)
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
