// Only the declarations this file names are imported from the adapter's module, so the deprecated
// typealias of the module's name (kept for one version) does not hide the module here: once it is
// gone, every file can qualify the adapter's types as this one does.
// (Linux only, as the other tests of the adapter: on Apple platforms it is the real framework.)
#if os(Linux) && canImport(UserNotificationsStandIn)
import Foundation
import NotificationPlanning
import Testing
import class UserNotificationsAdapter.SystemNotificationCenter
import struct UserNotificationsAdapter.NotificationResponse

/// The adapter's types written module-qualified, as an app does when one of its own types has
/// the same name: this file fails to compile if the module again declares a type of its own name.
@Suite("Module-qualified adapter names")
struct ModuleQualifiedAdapterNameTests {
    @Test("UserNotificationsAdapter.SystemNotificationCenter is a PendingNotificationCenter with the planned request's userInfo key")
    func qualifiedNames() {
        let centerType: any PendingNotificationCenter.Type = UserNotificationsAdapter.SystemNotificationCenter.self
        #expect("\(centerType)" == "SystemNotificationCenter")
        #expect(UserNotificationsAdapter.SystemNotificationCenter.requestKey == "notificationToolkit.request")
        #expect("\(UserNotificationsAdapter.NotificationResponse.self)" == "NotificationResponse")
    }
}
#endif
