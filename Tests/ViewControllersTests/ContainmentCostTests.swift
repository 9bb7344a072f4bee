import Testing
@testable import ViewControllers

/// `addChild` along a chain costs the same at every depth (it was quadratic: 50–75 s for 10,000 levels),
/// measured in lookup steps (``ContainmentHints/stepCounter``), not in time; and a deep chain is freed
/// without one native frame per level.
@Suite struct ContainmentCostTests {
    /// Builds a chain of `depth` children under a window's root; returns the lookup steps it took.
    func chainSteps(depth: Int, window: Window = Window()) throws -> (steps: Int, leaf: ViewController) {
        let counter = ContainmentHints.StepCounter()
        let root = ViewController(title: "0")
        window.rootViewController = root
        var last = root
        try ContainmentHints.$stepCounter.withValue(counter) {
            for i in 1...depth {
                let vc = ViewController(title: String(i))
                try last.addChild(vc)
                last = vc
            }
        }
        return (counter.steps, last)
    }

    @Test("a chain's steps grow linearly with its depth")
    func linearChain() throws {
        // Other tests change their own controllers on other threads meanwhile: the epoch is per thread, so
        // they cost this chain nothing.
        let small = try chainSteps(depth: 1_000).steps
        let large = try chainSteps(depth: 4_000).steps
        #expect(small > 0)
        #expect(small <= 6 * 1_000, "\(small) steps for 1,000 levels")
        #expect(large <= 6 * 4_000, "\(large) steps for 4,000 levels")
        // linear, not quadratic: four times the depth, about four times the steps (quadratic would be 16)
        #expect(Double(large) / Double(small) < 4.5)
    }

    @Test("a chain stays correct: the leaf's window, visibility, and an ancestor refused as a child")
    func chainIsCorrect() throws {
        let window = Window()
        let (_, leaf) = try chainSteps(depth: 2_000, window: window)
        #expect(leaf.window === window)
        #expect(leaf.isVisible)
        #expect(window.visibleViewControllers.count == 2_001)
        let root = window.rootViewController!
        window.rootViewController = nil
        #expect(throws: ViewControllerError.self) { try leaf.addChild(root) }
        // moving a middle controller elsewhere invalidates the shortcuts: the old leaf finds its new root
        var middle = leaf
        for _ in 0..<1_000 { middle = middle.parent! }
        middle.removeFromParent()
        let other = ViewController(title: "other")
        window.rootViewController = other
        try other.addChild(middle)
        #expect(ContainmentHints.root(of: leaf) === other)
        #expect(throws: ViewControllerError.self) { try leaf.addChild(other) }
        #expect(throws: ViewControllerError.self) { try leaf.addChild(middle) }
        try root.addChild(ViewController(title: "fine"))
        #expect(leaf.isVisible)
    }

    @Test("a 30,000-deep chain is freed without overflowing the stack")
    func deepChainIsFreed() throws {
        var root: ViewController? = ViewController(title: "0")
        var last = root!
        for i in 1...30_000 {
            let vc = ViewController(title: String(i))
            try last.addChild(vc)
            last = vc
        }
        weak var leaf = last
        last = ViewController()
        root = nil
        #expect(leaf == nil)
    }
}
