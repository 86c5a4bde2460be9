import ToolkitSupport
import NotificationPlanning
import Foundation
import MessageCatalog
import MessageCatalogTools

/// What the translator tools (lint, stats, export, import, fmt, pseudo) share: reading a catalog
/// folder (or the bundled catalogs) and replacing files atomically.
enum TranslatorFiles {
    /// The files of `--catalog DIR`, or the bundled catalogs.
    static func folder(_ directory: String?, base: String? = nil) throws -> CatalogFolder {
        guard let directory else {
            if base != nil { throw Failure(message: "error: --base layers --catalog DIR over another catalog: give --catalog too.") }
            return CatalogFolder.bundled
        }
        do {
            let folder = try CatalogFolder.read(directory: directory)
            guard let base else { return folder }
            return folder.layered(over: base == "bundled" ? CatalogFolder.bundled : try CatalogFolder.read(directory: base))
        } catch { throw failure(error) }
    }

    /// Runs `body` holding the exclusive lock of the catalog folder `directory`: every command
    /// that rewrites a catalog (import, fmt, lint --fix, pseudo) reads and writes under it, so
    /// two at once take turns and neither loses the other's change.
    /// A path that is not a folder is left to `body`, whose reading reports it.
    static func locked<T>(_ directory: String, _ body: () throws -> T) throws -> T {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else { return try body() }
        let lock: FileLock
        do { lock = try FileLock(exclusiveForFolder: directory) } catch {
            throw Failure.at(directory, "cannot lock the catalog folder: \(error)")
        }
        defer { lock.unlock() }
        return try body()
    }

    /// Replaces (or creates) a file atomically: a temporary file in the same folder, renamed
    /// over the target, so a reader never sees half a file. The bytes are written as they are
    /// (no copy of a large catalog); a failure is `path: error: …`.
    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try replace(path, failure: { $0 }) { (file) throws(AtomicFile.WriteError) in try file.write(bytes) }
        } catch {
            throw Failure.at(path, error.description)
        }
    }

    /// Writes a file atomically from what `contents` writes into an ``ExportSink``, chunk by
    /// chunk: the bytes go to a temporary file in the same folder, renamed over the target once
    /// complete, so the whole file is never held in memory and a failure midway, or an
    /// interrupt, leaves the target as it was (and no temporary file). A failure to write is
    /// `path: error: …`.
    static func write(to path: String, _ contents: (ExportSink) throws -> Void) throws {
        do {
            try replace(path, failure: { $0 as any Error }) { (file) throws(any Error) in
                let sink = ExportSink { chunk throws in try file.write(chunk) }
                try contents(sink)
                try sink.finish()
            }
        } catch let error as AtomicFile.WriteError {
            throw Failure.at(path, error.description)
        }
    }

    /// ``AtomicFile`` with the interrupt handler (``InterruptCleanup``) guarding the temporary
    /// file from before it is created until after it is renamed over `path`.
    private static func replace<E: Error>(
        _ path: String, failure: (AtomicFile.WriteError) -> E,
        contents: (AtomicFile.Pending) throws(E) -> Void
    ) throws(E) {
        let url = URL(fileURLWithPath: path)
        let temporary = AtomicFile.temporaryPath(for: url)
        try InterruptCleanup.removing(temporary) { () throws(E) in
            try AtomicFile.write(to: url, temporary: temporary, failure: failure, contents: contents)
        }
    }

    /// A line on stderr as is (a `warning:` or `note:` keeps its word).
    static func stderr(_ line: String) {
        Output.stderrLine(line)
    }

    /// A problem as a line: `file:line:column: SEVERITY: unit: message`, `file: SEVERITY: …` for a
    /// whole file (line 0), `SEVERITY: …` for none.
    static func text(_ e: Diagnostic, _ severity: String) -> String {
        e.rendered(severity: severity)
    }

    /// A catalog error as a failure: `file:line:column: error:` when it has a place in a file,
    /// `file: error:` for a whole file or folder, `error:` for none.
    static func failure(_ error: Diagnostic) -> Failure {
        Failure(message: error.rendered())
    }
}

/// While a file is written piece by piece (an export of 100,000 messages takes a minute), an
/// interrupt (Ctrl-C, `SIGTERM`, `SIGHUP`) removes its temporary file before the process ends
/// by that signal, so that no partial file is left beside the target. A signal the process
/// ignores stays ignored.
///
/// The handler is installed for the temporary file's path before the file is created and
/// stays until after it is renamed over the target: at no moment does the file exist without
/// the handler knowing it (before it is created, and after the rename, `unlink` finds nothing).
enum InterruptCleanup {
    /// The temporary file to remove, as a C string the signal handler can use.
    nonisolated(unsafe) fileprivate static var temporary: UnsafeMutablePointer<CChar>? = nil

    /// Runs `body` with the handler installed for `path`, and the previous handlers back after.
    static func removing<T, E: Error>(_ path: String, during body: () throws(E) -> T) throws(E) -> T {
        let c = strdup(path)
        temporary = c
        var restore: [() -> Void] = []
        for s in [SIGINT, SIGTERM, SIGHUP] {
            let old = signal(s, removeTemporaryAndEnd)
            // A shell's background job ignores SIGINT: keep it ignored.
            if unsafeBitCast(old, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { _ = signal(s, old) }
            restore.append { _ = signal(s, old) }
        }
        defer {
            for r in restore { r() }
            temporary = nil
            free(c)
        }
        return try body()
    }
}

/// Removes the temporary file, then ends the process by the same signal (async-signal-safe:
/// `unlink`, `signal`, `raise`).
private let removeTemporaryAndEnd: @convention(c) (Int32) -> Void = { sig in
    if let path = InterruptCleanup.temporary { unlink(path) }
    _ = signal(sig, SIG_DFL)
    raise(sig)
}
