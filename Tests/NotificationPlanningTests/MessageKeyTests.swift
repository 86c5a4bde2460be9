import Foundation
import MessageCatalog
import Testing
@testable import NotificationPlanning

/// The planner names the catalog's messages through `MessageKey`: each key must be a message of
/// the bundled source catalog, and every kind's keys must be among them.
@Suite("Message keys of the planner")
struct MessageKeyTests {
    static let source = try! LocalizedCatalog.bundled().source

    @Test(arguments: MessageKey.all)
    func theBundledCatalogHasTheMessage(_ key: String) {
        #expect(Self.source.message(key) != nil, "no message '\(key)' in the bundled en.json")
    }

    @Test(arguments: NotificationKind.allCases)
    func everyKindRendersKnownKeys(_ kind: NotificationKind) {
        #expect(!kind.messageKeys.isEmpty)
        #expect(kind.messageKeys.allSatisfy(MessageKey.all.contains), "\(kind): \(kind.messageKeys)")
    }

    @Test func eachKeyIsNamedOnce() {
        #expect(Set(MessageKey.all).count == MessageKey.all.count)
    }
}
