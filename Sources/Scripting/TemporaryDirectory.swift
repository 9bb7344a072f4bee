#if canImport(Glibc)
import Glibc
#endif

/// A private scratch folder for one engine: `ripple.temporaryPath(name)` hands out paths in it, so a script
/// can make SQLite stores (and the sandbox can stay on) without sharing fixed `/tmp` names with other runs.
/// The folder is made on first use under `$TMPDIR` (or `/tmp`) and removed, with what is in it, when the
/// engine goes away.
///
/// ```swift
/// let scratch = TemporaryDirectory()
/// let path = try scratch.path(for: "notes.sqlite")   // "/tmp/ripple-XXXXXX/notes.sqlite"
/// ```
package final class TemporaryDirectory {
    private var folder: String?

    /// The folder, if it was made (nil before the first ``path(for:)``).
    var madeFolder: String? { folder }

    /// A path named `name` inside the folder; `name` must be a plain file name.
    /// - Throws: ``ScriptingError`` for a name with `/` or `..`, or when the folder cannot be made.
    func path(for name: String) throws -> String {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw ScriptingError("temporaryPath: '\(name)' is not a plain file name (no '/', not '.' or '..')")
        }
        return try ensureFolder() + "/" + name
    }

    private func ensureFolder() throws -> String {
        if let folder { return folder }
        var base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        if base.isEmpty { base = "/tmp" }
        var template = Array((base + "/ripple-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        guard made else { throw ScriptingError("temporaryPath: cannot make a folder under \(base)") }
        let path = String(cString: template)
        folder = path
        Self.registry.add(path)
        return path
    }

    deinit { removeNow() }

    /// Removes the folder and what is in it now (the runner does so when a file ends); a later
    /// ``path(for:)`` makes a new one.
    package func removeNow() {
        guard let folder else { return }
        self.folder = nil
        Self.registry.remove(folder)
        Self.removeFolder(folder)
    }

    /// Removes a flat folder and the files in it.
    static func removeFolder(_ folder: String) {
        guard let dir = opendir(folder) else { return }
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { unlink(folder + "/" + name) }
        }
        closedir(dir)
        rmdir(folder)
    }

    /// Folders still in use, removed at process exit when their engines never went away (a worker that
    /// exits, a script that calls `os.exit`).
    private static let registry = FolderRegistry()
}

/// The live scratch folders of a process, behind a lock (engines run on several threads in tests).
private final class FolderRegistry: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    private var folders: Set<String> = []

    init() {
        pthread_mutex_init(&lock, nil)
        atexit { TemporaryDirectoryExit.run() }
    }

    func add(_ folder: String) { pthread_mutex_lock(&lock); folders.insert(folder); pthread_mutex_unlock(&lock) }
    func remove(_ folder: String) { pthread_mutex_lock(&lock); folders.remove(folder); pthread_mutex_unlock(&lock) }
    func drain() -> Set<String> {
        pthread_mutex_lock(&lock)
        defer { folders = []; pthread_mutex_unlock(&lock) }
        return folders
    }
}

/// The `atexit` hook (a C function pointer cannot capture the registry).
private enum TemporaryDirectoryExit {
    static func run() { for folder in TemporaryDirectory.liveFolders() { TemporaryDirectory.removeFolder(folder) } }
}

extension TemporaryDirectory {
    fileprivate static func liveFolders() -> Set<String> { registry.drain() }
}
