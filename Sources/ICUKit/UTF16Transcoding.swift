// Compiled only with the SystemICU trait (Linux): the Apple configuration builds no ICU code.
#if SystemICU
/// UTF-16 (what ICU writes) to Swift's native UTF-8 strings, without the generic decoding
/// path of the standard library (which costs metadata look-ups on every call).
package enum UTF16Transcoding {
    /// Appends the UTF-16 text to `target`. Lone surrogates become U+FFFD, as
    /// `String(decoding:as:)` does.
    @inline(__always)
    package static func append(_ src: UnsafeBufferPointer<UInt16>, to target: inout String) {
        let n = src.count
        if n == 0 { return }
        // UTF-8 length.
        var len = 0
        var i = 0
        while i < n {
            let u = src[i]
            if u < 0x80 {
                len += 1
            } else if u < 0x800 {
                len += 2
            } else if u & 0xFC00 == 0xD800, i + 1 < n, src[i + 1] & 0xFC00 == 0xDC00 {
                len += 4; i += 1
            } else {
                len += 3
            }
            i += 1
        }
        if len == n {
            // ASCII.
            target.append(
                String(unsafeUninitializedCapacity: n) { dst in
                    for k in 0..<n { dst[k] = UInt8(truncatingIfNeeded: src[k]) }
                    return n
                })
            return
        }
        target.append(
            String(unsafeUninitializedCapacity: len) { dst in
                var o = 0
                var k = 0
                while k < n {
                    var c = UInt32(src[k])
                    if c & 0xFC00 == 0xD800, k + 1 < n, src[k + 1] & 0xFC00 == 0xDC00 {
                        c = 0x10000 + ((c - 0xD800) << 10) + (UInt32(src[k + 1]) - 0xDC00)
                        k += 1
                    } else if c & 0xF800 == 0xD800 {
                        c = 0xFFFD
                    }
                    if c < 0x80 {
                        dst[o] = UInt8(c); o += 1
                    } else if c < 0x800 {
                        dst[o] = UInt8(0xC0 | (c >> 6)); dst[o + 1] = UInt8(0x80 | (c & 0x3F)); o += 2
                    } else if c < 0x10000 {
                        dst[o] = UInt8(0xE0 | (c >> 12)); dst[o + 1] = UInt8(0x80 | ((c >> 6) & 0x3F))
                        dst[o + 2] = UInt8(0x80 | (c & 0x3F)); o += 3
                    } else {
                        dst[o] = UInt8(0xF0 | (c >> 18)); dst[o + 1] = UInt8(0x80 | ((c >> 12) & 0x3F))
                        dst[o + 2] = UInt8(0x80 | ((c >> 6) & 0x3F)); dst[o + 3] = UInt8(0x80 | (c & 0x3F)); o += 4
                    }
                    k += 1
                }
                return o
            })
    }

    @inline(__always)
    package static func string(_ src: UnsafeBufferPointer<UInt16>) -> String {
        var s = ""
        append(src, to: &s)
        return s
    }

    /// Appends the UTF-16 text as UTF-8 bytes.
    @inline(__always)
    package static func append(_ src: UnsafeBufferPointer<UInt16>, toBytes out: inout [UInt8]) {
        let n = src.count
        var k = 0
        while k < n {
            var c = UInt32(src[k])
            if c < 0x80 { out.append(UInt8(c)); k += 1; continue }
            if c & 0xFC00 == 0xD800, k + 1 < n, src[k + 1] & 0xFC00 == 0xDC00 {
                c = 0x10000 + ((c - 0xD800) << 10) + (UInt32(src[k + 1]) - 0xDC00)
                k += 1
            } else if c & 0xF800 == 0xD800 {
                c = 0xFFFD
            }
            if c < 0x800 {
                out.append(UInt8(0xC0 | (c >> 6))); out.append(UInt8(0x80 | (c & 0x3F)))
            } else if c < 0x10000 {
                out.append(UInt8(0xE0 | (c >> 12))); out.append(UInt8(0x80 | ((c >> 6) & 0x3F))); out.append(UInt8(0x80 | (c & 0x3F)))
            } else {
                out.append(UInt8(0xF0 | (c >> 18))); out.append(UInt8(0x80 | ((c >> 12) & 0x3F)))
                out.append(UInt8(0x80 | ((c >> 6) & 0x3F))); out.append(UInt8(0x80 | (c & 0x3F)))
            }
            k += 1
        }
    }
}
#endif
