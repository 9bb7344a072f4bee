@testable import Scripting
import Foundation
import Testing

/// In the sandbox, SQLite stores are confined to `ripple.temporaryPath` and the folder of the script being
/// run (relative paths resolved against it); anything else is refused with the rule in the message, and
/// no file is made.
@Suite struct SandboxStorePathTests {
    @Test("stores under the script's folder and the temporary folder open; others are refused, nothing made")
    func confined() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-sandbox-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-outside-\(UUID().uuidString).sqlite").path
        let script = folder + "/stores.lua"
        try """
        local model = ripple.model { Note = { text = "string" } }
        local rule = "the sandbox confines SQLite stores to ripple.temporaryPath%(name%) and the folder of the script being run"
        scenario("outside paths are refused", function()
          expect(function() ripple.container(model, { store = "sqlite", path = "\(outside)" }) end)
            :toRaise("stores.lua:4: " .. rule)
          expect(function() ripple.container(model, { store = "sqlite", path = "\(outside)" }) end)
            :toRaise("'\(outside)' is outside them")
          expect(function() ripple.container(model, { store = "sqlite", path = "../escape.sqlite" }) end):toRaise(rule)
          expect(function() ripple.container(model, { store = "sqlite", path = "sub/../../escape.sqlite" }) end):toRaise(rule)
          local c = ripple.container(model)
          expect(function() c.persistentStoreCoordinator:addPersistentStore { store = "sqlite", path = "/etc/x.sqlite" } end)
            :toRaise(rule)
          expect(#c.persistentStoreCoordinator.persistentStores):toBe(1)
        end)
        scenario("the script's folder (relative paths too) and the temporary folder", function()
          local a = ripple.container(model, { store = "sqlite", path = "sub/../here.sqlite" }).viewContext
          a:insert("Note", { text = "here" }); a:save()
          local b = ripple.container(model, { store = "sqlite", path = "sub/deeper.sqlite" }).viewContext
          b:insert("Note", { text = "deeper" }); b:save()
          local t = ripple.container(model, { store = "sqlite", path = ripple.temporaryPath("t.sqlite") }).viewContext
          t:insert("Note", { text = "temporary" }); t:save()
          local again = ripple.container(model, { store = "sqlite", path = "here.sqlite" }).viewContext
          expect(#again:fetch { entity = "Note" }):toBe(1)
        end)
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let engine = try ScriptEngine(options: .init(sandbox: true))
        try engine.runFile(script)
        #expect(engine.results.count == 2)
        for result in engine.results { #expect(result.passed, "\(result.name): \(result.message ?? "")") }
        #expect(!FileManager.default.fileExists(atPath: outside))
        #expect(!FileManager.default.fileExists(atPath: (folder as NSString).deletingLastPathComponent + "/escape.sqlite"))
        #expect(FileManager.default.fileExists(atPath: folder + "/here.sqlite"))
        #expect(FileManager.default.fileExists(atPath: folder + "/sub/deeper.sqlite"))

        // outside the sandbox, any path is the script's to choose
        let free = try ScriptEngine()
        try free.run("ripple.container(ripple.model { N = { t = 'string' } }, { store = 'sqlite', path = '\(folder)/free.sqlite' })")
        #expect(FileManager.default.fileExists(atPath: folder + "/free.sqlite"))
    }
}
