import Foundation
import TestSupport

/// A new empty folder under the temporary directory: what a snippet's test uses where the
/// document shows an App Group's container (an app's real folder, which a test has not).
func temporaryFolder() throws -> URL {
    try TemporaryFolder.create("snippet")
}
