// The availability gate's own test (python3 scripts/check-availability.py --self-test, run by CI).
// Not a target of the package: the gate scans it as if it were runtime code. Every line with an
// "expect" comment must be reported for the symbol it names, and no other line may be.
import Foundation
import Synchronization

func decode(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)  // expect: String.init(validating:as:)
}

func decodeQualified(_ bytes: [UInt8]) -> String? {
    String.init(validating: bytes, as: UTF8.self)  // expect: String.init(validating:as:)
}

func interpolated(_ bytes: [UInt8]) -> String {
    "text: \(String(validating: bytes, as: UTF8.self) ?? "")"  // expect: String.init(validating:as:)
}

func guarded(_ bytes: [UInt8]) -> String? {
    if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
        return String(validating: bytes, as: UTF8.self)
    }
    return String(decoding: bytes, as: UTF8.self)
}

func guardedTooLow(_ bytes: [UInt8]) -> String? {
    if #available(macOS 14, iOS 17, watchOS 10, tvOS 17, *) {
        return String(validating: bytes, as: UTF8.self)  // expect: String.init(validating:as:)
    }
    return nil
}

func guardedIOSOnly(_ bytes: [UInt8]) -> String? {
    if #available(iOS 18, *) {
        return String(validating: bytes, as: UTF8.self)  // expect: String.init(validating:as:)
    }
    return nil
}

func earlyExit(_ bytes: [UInt8]) -> String? {
    guard #available(macOS 15, iOS 18, watchOS 11, tvOS 18, *) else { return nil }
    let text = String(validating: bytes, as: UTF8.self)
    return text
}

@available(macOS 15, iOS 18, watchOS 11, tvOS 18, *)
func markedNew(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)
}

@available(macOS 15, iOS 18, watchOS 11, tvOS 18, *)
struct NewOnly {
    let lock = Mutex<Int>(0)
    func read() -> Int { lock.withLock { $0 } }
}

final class Counter: Sendable {
    let count = Mutex<Int>(0)  // expect: Mutex.init(_:)
    let flag: Atomic<Bool>  // expect: Atomic
    init() { flag = Atomic(false) }  // expect: Atomic.init(_:)
}

func span(_ s: String) -> Int {
    s.utf8Span.count  // expect: .utf8Span
}

#if os(Linux)
func linuxOnly(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }
#elseif canImport(Glibc)
func glibcOnly(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }
#else
func apple(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }  // expect: String.init(validating:as:)
#endif

#if os(iOS)
func iOSOnly(_ bytes: [UInt8]) -> String? {
    if #available(iOS 18, *) { return String(validating: bytes, as: UTF8.self) }
    return nil
}
#endif

// Not uses: a comment `String(validating: bytes, as: UTF8.self)`, a string and what the floors have.
let quoted = "String(validating: bytes, as: UTF8.self)"
let multi = """
    Mutex<Int>(0) and String(validating: bytes, as: UTF8.self)
    """
let fine = String(decoding: [104, 105], as: UTF8.self) + "\(DispatchTime.now().uptimeNanoseconds)"
// Above the floors since iOS 14, macOS 11, watchOS 7, tvOS 14 are the floors: `Duration` is iOS 16.
let oneSecond = Duration.seconds(1)  // expect: Duration  // expect: Duration.seconds(_:)
let pairs = [1, 2].enumerated().map { $0.element + $0.offset }.filter { $0 > 1 }
