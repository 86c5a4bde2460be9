// Compiled only with the SystemICU trait (Linux): the Apple configuration builds no ICU code.
#if SystemICU
import CICUShim
import ICUKit

/// ICU's own MessageFormat through its C API (`umsg_*`): the oracle the engine's tests compare
/// against (a test-support target, never linked by the runtime). Not an engine: numbered arguments only, passed as C variadics, and
/// dates in ICU's process-wide default time zone (`setDefaultTimeZone`, tests only).
package final class ReferenceMessageFormat {
    /// One umsg argument, typed as ICU infers it from the pattern.
    package enum Argument {
        case double(Double)  // number, plural, selectordinal, choice
        case int32(Int32)  // {n, number, integer}
        case date(Double)  // date / time: UDate
        case string(String)  // plain, select
        case int64(Int64)  // {n} given a long through "%l"? kept for completeness
    }

    private let raw: OpaquePointer

    /// The corresponding ICU function is `umsg_open`.
    package init(pattern: String, localeID: String) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        var errorOffset: Int32 = 0
        let units = Array(pattern.utf16)
        let r = cicu_umsg_open(units, Int32(units.count), localeID, &errorOffset, &status)
        guard let r, status.isSuccess else {
            if let r { cicu_umsg_close(r) }
            throw ICUError(status, "umsg_open", offset: Int(errorOffset))
        }
        raw = r
    }

    deinit { cicu_umsg_close(raw) }

    /// The corresponding ICU function is `umsg_vformat`.
    package func format(_ args: [Argument]) throws(ICUError) -> String {
        var buffers: [UnsafeMutablePointer<UInt16>] = []
        defer { buffers.forEach { $0.deallocate() } }
        var cargs: [CVarArg] = []
        for a in args {
            switch a {
            case .double(let d), .date(let d): cargs.append(d)
            case .int32(let i): cargs.append(i)
            case .int64(let i): cargs.append(i)
            case .string(let s):
                let u = Array(s.utf16) + [0]
                let p = UnsafeMutablePointer<UInt16>.allocate(capacity: u.count)
                p.initialize(from: u, count: u.count)
                buffers.append(p)
                cargs.append(UnsafePointer(p))
            }
        }
        let result: Result<String, ICUError> = withVaList(cargs) { va in
            Result { () throws(ICUError) in
                try utf16String(capacity: 4096, "umsg_vformat") { buf, cap, status in
                    cicu_umsg_vformat(raw, buf, cap, va, &status)
                }
            }
        }
        return try result.get()
    }

    /// Sets ICU's process-wide default time zone (what `umsg` formats dates in). Tests only.
    package static func setDefaultTimeZone(_ id: String) {
        var status = CICU_U_ZERO_ERROR
        let u = Array(id.utf16) + [0]
        cicu_ucal_setDefaultTimeZone(u, &status)
    }
}
#endif
