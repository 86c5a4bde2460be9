import Foundation
import MessageCatalog
import Testing
import NotificationPlanning
import AffirmationSelector
import AppPorts

/// The three ports keep their apps' behaviour: identifiers, categories, timing, texts, userInfo.
@Suite("App ports")
struct AppPortsTests {
    static func at(_ text: String) -> Date { ISO8601Instant.date(text)! }

    @Test("Affirmations: seven days at 10:00, the app's own text of the day with the name, as the home card")
    func affirmations() throws {
        let settings = AffirmationAppSettings(
            enabled: true, name: "Alex", title: "Daily notifications",
            english: ["You are enough.", "{name}, you've got this.", "Breathe."],
            spanish: ["Eres suficiente."])
        let prefs = DailyAffirmationsPort.preferences(settings, timeZone: "Europe/Madrid", locale: "en-US")
        let result = try Planner.plan(
            preferences: prefs, state: SchedulerState(), events: [], now: Self.at("2026-02-10T08:00:00Z"),
            content: try ContentGenerator.bundled(), configuration: DailyAffirmationsPort.configuration(settings, locale: "en-US"))
        #expect(result.added.map(\.identifier) == (10...16).map { "daily-affirmation-2026-02-\($0)" })
        for request in result.added {
            let date = LocalDate(string: String(request.identifier.suffix(10)))!
            #expect(request.title == "Daily notifications" && request.trigger == .calendar(date: date, time: TimeOfDay(hour: 10), second: 0, timeZone: nil))
            #expect(request.body == DailyAffirmationsPort.affirmation(for: date, settings: settings, locale: "en-US").text)
            #expect(request.sound == nil && request.floating)
        }
        // 10 February is day 41: (41 - 1) % 3 = 1, the entry with the name.
        #expect(result.added[0].body == "Alex, you've got this.")
        #expect(result.added[0].userInfo["textId"] == "affirmation-1")
        // Provisional permission schedules, as the app's isAuthorized allowed; a plan never asks.
        for (status, count) in [(AuthorizationStatus.provisional, 7), (.ephemeral, 7), (.notDetermined, 0)] {
            var asked = prefs
            asked.authorization = status
            let planned = try Planner.plan(
                preferences: asked, state: SchedulerState(), events: [], now: Self.at("2026-02-10T08:00:00Z"),
                content: try ContentGenerator.bundled(), configuration: DailyAffirmationsPort.configuration(settings, locale: "en-US"))
            #expect(planned.added.count == count && planned.authorizationRequest == nil)
        }
    }

    @Test("Habits: 5 hours before the day ends, Spanish texts, badge 1, habitID for the delegate, the app's identifiers; none once done, back once undone")
    func habits() throws {
        let habits = [
            TrackedHabit(id: "6F1A", name: "Leer", reminderIdentifier: "C0FFEE"),
            TrackedHabit(id: "9B2C", name: "Correr", weekly: true, hoursBefore: 3, reminderIdentifier: "BEEF")
        ]
        let prefs = HabitRemindersPort.preferences(habits, timeZone: "Europe/Madrid")
        // The app's HabitInstance ids, one per habit and period.
        let configuration = HabitRemindersPort.configuration(habits) { habit, period in "instance-\(habit)-\(period)" }
        let result = try Planner.plan(
            preferences: prefs, state: SchedulerState(), events: [], now: Self.at("2026-11-23T08:00:00Z"),
            content: try ContentGenerator.bundled(), configuration: configuration)
        let read = try #require(result.added.first { $0.userInfo["habitId"] == "6F1A" })
        #expect(read.fireDate == Self.at("2026-11-23T18:00:00Z"))  // 19:00 in Madrid
        #expect(read.title == "⏰ Recordatorio de Hábito" && read.body == "¡No olvides completar 'Leer'! Te quedan menos de 5 horas.")
        #expect(read.badge == 1 && read.appUserInfo["habitID"] == .string("6F1A") && read.appUserInfo["habitNombre"] == .string("Leer"))
        // `<reminder's notificationIdentifier>_<instance id>`: what the app's hasPendingReminder looks for.
        #expect(read.identifier == "C0FFEE_instance-6F1A-2026-11-23" && read.appUserInfo["instanceID"] == .string("instance-6F1A-2026-11-23"))
        let run = try #require(result.added.first { $0.userInfo["habitId"] == "9B2C" })
        #expect(run.fireDate == Self.at("2026-11-29T20:00:00Z"))  // Sunday 21:00, 3 hours before Monday
        #expect(run.identifier == "BEEF_instance-9B2C-2026-11-23")
        let done = try Planner.plan(
            preferences: prefs, state: result.state, events: [PlannerEvent(.habitCompleted(habitID: "6F1A"), at: Self.at("2026-11-23T09:00:00Z"))],
            now: Self.at("2026-11-23T09:00:00Z"), content: try ContentGenerator.bundled(), configuration: configuration)
        #expect(done.removed == ["C0FFEE_instance-6F1A-2026-11-23"])
        let undone = try Planner.plan(
            preferences: prefs, state: done.state, events: [PlannerEvent(.habitUncompleted(habitID: "6F1A"), at: Self.at("2026-11-23T09:30:00Z"))],
            now: Self.at("2026-11-23T09:30:00Z"), content: try ContentGenerator.bundled(), configuration: configuration)
        #expect(undone.added.map(\.identifier) == ["C0FFEE_instance-6F1A-2026-11-23"])
    }

    @Test("Interval timer: N seconds after arming, TIMER_REMINDER with CONFIRM_ACTION, scheduledSeconds as an Int; re-armed from the slider")
    func timer() throws {
        let prefs = IntervalTimerPort.preferences(timeZone: "Asia/Shanghai")
        let content = try ContentGenerator.bundled()
        let armed = try Planner.plan(
            preferences: prefs, state: SchedulerState(), events: [IntervalTimerPort.arm(seconds: 45, at: Self.at("2026-11-23T08:00:00Z"))],
            now: Self.at("2026-11-23T08:00:00Z"), content: content, configuration: IntervalTimerPort.configuration)
        let request = try #require(armed.added.first)
        #expect(request.trigger == .interval(seconds: 45) && request.categoryIdentifier == "TIMER_REMINDER")
        #expect(request.title == "定时提醒" && request.appUserInfo["scheduledSeconds"] == .int(45))
        let categories = try CategoryRegistry.categories(locale: Locale(identifier: "zh-Hans"), content: content, kinds: prefs.kinds)
        #expect(categories.first { $0.identifier == "TIMER_REMINDER" }?.actions == IntervalTimerPort.category.actions)
        let rearmed = try Planner.plan(
            preferences: prefs, state: armed.state, events: [IntervalTimerPort.arm(seconds: 120, at: Self.at("2026-11-23T08:01:00Z"))],
            now: Self.at("2026-11-23T08:01:00Z"), content: content, configuration: IntervalTimerPort.configuration)
        #expect(rearmed.added.first?.appUserInfo["scheduledSeconds"] == .int(120) && rearmed.pending.count == 1)
    }
}
