extension Diagnostic {
    /// The diagnostic as the package's command-line tools (msgtool, message-accessors) print
    /// it, the form compilers and editors read: `file:line:column: error: key: message`,
    /// `file: error: …` without a line, `error: …` without a file. A diagnostic with related
    /// problems prints each of them, one a line.
    /// - Parameter severity: the word after the place (`error`, `warning`).
    package func rendered(severity: String = "error") -> String {
        if !related.isEmpty { return related.map { $0.rendered(severity: severity) }.joined(separator: "\n") }
        // Problems a translator's-file reader worded with their place already.
        if location.isEmpty, message.hasPrefix("\(severity): ") || message.contains(": \(severity): ") { return message }
        var place = ""
        if let file = location.file {
            place = file
            if let line = location.line { place += ":\(line)" + (location.column.map { ":\($0)" } ?? "") }
            place += ": "
        }
        let key = location.keyPath.map { "\($0): " } ?? ""
        return "\(place)\(severity): \(key)\(message)"
    }
}
