/// A navigation controller (`UINavigationController`): a stack of controllers of which only the top one
/// is visible.
///
/// The stack is the controller's ``ViewController/children``. Each operation records its kind and its
/// `animated` argument in ``lastTransition`` and one line in the window's ``Window/eventLog``.
///
/// ```swift
/// let nav = NavigationController(rootViewController: list)
/// try nav.pushViewController(form, animated: true)
/// nav.topViewController === form
/// nav.popViewController(animated: false) === form
/// ```
open class NavigationController: ViewController {
    /// What a navigation operation did.
    public struct Transition: Equatable, Sendable, CustomStringConvertible {
        /// The kind of operation.
        public enum Operation: String, Sendable {
            /// `pushViewController(_:animated:)`.
            case push
            /// `popViewController(animated:)`.
            case pop
            /// `popToViewController(_:animated:)`.
            case popToViewController
            /// `popToRootViewController(animated:)`.
            case popToRootViewController
            /// `setViewControllers(_:animated:)`.
            case setViewControllers
        }
        /// The operation.
        public var operation: Operation
        /// The `animated` argument.
        public var animated: Bool
        /// The display names of the controllers pushed, popped or set, in stack order.
        public var viewControllers: [String]

        /// Creates a transition record.
        public init(operation: Operation, animated: Bool, viewControllers: [String]) {
            self.operation = operation
            self.animated = animated
            self.viewControllers = viewControllers
        }

        /// `push [Form] (animated)`.
        public var description: String {
            operation.rawValue + " [" + viewControllers.joined(separator: ", ") + "]" + (animated ? " (animated)" : "")
        }
    }

    /// The last operation performed on the stack, or nil.
    @exclusivity(unchecked) public private(set) var lastTransition: Transition?
    /// The delegate (weak, as in UIKit): told of each new top controller shown (``NavigationControllerDelegate``).
    public weak var delegate: NavigationControllerDelegate?

    /// Creates an empty navigation controller.
    public override init(title: String? = nil) {
        super.init(title: title)
    }

    /// Creates a navigation controller whose stack holds `rootViewController`.
    ///
    /// The root is taken from any parent it had. A navigation controller, a presented controller or a
    /// window's root cannot be the root of a stack: such a controller is left out (use
    /// ``setViewControllers(_:animated:)`` to get the error).
    public init(rootViewController: ViewController, title: String? = nil) {
        super.init(title: title)
        if (try? validatePush(rootViewController)) != nil { attach(rootViewController) }
    }

    /// The stack, bottom first (`viewControllers`). Setting it is ``setViewControllers(_:animated:)``
    /// without animation; invalid values are ignored.
    public var viewControllers: [ViewController] {
        get { children }
        set { try? setViewControllers(newValue, animated: false) }
    }

    /// The controller at the top of the stack.
    public var topViewController: ViewController? { children.last }

    /// The controller presented over the navigation controller if any, otherwise the top of the stack.
    public var visibleViewController: ViewController? { presentedViewController ?? topViewController }

    override var appearanceChildren: [ViewController] { children.last.map { [$0] } ?? [] }
    override var showsEveryChild: Bool { false }

    /// Checks that `vc` may be pushed.
    func validatePush(_ vc: ViewController) throws {
        if vc is NavigationController { throw ViewControllerError.pushNavigationController }
        if children.contains(where: { $0 === vc }) { throw ViewControllerError.pushSameInstance(vc) }
        try validateNewChild(vc)
    }

    /// Pushes a controller onto the stack (`pushViewController(_:animated:)`); it becomes visible when the
    /// navigation controller is. A controller with another parent is removed from it first.
    ///
    /// - Throws: ``ViewControllerError``: `Pushing a navigation controller is not supported`,
    ///   `Pushing the same view controller instance more than once is not supported (<X>)`, or a
    ///   containment error (presented, window root, ancestor). The stack is unchanged.
    public func pushViewController(_ viewController: ViewController, animated: Bool) throws {
        try validatePush(viewController)
        let t = Transition(operation: .push, animated: animated, viewControllers: [viewController.displayName])
        perform(t, involving: [viewController]) { self.attach(viewController) }
    }

    /// Pops the top controller (`popViewController(animated:)`) and returns it; nil (and nothing
    /// happens) when the stack has one controller or none.
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        guard children.count > 1, let top = children.last else { return nil }
        let t = Transition(operation: .pop, animated: animated, viewControllers: [top.displayName])
        perform(t, involving: []) { self.detach(top) }
        return top
    }

    /// Pops every controller above `viewController` (`popToViewController(_:animated:)`) and returns
    /// them, bottom first (empty when it is already the top). Controllers popped keep nothing presented:
    /// presentations belong to outermost containers, so popping never dismisses anything.
    ///
    /// - Throws: ``ViewControllerError`` `Tried to pop to a view controller that doesn't exist.` when it
    ///   is not in the stack.
    @discardableResult
    public func popToViewController(_ viewController: ViewController, animated: Bool) throws -> [ViewController] {
        guard let i = children.firstIndex(where: { $0 === viewController }) else {
            throw ViewControllerError.popToMissing
        }
        return popAbove(index: i, operation: .popToViewController, animated: animated)
    }

    /// Pops every controller but the root (`popToRootViewController(animated:)`) and returns them, bottom
    /// first; empty when there is nothing to pop.
    @discardableResult
    public func popToRootViewController(animated: Bool) -> [ViewController] {
        guard !children.isEmpty else { return [] }
        return popAbove(index: 0, operation: .popToRootViewController, animated: animated)
    }

    private func popAbove(index: Int, operation: Transition.Operation, animated: Bool) -> [ViewController] {
        let popped = Array(children[(index + 1)...])
        guard !popped.isEmpty else { return [] }
        let t = Transition(operation: operation, animated: animated, viewControllers: popped.map(\.displayName))
        perform(t, involving: []) {
            for vc in popped.reversed() { self.detach(vc) }
        }
        return popped
    }

    /// Replaces the whole stack (`setViewControllers(_:animated:)`); `[]` empties it. Controllers with
    /// another parent are removed from it first.
    ///
    /// - Throws: ``ViewControllerError`` when a controller is a navigation controller, appears twice
    ///   (`Pushing the same view controller instance more than once is not supported (<X>)`), or cannot be
    ///   a child (presented, window root, ancestor). The stack is unchanged.
    public func setViewControllers(_ viewControllers: [ViewController], animated: Bool) throws {
        for (i, vc) in viewControllers.enumerated() {
            if vc is NavigationController { throw ViewControllerError.pushNavigationController }
            if viewControllers[..<i].contains(where: { $0 === vc }) { throw ViewControllerError.pushSameInstance(vc) }
            try validateNewChild(vc)
        }
        let t = Transition(operation: .setViewControllers, animated: animated, viewControllers: viewControllers.map(\.displayName))
        perform(t, involving: viewControllers) {
            for vc in self.children.reversed() where !viewControllers.contains(where: { $0 === vc }) { self.detach(vc) }
            for vc in viewControllers {
                if vc.parent === self {
                    self.children.removeAll { $0 === vc }
                    self.children.append(vc)
                } else {
                    self.attach(vc)
                }
            }
        }
    }

    private func perform(_ t: Transition, involving others: [ViewController], _ body: () -> Void) {
        lastTransition = t
        let line = WindowEvent(t.operation.rawValue, "[\(t.viewControllers.joined(separator: ", "))] on \(displayName)\(t.animated ? " (animated)" : "")")
        // The delegate hears of a new top controller while the navigation controller is on screen.
        let oldTop = topViewController, wasVisible = isVisible
        var shown: ViewController?
        Window.transition(involving: [self] + others, animated: t.animated, log: line, beforeAppearance: {
            guard wasVisible, let top = self.topViewController, top !== oldTop else { return }
            shown = top
            self.notifyDelegate(willShow: top, animated: t.animated)
        }, afterAppearance: {
            if let shown, shown === self.topViewController { self.notifyDelegate(didShow: shown, animated: t.animated) }
        }, body)
    }

    // MARK: Delegate

    /// Logs and sends `navigationController(_:willShow:animated:)` to the delegate, if any.
    func notifyDelegate(willShow vc: ViewController, animated: Bool, in window: Window? = nil) {
        guard let delegate else { return }
        (window ?? self.window)?.log("navigationController", "willShow \(vc.displayName) on \(displayName)\(animated ? " (animated)" : "")")
        delegate.navigationController(self, willShow: vc, animated: animated)
    }

    /// Logs and sends `navigationController(_:didShow:animated:)` to the delegate, if any.
    func notifyDelegate(didShow vc: ViewController, animated: Bool, in window: Window? = nil) {
        guard let delegate else { return }
        (window ?? self.window)?.log("navigationController", "didShow \(vc.displayName) on \(displayName)\(animated ? " (animated)" : "")")
        delegate.navigationController(self, didShow: vc, animated: animated)
    }

    /// A navigation controller that appears shows its top controller: `willShow` after its own
    /// `viewWillAppear` (before the top's), `didShow` after every `viewDidAppear` of the change.
    override func deliver(_ event: LifecycleEvent, in window: Window? = nil) {
        super.deliver(event, in: window)
        if case .viewWillAppear(let animated) = event, let top = topViewController {
            notifyDelegate(willShow: top, animated: animated, in: window)
        }
    }

    /// Called by the window after the `viewDidAppear` callbacks of a change in which this controller appeared.
    func didAppearInWindow(_ window: Window, animated: Bool) {
        if let top = topViewController { notifyDelegate(didShow: top, animated: animated, in: window) }
    }
}
