#if canImport(Glibc)
import Glibc
#endif

/// How long each scenario file took in earlier runs, so that `ripple test -j N` starts the longest files
/// first (longest-processing-time scheduling): a long file started last would otherwise run alone at the
/// end. Kept in `$XDG_CACHE_HOME/ripple/test-durations.tsv` (default `~/.cache/…`), one `nanoseconds<TAB>path`
/// a line, keyed by absolute path; a file never timed is estimated from its size. Only the order in which
/// files are handed to workers depends on it: the output is in file order whatever it holds.
struct TestDurations {
    /// Nanoseconds by absolute path.
    private(set) var known: [String: UInt64] = [:]
    let path: String?

    /// Reads the cache (a missing or unreadable one is empty).
    init(path: String? = TestDurations.defaultPath()) {
        self.path = path
        guard let path, let file = fopen(path, "r") else { return }
        defer { fclose(file) }
        // Read as bytes: the cache holds every file any run recorded that still exists (thousands of lines
        // on a machine that runs the CLI tests), and splitting it as `Character`s cost ≈ 18 M instructions
        // of every `ripple test`'s start (J1, docs/performance.md, Session 6 → tidy).
        var bytes: [UInt8] = []
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65536) { buffer in
            while case let n = fread(buffer.baseAddress, 1, buffer.count, file), n > 0 {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<n]))
            }
        }
        bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            var start = 0
            while start < all.count {
                let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), all.count - start)
                let end = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? all.count
                let line = all[start..<end]
                start = end + 1
                guard let tab = line.firstIndex(of: UInt8(ascii: "\t")),
                      let ns = UInt64(String(decoding: line[..<tab], as: UTF8.self)) else { continue }
                known[String(decoding: line[(tab + 1)...], as: UTF8.self)] = ns
            }
        }
    }

    /// `$XDG_CACHE_HOME/ripple/test-durations.tsv`, or under `$HOME/.cache`; nil without either.
    static func defaultPath() -> String? {
        let base: String
        if let xdg = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), !xdg.isEmpty {
            base = xdg
        } else if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            base = home + "/.cache"
        } else {
            return nil
        }
        return base + "/ripple/test-durations.tsv"
    }

    /// The absolute form of `file`.
    static func absolute(_ file: String) -> String {
        guard let real = realpath(file, nil) else { return file }
        defer { free(real) }
        return String(cString: real)
    }

    /// The order to hand `files` to workers: longest recorded (or estimated) first; ties in file order.
    func schedule(_ files: [String]) -> [Int] {
        let estimates = files.map { file -> UInt64 in
            let key = TestDurations.absolute(file)
            if let ns = known[key] { return ns }
            var info = stat()
            return stat(file, &info) == 0 ? UInt64(max(0, info.st_size)) &* 20_000 : 0  // ~20 µs a byte
        }
        return files.indices.sorted { estimates[$0] != estimates[$1] ? estimates[$0] > estimates[$1] : $0 < $1 }
    }

    /// Records the durations measured in this run, forgets files that no longer exist, and writes the cache
    /// (best effort: errors are ignored).
    mutating func save(_ measured: [(file: String, nanoseconds: UInt64)]) {
        guard let path, !measured.isEmpty else { return }
        for (file, ns) in measured { known[TestDurations.absolute(file)] = ns }
        known = known.filter { access($0.key, F_OK) == 0 }  // files that are gone (scratch folders) go too
        if let slash = path.lastIndex(of: "/") {
            var folder = ""
            for part in path[..<slash].split(separator: "/", omittingEmptySubsequences: false) {
                folder += (folder.isEmpty && part.isEmpty ? "" : "/") + part
                if !folder.isEmpty { mkdir(folder, 0o755) }
            }
        }
        let temporary = path + ".\(getpid())"
        guard let file = fopen(temporary, "w") else { return }
        for (key, ns) in known.sorted(by: { $0.key < $1.key }) { fputs("\(ns)\t\(key)\n", file) }
        fclose(file)
        rename(temporary, path)
    }
}
