import Testing
@testable import ViewControllers
import SeededRandom

/// `addChild` to a custom container updates only the child's subtree (`Window+AppendedChild.swift`):
/// exact callback sequences, and the same logs, errors and states as the full recomputation on random use.
@Suite struct AppendedChildTests {
    @Test("a deep chain built child by child: each child loads and appears, nothing else moves")
    func deepChain() throws {
        let window = Window()
        let root = ViewController(title: "0")
        window.rootViewController = root
        window.clearEventLog()
        var last = root
        var expected: [String] = []
        for i in 1...300 {
            let vc = ViewController(title: String(i))
            try last.addChild(vc)
            expected += ["viewDidLoad \(i)", "viewWillAppear \(i)", "viewDidAppear \(i)"]
            last = vc
        }
        #expect(window.eventLog == expected)
        #expect(window.visibleViewControllers.map(\.displayName) == (0...300).map(String.init))
        #expect(window.visibleViewControllers.allSatisfy { $0.isVisible && $0.isViewLoaded })
    }

    @Test("a built subtree appended to a middle container appears in window order, before its following siblings and the presentation")
    func subtreeInTheMiddle() throws {
        let window = Window()
        let root = ViewController(title: "Root")
        let a = ViewController(title: "A"), b = ViewController(title: "B"), a1 = ViewController(title: "A1")
        window.rootViewController = root
        try root.addChild(a)
        try root.addChild(b)
        try a.addChild(a1)
        let sheet = ViewController(title: "Sheet")
        sheet.modalPresentationStyle = .pageSheet
        try root.present(sheet, animated: false)
        window.clearEventLog()

        // A container with a navigation stack (only its top shows) and tabs (only the selected one shows).
        let box = ViewController(title: "Box")
        let nav = NavigationController(rootViewController: ViewController(title: "Bottom"), title: "Nav")
        try nav.pushViewController(ViewController(title: "Top"), animated: false)
        let tabs = TabBarController(viewControllers: [ViewController(title: "T0"), ViewController(title: "T1")], title: "Tabs")
        tabs.selectedIndex = 1
        try box.addChild(nav)
        try box.addChild(tabs)
        #expect(window.eventLog.isEmpty)

        try a.addChild(box)
        #expect(window.eventLog == [
            "viewDidLoad Box", "viewDidLoad Nav", "viewDidLoad Top", "viewDidLoad Tabs", "viewDidLoad T1",
            "viewWillAppear Box", "viewWillAppear Nav", "viewWillAppear Top", "viewWillAppear Tabs", "viewWillAppear T1",
            "viewDidAppear Box", "viewDidAppear Nav", "viewDidAppear Top", "viewDidAppear Tabs", "viewDidAppear T1",
        ])
        #expect(window.visibleViewControllers.map(\.displayName)
            == ["Root", "A", "A1", "Box", "Nav", "Top", "Tabs", "T1", "B", "Sheet"])
        #expect(window.visibleControllersAreCurrent)
    }

    @Test("a child added under a hidden container, or in no window, stays unloaded; a stale style is applied")
    func hiddenAndStale() throws {
        let window = Window()
        let root = ViewController(title: "Root")
        window.rootViewController = root
        let cover = ViewController(title: "Cover")
        cover.modalPresentationStyle = .fullScreen
        try root.present(cover, animated: false)
        window.clearEventLog()
        let hidden = ViewController(title: "Hidden")
        try root.addChild(hidden)
        #expect(window.eventLog.isEmpty && !hidden.isViewLoaded && !hidden.isVisible)

        let loose = ViewController(title: "Loose")
        try loose.addChild(ViewController(title: "LooseChild"))
        #expect(!loose.children[0].isViewLoaded)

        // Changing a presented controller's style fires nothing by itself; the next change, an addChild
        // included, applies it as a full recomputation does.
        cover.modalPresentationStyle = .pageSheet
        #expect(window.eventLog.isEmpty)
        try cover.addChild(ViewController(title: "Badge"))
        #expect(window.eventLog == [
            "viewDidLoad Hidden", "viewDidLoad Badge",
            "viewWillAppear Root", "viewWillAppear Hidden", "viewWillAppear Badge",
            "viewDidAppear Root", "viewDidAppear Hidden", "viewDidAppear Badge",
        ])
        #expect(window.visibleViewControllers.map(\.displayName) == ["Root", "Hidden", "Cover", "Badge"])
    }

    @Test("random use: incremental and full updates give the same logs, errors and states", arguments: (1...12).map(UInt64.init))
    func randomUseMatchesFullUpdate(seed: UInt64) {
        let incremental = RandomHierarchy(incremental: true)
        let full = RandomHierarchy(incremental: false)
        var generator = SplitMix64(seed: seed)
        for step in 0..<400 {
            let choice = generator.next()
            let a = incremental.perform(choice)
            let b = full.perform(choice)
            #expect(a == b, "step \(step)")
            #expect(incremental.window.eventLog == full.window.eventLog, "step \(step)")
            #expect(incremental.state == full.state, "step \(step)")
            // Only a style change made without a transition leaves the visible list behind the hierarchy.
            #expect(incremental.window.needsFullAppearanceUpdate || incremental.window.visibleControllersAreCurrent, "step \(step)")
            if a != b || incremental.window.eventLog != full.window.eventLog { return }
        }
        // The run did make the window work (every seed logs 47 or more callbacks with the shared SplitMix64).
        #expect(incremental.window.eventLog.count > 30)
    }
}

/// A window and its controllers, changed by random operations decoded from one number, so that two
/// instances given the same numbers make the same calls.
final class RandomHierarchy {
    let window = Window()
    private(set) var controllers: [ViewController] = []

    init(incremental: Bool) {
        window.usesIncrementalAppearance = incremental
        let root = make(0)
        window.rootViewController = root
    }

    /// A new controller: plain (sometimes adding a child of its own in `viewDidLoad`), navigation or tabs.
    private func make(_ kind: UInt64) -> ViewController {
        let name = "c\(controllers.count)"
        let vc: ViewController
        switch kind % 6 {
        case 3: vc = NavigationController(title: name)
        case 4: vc = TabBarController(title: name)
        default: vc = ViewController(title: name)
        }
        controllers.append(vc)
        if kind % 6 == 5 {
            vc.lifecycleHandler = { [unowned self] vc, event in
                if case .viewDidLoad = event, vc.children.count < 2 { try? vc.addChild(self.make(0)) }
            }
        }
        return vc
    }

    private func pick(_ n: UInt64) -> ViewController { controllers[Int(n % UInt64(controllers.count))] }

    /// Performs the operation `choice` encodes; returns its error, if any.
    func perform(_ choice: UInt64) -> String? {
        let op = choice % 16, x = (choice >> 8) & 0xFFFF, y = (choice >> 24) & 0xFFFF, z = choice >> 40
        do {
            switch op {
            case 0, 1, 2, 3, 4: try pick(x).addChild(make(y))
            case 5: try pick(x).addChild(pick(y))
            case 6:
                let built = make(y)
                for _ in 0..<Int(z % 3) { try built.addChild(make(z >> 2)) }
                try pick(x).addChild(built)
            case 7: pick(x).removeFromParent()
            case 8:
                if let nav = pick(x) as? NavigationController { try nav.pushViewController(make(y), animated: z % 2 == 0) }
            case 9: (pick(x) as? NavigationController)?.popViewController(animated: false)
            case 10: (pick(x) as? TabBarController)?.selectedIndex = Int(y % 3)
            case 11:
                let vc = make(y)
                vc.modalPresentationStyle = z % 2 == 0 ? .fullScreen : .pageSheet
                try pick(x).present(vc, animated: false)
            case 12: pick(x).dismiss(animated: z % 2 == 0)
            case 13: pick(x).modalPresentationStyle = y % 2 == 0 ? .fullScreen : .formSheet
            case 14: if y % 8 == 0 { window.rootViewController = pick(x) }
            default: try pick(x).addChild(make(0))
            }
            return nil
        } catch {
            return String(describing: error)
        }
    }

    /// Each controller's name, visibility, load state and children, then the visible controllers.
    var state: [String] {
        controllers.map { vc in
            "\(vc.displayName) \(vc.isVisible) \(vc.isViewLoaded) [\(vc.children.map(\.displayName).joined(separator: ","))]"
        } + [window.visibleViewControllers.map(\.displayName).joined(separator: ",")]
    }
}
