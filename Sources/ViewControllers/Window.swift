/// A window (`UIWindow`): shows its ``rootViewController`` and everything presented over it, and keeps
/// the event log that tests and traces assert on.
///
/// The window is always visible: setting a root makes it appear (not animated). Every transition in the
/// window (push, pop, present, dismiss, tab selection, containment) is logged as one line, followed by
/// the lifecycle callbacks it caused, in UIKit's order:
///
/// 1. `viewDidLoad` of each appearing controller whose view was not loaded yet,
/// 2. `viewWillDisappear` of each disappearing controller, 3. `viewWillAppear` of each appearing one,
/// 4. `viewDidDisappear` of each disappearing one, 5. `viewDidAppear` of each appearing one.
///
/// Within each step controllers are in window order: the root's tree before presentations, containers
/// before their children, children in index order.
///
/// ```swift
/// let window = Window()
/// window.rootViewController = NavigationController(rootViewController: ViewController(title: "List"))
/// window.eventLog
/// // ["rootViewController = NavigationController", "viewDidLoad NavigationController", "viewDidLoad List",
/// //  "viewWillAppear NavigationController", "viewWillAppear List", "viewDidAppear NavigationController",
/// //  "viewDidAppear List"]
/// ```
public final class Window {
    /// Every transition, warning and lifecycle callback in this window, one line each, in order.
    ///
    /// Lifecycle lines read `viewWillAppear Form (animated)` (no suffix when not animated); UIKit's console
    /// warnings read `warning: Attempt to present …`.
    public var eventLog: [String] { events.map(\.description) }
    /// Every transition, warning and lifecycle callback in this window, in order (``eventLog`` is their text).
    @exclusivity(unchecked) public private(set) var events: [WindowEvent] = []
    /// The warnings UIKit would print to the console, in order (also in ``eventLog``).
    @exclusivity(unchecked) public private(set) var warnings: [String] = []
    /// Called with each event appended to ``events`` (a trace can forward it).
    @exclusivity(unchecked) public var logHandler: ((WindowEvent) -> Void)?

    /// The controllers visible in the window, in window order (the root's tree, then presentations;
    /// containers before their children).
    public var visibleViewControllers: [ViewController] { visibleControllers }

    /// The visible controllers as of the last transition, in window order.
    @exclusivity(unchecked) var visibleControllers: [ViewController] = []
    /// True when something changed what is visible without a transition (a presented controller's
    /// ``ViewController/modalPresentationStyle``): the next transition recomputes everything.
    @exclusivity(unchecked) var needsFullAppearanceUpdate = false
    /// False to make every transition recompute the whole hierarchy (tests compare both paths).
    @exclusivity(unchecked) var usesIncrementalAppearance = true
    @exclusivity(unchecked) private var rootStorage: ViewController?
    private var horizontalSizeClassStorage = UserInterfaceSizeClass.regular

    /// The window's horizontal size class (`traitCollection.horizontalSizeClass`), `.regular` by default.
    ///
    /// Changing it is a trait change, logged `horizontalSizeClass = compact`: popovers adapt (full screen in a
    /// compact width, so their presenters disappear; back to popovers in a regular one), with the lifecycle
    /// callbacks that causes.
    public var horizontalSizeClass: UserInterfaceSizeClass {
        get { horizontalSizeClassStorage }
        set {
            guard newValue != horizontalSizeClassStorage else { return }
            let involved = rootStorage.map { [$0] } ?? []
            horizontalSizeClassStorage = newValue
            log(WindowEvent("horizontalSizeClass", "= " + newValue.rawValue))
            Window.transition(involving: involved, animated: false, log: nil) {}
            if involved.isEmpty { updateAppearance(animated: false) }
        }
    }

    /// Creates an empty window.
    public init() {}

    deinit {
        // The root's `windowStorage` now reads nil.
        if let root = rootStorage { root.ownershipHandler?(root) }
    }

    /// The root view controller (`rootViewController`).
    ///
    /// Setting it makes the old root's hierarchy disappear and the new one appear, not animated. A
    /// controller that had a parent is removed from it first; one that was presented is dismissed first
    /// (not animated); one that was the root of another window leaves it.
    public var rootViewController: ViewController? {
        get { rootStorage }
        set {
            guard newValue !== rootStorage else { return }
            if let vc = newValue, let presenter = vc.presenterStorage {
                presenter.dismiss(animated: false)
            }
            let involved = [rootStorage, newValue].compactMap { $0 }
            Window.transition(involving: involved, animated: false, log: WindowEvent("rootViewController", "= " + (newValue?.displayName ?? "nil"))) {
                if let old = self.rootStorage { old.windowStorage = nil }
                if let vc = newValue {
                    if let p = vc.parent { p.detach(vc) }
                    if let otherWindow = vc.windowStorage, otherWindow !== self { otherWindow.rootStorage = nil }
                    vc.windowStorage = self
                }
                self.rootStorage = newValue
            }
        }
    }

    /// Removes every line from ``eventLog`` and ``warnings``.
    public func clearEventLog() {
        events.removeAll()
        warnings.removeAll()
    }

    /// Appends an event to the log.
    func log(_ event: WindowEvent) {
        events.append(event)
        logHandler?(event)
    }

    /// Appends the event `name detail` to the log.
    func log(_ name: String, _ detail: String) {
        log(WindowEvent(name, detail))
    }

    /// Records one of UIKit's console warnings.
    func warn(_ message: String) {
        warnings.append(message)
        log("warning:", message)
    }

    // MARK: Visibility

    /// The controllers visible now, computed from the hierarchy, in window order.
    func computeVisibleControllers() -> [ViewController] {
        guard let root = rootStorage else { return [] }
        var layers = [root]
        var current = root
        while let presented = current.presentedStorage {
            layers.append(presented)
            current = presented
        }
        var start = layers.count - 1
        while start > 0 && !layers[start].modalPresentationStyle.resolved(horizontalSizeClass: horizontalSizeClass).hidesPresenter {
            start -= 1
        }
        var result: [ViewController] = []
        for layer in layers[start...] { Window.appendVisibleTree(layer, to: &result) }
        return result
    }

    /// Appends a controller and its visible descendants in depth-first order, with an explicit stack (a
    /// containment chain of any depth, without deep native recursion).
    static func appendVisibleTree(_ vc: ViewController, to result: inout [ViewController]) {
        var stack = [vc]
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: next.appearanceChildren.reversed())
        }
    }

    /// Recomputes what is visible and fires the lifecycle callbacks for what changed.
    func updateAppearance(animated: Bool) {
        let before = visibleControllers
        var after = computeVisibleControllers()
        // Split view controllers follow the window's width (collapse or expand) before anything appears.
        var splitNotifications: [() -> Void] = []
        if after.contains(where: { $0 is SplitViewController }) {
            splitNotifications = syncSplitViews(visible: after)
            if !splitNotifications.isEmpty { after = computeVisibleControllers() }
        }
        defer { for notify in splitNotifications { notify() } }
        let afterIDs = Set(after.map(ObjectIdentifier.init))
        let beforeIDs = Set(before.map(ObjectIdentifier.init))
        let disappearing = before.filter { !afterIDs.contains(ObjectIdentifier($0)) }
        let appearing = after.filter { !beforeIDs.contains(ObjectIdentifier($0)) }
        visibleControllers = after
        needsFullAppearanceUpdate = false
        applyVisibilityChange(disappearing: disappearing, appearing: appearing, animated: animated)
    }

    /// Marks what changed as visible or not and fires the lifecycle callbacks in UIKit's order.
    func applyVisibilityChange(disappearing: [ViewController], appearing: [ViewController], animated: Bool) {
        for vc in disappearing { vc.isVisibleInWindow = false }
        for vc in appearing { vc.isVisibleInWindow = true }
        for vc in appearing where !vc.isViewLoaded {
            vc.isViewLoaded = true
            vc.deliver(.viewDidLoad, in: self)
        }
        for vc in disappearing { vc.deliver(.viewWillDisappear(animated: animated), in: self) }
        for vc in appearing { vc.deliver(.viewWillAppear(animated: animated), in: self) }
        for vc in disappearing { vc.deliver(.viewDidDisappear(animated: animated), in: self) }
        for vc in appearing { vc.deliver(.viewDidAppear(animated: animated), in: self) }
        // A navigation controller that appeared has shown its top controller (`didShow`, after every `viewDidAppear`).
        for vc in appearing { (vc as? NavigationController)?.didAppearInWindow(self, animated: animated) }
    }

    /// Runs a hierarchy change, then updates every window involved before or after it.
    ///
    /// - Parameters:
    ///   - involving: the controllers whose windows may change.
    ///   - log: the transition's line, written to each involved window before its callbacks.
    ///   - beforeAppearance: run once, after the first window's line and before its callbacks.
    ///   - afterAppearance: run once, after every window's callbacks.
    static func transition(
        involving controllers: [ViewController], animated: Bool, log line: WindowEvent?,
        beforeAppearance: (() -> Void)? = nil, afterAppearance: (() -> Void)? = nil, _ body: () -> Void
    ) {
        var windows: [Window] = []
        func collect() {
            for vc in controllers {
                if let w = vc.window, !windows.contains(where: { $0 === w }) { windows.append(w) }
            }
        }
        collect()
        body()
        collect()
        var before = beforeAppearance
        for w in windows {
            if let line { w.log(line) }
            before?()
            before = nil
            w.updateAppearance(animated: animated)
        }
        afterAppearance?()
    }
}
