import Foundation
import Testing
@testable import ToolkitSupport
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Only regular files are replaced or read: a FIFO, a socket, a folder or a device at the path
/// is an error saying what it is, and stays what it was.
@Suite("Special files are never replaced, and reading them says why")
struct SpecialFileTests {
    let dir: URL

    init() throws {
        dir = try TemporaryFolder.create("special")
    }

    func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    func fifo(_ name: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try #require(mkfifo(path, 0o600) == 0)
        return path
    }

    /// A listening Unix socket at `name` (closed when the test ends; the file stays).
    func socketFile(_ name: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        #if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "bind failed")
        return path
    }

    @Test func aFIFOIsNotReplaced() throws {
        let path = try fifo("out.po")
        let error = try #require(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data("x".utf8), to: URL(fileURLWithPath: path)) }
        #expect(error.notARegularFile == "a FIFO (named pipe)")
        #expect(error.description == "cannot write \(path): it is a FIFO (named pipe), not a regular file, and is never replaced: give the path of a file")
        #expect(kind(path) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.po"])
    }

    @Test func aSymbolicLinkToAFIFOIsNotFollowedIntoIt() throws {
        let path = try fifo("pipe")
        let link = dir.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "pipe")
        let error = try #require(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data("x".utf8), to: URL(fileURLWithPath: link)) }
        #expect(error.notARegularFile == "a FIFO (named pipe)" && error.path == link)
        #expect(kind(path) == S_IFIFO && kind(link) == S_IFLNK)
    }

    @Test func aSocketIsNotReplaced() throws {
        let path = try socketFile("s")
        let error = try #require(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data("x".utf8), to: URL(fileURLWithPath: path)) }
        #expect(error.notARegularFile == "a socket")
        #expect(kind(path) == S_IFSOCK)
    }

    @Test func aFolderIsNotReplaced() throws {
        let folder = dir.appendingPathComponent("page.html")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let error = try #require(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data("x".utf8), to: folder) }
        #expect(error.notARegularFile == "a folder")
        #expect(kind(folder.path) == S_IFDIR)
    }

    /// Devices are named as such (the check is a `stat`: nothing is written to /dev).
    @Test func devicesAreNamed() {
        #expect(AtomicFile.nonRegularKind(at: "/dev/null") == "a character device")
        #expect(AtomicFile.nonRegularKind(at: dir.path) == "a folder")
        #expect(AtomicFile.nonRegularKind(at: dir.appendingPathComponent("missing").path) == nil)
    }

    // MARK: Reading

    @Test func readingAFIFOSaysSoWithoutWaiting() throws {
        let path = try fifo("config.json")
        let error = try #require(throws: InputFile.ReadError.self) { try InputFile.read(path, limit: 1 << 20, what: "a schedule config") }
        #expect(error.message == "it is a FIFO (named pipe), not a regular file: give the path of a schedule config saved as a file")
    }

    @Test func readingADeviceSaysSo() throws {
        let error = try #require(throws: InputFile.ReadError.self) { try InputFile.read("/dev/zero", limit: 1 << 20, what: "a catalog file") }
        #expect(error.message.hasPrefix("it is a character device, not a regular file"))
    }

    @Test func theCapIsCheckedBeforeReading() throws {
        let url = dir.appendingPathComponent("big.json")
        try Data(repeating: 0x20, count: 1_001).write(to: url)
        let error = try #require(throws: InputFile.ReadError.self) { try InputFile.read(url.path, limit: 1_000, what: "a state file") }
        #expect(error.message.hasPrefix("the file is 1001 bytes, over the limit of 1000 bytes for a state file"))
        let exact = dir.appendingPathComponent("exact.json")
        try Data(repeating: 0x41, count: 1_000).write(to: exact)
        #expect(try InputFile.read(exact.path, limit: 1_000, what: "a state file") == [UInt8](repeating: 0x41, count: 1_000))
        #expect(throws: InputFile.ReadError.self) { try InputFile.read(dir.appendingPathComponent("missing").path, limit: 10, what: "x") }
    }
}
