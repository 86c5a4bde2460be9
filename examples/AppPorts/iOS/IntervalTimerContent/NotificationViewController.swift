// The interval timer's notification content extension (its `NotificationViewController`) on the
// package: the slider starts at the answered reminder's `scheduledSeconds`; "确认并设置下一次提醒"
// records `intervalSet` with the slider's value and plans through the driver, on the state the app
// shares in the App Group (the store's lock makes the app and the extension take turns), so the
// next reminder replaces the pending one instead of being added beside it.
import Foundation
import UIKit
import UserNotifications
import UserNotificationsUI
import MessageCatalog
import NotificationPlanning
import UserNotificationsAdapter
import AppPorts

@available(iOS 15.0, *)
final class NotificationViewController: UIViewController, @preconcurrency UNNotificationContentExtension {
    private let valueLabel = UILabel()
    private let slider = UISlider()
    private let confirmButton = UIButton(type: .system)
    private let appGroup = "group.cupicelemon.tongzinumber-demo"

    override func viewDidLoad() {
        super.viewDidLoad()
        valueLabel.font = UIFont.monospacedDigitSystemFont(ofSize: 48, weight: .bold)
        valueLabel.textAlignment = .center
        slider.minimumValue = Float(IntervalSettings.range.lowerBound)
        slider.maximumValue = Float(IntervalSettings.range.upperBound)
        slider.value = 60
        slider.addTarget(self, action: #selector(sliderValueChanged), for: .valueChanged)
        confirmButton.setTitle("确认并设置下一次提醒", for: .normal)
        confirmButton.addTarget(self, action: #selector(confirmTapped), for: .touchUpInside)
        let stack = UIStackView(arrangedSubviews: [valueLabel, slider, confirmButton])
        stack.axis = .vertical
        stack.spacing = 24
        stack.frame = view.bounds.insetBy(dx: 20, dy: 16)
        stack.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(stack)
        preferredContentSize = CGSize(width: view.bounds.width, height: 250)
        updateValueLabel()
    }

    func didReceive(_ notification: UNNotification) {
        if let previous = notification.request.content.userInfo["scheduledSeconds"] as? Int {
            slider.value = Float(previous)
            updateValueLabel()
        }
    }

    @objc private func sliderValueChanged() { updateValueLabel() }

    private func updateValueLabel() { valueLabel.text = "\(Int(slider.value)) 秒" }

    @objc private func confirmTapped() {
        let seconds = Int(slider.value)
        let appGroup = appGroup
        Task { @MainActor in
            if let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup),
                let content = try? ContentGenerator.bundled()
            {
                let driver = NotificationDriver(
                    center: SystemNotificationCenter(center: .current()), store: FileSchedulerStateStore(folder: folder),
                    content: content, configuration: IntervalTimerPort.configuration)
                _ = try? await driver.run(
                    preferences: IntervalTimerPort.preferences(timeZone: TimeZone.current.identifier),
                    events: [IntervalTimerPort.arm(seconds: seconds, at: Date())])
            }
            extensionContext?.dismissNotificationContentExtension()
        }
    }
}
