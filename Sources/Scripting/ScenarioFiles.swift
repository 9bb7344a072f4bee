#if canImport(Glibc)
import Glibc
#endif

/// Finds scenario files: files are taken as given, directories contribute their `*.lua` files sorted
/// by name.
public enum ScenarioFiles {
    /// The Lua files named by `paths`, in order.
    /// - Throws: ``ScriptingError`` for a path that does not exist.
    public static func collect(_ paths: [String]) throws -> [String] {
        var result: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { throw ScriptingError("no such file or directory: \(path)") }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                result += try files(in: path, withSuffix: ".lua")
            } else {
                result.append(path)
            }
        }
        return result
    }

    /// The `*.md` files of a directory, sorted by name.
    public static func markdownFiles(in directory: String) throws -> [String] {
        try files(in: directory, withSuffix: ".md")
    }

    /// The files of a directory whose names end with `suffix`, sorted by name.
    static func files(in directory: String, withSuffix suffix: String) throws -> [String] {
        guard let dir = opendir(directory) else { throw ScriptingError("no such directory: \(directory)") }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasSuffix(suffix) { names.append(name) }
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return names.sorted().map { base + $0 }
    }
}
