// Compiled only with the SystemICU trait (Linux): the Apple configuration builds no ICU code.
#if SystemICU
import CICUShim

/// A failing ICU status, with what was being done when it failed.
///
/// ICU reports failures through `UErrorCode` (`cicu_status` in the shim, same values): positive
/// values are errors, negative ones are warnings (`U_USING_DEFAULT_WARNING`), which are not failures.
package struct ICUError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The raw `UErrorCode` value.
    package let code: Int32
    /// ICU's name of the code, such as `U_NUMBER_SKELETON_SYNTAX_ERROR`.
    package let name: String
    /// What was being done ("opening the number skeleton '::.0x' for es").
    package let operation: String
    /// The offset ICU's `UParseError` reported, where there is one.
    package let offset: Int?

    /// A failing status and what was being done.
    /// - Parameters:
    ///   - status: ICU's status.
    ///   - operation: what was being done.
    ///   - offset: the offset ICU's `UParseError` reported, if any.
    package init(_ status: cicu_status, _ operation: @autoclosure () -> String, offset: Int? = nil) {
        self.code = status.rawValue
        self.name = String(cString: cicu_u_errorName(status))
        self.operation = operation()
        self.offset = offset
    }

    /// An operation ICU cannot do (`U_UNSUPPORTED_ERROR`), refused before ICU is called.
    /// - Parameters:
    ///   - operation: what was asked, and why it cannot be done.
    ///   - offset: where in the pattern or skeleton, if known.
    /// - Returns: the error.
    package static func unsupported(_ operation: String, offset: Int? = nil) -> ICUError {
        ICUError(CICU_U_UNSUPPORTED_ERROR, operation, offset: offset)
    }

    package var description: String { "\(operation): \(name)" }

    /// The code is one of ICU's pattern or skeleton syntax errors.
    package var isSyntaxError: Bool {
        let c = cicu_status(rawValue: code)
        return c == CICU_U_PATTERN_SYNTAX_ERROR || c == CICU_U_NUMBER_SKELETON_SYNTAX_ERROR
            || c == CICU_U_ILLEGAL_ARGUMENT_ERROR || c == CICU_U_UNSUPPORTED_ERROR
            || c == CICU_U_DEFAULT_KEYWORD_MISSING || c == CICU_U_UNMATCHED_BRACES
    }
}

extension cicu_status {
    /// Warnings (negative values) and `U_ZERO_ERROR` are success.
    @inline(__always) package var isSuccess: Bool { rawValue <= CICU_U_ZERO_ERROR.rawValue }

    @inline(__always)
    func check(_ operation: @autoclosure () -> String, offset: Int? = nil) throws(ICUError) {
        if rawValue > CICU_U_ZERO_ERROR.rawValue { throw ICUError(self, operation(), offset: offset) }
    }
}

/// Calls an ICU function that writes UTF-16 into a caller's buffer: first into a stack buffer of
/// `capacity` code units, then once more into a buffer of the exact size ICU asked for.
@inline(__always)
package func utf16String(
    capacity: Int = 128, _ operation: @autoclosure () -> String,
    _ body: (UnsafeMutablePointer<UInt16>, Int32, inout cicu_status) -> Int32
) throws(ICUError) -> String {
    var needed: Int32 = 0
    let first: String? = try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity) { buf throws(ICUError) -> String? in
        var status = CICU_U_ZERO_ERROR
        let n = body(buf.baseAddress!, Int32(capacity), &status)
        if status == CICU_U_BUFFER_OVERFLOW_ERROR || (status.isSuccess && Int(n) > capacity) { needed = n; return nil }
        try status.check(operation())
        return UTF16Transcoding.string(UnsafeBufferPointer(start: buf.baseAddress!, count: Int(n)))
    }
    if let first { return first }
    let size = Int(needed) + 1
    let buf = UnsafeMutablePointer<UInt16>.allocate(capacity: size)
    defer { buf.deallocate() }
    var status = CICU_U_ZERO_ERROR
    let n = body(buf, Int32(size), &status)
    try status.check(operation())
    return UTF16Transcoding.string(UnsafeBufferPointer(start: buf, count: Int(n)))
}

/// Calls an ICU function that writes a NUL-terminated `char` string (locale ids, tags).
@inline(__always)
func cString(
    capacity: Int = 157, _ operation: @autoclosure () -> String,
    _ body: (UnsafeMutablePointer<CChar>, Int32, inout cicu_status) -> Int32
) throws(ICUError) -> String {
    var cap = capacity
    for _ in 0..<2 {
        let buf = UnsafeMutablePointer<CChar>.allocate(capacity: cap + 1)
        defer { buf.deallocate() }
        var status = CICU_U_ZERO_ERROR
        let n = body(buf, Int32(cap), &status)
        if status == CICU_U_BUFFER_OVERFLOW_ERROR || status == CICU_U_STRING_NOT_TERMINATED_WARNING {
            cap = Int(n) + 1
            continue
        }
        try status.check(operation())
        buf[Int(n)] = 0
        return String(cString: buf)
    }
    throw ICUError(CICU_U_BUFFER_OVERFLOW_ERROR, operation())
}

/// Runs `body` with `string` as UTF-16 code units.
@inline(__always)
func withUTF16<R, E: Error>(_ string: String, _ body: (UnsafePointer<UInt16>, Int32) throws(E) -> R) throws(E) -> R {
    var units = Array(string.utf16)
    units.append(0)
    let count = Int32(units.count - 1)
    return try units.withUnsafeBufferPointer { buf throws(E) -> R in try body(buf.baseAddress!, count) }
}
#endif
