import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// Where `--report` writes: `ripple run --report FILE.html` (one script) or a folder (several scripts, and
/// `ripple test --report DIR`), where each script gets a page named after its path.
enum ReportOption {
    /// The path handed to the runner: the file itself for one script, the folder with a final `/` otherwise.
    static func target(_ path: String?, scripts: Int) throws -> String? {
        guard let path else { return nil }
        if scripts > 1 || path.hasSuffix("/") { return try folder(path) }
        if isDirectory(path) {
            throw ValidationError("--report \(path) is a folder: give a file name (e.g. \(path)/report.html), or several scripts")
        }
        return path
    }

    /// Makes the folder when missing; returns it with a final `/`.
    static func folder(_ path: String) throws -> String {
        let folder = path.hasSuffix("/") ? path : path + "/"
        if !isDirectory(path) {
            var made = path.hasPrefix("/") ? "/" : ""
            for part in path.split(separator: "/") {
                made += (made.isEmpty || made.hasSuffix("/") ? "" : "/") + part
                if !isDirectory(made) && mkdir(made, 0o755) != 0 && errno != EEXIST {
                    throw ValidationError("--report: cannot make the folder \(made): \(String(cString: strerror(errno)))")
                }
            }
        }
        return folder
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
