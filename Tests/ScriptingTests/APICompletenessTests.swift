@testable import RippleRunner
@testable import RippleTools
@testable import Scripting
import Testing
import Foundation

#if canImport(Glibc)
import Glibc
#endif

private let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

private func contents(of path: String) -> String? {
    guard let handle = fopen(path, "r") else { return nil }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, handle)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

private func split(_ name: String) -> (owner: String, separator: String, member: String) { APIReference.split(name) }

/// The docs/*.md files written by hand and the README (not docs/lua-reference.md, which is generated from the
/// declarations and so names every member).
private let documentationFiles: [String] =
    ((try? ScenarioFiles.markdownFiles(in: packageRoot + "/docs")) ?? []).filter { !$0.hasSuffix("/lua-reference.md") }
    + [packageRoot + "/README.md"]

/// The inline code spans (`…`) of every docs/*.md file and the README.
private let documentationSpans: [String] = {
    let files = documentationFiles
    var spans: [String] = []
    for file in files {
        guard let text = contents(of: file) else { continue }
        var inFence = false
        var prose: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            if !inFence { prose.append(line) }
        }
        // Paragraph by paragraph, so a span may wrap onto the next line.
        for paragraph in prose.split(separator: "") {
            let pieces = paragraph.joined(separator: " ").split(separator: "`", omittingEmptySubsequences: false)
            for (i, piece) in pieces.enumerated() where i % 2 == 1 { spans.append(String(piece)) }
        }
    }
    return spans
}()

private func isIdentifierCharacter(_ c: Character) -> Bool { c == "_" || c.isLetter || c.isNumber }

/// Whether `needle` occurs in `span` and is not followed by an identifier character.
private func span(_ span: String, mentions needle: String) -> Bool {
    var search = span[...]
    while let range = search.range(of: needle) {
        if range.upperBound == search.endIndex || !isIdentifierCharacter(search[range.upperBound]) {
            if needle.first.map(isIdentifierCharacter) == false || range.lowerBound == span.startIndex
                || !isIdentifierCharacter(span[span.index(before: range.lowerBound)]) {
                return true
            }
        }
        search = search[range.upperBound...]
    }
    return false
}

/// Whether docs/*.md or the README mention a bound name in a code span: `ripple.model`, `scenario`, or a
/// member through any receiver (`ctx:save`, `frc.sections`, or the bare member name as a heading does).
func isDocumented(_ name: String) -> Bool {
    let (owner, separator, member) = split(name)
    return documentationSpans.contains { text in
        if owner == "ripple" { return span(text, mentions: "ripple." + member) }
        if owner.isEmpty { return span(text, mentions: member) }
        return span(text, mentions: separator + member) || text == member || text.hasPrefix(member + "(")
    }
}

@Suite struct APICompletenessTests {
    let reference = APIReference.shared

    @Test("every binding of a fresh engine is annotated in the LuaLS file, and every annotation is bound")
    func bindingsMatchAnnotations() throws {
        let check = reference.check(against: try APISurface.live())
        #expect(check.tourProblems.isEmpty, "the tour in Sources/RippleTools/APISurface+Tour.swift failed: \(check.tourProblems)")
        #expect(check.notAnnotated.isEmpty, """
            bound but not annotated (`swift run ripple types --check` prints stubs to paste into \
            Sources/RippleTools/LuaAnnotations*.swift; then run `ripple types --output types/ripple.lua`):
            \(check.notAnnotated.map { "  " + $0 }.joined(separator: "\n"))
            """)
        #expect(check.notBound.isEmpty, """
            annotated but not bound by a fresh engine (remove them, mark a script-provided value `name?`, or \
            add a step to APISurface+Tour.swift that reaches the class):
            \(check.notBound.map { "  " + $0 }.joined(separator: "\n"))
            """)
    }

    @Test("the stubs for missing names are LuaLS that parses back to those names")
    func stubsParseBack() throws {
        let names = ["ManagedObjectContext:undo", "ManagedObjectContext.undoManager", "Ledger.levels",
                     "Ledger:undo", "ripple.history", "describe"]
        let stubs = reference.stubs(for: names)
        #expect(stubs == """
            -- add to ---@class ManagedObjectContext:
            ---@field undoManager any TODO: describe.

            ---TODO: describe.
            function ManagedObjectContext:undo(...) end

            ---TODO: describe the class.
            ---@class Ledger : userdata
            ---@field levels any TODO: describe.
            local Ledger = {}

            ---TODO: describe.
            function Ledger:undo(...) end

            ---TODO: describe.
            function ripple.history(...) end

            ---TODO: describe.
            function describe(...) end


            """)
        let extended = APIReference(parsing: LuaAnnotations.source + "\n" + stubs.replacingOccurrences(
            of: "-- add to ---@class ManagedObjectContext:\n", with: "---@class ManagedObjectContext : userdata\n"))
        for name in names { #expect(extended.annotates(name), "\(name) does not parse back") }
    }

    @Test("every binding is documented in a code span of docs/*.md or the README")
    func bindingsAreDocumented() throws {
        let undocumented = try APISurface.live().names.filter { !isDocumented($0) }
        #expect(undocumented.isEmpty, """
            bound but mentioned in no `code span` of docs/*.md or README.md (document each in docs/lua-api.md \
            with a runnable example):
            \(undocumented.map { "  " + $0 }.joined(separator: "\n"))
            """)
    }

    @Test("types/ripple.lua is the generated annotation file, and it compiles as Lua")
    func shippedFileIsCurrent() throws {
        let shipped = contents(of: packageRoot + "/types/ripple.lua")
        #expect(shipped == LuaAnnotations.source, "types/ripple.lua is stale: run `swift run ripple types --output types/ripple.lua`")
        let engine = try ScriptEngine()
        try engine.state.load(LuaAnnotations.source, chunkName: "=types/ripple.lua")
        engine.state.pop()
    }

    @Test(":help is generated from the annotations: every checked entry has a help line")
    func helpCoversTheAnnotations() throws {
        for entry in reference.entries where reference.isChecked(owner: entry.owner) && !entry.isProvidedByScript {
            let lines = ReplHelp.text(for: entry.name)
            #expect(lines.contains(ReplHelp.line(entry)), "no help for \(entry.name): \(lines)")
        }
        #expect(ReplHelp.text(for: "ctx:save") == [
            "ManagedObjectContext:save() — Processes, posts `willSave`, validates everything, writes, posts `didSave`.",
        ])
        #expect(ReplHelp.text(for: "nav.title") == ["ViewController.title: string? — The title (read/write)."])
        #expect(ReplHelp.text(for: "IndexPath") == [
            "IndexPath : userdata — An index path (0-based).",
            "  IndexPath.section: integer",
            "  IndexPath.item: integer",
            "  IndexPath.row: integer — The same as `item`.",
        ])
        #expect(ReplHelp.text(for: "frobnicate") == ["no help for 'frobnicate' (try :help)"])
    }

    @Test("docs/lua-reference.md is the reference page generated from the declarations")
    func referencePageIsCurrent() throws {
        let shipped = contents(of: packageRoot + "/docs/lua-reference.md")
        #expect(shipped == reference.markdown,
                "docs/lua-reference.md is stale: run `swift run ripple types --markdown --output docs/lua-reference.md`")
    }

    @Test("every member the docs' tables name through a receiver (`ctx:save()`, `frc.sections`) is declared on its class")
    func documentationTablesMatchTheDeclarations() throws {
        // The docs' placeholders for a model's own attributes and relationships (`obj.key`, `obj.orders`).
        let modelKeys: Set<String> = ["ManagedObject.key", "ManagedObject.orders"]
        var checked = 0
        var unknown: [String] = []
        for file in documentationFiles {
            guard let text = contents(of: file) else { continue }
            var inFence = false
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.hasPrefix("```") { inFence.toggle(); continue }
                guard !inFence, line.hasPrefix("|") else { continue }
                // The first column of a table row: what the row documents.
                let cell = line.split(separator: "|", omittingEmptySubsequences: false)[1]
                let spans = cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
                for (_, span) in spans {
                    for (receiver, separator, member) in receiverMembers(in: String(span)) {
                        let owner = receiver == "ripple" ? "ripple" : ReplHelp.aliases[receiver]
                        guard let owner else { continue }
                        let owners = owner == "ripple" ? ["ripple"] : reference.lineage(of: owner)
                        checked += 1
                        if modelKeys.contains(owner + "." + member) { continue }
                        if !reference.entries.contains(where: { owners.contains($0.owner) && $0.member == member }) {
                            let name = String(file.dropFirst(packageRoot.count + 1))
                            unknown.append("\(name):\(number + 1): \(receiver)\(separator)\(member) (no member \(member) of \(owner))")
                        }
                    }
                }
            }
        }
        #expect(checked > 100, "only \(checked) members found in the docs' tables")
        #expect(unknown.isEmpty, """
            the docs' tables name members the declarations do not have (fix the table, or declare the member):
            \(unknown.map { "  " + $0 }.joined(separator: "\n"))
            """)
    }
}

/// `receiver:member` and `receiver.member` in a code span (`ctx:save()` → `("ctx", ":", "save")`), the receiver
/// not itself a member of something else.
private func receiverMembers(in span: String) -> [(String, Character, String)] {
    let characters = Array(span)
    var result: [(String, Character, String)] = []
    var i = 0
    while i < characters.count {
        guard isIdentifierCharacter(characters[i]), i == 0 || !(isIdentifierCharacter(characters[i - 1])
            || characters[i - 1] == "." || characters[i - 1] == ":") else { i += 1; continue }
        var end = i
        while end < characters.count, isIdentifierCharacter(characters[end]) { end += 1 }
        if end + 1 < characters.count, characters[end] == ":" || characters[end] == ".",
           isIdentifierCharacter(characters[end + 1]) {
            var memberEnd = end + 1
            while memberEnd < characters.count, isIdentifierCharacter(characters[memberEnd]) { memberEnd += 1 }
            result.append((String(characters[i..<end]), characters[end], String(characters[(end + 1)..<memberEnd])))
        }
        i = end
    }
    return result
}
