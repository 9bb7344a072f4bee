import Testing
@testable import CollectionViews
@testable import Scripting

/// The fetched-results controller's snapshot delegate from Lua (`didChangeContentWithSnapshot` under a
/// sectioned controller) builds its diffable snapshot in work linear in the rows: four times the rows cost
/// at most 4.5 times the snapshot's lookup steps per change (it was quadratic: every identifier was
/// searched for in every section). Counted in steps (``DiffableDataSourceSnapshot/workCounter``), not time.
@Suite struct SnapshotDelegateCostTests {
    /// Builds `n` objects under a controller sectioned by `group`, makes two changes; returns the snapshot
    /// steps of the changes and the last snapshot's item count.
    func changeSteps(_ n: Int) throws -> (steps: Int, items: String) {
        let engine = try ScriptEngine()
        try engine.run("""
            local model = ripple.model { Item = { group = "integer", name = "string" } }
            CTX = ripple.container(model).viewContext
            ITEMS = {}
            for i = 1, \(n) do ITEMS[i] = CTX:insert("Item", { group = i % 20, name = string.format("item %06d", i) }) end
            CTX:save()
            local frc = ripple.fetchedResultsController {
              context = CTX, entity = "Item", sortDescriptors = { "group", "name" }, sectionNameKeyPath = "group",
            }
            SEEN = "none"
            frc.delegate = { didChangeContentWithSnapshot = function(c, s)
              SEEN = s.numberOfItems .. " items in " .. s.numberOfSections .. " sections"
            end }
            frc:performFetch()
            """, chunkName: "=setup")
        let counter = DiffableDataSourceSnapshot.WorkCounter()
        try DiffableDataSourceSnapshot.$workCounter.withValue(counter) {
            try engine.run("""
                ITEMS[1].name = "zzz"; CTX:processPendingChanges()
                ITEMS[2].group = 3; CTX:processPendingChanges()
                """, chunkName: "=changes")
        }
        engine.state.getGlobal("SEEN")
        let seen = engine.state.toString(at: -1) ?? "?"
        engine.state.pop(1)
        return (counter.steps, seen)
    }

    @Test("a change under a sectioned controller with a snapshot delegate costs linear snapshot work")
    func linear() throws {
        let small = try changeSteps(1_000)
        let large = try changeSteps(4_000)
        #expect(small.items == "1000 items in 20 sections")
        #expect(large.items == "4000 items in 20 sections")
        #expect(small.steps > 0)
        #expect(small.steps <= 4 * 2 * 1_000, "\(small.steps) steps for two changes at 1,000 rows")
        #expect(Double(large.steps) / Double(max(small.steps, 1)) <= 4.5, "\(small.steps) steps at 1,000 rows, \(large.steps) at 4,000")
    }
}
