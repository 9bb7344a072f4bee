import LuaBridge
import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// Finds scenario files: files are taken as given, directories contribute the files under them (searched
/// recursively) whose name matches a Lua pattern, sorted by path.
public enum ScenarioFiles {
    /// The Lua files named by `paths`, in order.
    /// - Parameter pattern: a Lua pattern (`string.find`) the names of files found in directories match.
    /// - Throws: ``ScriptingError`` for a path that does not exist or a malformed pattern.
    public static func collect(_ paths: [String], pattern: String = "%.lua$") throws -> [String] {
        let matcher = try LuaPatternMatcher(pattern)
        var result: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { throw ScriptingError("no such file or directory: \(path)") }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                result += try files(under: path).filter { matcher.matches(basename($0)) }
            } else {
                result.append(path)
            }
        }
        return result
    }

    /// The `*.md` files of a directory, sorted by name.
    public static func markdownFiles(in directory: String) throws -> [String] {
        try entries(of: directory).filter { $0.name.hasSuffix(".md") && !$0.isDirectory }.map(\.path)
    }

    private static func basename(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// Every regular file under a directory, depth first, each level sorted by name (hidden entries skipped).
    static func files(under directory: String) throws -> [String] {
        var result: [String] = []
        for entry in try entries(of: directory) {
            if entry.isDirectory { result += try files(under: entry.path) } else { result.append(entry.path) }
        }
        return result
    }

    private static func entries(of directory: String) throws -> [(name: String, path: String, isDirectory: Bool)] {
        guard let dir = opendir(directory) else { throw ScriptingError("no such directory: \(directory)") }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return names.sorted().map { name in
            var info = stat()
            let path = base + name
            let isDirectory = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            return (name, path, isDirectory)
        }
    }
}

/// Matches strings against a Lua pattern with Lua's own `string.find`, in a small state of its own.
public final class LuaPatternMatcher {
    private let state: LuaState
    private let pattern: String

    /// Compiles nothing but checks the pattern once.
    /// - Throws: ``ScriptingError`` naming the problem of a malformed pattern.
    public init(_ pattern: String) throws {
        state = try LuaState()
        self.pattern = pattern
        if let problem = LuaPatternMatcher.problem(pattern, in: state) { throw ScriptingError(problem) }
    }

    /// Why `pattern` is not a valid Lua pattern (Lua's message), or nil.
    public static func problem(_ pattern: String) -> String? {
        guard let state = try? LuaState() else { return nil }
        return problem(pattern, in: state)
    }

    private static func problem(_ pattern: String, in state: LuaState) -> String? {
        do {
            try state.load("return string.find('', ...)", chunkName: "=pattern")
            state.push(pattern)
            try state.pcall(arguments: 1, results: 0)
            return nil
        } catch {
            return error.message
        }
    }

    /// Whether `string.find(text, pattern)` finds a match.
    public func matches(_ text: String) -> Bool {
        do {
            try state.load("return string.find(...) ~= nil", chunkName: "=pattern")
            state.push(text)
            state.push(pattern)
            try state.pcall(arguments: 2, results: 1)
            defer { state.pop(1) }
            return state.toBoolean(at: -1)
        } catch {
            return false
        }
    }
}
