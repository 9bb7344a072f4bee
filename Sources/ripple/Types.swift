import ArgumentParser
import RippleTools
import Scripting

#if canImport(Glibc)
import Glibc
#endif

extension Ripple {
    /// `ripple types [--markdown] [--output FILE]`: writes the LuaLS annotation file of the whole API (or its
    /// generated reference page).
    struct Types: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "types",  // explicit: deriving it from the type name costs ~1M instructions at start-up
            abstract: "Write the lua-language-server annotations (---@meta) of the Ripple API.",
            discussion: """
            Point lua-language-server at the file (or at the repository's types/ folder) with \
            Lua.workspace.library; see docs/editor-support.md. Without --output the file goes to standard output.
            """
        )

        @Option(name: .shortAndLong, help: ArgumentHelp("Write the annotations to this file.", valueName: "file"),
                completion: .file(extensions: ["lua"]))
        var output: String?

        @Flag(help: "Write the API reference page (docs/lua-reference.md) instead: each class's members as a table.")
        var markdown = false

        @Flag(help: """
            Compare the annotations with the bindings of a fresh engine instead: list bound names without \
            an annotation (with LuaLS stubs to complete) and annotated names that are not bound; exit 1 when \
            they differ.
            """)
        var check = false

        func run() throws {
            if check { return try runCheck() }
            let text = markdown ? APIReference.shared.markdown : LuaAnnotations.source
            guard let output else {
                print(text, terminator: "")
                return
            }
            try writeFile(output, text)
        }
    }
}

extension Ripple.Types {
    func runCheck() throws {
        let reference = APIReference.shared
        let result = reference.check(against: try APISurface.live())
        if result.isEmpty {
            print("The annotations match the bindings of a fresh engine.")
            return
        }
        for problem in result.tourProblems { print("tour step failed (Sources/RippleTools/APISurface+Tour.swift): " + problem) }
        if !result.notAnnotated.isEmpty {
            print("Bound but not annotated:")
            for name in result.notAnnotated { print("  " + name) }
            print("")
            print("Stubs to complete in Sources/RippleTools/LuaAnnotations*.swift, then run `ripple types --output types/ripple.lua`:")
            print("")
            print(reference.stubs(for: result.notAnnotated), terminator: "")
        }
        if !result.notBound.isEmpty {
            print("Annotated but not bound by a fresh engine:")
            for name in result.notBound { print("  " + name) }
        }
        throw ExitCode(1)
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
