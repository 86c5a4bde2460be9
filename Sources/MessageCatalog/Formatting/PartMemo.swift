/// A bounded memo of formatted parts, one per `FormatContext` (so one per thread, without a lock):
/// (formatter, value) → the formatter's text, and (plural rules, formatter, value) → the text
/// and the plural category.
///
/// Every entry is filled from the backend itself (ICU or Foundation) the first time its key is
/// seen, so a hit returns exactly what the backend printed for that formatter and value: the memo
/// never computes a digit or a category on its own. The numbers notification copy formats
/// (steps, days, streaks, counts) and the dates it shows repeat across messages and users, so
/// almost every part after the first few is a hit and ICU is not called at all.
///
/// Keys hold formatters and rules by identity; the memo keeps a strong reference to each owner it
/// has an entry for, so an address it keys on cannot be reused by another formatter while the
/// entry lives. It holds at most `maxEntries` entries and starts again from empty past that.
final class PartMemo {
    /// What a key's value is and what the entry holds.
    enum Kind: UInt8 {
        /// `a` formatted an `Int64` (bits are the integer's): text.
        case integer = 1
        /// `a` formatted a `Double` (bits are its bit pattern): text.
        case double = 2
        /// `a` (plural rules) selected the category of a `Double`, unformatted: category.
        case rawCategory = 3
        /// `b` formatted an `Int64` and `a` (plural rules) selected on the result: text and category.
        case pluralInteger = 4
        /// `b` formatted a `Double` and `a` selected on the result: text and category.
        case pluralDouble = 5
        /// `a` (a date formatter) formatted an instant in milliseconds (bits of the `Double`): text.
        case date = 6

        /// The plural kind of a number kind (`integer` → `pluralInteger`).
        @inline(__always)
        var plural: Kind { self == .integer ? .pluralInteger : .pluralDouble }
    }

    /// The longest text an entry holds inline (UTF-8 bytes); longer texts are never memoized.
    static let textCapacity = 46

    struct Entry {
        var a: UInt = 0
        var b: UInt = 0
        var bits: UInt64 = 0
        var kind: UInt8 = 0
        var count: UInt8 = 0
        var category: UInt8 = 0
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        // 8 + 8 + 8 + 3 + (5 padding) + 48 = 80 bytes.
    }

    /// The most entries before the memo starts again (each a few dozen bytes: about 320 KB full).
    static let maxEntries = 2048
    private static let initialSlots = 16

    private var slots: UnsafeMutablePointer<Entry>
    private var mask: Int
    private var shift: UInt64
    private(set) var count = 0
    /// The owners of every key's identities, kept alive while their entries exist.
    private var owners: [ObjectIdentifier: AnyObject] = [:]

    init() {
        slots = .allocate(capacity: Self.initialSlots)
        slots.initialize(repeating: Entry(), count: Self.initialSlots)
        mask = Self.initialSlots - 1
        shift = UInt64(64 - Self.initialSlots.trailingZeroBitCount)
    }

    deinit { slots.deallocate() }

    @inline(__always)
    private func home(_ a: UInt, _ b: UInt, _ bits: UInt64, _ kind: UInt8) -> Int {
        var h = UInt64(truncatingIfNeeded: a) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(truncatingIfNeeded: b) &+ (h >> 29)
        h ^= bits &* 0xC2B2_AE3D_27D4_EB4F
        h ^= UInt64(kind) &* 0x1656_67B1_9E37_79F9
        h &*= 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h >> shift)
    }

    /// The entry for a key, or nil.
    @inline(__always)
    func find(_ a: UInt, _ b: UInt, _ bits: UInt64, _ kind: Kind) -> UnsafeMutablePointer<Entry>? {
        var i = home(a, b, bits, kind.rawValue)
        while true {
            let e = slots + i
            if e.pointee.kind == 0 { return nil }
            if e.pointee.bits == bits && e.pointee.a == a && e.pointee.kind == kind.rawValue && e.pointee.b == b { return e }
            i = (i + 1) & mask
        }
    }

    /// Appends an entry's text to `out`.
    @inline(__always)
    static func appendText(of e: UnsafeMutablePointer<Entry>, to out: inout [UInt8]) {
        let n = Int(e.pointee.count)
        withUnsafeBytes(of: &e.pointee.text) { raw in
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[0..<n]))
        }
    }

    /// Records a key's text (UTF-8) and category; a text longer than `textCapacity` is not kept.
    func insert(
        _ a: AnyObject, _ b: AnyObject?, _ bits: UInt64, _ kind: Kind,
        text: UnsafeBufferPointer<UInt8>, category: UInt8 = 0
    ) {
        guard text.count <= Self.textCapacity else { return }
        if count >= Self.maxEntries { removeAll() }
        if (count + 1) * 2 > mask + 1 { grow() }
        let ia = ObjectIdentifier(a), ib = b.map(ObjectIdentifier.init)
        if owners[ia] == nil { owners[ia] = a }
        if let b, let ib, owners[ib] == nil { owners[ib] = b }
        var e = Entry()
        e.a = UInt(bitPattern: ia)
        e.b = ib.map { UInt(bitPattern: $0) } ?? 0
        e.bits = bits
        e.kind = kind.rawValue
        e.count = UInt8(text.count)
        e.category = category
        withUnsafeMutableBytes(of: &e.text) { raw in
            if let base = text.baseAddress { raw.baseAddress!.copyMemory(from: base, byteCount: text.count) }
        }
        place(e)
    }

    private func place(_ e: Entry) {
        var i = home(e.a, e.b, e.bits, e.kind)
        while slots[i].kind != 0 {
            if slots[i].bits == e.bits && slots[i].a == e.a && slots[i].kind == e.kind && slots[i].b == e.b { slots[i] = e; return }
            i = (i + 1) & mask
        }
        slots[i] = e
        count += 1
    }

    private func grow() {
        let old = slots, oldSize = mask + 1
        let size = oldSize * 2
        slots = .allocate(capacity: size)
        slots.initialize(repeating: Entry(), count: size)
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
        count = 0
        for i in 0..<oldSize where old[i].kind != 0 { place(old[i]) }
        old.deallocate()
    }

    /// Forgets every entry (and releases the owners it kept alive); the table keeps its size.
    func removeAll() {
        slots.update(repeating: Entry(), count: mask + 1)
        count = 0
        owners.removeAll(keepingCapacity: true)
    }

    /// The kind and bits of a number value's key: integers and binary floating point only (a
    /// decimal string is formatted by the backend every time).
    @inline(__always)
    static func key(_ v: MessageValue) -> (Kind, UInt64)? {
        switch v {
        case .int(let i): (.integer, UInt64(bitPattern: i))
        case .double(let d): (.double, d.bitPattern)
        default: nil
        }
    }

    /// The identity a key uses for an object.
    @inline(__always)
    static func id(_ object: AnyObject) -> UInt { UInt(bitPattern: ObjectIdentifier(object)) }
}
