import Scripting
#if canImport(Glibc)
import CRippleBench
import Glibc
#endif

/// R1 from Lua (issue 30): the rename + save of ``RenameBenchmark`` made by a Lua script, through the
/// bindings, under a sectioned controller with a Lua delegate — what a script pays per change, end to end.
///
/// The script (``setUp``) inserts N = 100k `Item(group, name)` objects (100 groups, names `"item 0000123"`),
/// saves them to the in-memory store, and opens a controller sorted by (group, name), sectioned by group,
/// whose delegate is a Lua table with `controllerWillChangeContent`, `didChangeObject` (it counts) and
/// `controllerDidChangeContent`. One step (``steps``) renames a random object (a new random name: its row
/// moves inside its section) and saves. The engine has the options of `ripple run --instruction-limit 0` (the
/// default memory limit; the set-up's host work is beyond the default instruction limit). The figure is instructions per step, by either of
///
/// ```sh
/// # (Ir(S) − Ir(0)) / S over whole processes:
/// valgrind --tool=callgrind ripple-bench --r1-lua 2000; valgrind --tool=callgrind ripple-bench --r1-lua 0
/// # or the steps alone (Ir / S):
/// valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*luaRenameSteps*' ripple-bench --r1-lua 2000
/// ```
///
/// `SWIFT_DETERMINISTIC_HASHING=1` fixes Swift's per-process hash seed, which otherwise moves the count
/// from run to run (the registration table, sets and dictionaries hash differently).
enum LuaRenameBenchmark {
    static let flag = "--r1-lua"
    static let count = 100_000

    /// The set-up chunk: model, objects, save, controller with its Lua delegate, and `R1_STEP(s)`.
    static let setUp = """
        local model = ripple.model { Item = { group = "integer", name = "string" } }
        local ctx = ripple.container(model).viewContext
        local seed = 99
        local function random(n)
          seed = (seed * 1103515245 + 12345) % 2147483648
          return seed % n
        end
        local function name() return string.format("item %07d", random(10000000)) end
        local items = {}
        for i = 1, \(count) do items[i] = ctx:insert("Item", { group = random(100), name = name() }) end
        ctx:save()
        local frc = ripple.fetchedResultsController {
          context = ctx, entity = "Item", sortDescriptors = { "group", "name" }, sectionNameKeyPath = "group",
        }
        R1_CHANGES = 0
        frc.delegate = {
          controllerWillChangeContent = function() end,
          didChangeObject = function(c, o, from, kind, to) R1_CHANGES = R1_CHANGES + 1 end,
          controllerDidChangeContent = function() end,
        }
        frc:performFetch()
        function R1_STEPS(s)
          for _ = 1, s do
            items[random(#items) + 1].name = name()
            ctx:save()
          end
        end
        """

    /// An engine with the script set up (the options of `ripple run --instruction-limit 0`).
    static func engine() throws -> ScriptEngine {
        let engine = try ScriptEngine(options: .init(instructionLimit: 0, memoryLimit: ScriptEngine.Options.defaultMemoryLimit))
        try engine.run(setUp, chunkName: "=r1-lua-setup")
        return engine
    }

    /// The measured steps: `s` renames, one save each, made by Lua.
    @inline(never)
    static func luaRenameSteps(_ engine: ScriptEngine, _ s: Int) throws {
        try engine.run("R1_STEPS(\(s))", chunkName: "=r1-lua")
    }

    /// `ripple-bench --r1-lua S`: the set-up, then S steps (for callgrind).
    static func runSteps(_ arguments: [String]) throws {
        guard arguments.count == 1, let s = Int(arguments[0]), s >= 0 else {
            fputs("usage: ripple-bench \(flag) STEPS\n", ripplebench_stderr())
            exit(64)
        }
        let e = try engine()
        try luaRenameSteps(e, s)
        print("R1 from Lua: \(s) renames + saves made (count them with callgrind, see docs/performance.md)")
    }

    /// The `rename` group's line: wall time per step from Lua (instructions: under callgrind).
    static func run() throws {
        let start0 = Measure.now()
        let e = try engine()
        let setUp = Double(Measure.now() - start0)
        try luaRenameSteps(e, 20)  // warm-up
        let steps = 200
        let start = Measure.now()
        try luaRenameSteps(e, steps)
        let perStep = Double(Measure.now() - start) / Double(steps)
        print("R1L   rename + save from Lua under a sectioned FRC with a Lua delegate, N=100k: \(Measure.format(perStep / 1000)) µs per step (\(steps) steps); set-up \(Measure.format(setUp / 1e6)) ms; goal ≤ 20,000 instructions: run `ripple-bench \(flag) S` under callgrind (see docs/performance.md)")
    }
}
