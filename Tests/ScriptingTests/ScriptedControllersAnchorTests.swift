@testable import Scripting
import SeededRandom
import Testing

/// The registry re-anchors only the controllers whose ownership may have changed (session 5). These tests
/// run random controller operations, collections and notifications from Lua and check after each one that
/// every controller's anchor is what a pass over every controller (the registry before) would leave.
@Suite struct ScriptedControllersAnchorTests {
    static let setUp = """
        collectgarbage("stop")   -- deallocations only where a step collects
        local model = ripple.model { Customer = { name = "string" } }
        ctx = ripple.container(model).viewContext
        ann = ctx:insert("Customer", { name = "Ann" })
        ctx:save()
        heard = 0
        made = 0
        function make(kind)
          made = made + 1
          local vc
          if kind == 1 then vc = ripple.navigationController { title = "Nav" .. made }
          elseif kind == 2 then vc = ripple.tabBarController { title = "Tabs" .. made }
          else vc = ripple.viewController("VC" .. made) end
          vc:dvc_add(ann)
          function vc:dvc_updated() heard = heard + 1 end
          vc.me = vc
          return vc
        end
        vcs, wins = {}, { ripple.window(), ripple.window() }
        for i = 1, 10 do vcs[i] = make(i % 4) end
        """

    /// One random step as Lua; true when it ends with an operation or a notification (anchors refreshed).
    /// A notification refreshes only when some controller depends on the context, as here.
    static func step(_ rng: inout SplitMix64) -> (code: String, refreshes: Bool) {
        let a = 1 + Int(rng.next() % 10), b = 1 + Int(rng.next() % 10), w = 1 + Int(rng.next() % 2)
        let kind = Int(rng.next() % 4)
        let calls: [String] = [
            "vcs[\(a)]:addChild(vcs[\(b)])",
            "vcs[\(a)]:removeFromParent()",
            "vcs[\(a)]:present(vcs[\(b)], false)",
            "vcs[\(a)]:dismiss(false)",
            "wins[\(w)].rootViewController = vcs[\(a)]",
            "wins[\(w)].rootViewController = nil",
            "vcs[\(a)]:pushViewController(vcs[\(b)], false)",
            "vcs[\(a)]:popViewController(false)",
            "vcs[\(a)]:popToRootViewController(false)",
            "vcs[\(a)]:setViewControllers({ vcs[\(b)], vcs[\(1 + (b % 10))] }, false)",
            "vcs[\(a)].selectedIndex = \(Int(rng.next() % 3))",
            "wins[\(w)].rootViewController = make(\(kind))",
            "vcs[\(a)]:addChild(make(\(kind)))",
        ]
        switch rng.next() % 10 {
        case 0:   // drop the script's reference (the hierarchy may still own it), then collect
            return ("vcs[\(a)] = make(\(kind)); collectgarbage('collect'); collectgarbage('collect')", false)
        case 1:
            return ("wins[\(w)] = ripple.window(); collectgarbage('collect'); collectgarbage('collect')", false)
        case 2:
            return ("ann.name = 'n' .. made; ctx:processPendingChanges()", true)
        default:
            // A call may fail before it reaches the hierarchy (a plain controller has no
            // `pushViewController`): the addChild after it always refreshes.
            let call = calls[Int(rng.next() % UInt64(calls.count))]
            return ("pcall(function() \(call) end); ripple.viewController():addChild(ripple.viewController())", true)
        }
    }

    @Test("random operations, collections and notifications: anchors follow ownership after each refresh")
    func randomOperations() throws {
        for seed in 0..<12 {
            let engine = try ScriptEngine()
            try engine.run(Self.setUp)
            let registry = try #require(engine.scriptedControllers)
            registry.verifiesAnchors = false
            var rng = SplitMix64(seed: UInt64(seed))
            var code: [String] = []
            for _ in 0..<300 {
                let (step, refreshes) = Self.step(&rng)
                code.append(step)
                try engine.run(step)
                if refreshes {
                    #expect(registry.anchorsMatchOwnership(), "seed \(seed) after:\n\(code.suffix(8).joined(separator: "\n"))")
                }
            }
            // A last operation refreshes whatever the last collection changed; then everything the
            // script dropped and nothing owns is collectable.
            // Each collection frees one level of owners (a window, then its root, then the root's
            // children…), each operation releases the next level's anchors.
            try engine.run("vcs = {}; wins = {}")
            for _ in 0..<30 {
                try engine.run("collectgarbage('collect'); collectgarbage('collect'); ripple.viewController():removeFromParent()")
                #expect(registry.anchorsMatchOwnership())
            }
            #expect(registry.anchoredCount == 0, "seed \(seed): windows gone, nothing owns a controller")
        }
    }
}
