import Testing
@testable import ViewControllers

@Suite struct NavigationTests {
    @Test("setting the root loads and shows the root and the top of its stack")
    func settingRoot() {
        let window = Window()
        let nav = NavigationController(rootViewController: ViewController(title: "List"), title: "Nav")
        window.rootViewController = nav
        #expect(window.eventLog == [
            "rootViewController = Nav",
            "viewDidLoad Nav", "viewDidLoad List",
            "viewWillAppear Nav", "viewWillAppear List",
            "viewDidAppear Nav", "viewDidAppear List",
        ])
        #expect(nav.isViewLoaded)
    }

    @Test("push: the new top loads and appears, the old top disappears, in UIKit's order")
    func push() throws {
        let (window, nav, list) = makeNavigationWindow()
        let form = ViewController(title: "Form")
        try nav.pushViewController(form, animated: true)
        #expect(window.eventLog == [
            "push [Form] on Nav (animated)",
            "viewDidLoad Form",
            "viewWillDisappear List (animated)", "viewWillAppear Form (animated)",
            "viewDidDisappear List (animated)", "viewDidAppear Form (animated)",
        ])
        #expect(nav.viewControllers.map(\.displayName) == ["List", "Form"])
        #expect(nav.topViewController === form && nav.visibleViewController === form)
        #expect(form.navigationController === nav && list.navigationController === nav)
        #expect(form.parent === nav)
        #expect(nav.lastTransition == .init(operation: .push, animated: true, viewControllers: ["Form"]))
    }

    @Test("pop returns the popped controller; the one below reappears without loading again")
    func pop() throws {
        let (window, nav, _) = makeNavigationWindow()
        let form = ViewController(title: "Form")
        try nav.pushViewController(form, animated: true)
        window.clearEventLog()
        #expect(nav.popViewController(animated: false) === form)
        #expect(window.eventLog == [
            "pop [Form] on Nav",
            "viewWillDisappear Form", "viewWillAppear List", "viewDidDisappear Form", "viewDidAppear List",
        ])
        #expect(form.parent == nil && form.navigationController == nil)
        #expect(nav.lastTransition == .init(operation: .pop, animated: false, viewControllers: ["Form"]))
        #expect(nav.popViewController(animated: true) == nil)
        #expect(nav.viewControllers.count == 1)
    }

    @Test("popToViewController pops everything above and returns it bottom first")
    func popTo() throws {
        let (window, nav, list) = makeNavigationWindow()
        let a = ViewController(title: "A"), b = ViewController(title: "B"), c = ViewController(title: "C")
        try nav.pushViewController(a, animated: false)
        try nav.pushViewController(b, animated: false)
        try nav.pushViewController(c, animated: false)
        window.clearEventLog()
        let popped = try nav.popToViewController(a, animated: true)
        #expect(popped.map(\.displayName) == ["B", "C"])
        #expect(window.eventLog == [
            "popToViewController [B, C] on Nav (animated)",
            "viewWillDisappear C (animated)", "viewWillAppear A (animated)",
            "viewDidDisappear C (animated)", "viewDidAppear A (animated)",
        ])
        #expect(try nav.popToViewController(a, animated: true).isEmpty)
        #expect(nav.popToRootViewController(animated: false).map(\.displayName) == ["A"])
        #expect(nav.viewControllers == [list])
        #expect(nav.lastTransition?.operation == .popToRootViewController)
    }

    @Test("a controller pushed under another never loads until it is shown")
    func hiddenControllersDoNotLoad() throws {
        let (window, nav, _) = makeNavigationWindow()
        defer { withExtendedLifetime(window) {} }
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        try nav.setViewControllers([a, b], animated: false)
        #expect(!a.isViewLoaded && b.isViewLoaded)
        nav.popViewController(animated: false)
        #expect(a.isViewLoaded)
    }

    @Test("setViewControllers replaces the stack; [] empties it and the top disappears")
    func setViewControllers() throws {
        let (window, nav, list) = makeNavigationWindow()
        let a = ViewController(title: "A")
        try nav.setViewControllers([a, list], animated: true)
        #expect(nav.viewControllers.map(\.displayName) == ["A", "List"])
        #expect(window.eventLog == ["setViewControllers [A, List] on Nav (animated)"])
        window.clearEventLog()
        try nav.setViewControllers([], animated: false)
        #expect(nav.viewControllers.isEmpty && nav.topViewController == nil)
        #expect(list.parent == nil && a.parent == nil)
        #expect(window.eventLog == [
            "setViewControllers [] on Nav", "viewWillDisappear List", "viewDidDisappear List",
        ])
        #expect(nav.lastTransition == .init(operation: .setViewControllers, animated: false, viewControllers: []))
    }

    @Test("pushing a controller that lives in another stack moves it there")
    func pushMovesBetweenStacks() throws {
        let other = NavigationController(rootViewController: ViewController(title: "Root2"), title: "Other")
        let moved = ViewController(title: "Moved")
        try other.pushViewController(moved, animated: false)
        let (window, nav, _) = makeNavigationWindow()
        defer { withExtendedLifetime(window) {} }
        try nav.pushViewController(moved, animated: false)
        #expect(other.viewControllers.map(\.displayName) == ["Root2"])
        #expect(moved.navigationController === nav)
    }

    @Test("tabs: only the selected tab appears; selecting another swaps them")
    func tabs() throws {
        let window = Window()
        let feed = ViewController(title: "Feed"), settings = ViewController(title: "Settings")
        let tabs = TabBarController(viewControllers: [feed, settings], title: "Tabs")
        window.rootViewController = tabs
        #expect(window.eventLog == [
            "rootViewController = Tabs", "viewDidLoad Tabs", "viewDidLoad Feed",
            "viewWillAppear Tabs", "viewWillAppear Feed", "viewDidAppear Tabs", "viewDidAppear Feed",
        ])
        window.clearEventLog()
        tabs.selectedViewController = settings
        #expect(tabs.selectedIndex == 1)
        #expect(window.eventLog == [
            "selectedIndex = 1 on Tabs", "viewDidLoad Settings",
            "viewWillDisappear Feed", "viewWillAppear Settings", "viewDidDisappear Feed", "viewDidAppear Settings",
        ])
        #expect(feed.tabBarController === tabs)
        tabs.selectedIndex = 7
        #expect(tabs.selectedIndex == 1)
        settings.removeFromParent()
        #expect(tabs.selectedViewController === feed)
    }

    @Test("a custom container shows all its children; navigationController finds the nearest stack")
    func customContainer() throws {
        let window = Window()
        let root = ViewController(title: "Root")
        let left = NavigationController(rootViewController: ViewController(title: "L0"), title: "Left")
        let right = ViewController(title: "Right")
        try root.addChild(left)
        try root.addChild(right)
        window.rootViewController = root
        #expect(window.eventLog.filter { $0.hasPrefix("viewDidAppear") } == [
            "viewDidAppear Root", "viewDidAppear Left", "viewDidAppear L0", "viewDidAppear Right",
        ])
        let inner = ViewController(title: "Inner")
        try left.viewControllers[0].addChild(inner)
        #expect(inner.navigationController === left)
        #expect(inner.isViewLoaded)
        #expect(left.navigationController == nil)
    }

    @Test("lifecycle hooks: the overridable method, then the handler")
    func lifecycleHooks() throws {
        final class Form: ViewController {
            var calls: [String] = []
            override func viewDidLoad() { calls.append("viewDidLoad") }
            override func viewWillAppear(_ animated: Bool) { calls.append("viewWillAppear \(animated)") }
            override func viewDidAppear(_ animated: Bool) { calls.append("viewDidAppear \(animated)") }
            override func viewWillDisappear(_ animated: Bool) { calls.append("viewWillDisappear \(animated)") }
            override func viewDidDisappear(_ animated: Bool) { calls.append("viewDidDisappear \(animated)") }
        }
        let (window, nav, _) = makeNavigationWindow()
        defer { withExtendedLifetime(window) {} }
        let form = Form(title: "Form")
        var handled: [LifecycleEvent] = []
        form.lifecycleHandler = { vc, event in
            #expect(vc === form)
            handled.append(event)
        }
        try nav.pushViewController(form, animated: true)
        nav.popViewController(animated: false)
        #expect(form.calls == [
            "viewDidLoad", "viewWillAppear true", "viewDidAppear true", "viewWillDisappear false", "viewDidDisappear false",
        ])
        #expect(handled.map(\.description) == [
            "viewDidLoad", "viewWillAppear (animated)", "viewDidAppear (animated)", "viewWillDisappear", "viewDidDisappear",
        ])
    }
}
