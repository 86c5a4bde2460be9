import ToolkitSupport
import ToolkitJSON
import Foundation
import MessageCatalog
import MessageCatalogTools

/// lint's findings in the machine formats CI systems and editors read: SARIF 2.1.0 (GitHub code
/// scanning, Azure DevOps, VS Code's SARIF viewer) and GitHub Actions workflow annotations.
enum LintFormats {
    /// The SARIF 2.1.0 log of a report: one run of the tool `msgtool`, every rule described
    /// (`--rules`), each finding a result with its rule, level and place. Columns count Unicode
    /// code points, as lint's do (`columnKind`); a finding about a whole file has no region.
    static func sarif(_ report: LintReport) -> JSONNode {
        let rules = LintRule.allCases
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let results: [JSONNode] = report.findings.map { f in
            var physical: [(String, JSONNode)] = [("artifactLocation", .object([("uri", .string(uri(f.file)))]))]
            if f.line >= 1 {
                physical.append(("region", .object([("startLine", .number(f.line)), ("startColumn", .number(max(1, f.column)))])))
            }
            var members: [(String, JSONNode)] = [
                ("ruleId", .string(f.rule.rawValue)),
                ("ruleIndex", .number(ruleIndex[f.rule] ?? -1)),
                ("level", .string(f.severity == .error ? "error" : "warning")),
                ("message", .object([("text", .string(f.unitID.map { "\($0): \(f.message)" } ?? f.message))])),
                ("locations", .array([.object([("physicalLocation", .object(physical))])]))
            ]
            if let unit = f.unitID { members.append(("properties", .object([("unit", .string(unit))]))) }
            return .object(members)
        }
        let driver: JSONNode = .object([
            ("name", .string("msgtool")),
            (
                "rules",
                .array(
                    rules.map { r in
                        .object([("id", .string(r.rawValue)), ("shortDescription", .object([("text", .string(r.summary))]))])
                    })
            )
        ])
        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        ("tool", .object([("driver", driver)])),
                        ("columnKind", .string("unicodeCodePoints")),
                        ("results", .array(results))
                    ])
                ])
            )
        ])
    }

    /// A file path as a SARIF URI reference: relative paths stay relative (GitHub resolves them
    /// against the repository), characters a URI cannot hold are percent-encoded.
    static func uri(_ path: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/!$&'()*+,;=:@".utf8)
        var out = ""
        for byte in path.utf8 {
            if allowed.contains(byte) { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += String(format: "%%%02X", byte) }
        }
        return out
    }

    /// One GitHub Actions workflow command a finding (`::error file=…,line=…,col=…,title=…::…`),
    /// which the Actions runner shows as an annotation on the file's line.
    static func github(_ f: LintFinding) -> String {
        var properties = ["file=\(property(f.file))"]
        if f.line >= 1 {
            properties.append("line=\(f.line)")
            properties.append("col=\(max(1, f.column))")
        }
        properties.append("title=\(property("msgtool lint: \(f.rule.rawValue)"))")
        let text = f.unitID.map { "\($0): \(f.message)" } ?? f.message
        return "::\(f.severity == .error ? "error" : "warning") \(properties.joined(separator: ","))::\(data(text))"
    }

    /// A command's message, escaped as the runner expects (`%`, carriage return, line feed).
    static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A command's property value: the message escapes plus `:` and `,`.
    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
