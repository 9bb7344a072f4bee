import Scripting
#if canImport(Glibc)
import CRippleBench
import Glibc
#endif

/// The sectioned controller's snapshot delegate from Lua (issue 30): one change under a controller sectioned
/// by `group` (100 groups) whose Lua delegate takes `didChangeContentWithSnapshot` — the controller hands
/// the whole content over as a diffable snapshot, so a change costs O(N), and must not cost O(N²).
/// `ripple-bench --snapshot-delegate N S` builds N objects and makes S changes; per change:
///
/// ```sh
/// valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*snapshotDelegateSteps*' \
///   ripple-bench --snapshot-delegate 5000 4      # and 20000: the ratio is the growth for 4× the rows
/// ```
enum SnapshotDelegateBenchmark {
    static let flag = "--snapshot-delegate"

    static func setUp(_ n: Int) -> String {
        """
        local model = ripple.model { Item = { group = "integer", name = "string" } }
        local ctx = ripple.container(model).viewContext
        local seed = 5
        local function random(n)
          seed = (seed * 1103515245 + 12345) % 2147483648
          return seed % n
        end
        local items = {}
        for i = 1, \(n) do items[i] = ctx:insert("Item", { group = random(100), name = string.format("item %07d", i) }) end
        ctx:save()
        local frc = ripple.fetchedResultsController {
          context = ctx, entity = "Item", sortDescriptors = { "group", "name" }, sectionNameKeyPath = "group",
        }
        SNAPSHOT_ITEMS = 0
        frc.delegate = { didChangeContentWithSnapshot = function(c, s) SNAPSHOT_ITEMS = s.numberOfItems end }
        frc:performFetch()
        function SNAPSHOT_STEPS(s)
          for _ = 1, s do
            items[random(#items) + 1].name = string.format("item %07d", random(10000000))
            ctx:processPendingChanges()
          end
        end
        """
    }

    @inline(never)
    static func snapshotDelegateSteps(_ engine: ScriptEngine, _ s: Int) throws {
        try engine.run("SNAPSHOT_STEPS(\(s))", chunkName: "=snapshot-steps")
    }

    /// `ripple-bench --snapshot-delegate N S`.
    static func runSteps(_ arguments: [String]) throws {
        guard arguments.count == 2, let n = Int(arguments[0]), let s = Int(arguments[1]), n > 0, s >= 0 else {
            fputs("usage: ripple-bench \(flag) N STEPS\n", ripplebench_stderr())
            exit(64)
        }
        let engine = try ScriptEngine(options: .init(instructionLimit: 0, memoryLimit: ScriptEngine.Options.defaultMemoryLimit))
        try engine.run(setUp(n), chunkName: "=snapshot-setup")
        let start = Measure.now()
        try snapshotDelegateSteps(engine, s)
        let per = s > 0 ? Double(Measure.now() - start) / Double(s) : 0
        print("snapshot delegate, N=\(n): \(Measure.format(per / 1e6)) ms per change (\(s) changes; count them with callgrind, see docs/performance.md)")
    }
}
