import MessageCatalog

/// A notification action button.
public struct NotificationActionSpec: Sendable, Hashable {
    /// The action identifier the app receives (`VIEW_STEPS_ACTION`).
    public var identifier: String
    /// The button title, localized from the catalog.
    public var title: String
    /// Platform options by name, as the JSON holds them: `foreground` opens the app,
    /// `destructive` shows the button in red, `authenticationRequired` needs the device unlocked
    /// (``actionOptions`` is the typed form).
    public var options: [String]

    /// The options the adapter knows.
    public static let knownOptions: Set<String> = ["foreground", "destructive", "authenticationRequired"]

    /// An action with options by name.
    /// - Parameters:
    ///   - identifier: the action identifier the app receives.
    ///   - title: the button title.
    ///   - options: the names, e.g. `["foreground"]`.
    @available(*, deprecated, message: "pass NotificationActionOptions: NotificationActionSpec(identifier:title:options: [.foreground])")
    @_disfavoredOverload
    public init(identifier: String, title: String, options: [String]) {
        self.init(identifier: identifier, title: title, optionNames: options)
    }

    /// An action holding `optionNames` as they are (the JSON's names).
    package init(identifier: String, title: String, optionNames: [String]) {
        self.identifier = identifier
        self.title = title
        self.options = optionNames
    }

}

/// A notification category: the actions its notifications show.
public struct NotificationCategorySpec: Sendable, Hashable {
    /// The category identifier requests carry (`GOAL_ACHIEVEMENT`).
    public var identifier: String
    /// Its actions, in display order.
    public var actions: [NotificationActionSpec]
    /// The kinds that use it.
    public var kinds: [NotificationKind]

    /// A category.
    public init(identifier: String, actions: [NotificationActionSpec], kinds: [NotificationKind]) {
        self.identifier = identifier
        self.actions = actions
        self.kinds = kinds
    }
}

/// The one registry of categories and actions, with the identifiers the apps register.
///
/// | category | actions | kinds |
/// |---|---|---|
/// | `ACHIEVEMENT_REMINDER` | `QUICK_ADD_ACTION` (`action.quick_add`, foreground) | achievement reminders |
/// | `ACHIEVEMENT_RETRIEVAL` | `VIEW_ACHIEVEMENT_ACTION` (`action.view_achievement`, foreground) | retrievals |
/// | `MILESTONE` | — | streaks, counts, summaries |
/// | `HABIT_REMINDER` | `MARK_DONE_ACTION` (`action.mark_done`) | habit reminders |
/// | `DAILY_AFFIRMATION` | — | affirmations |
/// | `TIMER_REMINDER` | `SET_NEXT_REMINDER_ACTION` (`action.set_next`) | interval reminders (its content extension re-arms the timer) |
/// | `GOAL_ACHIEVEMENT` | `VIEW_STEPS_ACTION` (`action.view_steps`, foreground) | goal, halfway, apps unlocked |
/// | `WORKOUT_COMPLETION` | `VIEW_WORKOUT_ACTION` (`action.view_workout`, foreground) | workouts |
public enum CategoryRegistry {
    struct Entry {
        var identifier: String
        var actions: [(id: String, key: String, foreground: Bool)]
        var kinds: [NotificationKind]
    }

    static let entries: [Entry] = [
        Entry(identifier: "ACHIEVEMENT_REMINDER", actions: [("QUICK_ADD_ACTION", MessageKey.actionQuickAdd, true)], kinds: [.achievementReminder]),
        Entry(identifier: "ACHIEVEMENT_RETRIEVAL", actions: [("VIEW_ACHIEVEMENT_ACTION", MessageKey.actionViewAchievement, true)], kinds: [.retrieval]),
        Entry(identifier: "MILESTONE", actions: [], kinds: [.milestoneStreak, .milestoneCount, .milestoneMonthly, .milestoneYearly]),
        Entry(identifier: "HABIT_REMINDER", actions: [("MARK_DONE_ACTION", MessageKey.actionMarkDone, false)], kinds: [.habitReminder]),
        Entry(identifier: "DAILY_AFFIRMATION", actions: [], kinds: [.dailyAffirmation]),
        Entry(identifier: "TIMER_REMINDER", actions: [("SET_NEXT_REMINDER_ACTION", MessageKey.actionSetNext, false)], kinds: [.intervalReminder]),
        Entry(
            identifier: "GOAL_ACHIEVEMENT", actions: [("VIEW_STEPS_ACTION", MessageKey.actionViewSteps, true)], kinds: [.stepGoal, .stepHalfway, .appsUnlocked]),
        Entry(identifier: "WORKOUT_COMPLETION", actions: [("VIEW_WORKOUT_ACTION", MessageKey.actionViewWorkout, true)], kinds: [.workoutCompletion])
    ]

    /// The category identifier of a kind.
    /// - Parameter kind: a notification kind.
    /// - Returns: e.g. `TIMER_REMINDER` for interval reminders.
    public static func categoryIdentifier(for kind: NotificationKind) -> String {
        entries.first { $0.kinds.contains(kind) }!.identifier
    }

    /// The catalog keys of the action buttons a kind's notifications show, in display order.
    public static func actionMessageKeys(for kind: NotificationKind) -> [String] {
        entries.first { $0.kinds.contains(kind) }!.actions.map(\.key)
    }

    /// Every category the requests of these options carry: the registry's, for the kinds that
    /// keep theirs, and each kind's own ``KindOptions/category`` (with its actions, or the
    /// registry's actions of the kind when it names none); kinds that name the same identifier
    /// share one category. Register them with the adapter, which merges them with the app's own.
    /// - Parameters:
    ///   - locale: BCP 47 tag of the registry's action titles.
    ///   - content: the content generator.
    ///   - options: the app's options per kind (``NotificationPreferences/kinds``).
    /// - Returns: the registry's categories in its order, then the app's, by first kind.
    /// - Throws: `Diagnostic` (`content`) when an action title cannot be rendered.
    @available(*, deprecated, message: "pass the preferences, categories(for:content:), or a Locale, categories(locale:content:kinds:)")
    public static func categories(
        locale: String, content: any ContentRendering,
        kinds options: [NotificationKind: KindOptions]
    ) throws(Diagnostic) -> [NotificationCategorySpec] {
        try categories(localeTag: locale, content: content, kinds: options)
    }

    /// The categories of `categories(locale:content:kinds:)` for a BCP 47 tag.
    package static func categories(
        localeTag locale: String, content: any ContentRendering,
        kinds options: [NotificationKind: KindOptions]
    ) throws(Diagnostic) -> [NotificationCategorySpec] {
        let registry = try categories(localeTag: locale, content: content)
        var out: [NotificationCategorySpec] = []
        for var spec in registry {
            spec.kinds = spec.kinds.filter { options[$0]?.category == nil }
            if !spec.kinds.isEmpty { out.append(spec) }
        }
        for kind in NotificationKind.allCases {
            guard let own = options[kind]?.category else { continue }
            if let i = out.firstIndex(where: { $0.identifier == own.identifier }) {
                out[i].kinds.append(kind)
                continue
            }
            let actions = own.actions ?? registry.first { $0.kinds.contains(kind) }!.actions
            out.append(NotificationCategorySpec(identifier: own.identifier, actions: actions, kinds: [kind]))
        }
        return out
    }

    /// Every category with its action titles rendered for `locale`.
    /// - Parameters:
    ///   - locale: BCP 47 tag; the catalog falls back through CLDR parents.
    ///   - content: the content generator.
    /// - Returns: the categories in the registry's order.
    /// - Throws: `Diagnostic` (`content`) when an action title cannot be rendered.
    @available(*, deprecated, message: "pass the preferences, categories(for:content:), or a Locale, categories(locale:content:kinds:)")
    public static func categories(locale: String, content: any ContentRendering) throws(Diagnostic) -> [NotificationCategorySpec] {
        try categories(localeTag: locale, content: content)
    }

    /// The registry's categories with their action titles rendered for a BCP 47 tag.
    package static func categories(localeTag locale: String, content: any ContentRendering) throws(Diagnostic) -> [NotificationCategorySpec] {
        var out: [NotificationCategorySpec] = []
        for entry in entries {
            var actions: [NotificationActionSpec] = []
            for action in entry.actions {
                let rendered: RenderedContent
                do {
                    rendered = try content.render(key: action.key, locale: locale, tone: .gentle, arguments: [:], variant: 0, timeZone: "UTC")
                } catch {
                    throw Diagnostic(.content, "cannot render '\(action.key)' for \(locale): \(error)")
                }
                guard let title = rendered.title else {
                    throw Diagnostic(.content, "the message '\(action.key)' has no title part")
                }
                actions.append(NotificationActionSpec(identifier: action.id, title: title, options: action.foreground ? .foreground : []))
            }
            out.append(NotificationCategorySpec(identifier: entry.identifier, actions: actions, kinds: entry.kinds))
        }
        return out
    }
}
