import Testing
import ToolkitSupport

@Suite("FNV-1a 64")
struct FNV1aTests {
    @Test("The reference values, and a text hashed as a string or as its bytes gives the same digits")
    func stringsAndBytesAgree() {
        #expect(FNV1a.hash64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash64("") == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hex("Hello") == "63f0bfacf2c00f6b")
        let texts = [
            "", "a", "Hello", "{\"timestamp\":\"2026-11-23T07:20:00Z\",\"type\":\"appBackground\"}", "día 5 · 步数过半 😀", String(repeating: "long ", count: 40)
        ]
        for text in texts {
            #expect(FNV1a.hex(bytes: Array(text.utf8)) == FNV1a.hex(text))
            #expect(FNV1a.hash64(bytes: Array(text.utf8)) == FNV1a.hash64(text))
            // A string whose bytes are not stored contiguously hashes the same.
            #expect(FNV1a.hash64(String(Substring(text)), seed: 7) == FNV1a.hash64(text, seed: 7))
            let hex = FNV1a.hex(text)
            #expect(hex.utf8.count == 16 && hex.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        }
    }
}
