import ObjectGraph

/// A view controller (`UIViewController`): a node of the window's hierarchy with UIKit's lifecycle.
///
/// Controllers are arranged by containment (``children`` / ``parent``: navigation stacks, tabs, custom
/// containers) and by presentation (``present(_:animated:completion:)``). A controller *appears* when it
/// becomes visible in its ``Window``: the root, the top of a visible navigation stack, the selected tab,
/// every child of a visible custom container, a presented controller; a full-screen presentation hides
/// the controllers below it. Each appearance change fires the lifecycle callbacks in UIKit's order, to
/// the overridable methods, to ``lifecycleHandler`` and to the window's ``Window/eventLog``.
///
/// Every controller is also a dependent view controller (BTDependentVC): see ``dvc_add(_:)``.
///
/// ```swift
/// let window = Window()
/// let list = ViewController(title: "List"), form = ViewController(title: "Form")
/// let nav = NavigationController(rootViewController: list)
/// window.rootViewController = nav
/// try nav.pushViewController(form, animated: true)
/// window.eventLog.last   // "viewDidAppear Form (animated)"
/// ```
///
/// ## Topics
/// - Containment: ``children``, ``parent``, ``addChild(_:)``, ``removeFromParent()``
/// - Presentation: ``present(_:animated:completion:)``, ``dismiss(animated:completion:)``
/// - Lifecycle: ``viewDidLoad()``, ``viewWillAppear(_:)``, ``lifecycleHandler``
/// - Dependencies: ``dvc_add(_:)``, ``dvc_updated(_:changedKeys:)``, ``dvc_deleted(_:)``
open class ViewController {
    /// The title; it also names the controller in messages, logs and ``Window/describe()``.
    @exclusivity(unchecked) public var title: String?
    /// The style used when this controller is presented. Defaults to ``ModalPresentationStyle/automatic``.
    public var modalPresentationStyle: ModalPresentationStyle = .automatic {
        // A presented controller's style decides what it hides; the change shows at the next transition.
        didSet { if presenterStorage != nil { window?.needsFullAppearanceUpdate = true } }
    }
    /// When true, the user cannot swipe the controller down while it is presented as a sheet
    /// (`isModalInPresentation`); UIKit checks the presented controller and the controllers shown inside it.
    public var isModalInPresentation = false
    /// The presentation controller, created on first use (``presentationController``).
    var presentationControllerStorage: PresentationController?
    /// The navigation item, created on first use (``navigationItem``).
    var navigationItemStorage: NavigationItem?
    /// True once `viewDidLoad` ran (when the controller first appeared, or ``loadViewIfNeeded()``).
    @exclusivity(unchecked) public internal(set) var isViewLoaded = false
    /// Called after each lifecycle method, with the controller and the event.
    @exclusivity(unchecked) public var lifecycleHandler: ((ViewController, LifecycleEvent) -> Void)?
    /// Called with the controller when ``isOwnedByHierarchy`` may have changed: its parent, its presenter
    /// or the window it is the root of was set or cleared, or was deallocated (which clears the weak
    /// reference without an operation). A registry of controllers re-checks only those.
    @exclusivity(unchecked) public var ownershipHandler: ((ViewController) -> Void)?

    /// The child controllers, in order (a navigation stack, the tabs, or a custom container's children).
    @exclusivity(unchecked) public internal(set) var children: [ViewController] = []
    /// The parent container, if any.
    public internal(set) weak var parent: ViewController? {
        didSet {
            // See ContainmentHints: only a new first child of a container keeps every shortcut.
            if oldValue != nil || parent == nil || parent?.children.count != 1 { ContainmentHints.moveEpoch() }
            ownershipHandler?(self)
        }
    }
    /// ``ContainmentHints``: an ancestor-or-self remembered as the root, and the epoch it was taken at.
    weak var rootHint: ViewController?
    @exclusivity(unchecked) var rootHintEpoch = -1
    /// ``ContainmentHints``: an ancestor-or-self remembered as the top of the run, and its epoch.
    weak var runHint: ViewController?
    @exclusivity(unchecked) var runHintEpoch = -1

    /// The controller this one's outermost container presented (strong, as in UIKit).
    @exclusivity(unchecked) var presentedStorage: ViewController?
    /// The outermost container that presented this controller.
    weak var presenterStorage: ViewController? {
        didSet { ownershipHandler?(self) }
    }
    /// The window whose root this controller is.
    weak var windowStorage: Window? {
        didSet { ownershipHandler?(self) }
    }
    /// True while the window counts this controller as visible.
    @exclusivity(unchecked) var isVisibleInWindow = false

    /// True between `viewWillAppear` and `viewWillDisappear`: the controller is visible in a window.
    public var isVisible: Bool { isVisibleInWindow }
    /// BTDependentVC state, created on first use.
    @exclusivity(unchecked) var dependencyStorage: DependencyState?

    /// Creates a controller.
    ///
    /// - Parameter title: the title, which also names the controller in messages and logs.
    public init(title: String? = nil) {
        self.title = title
    }

    deinit {
        dependencyStorage?.cancelAll()
        // The children's `parent` and the presented controller's `presenterStorage` now read nil.
        for child in children { child.ownershipHandler?(child) }
        if let presented = presentedStorage { presented.ownershipHandler?(presented) }
        // Releases the subtree level by level here rather than by one nested deinit per level (a chain of
        // 20,000 children overflowed the native stack when it was freed): a controller only this one holds
        // gives its children and presented controller to the loop before it goes.
        var pending = children
        if let presented = presentedStorage { pending.append(presented) }
        children = []
        presentedStorage = nil
        while var next = pending.popLast() {
            guard isKnownUniquelyReferenced(&next) else { continue }
            for child in next.children { child.ownershipHandler?(child) }
            pending.append(contentsOf: next.children)
            next.children = []
            if let presented = next.presentedStorage {
                presented.ownershipHandler?(presented)
                pending.append(presented)
                next.presentedStorage = nil
            }
        }
    }

    /// The controller managing this controller's presentation (`presentationController`), created on first
    /// use and kept: its ``PresentationController/delegate`` can be set before presenting.
    public var presentationController: PresentationController {
        if let existing = presentationControllerStorage { return existing }
        let made = PresentationController(presented: self)
        presentationControllerStorage = made
        return made
    }

    // MARK: Names

    /// The title, or the type name when there is none: how logs and messages name the controller.
    public var displayName: String { title ?? typeName }

    /// The dynamic type's name, e.g. `NavigationController`.
    public var typeName: String { String(describing: type(of: self)) }

    /// `<Title>`: how UIKit's messages print the controller.
    var bracketed: String { "<" + displayName + ">" }

    // MARK: Relationships

    /// The nearest ancestor navigation controller (not self).
    public var navigationController: NavigationController? {
        var current = parent
        while let vc = current {
            if let nav = vc as? NavigationController { return nav }
            current = vc.parent
        }
        return nil
    }

    /// The nearest ancestor tab bar controller (not self).
    public var tabBarController: TabBarController? {
        var current = parent
        while let vc = current {
            if let tabs = vc as? TabBarController { return tabs }
            current = vc.parent
        }
        return nil
    }

    /// The controller that presented this one or its nearest presented ancestor, or nil.
    ///
    /// Presentations are owned by outermost containers (docs/decisions.md, decision 3), so this is the outermost
    /// container of the controller on which `present` was called.
    public var presentingViewController: ViewController? { outermostContainer.presenterStorage }

    /// The controller presented by this one or by one of its ancestors, or nil.
    public var presentedViewController: ViewController? { outermostContainer.presentedStorage }

    /// True while the hierarchy holds the controller: it has a parent, was presented, or is a window's
    /// root (the same as `parent != nil || presentingViewController != nil || window != nil`, read from
    /// the controller alone). ``ownershipHandler`` is called whenever it may have changed.
    public var isOwnedByHierarchy: Bool { parent != nil || presenterStorage != nil || windowStorage != nil }

    /// The window this controller is shown in (through containment and presentation), or nil.
    public var window: Window? {
        var top = outermostContainer
        while let presenter = top.presenterStorage { top = presenter.outermostContainer }
        return top.windowStorage
    }

    /// The topmost ancestor by containment (self when there is no parent).
    var outermostContainer: ViewController {
        parent == nil ? self : ContainmentHints.root(of: self)  // amortised constant time (ContainmentHints)
    }

    /// True when `other` is self or one of self's containment ancestors.
    func hasAncestorOrSelf(_ other: ViewController) -> Bool {
        var current: ViewController? = self
        while let vc = current {
            if vc === other { return true }
            current = vc.parent
        }
        return false
    }

    /// The children that are visible when this controller is: all of them for a custom container.
    var appearanceChildren: [ViewController] { children }

    /// True when ``appearanceChildren`` is ``children`` (a custom container); false for containers that
    /// show one child.
    var showsEveryChild: Bool { true }

    // MARK: Containment

    /// Adds a child controller at the end of ``children`` (`addChild(_:)`), removing it from its previous
    /// parent first. On a navigation controller this appends to the stack, on a tab bar controller it
    /// adds a tab.
    ///
    /// - Throws: ``ViewControllerError`` when the child is self or an ancestor, is presented, presents
    ///   something, or is a window's root; the hierarchy is unchanged.
    public func addChild(_ child: ViewController) throws {
        if child.parent == nil && showsEveryChild {
            // Only the child's subtree can appear: see `attachAppearing(_:)` (which validates it too).
            try attachAppearing(child)
            return
        }
        try validateNewChild(child)
        Window.transition(involving: [self, child], animated: false, log: nil) {
            self.attach(child)
        }
    }

    /// Removes the controller from its parent (`removeFromParent()`); nothing when it has none.
    public func removeFromParent() {
        guard let parent else { return }
        Window.transition(involving: [self], animated: false, log: nil) {
            parent.detach(self)
        }
    }

    /// Loads the view if it is not loaded yet, calling `viewDidLoad`.
    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        deliver(.viewDidLoad)
    }

    /// Checks that `child` may become a child of self.
    ///
    /// - Parameter isAncestorOrSelf: whether `child` is self or an ancestor, when the caller knows.
    func validateNewChild(_ child: ViewController, isAncestorOrSelf: Bool? = nil) throws {
        if isAncestorOrSelf ?? hasAncestorOrSelf(child) {
            throw ViewControllerError(
                .invalidHierarchy, "Cannot add \(child.bracketed) as a child of itself or of one of its descendants (\(bracketed)).")
        }
        if let presenter = child.presenterStorage {
            throw ViewControllerError(
                .invalidHierarchy,
                "Cannot add \(child.bracketed) as a child of \(bracketed): it is being presented by \(presenter.bracketed).")
        }
        if let presented = child.presentedStorage {
            throw ViewControllerError(
                .invalidHierarchy,
                "Cannot add \(child.bracketed) as a child of \(bracketed): it is presenting \(presented.bracketed).")
        }
        if child.windowStorage != nil {
            throw ViewControllerError(
                .invalidHierarchy, "Cannot add \(child.bracketed) as a child of \(bracketed): it is the root view controller of a window.")
        }
    }

    /// Appends `child`, removing it from its previous parent. No checks, no events.
    func attach(_ child: ViewController) {
        if let old = child.parent { old.detach(child) }
        children.append(child)
        child.parent = self
    }

    /// Removes `child` from ``children``. No checks, no events. Containers override to fix selection.
    func detach(_ child: ViewController) {
        guard let i = children.firstIndex(where: { $0 === child }) else { return }
        children.remove(at: i)
        child.parent = nil
        didRemoveChild(at: i)
    }

    /// Hook for containers after a child was removed at `index`.
    func didRemoveChild(at index: Int) {}

    // MARK: Lifecycle

    /// Called once, before the controller first appears. Override to set up; no need to call `super`.
    open func viewDidLoad() {}
    /// Called before the controller becomes visible in its window.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the controller became visible in its window.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the controller leaves the window (popped, covered, dismissed, deselected).
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the controller left the window.
    open func viewDidDisappear(_ animated: Bool) {}

    // MARK: Dependencies (BTDependentVC)

    /// Called when a dependency's properties changed (updated or refreshed), once per object and
    /// notification, with the changed keys sorted. Override it; the default does nothing.
    open func dvc_updated(_ object: ManagedObject, changedKeys: [String]) {}

    /// Called when a dependency was deleted, invalidated, or its context was reset, after it was removed
    /// from the dependencies. Override it; the default does nothing.
    open func dvc_deleted(_ object: ManagedObject) {}

    /// Logs the event to the window, calls the overridable method, then ``lifecycleHandler``.
    func deliver(_ event: LifecycleEvent, in window: Window? = nil) {
        (window ?? self.window)?.log(event.name, displayName + (event.animated ? " (animated)" : ""))
        switch event {
        case .viewDidLoad: viewDidLoad()
        case .viewWillAppear(let a): viewWillAppear(a)
        case .viewDidAppear(let a): viewDidAppear(a)
        case .viewWillDisappear(let a): viewWillDisappear(a)
        case .viewDidDisappear(let a): viewDidDisappear(a)
        }
        lifecycleHandler?(self, event)
    }
}

extension ViewController: Hashable {
    /// Identity equality, as for `NSObject`-based controllers.
    public static func == (lhs: ViewController, rhs: ViewController) -> Bool { lhs === rhs }

    /// Identity hash.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
