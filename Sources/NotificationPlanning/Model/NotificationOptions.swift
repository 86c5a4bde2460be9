/// What an app asks the user to allow, as `requestAuthorization` takes it: the typed form of
/// ``AuthorizationRequest/options``, whose JSON keeps the names (`"alert"`, `"sound"`, `"badge"`,
/// `"provisional"`).
public struct AuthorizationOptions: OptionSet, Sendable, Hashable {
    /// The options' bits (one per case, in the order `alert`, `sound`, `badge`, `provisional`).
    public let rawValue: UInt8

    /// Options from their bits.
    /// - Parameter rawValue: the bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Alerts: banners and the lock screen.
    public static let alert = AuthorizationOptions(rawValue: 1 << 0)
    /// Sounds.
    public static let sound = AuthorizationOptions(rawValue: 1 << 1)
    /// The number on the app's icon.
    public static let badge = AuthorizationOptions(rawValue: 1 << 2)
    /// Quiet delivery to the notification centre without a prompt (iOS grants it at once).
    public static let provisional = AuthorizationOptions(rawValue: 1 << 3)

    /// Alert, sound and badge: what the apps ask for, and what a plan's request holds.
    public static let standard: AuthorizationOptions = [.alert, .sound, .badge]

    /// Each option with its name in the JSON, in the order the names are written.
    static let named: [(option: AuthorizationOptions, name: String)] = [
        (.alert, "alert"), (.sound, "sound"), (.badge, "badge"), (.provisional, "provisional")
    ]

    /// The options named in `names`; a name the package does not know is left out.
    /// - Parameter names: JSON names such as `"alert"`.
    package init(names: [String]) {
        self = []
        for (option, name) in Self.named where names.contains(name) { insert(option) }
    }

    /// The names of the options, in the order `alert`, `sound`, `badge`, `provisional`.
    package var names: [String] { Self.named.filter { contains($0.option) }.map(\.name) }
}

extension AuthorizationRequest {
    /// A request for `options` (alert, sound and badge unless given).
    /// - Parameter options: what to ask for.
    public init(options: AuthorizationOptions = .standard) {
        self.init(optionNames: options.names)
    }

    /// ``options`` as an option set (names the package does not know are left out).
    public var authorizationOptions: AuthorizationOptions { AuthorizationOptions(names: options) }
}

/// How an action button behaves, as the platform takes it: the typed form of
/// ``NotificationActionSpec/options``, whose JSON keeps the names (`"foreground"`,
/// `"destructive"`, `"authenticationRequired"`).
public struct NotificationActionOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: UInt8

    /// Options from their bits.
    /// - Parameter rawValue: the bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The action opens the app.
    public static let foreground = NotificationActionOptions(rawValue: 1 << 0)
    /// The button is shown in red (deleting, cancelling).
    public static let destructive = NotificationActionOptions(rawValue: 1 << 1)
    /// The action needs the device unlocked.
    public static let authenticationRequired = NotificationActionOptions(rawValue: 1 << 2)

    /// Each option with its name in the JSON, in the order the names are written.
    static let named: [(option: NotificationActionOptions, name: String)] = [
        (.foreground, "foreground"), (.destructive, "destructive"), (.authenticationRequired, "authenticationRequired")
    ]

    /// The options named in `names`; a name the package does not know is left out.
    /// - Parameter names: JSON names such as `"foreground"`.
    package init(names: [String]) {
        self = []
        for (option, name) in Self.named where names.contains(name) { insert(option) }
    }

    /// The names of the options, in the order `foreground`, `destructive`, `authenticationRequired`.
    package var names: [String] { Self.named.filter { contains($0.option) }.map(\.name) }
}

extension NotificationActionSpec {
    /// An action button.
    /// - Parameters:
    ///   - identifier: the action identifier the app receives (`VIEW_STEPS_ACTION`).
    ///   - title: the button title, already localized.
    ///   - options: how the button behaves (none unless given).
    public init(identifier: String, title: String, options: NotificationActionOptions = []) {
        self.init(identifier: identifier, title: title, optionNames: options.names)
    }

    /// ``options`` as an option set (names the package does not know are left out).
    public var actionOptions: NotificationActionOptions { NotificationActionOptions(names: options) }
}
