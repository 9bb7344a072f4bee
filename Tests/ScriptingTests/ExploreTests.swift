import LuaBridge
import ObjectGraph
@testable import Scripting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `ripple.explore` (docs/explore.md): the classic broken delegates are found and shrunk, the documented
/// delegate passes, a shrunk scenario fails alone with the same message, a seed repeats a run byte for
/// byte, and the cost of exploring grows linearly with the steps (counted in Lua instructions, not time).
@Suite struct ExploreTests {
    /// The contacts screen of Scripts/scenarios/170-explore-contacts.lua: sections by initial; `mistake` is
    /// nil, "reloadNewPath" or "noDeleteSections".
    static let screen = #"""
    model = ripple.model {
      Person = {
        name    = "string",
        initial = { derived = function(p) return (p.name or "?"):sub(1, 1) end, dependsOn = { "name" } },
      },
    }
    function contacts(mistake)
      return function(ctx)
        local vc = ripple.viewController { title = "Contacts" }
        vc.tableView = ripple.tableView { name = "contacts" }
        vc.tableView:register("Cell")
        vc.frc = ripple.fetchedResultsController { context = ctx, entity = "Person", name = "People",
                                                   sortDescriptors = { "name" }, sectionNameKeyPath = "initial" }
        function vc:numberOfSections(tv) return #self.frc.sections end
        function vc:numberOfRowsInSection(tv, section) return self.frc.sections[section + 1].numberOfObjects end
        function vc:cellForRowAtIndexPath(tv, indexPath)
          local cell = tv:dequeueReusableCell("Cell", indexPath)
          cell.text = self.frc:objectAtIndexPath(indexPath).name
          return cell
        end
        function vc:controllerWillChangeContent() self.tableView:beginUpdates() end
        function vc:didChangeSection(_, _, index, type)
          if mistake == "noDeleteSections" and type == "delete" then return end
          if type == "insert" then self.tableView:insertSections({ index }) else self.tableView:deleteSections({ index }) end
        end
        function vc:didChangeObject(_, _, indexPath, type, newIndexPath)
          local tv = self.tableView
          if type == "insert" then tv:insertRows({ newIndexPath })
          elseif type == "delete" then tv:deleteRows({ indexPath })
          elseif type == "update" then tv:reloadRows({ mistake == "reloadNewPath" and newIndexPath or indexPath })
          else tv:deleteRows({ indexPath }); tv:insertRows({ newIndexPath }) end
        end
        function vc:controllerDidChangeContent() self.tableView:endUpdates() end
        vc.frc.delegate = vc
        vc.frc:performFetch()
        vc.tableView.dataSource = vc
        vc.tableView:reloadData()
        return vc
      end
    end
    """#

    static let seeds = Array(1...10)

    /// Runs one exploration in a fresh engine; returns its error (nil: it passed) and the engine.
    func explore(_ mistake: String?, seed: Int, steps: Int) throws -> (error: String?, engine: ScriptEngine) {
        let engine = try ScriptEngine()
        try engine.run(Self.screen)
        try engine.run("""
            options = { model = model, screen = contacts(\(mistake.map { "\"\($0)\"" } ?? "nil")), steps = \(steps), seed = \(seed) }
            local ok, err = pcall(ripple.explore, options)
            failure = not ok and err or nil
            """)
        _ = engine.state.getGlobal("failure")
        defer { engine.state.pop() }
        return (engine.state.toString(at: -1), engine)
    }

    /// A message without its numbers, `file:line:` positions and list lengths (the comparison
    /// `ripple.explore` shrinks by, in Sources/Scripting/Lua/exploreshrink.lua).
    static func shape(_ message: String) throws -> String {
        let engine = try ScriptEngine()
        engine.state.push(message)
        engine.state.setGlobal("message")
        try engine.run(#"""
            shape = message:gsub("[%w_%./%-=%[%]\"]+:%d+: ", ""):gsub("%d+", "N")
            local n
            repeat shape, n = shape:gsub("(%w+#N), %w+#N", "%1") until n == 0
            repeat shape, n = shape:gsub("N, N", "N") until n == 0
            """#)
        _ = engine.state.getGlobal("shape")
        defer { engine.state.pop() }
        return engine.state.toString(at: -1) ?? ""
    }

    static func counts(_ error: String) -> (found: Int, shrunk: Int)? {
        guard let range = error.range(of: "(found after ") else { return nil }
        let rest = error[range.upperBound...]
        let numbers = rest.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    @Test("each classic broken delegate is found within 300 steps for 10 seeds and shrunk to at most 6 steps",
          arguments: ["reloadNewPath", "noDeleteSections"])
    func brokenDelegates(mistake: String) throws {
        for seed in Self.seeds {
            let error = try explore(mistake, seed: seed, steps: 300).error
            #expect(error != nil, "\(mistake) seed \(seed): not found in 300 steps")
            guard let error, let counts = Self.counts(error) else { continue }
            #expect(counts.found <= 300)
            #expect(counts.shrunk <= 6, "\(mistake) seed \(seed): shrunk to \(counts.shrunk) steps\n\(error)")
            #expect(error.contains("seed \(seed))\n"))
            #expect(error.contains("scenario(\"ripple.explore seed \(seed), shrunk to \(counts.shrunk) step"))
        }
    }

    /// The steps of the documented delegate's campaign: 2,000 steps for 10 seeds are ~25 s on one core, too
    /// slow for the suite; `RIPPLE_EXPLORE_STEPS=2000 swift test --filter ExploreTests` runs the full one.
    static let correctSteps: Int = {
        if let text = getenv("RIPPLE_EXPLORE_STEPS").map({ String(cString: $0) }), let n = Int(text) { return n }
        return 200
    }()

    @Test("the documented delegate passes for 10 seeds")
    func correctDelegate() throws {
        for seed in Self.seeds {
            let error = try explore(nil, seed: seed, steps: Self.correctSteps).error
            #expect(error == nil, "seed \(seed): \(error ?? "")")
        }
    }

    @Test("the shrunk scenario, run alone after the options, fails with the same message")
    func shrunkScenarioFailsAlone() throws {
        for (mistake, seed) in [("reloadNewPath", 2), ("noDeleteSections", 2), ("reloadNewPath", 3)] {
            guard let error = try explore(mistake, seed: seed, steps: 300).error,
                  let start = error.range(of: "\n-- Found by ripple.explore") else {
                Issue.record("\(mistake) seed \(seed): no scenario"); continue
            }
            let failure = String(error[..<error.range(of: " (found after ")!.lowerBound])
            let scenario = String(error[start.upperBound...].drop(while: { $0 != "\n" }))
            let engine = try ScriptEngine()
            try engine.run(Self.screen)
            try engine.run("options = { model = model, screen = contacts(\"\(mistake)\") }\n" + scenario, chunkName: "=shrunk")
            #expect(engine.results.count == 1)
            guard let result = engine.results.first else { continue }
            #expect(!result.passed)
            #expect(try Self.shape(result.message ?? "") == Self.shape(failure), "\(result.message ?? "")\nvs\n\(failure)")
        }
    }

    @Test("exploreCheck and exploreRebuild before exploreStart are errors at the calling line")
    func helpersNeedStart() throws {
        let engine = try ScriptEngine()
        try engine.run("""
            ok1, err1 = pcall(ripple.exploreCheck, {})
            ok2, err2 = pcall(function() ripple.exploreRebuild({}) end)
            """, chunkName: "=helpers")
        _ = engine.state.getGlobal("err1")
        #expect(engine.state.toString(at: -1) == "helpers:1: ripple.exploreCheck: call ripple.exploreStart first")
        _ = engine.state.getGlobal("err2")
        #expect(engine.state.toString(at: -1) == "helpers:2: ripple.exploreRebuild: call ripple.exploreStart first")
        engine.state.pop(2)
    }

    @Test("the same seed gives byte-identical output twice")
    func sameSeedSameOutput() throws {
        let first = try explore("noDeleteSections", seed: 5, steps: 300)
        let second = try explore("noDeleteSections", seed: 5, steps: 300)
        #expect(first.error != nil)
        #expect(first.error == second.error)
        #expect(first.engine.log.lines == second.engine.log.lines)
        let other = try explore("noDeleteSections", seed: 6, steps: 300)
        #expect(other.engine.log.lines != first.engine.log.lines)
    }

    /// Lua instructions of an exploration of the documented delegate, counted by a count hook (every 1,000),
    /// and the host work it charged (``WorkBudget`` units: fetch candidates, sorting, validated objects).
    func instructions(steps: Int) throws -> (lua: Int, host: Int) {
        let engine = try ScriptEngine()
        try engine.run(Self.screen)
        let budget = WorkBudget(limit: 0, message: "unused")
        WorkBudget.current = budget
        defer { WorkBudget.current = nil }
        try engine.run("""
            options = { model = model, screen = contacts(nil), steps = \(steps), seed = 4 }
            thousands = 0
            debug.sethook(function() thousands = thousands + 1 end, "", 1000)
            ripple.explore(options)
            debug.sethook()
            """)
        _ = engine.state.getGlobal("thousands")
        defer { engine.state.pop() }
        return (Int(engine.state.toInteger(at: -1) ?? 0) * 1_000, budget.used)
    }

    @Test("exploring costs linear work: four times the steps, about four times the instructions")
    func linearCost() throws {
        let small = try instructions(steps: 300)
        let large = try instructions(steps: 1200)
        #expect(small.lua > 300 * 1_000, "\(small.lua) instructions for 300 steps")
        let ratio = Double(large.lua) / Double(small.lua)
        #expect(ratio > 3.2 && ratio < 4.8, "\(small.lua) then \(large.lua) instructions")
        #expect(small.host > 300)
        let hostRatio = Double(large.host) / Double(small.host)
        #expect(hostRatio > 3.2 && hostRatio < 4.8, "\(small.host) then \(large.host) units of host work")
    }
}
