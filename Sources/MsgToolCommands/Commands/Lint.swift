import ToolkitSupport
import ToolkitJSON
import ArgumentParser
import Foundation
import MessageCatalog
import MessageCatalogTools

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the catalogs for translators' mistakes; every finding at its file, line and column.",
        discussion: """
            Prints one line per finding, `file:line:column: error|warning: unit: message [rule-id]`, \
            then a summary; --format json prints one JSON object for CI bots, --format sarif a SARIF \
            2.1.0 log (GitHub code scanning, editors' SARIF viewers), --format github one GitHub \
            Actions annotation a finding (then the summary). Exits 1 when there is \
            an error (warnings alone exit 0). Every problem is reported, not only the first. \
            Widths are in columns: one per character, two for East Asian wide characters and \
            emoji. --rules lists the rules; docs/translators.md has an example of each. \
            --fix (with --catalog DIR) first applies the fixes of the rules that have one obvious \
            fix (punctuation: ASCII !?,:; in Chinese text; unit-space: a no-break space between a \
            number and its unit), rewriting each file it changes in its canonical form, atomically \
            and under the folder's lock, and nothing when a fix fails; then it lints the result.
            """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, json, sarif, github }

    @OptionGroup var catalogOptions: CatalogOptions
    @Option(help: "text, json, sarif (SARIF 2.1.0) or github (GitHub Actions annotations).") var format: OutputFormat = .text
    @Option(name: .customLong("title-budget"), help: "Width budget of titles, in columns.") var titleBudget = 40
    @Option(name: .customLong("body-budget"), help: "Width budget of bodies, in columns.") var bodyBudget = 150
    @Option(name: .customLong("budget"), parsing: .singleValue, help: "part=columns: a budget for another part (repeatable), e.g. label=30.") var budgets:
        [String] = []
    @Option(
        name: .customLong("allow-identical"), parsing: .singleValue,
        help: "A unit id, message key or exact text that may equal the source (names, brands; repeatable).") var allowIdentical: [String] = []
    @Option(name: .customLong("allow-list"), help: "A file of such entries, one a line (# starts a comment).") var allowList: String?
    @Option(name: .customLong("time-zone"), help: "IANA zone for rendering dates in the length check.") var timeZone = "UTC"
    @Flag(help: "List the rules and exit.") var rules = false
    @Flag(help: "Fix what has one obvious fix (punctuation in Chinese, unit-space), then lint; needs --catalog DIR.") var fix = false

    func validate() throws {
        if fix && catalogOptions.catalog == nil {
            throw ValidationError("--fix rewrites catalog files: give --catalog DIR (the bundled catalogs are compiled in).")
        }
        if fix && catalogOptions.base != nil { throw ValidationError("--fix rewrites one folder's files: leave out --base.") }
        if titleBudget < 1 || bodyBudget < 1 { throw ValidationError("Budgets are positive numbers of columns.") }
        for b in budgets {
            let parts = b.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let n = Int(parts[1]), n > 0 else { throw ValidationError("--budget takes part=columns, e.g. label=30 (got '\(b)').") }
        }
    }

    func run() throws {
        if rules {
            for r in LintRule.allCases { Output.out("\(r.rawValue.padding(toLength: 24, withPad: " ", startingAt: 0))\(r.summary)") }
            return
        }
        var options = LintOptions()
        options.budgets["title"] = titleBudget
        options.budgets["body"] = bodyBudget
        for b in budgets {
            let parts = b.split(separator: "=", maxSplits: 1)
            options.budgets[String(parts[0])] = Int(parts[1])!
        }
        options.allowIdentical = Set(allowIdentical)
        if let allowList { options.allowIdentical.formUnion(try Self.readAllowList(allowList)) }
        options.timeZone = timeZone
        if fix {
            // Lint, fix and write under the folder's lock (as import does), then lint the result.
            try TranslatorFiles.locked(catalogOptions.catalog!) {
                try applyFixes(options)
                try report(CatalogLinter(options: options).lint(try catalogOptions.folder()), folder: try catalogOptions.folder())
            }
            return
        }
        let folder = try catalogOptions.folder()
        try report(CatalogLinter(options: options).lint(folder), folder: folder)
    }

    /// Rewrites the files that have findings with one obvious fix; says what it fixed on
    /// standard error (standard output keeps the report's format).
    private func applyFixes(_ options: LintOptions) throws {
        let folder = try catalogOptions.folder()
        let files: [LintFixes.FixedFile]
        do { files = try LintFixes.files(fixing: CatalogLinter(options: options).lint(folder), in: folder) } catch {
            for p in error.problems { Output.error(p.rendered()) }
            throw Failure.at(
                nil, "nothing was fixed (\(error.problems.count) problem\(error.problems.count == 1 ? "" : "s")); the catalog files are unchanged.")
        }
        for f in files { try TranslatorFiles.write(f.bytes, to: f.path) }
        for f in files {
            var counts: [String: Int] = [:]
            for finding in f.fixed { counts[finding.rule.rawValue, default: 0] += 1 }
            let byRule = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            Output.stderrLine("Fixed \(f.path): \(f.fixed.count) finding\(f.fixed.count == 1 ? "" : "s") (\(byRule)).")
        }
        if files.isEmpty { Output.stderrLine("Nothing to fix (the rules with one obvious fix: \(LintFixes.rules.map(\.rawValue).joined(separator: ", "))).") }
    }

    private func report(_ report: LintReport, folder: CatalogFolder) throws {
        let out = StdoutBuffer()
        switch format {
        case .text:
            for f in report.findings { out.line(f.description) }
            out.line(Self.summary(report))
            for c in report.coverage { out.line(c.summary(sourceLocale: folder.sourceLocale)) }
        case .json:
            out.write(Self.json(report).prettyText)
        case .sarif:
            out.write(LintFormats.sarif(report).prettyText)
        case .github:
            for f in report.findings { out.line(LintFormats.github(f)) }
            out.line(Self.summary(report))
        }
        out.flush()
        if report.errorCount > 0 { throw ExitCode(1) }
    }

    static func summary(_ report: LintReport) -> String {
        let files = report.files.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
        if report.findings.isEmpty { return "No problems in \(report.files.count) files (\(files))." }
        func n(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return "\(n(report.errorCount, "error")), \(n(report.warningCount, "warning")) in \(report.files.count) files (\(files))."
    }

    static func json(_ report: LintReport) -> JSONNode {
        .object([
            ("files", .array(report.files.map(JSONNode.string))),
            ("errors", .number(report.errorCount)),
            ("warnings", .number(report.warningCount)),
            (
                "coverage",
                .array(
                    report.coverage.map { c in
                        .object([
                            ("file", .string(c.file)), ("locale", .string(c.locale)), ("sourceTexts", .number(c.sourceTexts)),
                            ("texts", .number(c.texts)), ("shorterPools", .number(c.shorterPools))
                        ])
                    })
            ),
            (
                "findings",
                .array(
                    report.findings.map { f in
                        var members: [(String, JSONNode)] = [
                            ("file", .string(f.file)), ("line", .number(f.line)), ("column", .number(f.column)),
                            ("severity", .string(f.severity.rawValue)), ("rule", .string(f.rule.rawValue))
                        ]
                        if let u = f.unitID { members.append(("unit", .string(u))) }
                        members.append(("message", .string(f.message)))
                        return .object(members)
                    })
            )
        ])
    }

    static func readAllowList(_ path: String) throws -> Set<String> {
        let data = try ScheduleInput.read(path, limit: InputFile.Limit.workload, what: "an allow-list")
        guard let text = String(data: data, encoding: .utf8) else {
            throw Failure.at(path, "cannot read the allow-list (a UTF-8 text file, one unit id, message key or text a line)")
        }
        var out = Set<String>()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let entry = line.trimmingCharacters(in: .whitespaces)
            if entry.isEmpty || entry.hasPrefix("#") { continue }
            out.insert(entry)
        }
        return out
    }
}
