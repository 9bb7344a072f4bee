import ArgumentParser
import Scripting

#if canImport(Glibc)
import Glibc
#endif

extension Ripple {
    /// `ripple types [--output FILE]`: writes the LuaLS annotation file of the whole API.
    struct Types: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the lua-language-server annotations (---@meta) of the Ripple API.",
            discussion: """
            Point lua-language-server at the file (or at the repository's types/ folder) with \
            Lua.workspace.library; see docs/editor-support.md. Without --output the file goes to standard output.
            """
        )

        @Option(name: .shortAndLong, help: ArgumentHelp("Write the annotations to this file.", valueName: "file"),
                completion: .file(extensions: ["lua"]))
        var output: String?

        func run() throws {
            let text = LuaAnnotations.source
            guard let output else {
                print(text, terminator: "")
                return
            }
            try writeFile(output, text)
        }
    }
}

/// Writes `text` to `path` (replacing it), or throws a validation error naming the path and the reason.
func writeFile(_ path: String, _ text: String) throws {
    guard let file = fopen(path, "w") else {
        throw ValidationError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    let closed = fclose(file)
    if written != bytes.count || closed != 0 {
        throw ValidationError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
}
