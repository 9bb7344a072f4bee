import LuaBridge
@testable import RippleTools
@testable import Scripting
import Testing

/// The Swift object behind a class that exists only in these tests.
final class Stopwatch {
    var laps: [Double] = []
    var running = false
}

/// The undo manager is declared once (`LuaClassDeclaration`): its argument checks, annotations and `:help`
/// come from that declaration. So does everything about a class that is added by a declaration alone.
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

    /// A class the API does not have, declared here and nothing else.
    static let stopwatch = LuaClassDeclaration<Stopwatch>(
        "Stopwatch", "A stopwatch that records laps.",
        properties: [
            .property("running", "Whether it runs.", get: { $0.running }, set: { $0.running = $1 }),
            .property("lapCount", "The number of laps recorded.", get: { $0.laps.count }),
        ],
        methods: [
            .method("lap", "Records a lap of `seconds`; returns the number of laps.", "seconds") {
                (watch: Stopwatch, seconds: Double) -> Int in
                watch.laps.append(seconds)
                return watch.laps.count
            },
        ])

    @Test("a class added by a declaration alone gets checked arguments, annotations, :help, completion and its docs table")
    func classAddedByADeclarationAlone() throws {
        let repl = try ReplSession()
        let engine = repl.engine
        let watch = Stopwatch()
        engine.state.push(object: watch, class: Self.stopwatch.makeClass())
        engine.state.setGlobal("w")

        // Checked arguments and values, in Lua's words; the object is left as it was.
        #expect(failure(engine, "w:lap('fast')") == "undo.lua:1: bad argument #1 to 'lap' (number expected, got string)")
        #expect(failure(engine, "w.lap(1)") == "undo.lua:1: bad argument #1 to 'lap' (Stopwatch expected, got number)")
        #expect(failure(engine, "w.lapCount = 3") == "undo.lua:1: attempt to set read-only property 'lapCount' of Stopwatch")
        #expect(failure(engine, "w.running = 'yes'") == "undo.lua:1: bad value for property 'running' (boolean expected, got string)")
        #expect(watch.laps.isEmpty && !watch.running)
        #expect(failure(engine, "w.running = true; assert(w:lap(1.5) == 1 and w.lapCount == 1)") == "no error")
        #expect(watch.laps == [1.5] && watch.running)

        // The annotations.
        #expect(Self.stopwatch.annotations == """
            ---A stopwatch that records laps.
            ---@class Stopwatch : userdata
            ---@field running boolean Whether it runs (read/write).
            ---@field lapCount integer The number of laps recorded.
            local Stopwatch = {}

            ---Records a lap of `seconds`; returns the number of laps.
            ---@param seconds number
            ---@return integer
            function Stopwatch:lap(seconds) end

            """)

        // `:help`, from the annotations as `ripple types` writes them with the class among the declared ones.
        let reference = APIReference(parsing: LuaAnnotations.source + "\n" + Self.stopwatch.annotations)
        #expect(ReplHelp.text(for: "Stopwatch", reference: reference) == [
            "Stopwatch : userdata — A stopwatch that records laps.",
            "  Stopwatch.running: boolean — Whether it runs (read/write).",
            "  Stopwatch.lapCount: integer — The number of laps recorded.",
            "  Stopwatch:lap(seconds) — Records a lap of `seconds`; returns the number of laps.",
        ])

        // Completion, from the class the declaration made.
        #expect(repl.completions(for: "w:") == ["w:lap"])
        #expect(repl.completions(for: "w.") == ["w.lap", "w.lapCount", "w.running"])

        // The generated reference page's table.
        #expect(reference.markdown.contains("""
            ## Stopwatch : userdata

            A stopwatch that records laps.

            | member | description |
            | --- | --- |
            | `Stopwatch.running: boolean` | Whether it runs (read/write). |
            | `Stopwatch.lapCount: integer` | The number of laps recorded. |
            | `Stopwatch:lap(seconds)` | Records a lap of `seconds`; returns the number of laps. |

            """))
    }
}
