#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension XcodeModelReader {
    /// Loads a model from disk: a `.xcdatamodeld` bundle (the version its `.xccurrentversion` names, or
    /// `version`), a `.xcdatamodel` folder, or a `contents` file.
    ///
    /// ```swift
    /// let v1 = try XcodeModelReader.load(path: "Model.xcdatamodeld", version: "Model")   // Model.xcdatamodel
    /// ```
    ///
    /// - Parameter version: A version of a `.xcdatamodeld`, with or without `.xcdatamodel`.
    /// - Throws: `.invalidModel` naming the file (and line): a missing file, a `.xccurrentversion` that names
    ///   a version the bundle lacks, any error of ``read(_:)``.
    public static func load(path: String, version: String? = nil) throws -> Result {
        let contents = try contentsPath(for: path, version: version)
        var reader = XcodeModelReader(file: contents)
        let model = try reader.read(try readFile(contents))
        return Result(model: model, warnings: reader.warnings, contentsPath: contents)
    }

    /// The `contents` file a model path stands for.
    static func contentsPath(for path: String, version: String?) throws -> String {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let kind = fileKind(trimmed) else {
            throw ObjectGraphError(.invalidModel, "\(path): no such model file or directory")
        }
        if kind == .file {
            guard version == nil else {
                throw ObjectGraphError(.invalidModel, "\(path): a version can only be chosen in a .xcdatamodeld bundle")
            }
            return trimmed
        }
        if trimmed.hasSuffix(".xcdatamodeld") {
            let versions = try listVersions(trimmed)
            var chosen: String
            if let version {
                chosen = version
            } else if fileKind(trimmed + "/.xccurrentversion") == .file {
                chosen = try currentVersionName(trimmed + "/.xccurrentversion")
            } else if versions.count == 1 {
                chosen = versions[0]
            } else {
                throw ObjectGraphError(.invalidModel,
                    "\(path): no .xccurrentversion says which version is current; choose one with { version = … } (\(versions.joined(separator: ", ")))")
            }
            if !chosen.hasSuffix(".xcdatamodel") { chosen += ".xcdatamodel" }
            guard versions.contains(chosen) else {
                let source = version == nil ? "the current version (named by .xccurrentversion)" : "version"
                throw ObjectGraphError(.invalidModel,
                    "\(path): \(source) '\(chosen)' is not in the bundle (it has \(versions.isEmpty ? "no versions" : versions.joined(separator: ", ")))")
            }
            return try contentsPath(for: trimmed + "/" + chosen, version: nil)
        }
        guard version == nil else {
            throw ObjectGraphError(.invalidModel, "\(path): a version can only be chosen in a .xcdatamodeld bundle")
        }
        guard fileKind(trimmed + "/contents") == .file else {
            throw ObjectGraphError(.invalidModel,
                "\(path): a directory without a contents file (expected a .xcdatamodeld bundle or a .xcdatamodel folder)")
        }
        return trimmed + "/contents"
    }

    /// `_XCCurrentVersionName` of a `.xccurrentversion` property list.
    static func currentVersionName(_ path: String) throws -> String {
        let root = try ModelXMLElement.parse(try readFile(path), file: path)
        guard let dict = root.children.first(where: { $0.name == "dict" }) else {
            throw ObjectGraphError(.invalidModel, "\(path):\(root.line): expected a property list with a <dict>")
        }
        for (i, child) in dict.children.enumerated() where child.name == "key" && child.text == "_XCCurrentVersionName" {
            guard i + 1 < dict.children.count, dict.children[i + 1].name == "string" else { break }
            return dict.children[i + 1].text
        }
        throw ObjectGraphError(.invalidModel, "\(path):\(dict.line): no _XCCurrentVersionName key")
    }

    /// The `.xcdatamodel` folders of a bundle, sorted.
    static func listVersions(_ path: String) throws -> [String] {
        guard let dir = opendir(path) else { throw ObjectGraphError(.invalidModel, "\(path): cannot read the directory") }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasSuffix(".xcdatamodel") { names.append(name) }
        }
        return names.sorted()
    }

    enum FileKind { case file, directory }

    static func fileKind(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    /// The bytes of a file.
    static func readFile(_ path: String) throws -> [UInt8] {
        guard let handle = fopen(path, "rb") else { throw ObjectGraphError(.invalidModel, "\(path): cannot open the file") }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, handle)
            if n > 0 { bytes += buffer[0..<n] }
            if n < buffer.count { break }
        }
        guard ferror(handle) == 0 else { throw ObjectGraphError(.invalidModel, "\(path): cannot read the file") }
        return bytes
    }
}
