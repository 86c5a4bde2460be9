import Testing
import ToolkitSupport
import ToolkitJSON
@testable import MessageCatalog

// Durations round one way on both backends: from an hour on, the seconds go
// to the nearest minute, a tie to the even minute, as ICU's and Foundation's formatters round;
// the rule that leaves out a zero unit rounds the same way, so "1 hr, 0 min" cannot appear.
// The same expectations hold in both configurations (CI runs this suite in both).
@Suite("Duration rounding")
struct DurationRoundingTests {
    @Test(arguments: [
        (3600, "1 hr"),
        (3629, "1 hr"),
        (3630, "1 hr"),  // 60.5 min: the tie goes to the even 60
        (3631, "1 hr, 1 min"),
        (3690, "1 hr, 2 min"),  // 61.5 min → 62
        (3750, "1 hr, 2 min"),  // 62.5 min → 62
        (4800, "1 hr, 20 min"),
        (7170, "2 hr"),  // 119.5 min → 120: the minutes carry into the hours
        (7169, "1 hr, 59 min"),
        (59, "59 sec"),
        (60, "1 min"),
        (90, "1 min, 30 sec"),
        (0, "0 sec")
    ])
    func englishShortUnits(seconds: Int, text: String) throws {
        let id = try Backend.localeID(forTag: "en")
        #expect(try Backend.formatDuration(seconds: seconds, localeID: id) == text)
    }

    /// No text carries a unit that reads zero, in any bundled language, across two hours by the second.
    @Test(arguments: ["en", "es", "zh-Hans"])
    func noZeroUnit(locale: String) throws {
        let id = try Backend.localeID(forTag: locale)
        let zero = try Backend.formatDuration(seconds: 0, localeID: id)  // "0 sec": the digit 0 as this locale writes it
        let zeroDigit = zero.first { $0.isWholeNumber }
        for s in stride(from: 3540, through: 7300, by: 1) {
            let text = try Backend.formatDuration(seconds: s, localeID: id)
            let numbers = text.split { !$0.isWholeNumber }
            #expect(!numbers.contains { $0.count == 1 && $0.first == zeroDigit }, "\(s) s → \(text)")
        }
    }

    @Test(arguments: [
        (3630, DurationUnits.Shape.hours, 1, 0),
        (3690, .hoursAndMinutes, 1, 2),
        (3750, .hoursAndMinutes, 1, 2),
        (3810, .hoursAndMinutes, 1, 4),
        (86_370, .hours, 24, 0),  // 1439.5 min: 1439 is odd, the tie goes up to 1440
        (86_310, .hoursAndMinutes, 23, 58)  // 1438.5 min → 1438
    ])
    func unitsRoundHalfEven(seconds: Int, shape: DurationUnits.Shape, hours: Int, minutes: Int) {
        let u = DurationUnits(seconds: seconds)
        #expect(u.shape == shape && u.hours == hours && u.minutes == minutes, "\(seconds) s → \(u)")
    }

    @Test func wholeSecondsRoundHalfEven() {
        #expect(DurationUnits.wholeSeconds(2.5) == 2)
        #expect(DurationUnits.wholeSeconds(3.5) == 4)
        #expect(DurationUnits.wholeSeconds(-0.4) == 0)
        #expect(DurationUnits.wholeSeconds(.nan) == nil)
        #expect(DurationUnits.wholeSeconds(.infinity) == nil)
    }
}
