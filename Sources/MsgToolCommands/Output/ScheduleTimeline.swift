import NotificationPlanning
import Foundation
import AffirmationSelector

/// The picture of a plan for `msgtool schedule --html FILE`: a self-contained page (inline CSS,
/// no script, no network) that draws the next days as a grid, one lane per kind and one column
/// per local day, each request at its local time with its title. It marks DST changes and the
/// time-zone change of the run, shades the quiet hours, flags what the quiet hours moved, and
/// shows what the quiet hours or the budget dropped as struck-through ghosts, under a budget gauge.
enum ScheduleTimeline {
    /// Pixels of one lane's day cell (24 hours).
    static let laneHeight = 120
    /// Pixels of one request: its time and two lines of title.
    static let chipHeight = 26

    /// One thing drawn in a cell.
    struct Mark {
        var minutes: Int
        var text: String
        var tooltip: String
        var style: String
    }

    /// The page.
    /// - Parameters:
    ///   - result: the plan.
    ///   - preferences: the preferences it was made with (quiet hours, budget).
    ///   - days: how many local days to draw from today (14).
    /// - Returns: the HTML text.
    static func html(result: PlanResult, preferences: NotificationPreferences, days: Int = 14) -> String {
        let zone = TimeZone(identifier: result.timeZone) ?? TimeZone(secondsFromGMT: 0)!
        let today = LocalDate(result.now, in: zone)
        let dates = (0..<days).map { today.adding(days: $0) }
        let moved = Set(result.noteDetails.filter { $0.code == .quietHoursMoved }.flatMap(\.identifiers))
        let quietDropped = result.noteDetails.filter { $0.code == .quietHoursDropped }.flatMap(\.identifiers)
        let budgetDropped = result.noteDetails.filter { $0.code == .budgetDropped }.flatMap(\.identifiers)

        // Marks per kind and day.
        var cells: [NotificationKind: [LocalDate: [Mark]]] = [:]
        for request in result.pending {
            let local = WallClock.components(of: request.fireDate, in: zone)
            guard local.date >= today, local.date < today.adding(days: days) else { continue }
            var style = "req"
            var text = "\(local.time) \(request.title.isEmpty ? request.body : request.title)"
            if moved.contains(request.identifier) { style += " moved"; text = "↷ " + text }
            if !request.floating { style += " fixed" }
            let tooltip =
                "\(request.identifier) · \(ISO8601Instant.string(request.fireDate, in: zone)) · \(trigger(request.trigger))"
                + (moved.contains(request.identifier) ? " · moved to the end of the quiet hours" : "")
                + "\n\(request.body)"
            cells[request.kind, default: [:]][local.date, default: []].append(Mark(minutes: local.time.minutes, text: text, tooltip: tooltip, style: style))
        }
        for (identifiers, why) in [(quietDropped, "quiet hours"), (budgetDropped, "budget")] {
            for identifier in identifiers {
                guard let kind = kind(of: identifier), let date = dateSuffix(identifier), date >= today, date < today.adding(days: days) else { continue }
                let minutes = kind.floats || kind == .habitReminder ? defaultMinutes(kind, preferences) : 0
                cells[kind, default: [:]][date, default: []].append(
                    Mark(minutes: minutes, text: "✕ dropped (\(why))", tooltip: "\(identifier): not scheduled (\(why))", style: "req dropped"))
            }
        }
        let lanes = NotificationKind.allCases.filter { cells[$0] != nil }

        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"/>
            <title>Plan for \(escape(result.timeZone)) from \(escape(ISO8601Instant.string(result.now, in: zone)))</title>
            <style>
            body{font:13px/1.35 -apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:16px;color:#1d2330;background:#fff}
            h1{font-size:18px;margin:0 0 4px}
            .sub{color:#5a6475;margin:0 0 10px}
            .gauge{display:flex;align-items:center;gap:10px;margin:6px 0 12px}
            .bar{position:relative;width:420px;height:14px;background:#eef1f6;border:1px solid #c7cedb;border-radius:7px;overflow:hidden}
            .fill{position:absolute;left:0;top:0;bottom:0;background:#5b8def}
            .over{position:absolute;top:0;bottom:0;background:repeating-linear-gradient(45deg,#e5484d,#e5484d 4px,#f3a0a2 4px,#f3a0a2 8px)}
            table{border-collapse:collapse;table-layout:fixed}
            th,td{border:1px solid #d9dee8;padding:0;vertical-align:top}
            th.lane{width:128px;text-align:left;padding:4px 6px;font-weight:600;background:#f7f8fb}
            th.day{width:86px;font-weight:600;padding:3px 2px;background:#f7f8fb;font-size:12px}
            th.day .off{display:block;font-weight:400;color:#5a6475;font-size:10px}
            th.day .flag{display:block;font-weight:600;font-size:10px;color:#b54708}
            th.day.today{background:#e7efff}
            td.cell{position:relative;height:\(laneHeight)px;width:86px;overflow:hidden}
            td.cell.dst{background:#fff7e8}
            .quiet{position:absolute;left:0;right:0;background:#eceef3}
            .now{position:absolute;left:0;right:0;border-top:2px solid #e5484d}
            .req{position:absolute;left:1px;right:1px;height:\(chipHeight - 2)px;font-size:10px;line-height:12px;overflow:hidden;word-break:break-word;background:#dbe7ff;border-left:3px solid #5b8def;padding-left:2px}
            .req.fixed{background:#e3f5e9;border-left-color:#2f9e5b}
            .req.moved{background:#fff1d6;border-left-color:#d98b00}
            .req.dropped{background:#fde4e4;border-left-color:#e5484d;color:#8a1f23;text-decoration:line-through}
            .legend span{display:inline-block;margin-right:14px}
            .legend i{display:inline-block;width:12px;height:10px;margin-right:4px;vertical-align:middle;border-left:3px solid}
            ul.notes{color:#3a4252;padding-left:18px}
            </style></head><body>

            """
        let pendingCount = result.pending.count
        let budget = preferences.budget
        let fill = min(100, pendingCount * 100 / max(1, budget))
        let overWidth = min(100 - fill, budgetDropped.count * 100 / max(1, budget))
        out += "<h1>Plan for the next \(days) days · \(escape(result.timeZone))</h1>\n"
        out += "<p class=\"sub\">Planned at \(escape(ISO8601Instant.string(result.now, in: zone))) · authorization: \(escape(result.authorization.rawValue))"
        out += " · added \(result.added.count), removed \(result.removed.count), pending \(pendingCount)</p>\n"
        out += "<div class=\"gauge\"><div class=\"bar\" title=\"budget\"><div class=\"fill\" style=\"width:\(fill)%\"></div>"
        if !budgetDropped.isEmpty { out += "<div class=\"over\" style=\"left:\(fill)%;width:\(max(2, overWidth))%\"></div>" }
        out += "</div><b>Budget: \(pendingCount) of \(budget) pending</b>"
        out += budgetDropped.isEmpty ? " · nothing dropped" : " · <span style=\"color:#b42318\">\(budgetDropped.count) dropped by the budget</span>"
        if let quiet = preferences.quietHours {
            out += " · quiet hours \(quiet.start)–\(quiet.end) (shaded): \(moved.count) moved, \(quietDropped.count) dropped"
        }
        out += "</div>\n"
        out += """
            <p class="legend"><span><i style="background:#dbe7ff;border-color:#5b8def"></i>floating wall time</span><span><i style="background:#e3f5e9;border-color:#2f9e5b"></i>fixed instant</span><span><i style="background:#fff1d6;border-color:#d98b00"></i>↷ moved by quiet hours</span><span><i style="background:#fde4e4;border-color:#e5484d"></i>✕ dropped</span><span><i style="background:#fff7e8;border-color:#fff7e8"></i>DST change that day</span><span><i style="background:#fff;border-color:#e5484d;border-left-width:0;border-top:2px solid #e5484d;height:0"></i>now</span></p>

            """

        // Header: one column per local day, with its UTC offset and the day's changes.
        let travel = result.noteDetails.first { $0.code == .timeZoneChanged }
        out += "<table><tr><th class=\"lane\">Kind</th>"
        var dstDays: Set<LocalDate> = []
        for date in dates {
            let start = WallClock.startOfDay(date, in: zone), end = WallClock.startOfDay(date.adding(days: 1), in: zone)
            let before = zone.secondsFromGMT(for: start), after = zone.secondsFromGMT(for: end)
            var flags = ""
            if before != after {
                dstDays.insert(date)
                flags += "<span class=\"flag\">DST \(offset(before))→\(offset(after))</span>"
            }
            if date == today, let travel {
                flags +=
                    "<span class=\"flag\" title=\"\(escape(travel.text))\">✈ \(escape(travel.parameters["from"] ?? "")) → \(escape(travel.parameters["to"] ?? ""))</span>"
            }
            out +=
                "<th class=\"day\(date == today ? " today" : "")\">\(weekday(date)) \(date.month)/\(date.day)<span class=\"off\">UTC\(offset(before))</span>\(flags)</th>"
        }
        out += "</tr>\n"

        let nowMinutes = WallClock.components(of: result.now, in: zone).time.minutes
        for kind in lanes {
            out += "<tr><th class=\"lane\">\(escape(kind.rawValue))</th>"
            for date in dates {
                out += "<td class=\"cell\(dstDays.contains(date) ? " dst" : "")\">"
                if let quiet = preferences.quietHours {
                    for (from, to) in bands(quiet) {
                        out += "<div class=\"quiet\" style=\"top:\(y(from))px;height:\(max(1, y(to) - y(from)))px\"></div>"
                    }
                }
                if date == today { out += "<div class=\"now\" style=\"top:\(y(nowMinutes))px\"></div>" }
                var nextFree = 0
                for mark in (cells[kind]?[date] ?? []).sorted(by: { ($0.minutes, $0.text) < ($1.minutes, $1.text) }) {
                    let top = min(laneHeight - chipHeight, max(y(mark.minutes), nextFree))
                    nextFree = top + chipHeight
                    out += "<div class=\"\(mark.style)\" style=\"top:\(top)px\" title=\"\(escape(mark.tooltip))\">\(escape(mark.text))</div>"
                }
                out += "</td>"
            }
            out += "</tr>\n"
        }
        out += "</table>\n"
        if lanes.isEmpty { out += "<p>Nothing is pending in these days.</p>\n" }
        if !result.notes.isEmpty {
            out += "<h2 style=\"font-size:14px\">Notes</h2><ul class=\"notes\">"
            for note in result.notes { out += "<li>\(escape(note))</li>" }
            out += "</ul>\n"
        }
        out += "</body></html>\n"
        return out
    }

    static func y(_ minutes: Int) -> Int { minutes * laneHeight / 1440 }

    /// The quiet hours as bands of the day in minutes (two when they span midnight).
    static func bands(_ quiet: QuietHours) -> [(Int, Int)] {
        let s = quiet.start.minutes, e = quiet.end.minutes
        return s <= e ? [(s, e)] : [(0, e), (s, 1440)]
    }

    /// Where a dropped dated request would have been: the kind's time of day.
    static func defaultMinutes(_ kind: NotificationKind, _ p: NotificationPreferences) -> Int {
        switch kind {
        case .dailyAffirmation: p.dailyAffirmation.time.minutes
        case .achievementReminder, .milestoneMonthly, .milestoneYearly: p.achievementReminder.time.minutes
        default: 0
        }
    }

    static func kind(of identifier: String) -> NotificationKind? {
        NotificationKind.allCases.sorted { $0.rawValue.count > $1.rawValue.count }.first { identifier.hasPrefix($0.rawValue) }
    }

    static func dateSuffix(_ identifier: String) -> LocalDate? {
        identifier.count >= 10 ? LocalDate(string: String(identifier.suffix(10))) : nil
    }

    static func weekday(_ date: LocalDate) -> String { ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][date.isoWeekday - 1] }

    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "−" : "+"
        let m = abs(seconds) / 60
        return m % 60 == 0 ? "\(sign)\(m / 60)" : "\(sign)\(m / 60):\(two(m % 60))"
    }

    static func trigger(_ trigger: NotificationTrigger) -> String {
        switch trigger {
        case .immediate: "immediate"
        case let .interval(seconds): "interval \(seconds) s"
        case let .calendar(date, time, second, zone): "calendar \(date) \(time):\(two(second)) \(zone ?? "floating")"
        }
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// The preview page's escaper (`esc`), with newlines kept in tooltips as `&#10;`.
    static func escape(_ text: String) -> String {
        esc(text).replacingOccurrences(of: "\n", with: "&#10;")
    }
}
