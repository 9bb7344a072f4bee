@testable import Scripting
import LuaBridge
import ObjectGraph
import Testing

/// Host work whose cost grows with its input is charged to the work budget (``WorkBudget``), so a loop
/// of such calls stops at the instruction limit. Measured in budget units at two sizes, never in time.
@Suite struct HostWorkMeteringTests {
    /// The units `code` charges after `setup` ran, in a fresh engine (no limit: the test's budget counts).
    func units(setup: String, code: String) throws -> Int {
        let engine = try ScriptEngine()
        try engine.run(setup)
        let budget = WorkBudget(limit: 0, message: "unused")
        WorkBudget.current = budget
        defer { WorkBudget.current = nil }
        try engine.run(code)
        return budget.used
    }

    func window(_ n: Int) -> String {
        """
        window = ripple.window()
        root = ripple.viewController "root"
        window.rootViewController = root
        for i = 1, \(n) do root:addChild(ripple.viewController("c" .. i)) end
        """
    }

    @Test("describe and graph of a window charge in proportion to its controllers")
    func describeAndGraph() throws {
        for code in ["local _ = window:describe()", "local _ = ripple.graph(window)", "local _ = ripple.graph(window, { format = 'mermaid' })"] {
            let small = try units(setup: window(100), code: code)
            let large = try units(setup: window(1_000), code: code)
            #expect(small >= 100 * 200, "\(code): \(small) units for 100 controllers")
            let ratio = Double(large) / Double(small)
            #expect(ratio > 8 && ratio < 12, "\(code): \(small) then \(large) units")
        }
    }

    func observed(_ n: Int) -> String {
        """
        model = ripple.model { Item = { n = "integer" } }
        ctx = ripple.container(model).viewContext
        items = {}
        for i = 1, \(n) do
          items[i] = ctx:insert("Item", { n = i })
          ripple.observe(items[i], "n", function() end)
        end
        """
    }

    @Test("a change delivered to key-value observers charges per observation; a save per object validated")
    func observationsAndValidation() throws {
        let code = "items[1].n = 0; ctx:processPendingChanges()"
        let small = try units(setup: observed(50), code: code)
        let large = try units(setup: observed(500), code: code)
        #expect(small >= 50 * WorkBudget.unitsPerObservation)
        #expect(Double(large) / Double(small) > 8)
        let saveSmall = try units(setup: observed(50), code: "ctx:save()")
        let saveLarge = try units(setup: observed(500), code: "ctx:save()")
        #expect(saveSmall >= 50 * WorkBudget.unitsPerValidatedObject)
        #expect(Double(saveLarge) / Double(saveSmall) > 8)
    }

    @Test("a loop of window:describe() stops at the instruction limit, with the host-work message")
    func describeLoopStops() throws {
        let engine = try ScriptEngine(options: .init(instructionLimit: 50_000_000))
        try engine.run(window(200))
        var message = ""
        do {
            try engine.run("for i = 1, math.maxinteger do window:describe() end", chunkName: "=loop")
        } catch let error as LuaError {
            message = error.message
        }
        #expect(message.hasPrefix("loop:1: instruction limit exceeded: host work"), "\(message)")
        // the window is intact and answers afterwards
        try engine.run("assert(#window:describe() > 0); assert(#root.children == 200)")
    }
}
