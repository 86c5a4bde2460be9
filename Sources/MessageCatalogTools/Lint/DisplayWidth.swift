import ToolkitSupport
import MessageCatalog
/// How wide a text shows on a lock screen, in columns: one per grapheme (a user-perceived
/// character: `Character`), two for an East Asian wide or fullwidth one (UAX #11 classes W and
/// F: CJK ideographs, kana, Hangul, fullwidth forms, and emoji presented as emoji, which
/// Unicode has classed W since version 9). A 40-column title budget is thus 40 Latin letters
/// or 20 Chinese characters, as the content brief asks.
///
/// The ranges below are the W and F ranges of Unicode 15's EastAsianWidth.txt, merged where
/// only unassigned code points lay between them; emoji are recognised by their
/// `Emoji_Presentation` property (or a U+FE0F variation selector) instead of listing them.
public enum DisplayWidth {
    /// The width of a text in columns.
    public static func columns(_ text: String) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// The width of one grapheme: 2 if it is wide, else 1 (0 for a lone control or format character).
    public static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count == 1, first.properties.generalCategory == .control || first.properties.generalCategory == .format {
            return 0
        }
        if isWide(first) || first.properties.isEmojiPresentation { return 2 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        return 1
    }

    /// Whether a scalar is East Asian Wide (W) or Fullwidth (F).
    public static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x1100 { return false }
        var lo = 0, hi = wideRanges.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let r = wideRanges[mid]
            if v < r.lowerBound { hi = mid - 1 } else if v > r.upperBound { lo = mid + 1 } else { return true }
        }
        return false
    }

    /// W and F ranges (emoji-only ranges left to `Emoji_Presentation`), sorted.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed, compatibility
        0x3400...0x4DBF,  // CJK Extension A
        0x4E00...0x9FFF,  // CJK Unified Ideographs
        0xA000...0xA4CF,  // Yi syllables and radicals
        0xA960...0xA97F,  // Hangul Jamo Extended-A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x16FF0...0x16FF1,
        0x17000...0x18CD5,  // Tangut, Khitan
        0x18D00...0x18D08,
        0x1AFF0...0x1B2FB,  // Kana extended, Nushu
        0x1F200...0x1F202,  // enclosed ideographic supplement
        0x1F210...0x1F23B,
        0x1F240...0x1F248,
        0x1F250...0x1F251,
        0x1F260...0x1F265,
        0x20000...0x2FFFD,  // CJK Extensions B–F, compatibility supplement
        0x30000...0x3FFFD  // CJK Extensions G–H
    ]
}
