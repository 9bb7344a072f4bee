import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// The golden files next to a run's scenario files that no test compared with (`toMatchGolden`): a
/// golden file left behind by a renamed or deleted test is reported, not silently kept.
package enum GoldenFiles {
    /// `unused golden files (no test of this run compared with them): a/x.golden, a/y.golden`, or nil when
    /// every `*.golden` file in the folders of `files` was used by some report.
    package static func unusedLine(files: [String], reports: [ScenarioRunner.FileReport]) -> String? {
        let used = Set(reports.flatMap(\.goldenFiles))
        var folders: [String] = []
        for file in files {
            let folder = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
            if !folders.contains(folder) { folders.append(folder) }
        }
        var unused: [String] = []
        for folder in folders {
            for name in entries(of: folder) where name.hasSuffix(".golden") && !name.hasPrefix(".") {
                let path = folder + "/" + name
                if !used.contains(path) { unused.append(path) }
            }
        }
        guard !unused.isEmpty else { return nil }
        return "unused golden files (no test of this run compared with them): " + unused.joined(separator: ", ")
    }

    /// The names in a folder, sorted.
    private static func entries(of folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            names.append(name)
        }
        return names.sorted()
    }
}
