import Foundation
import Testing

/// The grep guard of the Lua safety rule (docs/decisions.md, decision 8), over this package's Sources.
@Suite struct LuaCallsCheckTests {
    static let pattern =
        #"\blua_(error|call|callk|yield|yieldk|toclose|closeslot|next|gettable|settable|getfield|setfield|geti|seti|getglobal|setglobal|len|compare|arith|concat)\b|\bluaL_(check[a-z]*|opt[a-z]*|argerror|typeerror|len|tolstring|openlibs|error)\b"#

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Lines of `text` that mention a raising API, ignoring `//` comment lines.
    static func hits(in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { return false }
            let range = NSRange(line.startIndex..., in: line)
            return regex.firstMatch(in: line, range: range) != nil
        }
    }

    @Test("the check recognises raising calls and ignores comments")
    func detector() throws {
        let sample = """
            lua_getfield(L, 1, "x")
            // lua_error(L)
            /// luaL_checkinteger in a doc comment
            let n = luaL_checkinteger(L, 1)
            lua_rawget(L, 1)
            lua_pcallk(L, 0, 0, 0, 0, nil)
            """
        #expect(try Self.hits(in: sample) == ["lua_getfield(L, 1, \"x\")", "let n = luaL_checkinteger(L, 1)"])
    }

    @Test("no Swift file under Sources calls a raising Lua API")
    func sourcesAreClean() throws {
        let sources = Self.packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 5)
        var offenders: [String] = []
        for file in files {
            for hit in try Self.hits(in: String(contentsOf: file, encoding: .utf8)) {
                offenders.append("\(file.lastPathComponent): \(hit)")
            }
        }
        #expect(offenders == [])
    }

    @Test("Scripts/check-lua-calls.sh passes")
    func script() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [Self.packageRoot.appendingPathComponent("Scripts/check-lua-calls.sh").path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
