import LuaBridge
@testable import RippleTools
@testable import Scripting
import Testing

/// The undo manager is declared once (`LuaClassDeclaration`): its argument checks, annotations and `:help`
/// come from that declaration.
@Suite struct DeclaredClassTests {
    /// The message of a failing script.
    func failure(_ engine: ScriptEngine, _ code: String) -> String {
        do {
            try engine.run(code, chunkName: "=undo.lua")
            return "no error"
        } catch {
            return (error as? LuaError)?.message ?? "\(error)"
        }
    }

    @Test("a declared class checks its arguments and refuses writes in Lua's words")
    func checkedArguments() throws {
        let engine = try ScriptEngine()
        try engine.run("undo = ripple.undoManager()", chunkName: "=undo.lua")
        #expect(failure(engine, "undo:setActionName({})") == "undo.lua:1: bad argument #1 to 'setActionName' (string expected, got table)")
        #expect(failure(engine, "undo.canUndo = true") == "undo.lua:1: attempt to set read-only property 'canUndo' of UndoManager")
        #expect(failure(engine, "undo.undoo()").hasPrefix("undo.lua:1: [<UndoManager> valueForUndefinedKey:]"))
        #expect(failure(engine, "undo.setActionName(1, 'x')") == "undo.lua:1: bad argument #1 to 'setActionName' (UndoManager expected, got number)")
        try engine.run("undo:setActionName('Rename')", chunkName: "=undo.lua")
        #expect(failure(engine, "assert(undo.isUndoRegistrationEnabled and not undo.canUndo)") == "no error")
    }

    @Test(":help of a declared class lists what its declaration says")
    func help() throws {
        #expect(ReplHelp.text(for: "UndoManager:setActionName") == [
            "UndoManager:setActionName(name) — Names the group being made: the outermost open group, or the changes the next processing records.",
        ])
        #expect(ReplHelp.text(for: "UndoManager").first
                == "UndoManager : userdata — An undo manager (`UndoManager`) made by `ripple.undoManager()`: a context with one records a group each time it processes its own changes (once per event for the view context).")
        #expect(ReplHelp.text(for: "UndoManager").count == 18)
    }
}
