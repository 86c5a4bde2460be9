import Foundation
import ToolkitJSON

// The file centre's JSON (`{"authorization", "pending": [Request]}`): its keys are the cases of
// `FileNotificationCenter.Contents.Field`; its decoder and its writers switch over them.

extension FileNotificationCenter.Contents: JSONFieldObject, Codable {
    /// The file's keys, in the order the decoder reads them.
    enum Field: String, JSONFields { case authorization, pending }

    /// The keys, looked up by their bytes and in the writers\' order, and those that must be present.
    static let fields = JSONFieldTable<Field>(required: [.authorization, .pending])

    /// An empty centre.
    static var wireDefault: Self { Self() }

    /// Reads the file's object.
    init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }

    /// Writes the file's object.
    func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    /// Reads the value of `field` (the requests by the strict decoder only).
    mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .authorization: authorization = try r.value(AuthorizationStatus.self)
        case .pending: pending = try r.read([NotificationRequest].self) { _ throws(JSONCursor.Failure) in throw JSONCursor.Failure.unsupported }
        }
    }

    /// Writes the value of `field`, for both writers.
    func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .authorization: try w.value(authorization, at: field)
        case .pending: try w.requests(pending, at: field)
        }
    }
}
