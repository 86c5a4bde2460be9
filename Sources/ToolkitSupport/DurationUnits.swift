/// The units a duration is written in ("1 hr, 20 min", "2 hr", "5 min, 30 sec", "45 sec"),
/// decided once for both formatting backends so that a server and a phone print the same text.
///
/// - From an hour on: hours and minutes, the seconds rounded to the nearest minute, a tie to the
///   even minute (half-even, the rounding of ICU's and Foundation's number and duration
///   formatters): 1 h 0 min 30 s is "1 hr", 1 h 1 min 30 s is "1 hr, 2 min". A minute count that
///   rounds to zero is left out ("2 hr", never "2 hr, 0 min").
/// - Under an hour: minutes and seconds, or minutes alone on a whole minute.
/// - Under a minute: seconds.
///
/// The backends format exactly these whole numbers, so no formatter rounds anything.
package struct DurationUnits: Hashable, Sendable {
    /// Which units are shown.
    package enum Shape: Hashable, Sendable {
        /// "2 hr".
        case hours
        /// "1 hr, 20 min".
        case hoursAndMinutes
        /// "5 min, 30 sec".
        case minutesAndSeconds
        /// "5 min".
        case minutes
        /// "45 sec".
        case seconds
    }

    /// Which units are shown.
    package let shape: Shape
    /// Whole hours (0 under an hour).
    package let hours: Int
    /// Whole minutes, 0...59 (all the minutes under an hour).
    package let minutes: Int
    /// Whole seconds, 0...59 (shown only by `minutesAndSeconds` and `seconds`).
    package let seconds: Int

    /// The units of a whole number of seconds (a negative count is zero).
    /// - Parameter totalSeconds: the duration in seconds.
    package init(seconds totalSeconds: Int) {
        let s = max(0, totalSeconds)
        if s >= 3600 {
            let whole = s / 60, rest = s % 60
            let roundUp = rest > 30 || (rest == 30 && whole % 2 == 1)
            let totalMinutes = whole + (roundUp ? 1 : 0)
            hours = totalMinutes / 60
            minutes = totalMinutes % 60
            seconds = 0
            shape = minutes == 0 ? .hours : .hoursAndMinutes
        } else {
            hours = 0
            minutes = s / 60
            seconds = s % 60
            shape = s < 60 ? .seconds : seconds == 0 ? .minutes : .minutesAndSeconds
        }
    }

    /// Rounds a duration in seconds to whole seconds as the formatters do: to the nearest, a tie
    /// to the even second (half-even); nil for a value that is not finite. Values beyond a
    /// million years are clamped there.
    /// - Parameter seconds: the duration in seconds.
    /// - Returns: the whole seconds.
    package static func wholeSeconds(_ seconds: Double) -> Int? {
        guard seconds.isFinite else { return nil }
        let limit = 31_557_600_000_000.0  // a million years of 365.25 days
        return Int(min(max(seconds, -limit), limit).rounded(.toNearestOrEven))
    }

    /// The duration these units show, in seconds (what a formatter is given).
    package var shownSeconds: Int {
        switch shape {
        case .hours, .hoursAndMinutes: hours * 3600 + minutes * 60
        case .minutesAndSeconds, .minutes, .seconds: minutes * 60 + seconds
        }
    }
}
