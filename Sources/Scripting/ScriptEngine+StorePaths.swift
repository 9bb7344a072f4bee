#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ScriptEngine {
    /// The path a SQLite store may be opened at. Outside the sandbox, `path` as given. In the sandbox
    /// (`ripple test`, `ripple run --sandbox`), a relative path is resolved against the folder of the
    /// script being run, and the result must lie under that folder or under the engine's
    /// `ripple.temporaryPath` folder (`.` and `..` resolved, and the existing folders on the way with their
    /// symbolic links); anything else is refused with the rule in the message.
    /// - Throws: ``ScriptingError`` naming the rule.
    func sandboxedStorePath(_ path: String) throws -> String {
        guard isSandboxed else { return path }
        let folder = scriptFolder.map(Self.realFolder)
        var roots: [String] = []
        if let folder { roots.append(folder) }
        if let scratch = scratch.madeFolder { roots.append(Self.realFolder(scratch)) }
        func refuse(_ why: String) -> ScriptingError {
            let places = ["ripple.temporaryPath(name)"] + (folder.map { ["the folder of the script being run (\($0))"] } ?? [])
            return ScriptingError("the sandbox confines SQLite stores to \(places.joined(separator: " and ")), relative paths being resolved against the script's folder: '\(path)' \(why)")
        }
        guard !path.isEmpty, !path.contains("\0") else { throw refuse("is not a file path") }
        var absolute = path
        if !path.hasPrefix("/") {
            guard let folder else { throw refuse("is relative, and no script file is running") }
            absolute = folder + "/" + path
        }
        let resolved = Self.resolve(absolute)
        guard let name = resolved.split(separator: "/").last, name != "..", name != "." else {
            throw refuse("is not a file path")
        }
        let parent = String(resolved.dropLast(name.count + 1))
        let realParent = Self.realFolder(parent.isEmpty ? "/" : parent)
        guard roots.contains(where: { realParent == $0 || realParent.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
            throw refuse("is outside them")
        }
        return realParent + "/" + name
    }

    /// `path` with `.`, `..` and repeated slashes resolved lexically (an absolute path).
    static func resolve(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The canonical form of a folder (symbolic links resolved, `realpath`), for the longest existing
    /// prefix of `path`; the rest is appended resolved lexically.
    static func realFolder(_ path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                absolute = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
            }
        }
        var head = resolve(absolute)
        var tail: [String] = []
        while true {
            if let real = realpath(head, nil) {
                defer { free(real) }
                let base = String(cString: real)
                return tail.isEmpty ? base : resolve(base + "/" + tail.reversed().joined(separator: "/"))
            }
            guard head != "/", let slash = head.lastIndex(of: "/") else { return resolve(absolute) }
            tail.append(String(head[head.index(after: slash)...]))
            head = slash == head.startIndex ? "/" : String(head[..<slash])
        }
    }
}
