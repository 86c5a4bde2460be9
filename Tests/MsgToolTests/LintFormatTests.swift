import Foundation
import Testing
import TestSupport

/// `msgtool lint --format sarif` against the SARIF 2.1.0 schema's rules for what it writes
/// (required properties, the properties each object may have, enums and minimums), and
/// `--format github` as GitHub Actions reads workflow commands.
@Suite("msgtool lint: SARIF and GitHub annotations", .serialized)
struct LintFormatTests {
    /// A catalog with an error (a syntax error), warnings and a whole-file finding.
    static func catalog() throws -> URL {
        let dir = TemporaryFolder.uniqueURL("lint-formats", suffix: "/strings, 1%")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(
            """
            {
              "locale": "en",
              "messages": {
                "streak": {
                  "description": "Sent when the user keeps a streak.",
                  "arguments": { "days": { "type": "number", "example": 7 } },
                  "parts": { "title": "{days, plural, one {# day} other {# days}}", "body": "Keep going!" }
                }
              }
            }

            """.utf8
        ).write(to: dir.appendingPathComponent("en.json"))
        try Data(
            """
            {
              "locale": "zh-Hans",
              "messages": {
                "streak": {
                  "parts": { "title": "{days, plural, one {#天} other {#天}", "body": "继续加油!" }
                }
              }
            }

            """.utf8
        ).write(to: dir.appendingPathComponent("zh-Hans.json"))
        return dir
    }

    // MARK: The SARIF 2.1.0 schema, for the objects lint writes

    /// Each object kind: its required properties and the properties the schema allows
    /// (`additionalProperties: false` in sarif-schema-2.1.0.json).
    static let objects: [String: (required: Set<String>, allowed: Set<String>)] = [
        "sarifLog": (["version", "runs"], ["$schema", "version", "runs", "inlineExternalProperties", "properties"]),
        "run": (
            ["tool"],
            [
                "tool", "invocations", "conversion", "language", "versionControlProvenance", "originalUriBaseIds", "artifacts",
                "logicalLocations", "graphs", "results", "automationDetails", "runAggregates", "baselineGuid", "redactionTokens",
                "defaultEncoding", "defaultSourceLanguage", "newlineSequences", "columnKind", "externalPropertyFileReferences",
                "threadFlowLocations", "taxonomies", "addresses", "translations", "policies", "webRequests", "webResponses",
                "specialLocations", "properties"
            ]
        ),
        "tool": (["driver"], ["driver", "extensions", "properties"]),
        "toolComponent": (
            ["name"],
            [
                "guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription", "fullName",
                "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc", "downloadUri", "informationUri",
                "globalMessageStrings", "notifications", "rules", "taxa", "locations", "language", "contents",
                "isComprehensive", "localizedDataSemanticVersion", "minimumRequiredLocalizedDataSemanticVersion",
                "associatedComponent", "translationMetadata", "supportedTaxonomies", "properties"
            ]
        ),
        "reportingDescriptor": (
            ["id"],
            [
                "id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames", "shortDescription",
                "fullDescription", "messageStrings", "defaultConfiguration", "helpUri", "help", "relationships", "properties"
            ]
        ),
        "multiformatMessageString": (["text"], ["text", "markdown", "properties"]),
        "result": (
            ["message"],
            [
                "guid", "correlationGuid", "ruleId", "ruleIndex", "rule", "taxa", "kind", "level", "message", "analysisTarget",
                "locations", "webRequest", "webResponse", "fingerprints", "partialFingerprints", "codeFlows", "graphs",
                "graphTraversals", "stacks", "relatedLocations", "suppressions", "baselineState", "rank", "attachments",
                "hostedViewerUri", "workItemUris", "provenance", "fixes", "occurrenceCount", "properties"
            ]
        ),
        "message": ([], ["text", "markdown", "id", "arguments", "properties"]),
        "location": ([], ["id", "physicalLocation", "logicalLocations", "message", "annotations", "relationships", "properties"]),
        "physicalLocation": ([], ["address", "artifactLocation", "region", "contextRegion", "properties"]),
        "artifactLocation": ([], ["uri", "uriBaseId", "index", "description", "properties"]),
        "region": (
            [],
            [
                "startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength", "byteOffset", "byteLength",
                "snippet", "message", "sourceLanguage", "properties"
            ]
        )
    ]

    /// The schema's problems with `value` as an object of `kind` (empty when it conforms).
    static func check(_ value: Any?, _ kind: String, at path: String) -> [String] {
        guard let object = value as? [String: Any] else { return ["\(path): not an object"] }
        let (required, allowed) = objects[kind]!
        var problems = required.subtracting(object.keys).sorted().map { "\(path): \(kind) lacks \($0)" }
        problems += Set(object.keys).subtracting(allowed).sorted().map { "\(path): \(kind) may not have \($0)" }
        if let bag = object["properties"], !(bag is [String: Any]) { problems.append("\(path).properties: not a property bag") }
        func strings(_ key: String) { if let v = object[key], !(v is String) { problems.append("\(path).\(key): not a string") } }
        func integer(_ key: String, minimum: Int) {
            guard let v = object[key] else { return }
            guard let n = v as? Int, !(v is Bool) else { problems.append("\(path).\(key): not an integer"); return }
            if n < minimum { problems.append("\(path).\(key): \(n) < \(minimum)") }
        }
        func array(_ key: String, of element: String) {
            guard let v = object[key] else { return }
            guard let items = v as? [Any] else { problems.append("\(path).\(key): not an array"); return }
            for (i, item) in items.enumerated() { problems += check(item, element, at: "\(path).\(key)[\(i)]") }
        }
        switch kind {
        case "sarifLog":
            if object["version"] as? String != "2.1.0" { problems.append("\(path).version: not 2.1.0") }
            strings("$schema")
            array("runs", of: "run")
        case "run":
            problems += check(object["tool"], "tool", at: "\(path).tool")
            array("results", of: "result")
            if let k = object["columnKind"], !["utf16CodeUnits", "unicodeCodePoints"].contains(k as? String ?? "") {
                problems.append("\(path).columnKind: \(k)")
            }
        case "tool":
            problems += check(object["driver"], "toolComponent", at: "\(path).driver")
        case "toolComponent":
            strings("name")
            array("rules", of: "reportingDescriptor")
        case "reportingDescriptor":
            strings("id")
            if let d = object["shortDescription"] { problems += check(d, "multiformatMessageString", at: "\(path).shortDescription") }
        case "multiformatMessageString":
            strings("text")
        case "result":
            strings("ruleId")
            integer("ruleIndex", minimum: -1)
            if let l = object["level"], !["none", "note", "warning", "error"].contains(l as? String ?? "") { problems.append("\(path).level: \(l)") }
            problems += check(object["message"], "message", at: "\(path).message")
            array("locations", of: "location")
        case "message":
            if object["text"] == nil && object["id"] == nil { problems.append("\(path): a message needs text or id") }
            strings("text")
        case "location":
            if let p = object["physicalLocation"] { problems += check(p, "physicalLocation", at: "\(path).physicalLocation") }
        case "physicalLocation":
            if object["address"] == nil && object["artifactLocation"] == nil { problems.append("\(path): needs address or artifactLocation") }
            if let a = object["artifactLocation"] { problems += check(a, "artifactLocation", at: "\(path).artifactLocation") }
            if let r = object["region"] { problems += check(r, "region", at: "\(path).region") }
        case "artifactLocation":
            strings("uri")
            if let uri = object["uri"] as? String, URL(string: uri) == nil || uri.contains(" ") { problems.append("\(path).uri: not a URI reference: \(uri)") }
        case "region":
            integer("startLine", minimum: 1)
            integer("startColumn", minimum: 1)
        default:
            break
        }
        return problems
    }

    @Test func sarifConformsToTheSchema() throws {
        let dir = try Self.catalog()
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let run = try MsgTool.run(["lint", "--format", "sarif", "--catalog", dir.path], timeout: 60)
        #expect(run.status == 1, "\(run)")  // an error: the status is the text format's
        let log = try JSONSerialization.jsonObject(with: run.stdout)
        #expect(Self.check(log, "sarifLog", at: "$") == [])
        // What a user checks: each finding of the text format is a result, with its rule, level and place.
        let text = try MsgTool.run(["lint", "--catalog", dir.path], timeout: 60)
        let results = try #require((((log as? [String: Any])?["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let findings = text.out.split(separator: "\n").dropLast()
        #expect(results.count == findings.count, "\(text.out)")
        let syntax = try #require(results.first { $0["ruleId"] as? String == "syntax" })
        #expect(syntax["level"] as? String == "error")
        let location = try #require((syntax["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
        #expect(uri.hasSuffix("/strings,%201%25/zh-Hans.json"), "\(uri)")
        #expect(URL(string: uri)?.path == dir.appendingPathComponent("zh-Hans.json").path)
        let region = try #require(location["region"] as? [String: Any])
        #expect(findings.contains { $0.hasPrefix("\(dir.path)/zh-Hans.json:\(region["startLine"]!):\(region["startColumn"]!): error:") }, "\(text.out)")
        #expect(results.contains { $0["ruleId"] as? String == "punctuation" && $0["level"] as? String == "warning" }, "\(results)")
    }

    /// A clean catalog: a log with no results, status 0.
    @Test func sarifOfACleanCatalog() throws {
        let run = try MsgTool.run(
            ["lint", "--format", "sarif", "--catalog", Repository.url("Resources/strings").path], timeout: 120)
        #expect(run.status == 0, "\(run)")
        let log = try JSONSerialization.jsonObject(with: run.stdout)
        #expect(Self.check(log, "sarifLog", at: "$") == [])
    }

    @Test func githubAnnotations() throws {
        let dir = try Self.catalog()
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let run = try MsgTool.run(["lint", "--format", "github", "--catalog", dir.path], timeout: 60)
        #expect(run.status == 1, "\(run)")
        let lines = run.out.split(separator: "\n").map(String.init)
        let file = dir.appendingPathComponent("zh-Hans.json").path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: ",", with: "%2C")
        let error = try #require(lines.first { $0.hasPrefix("::error ") }, "\(run)")
        #expect(error.hasPrefix("::error file=\(file),line="), "\(error)")
        #expect(error.contains(",title=msgtool lint%3A syntax::streak.title: "), "\(error)")
        #expect(lines.contains { $0.hasPrefix("::warning file=\(file),line=") && $0.contains("title=msgtool lint%3A punctuation::") }, "\(run)")
        // Every annotation is one line; the summary follows as a plain line.
        #expect(lines.last?.hasPrefix("1 error") == true, "\(run)")
    }
}
