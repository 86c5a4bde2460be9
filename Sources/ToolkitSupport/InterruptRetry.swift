#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's one retry of system calls interrupted by a signal (`EINTR`).
package enum InterruptRetry {
    /// Calls `call` again while it fails with `EINTR`; any other result (success, or a failure
    /// with another `errno`, left set) is returned.
    /// - Parameter call: a system call that returns -1 and sets `errno` on failure.
    /// - Returns: the call's last result.
    @inline(__always)
    package static func call<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result != -1 || errno != EINTR { return result }
        }
    }
}
