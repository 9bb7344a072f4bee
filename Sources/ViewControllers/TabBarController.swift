/// A tab bar controller (`UITabBarController`): shows one of its ``viewControllers``, the selected one.
///
/// ```swift
/// let tabs = TabBarController(viewControllers: [feed, settings])
/// tabs.selectedIndex = 1     // feed disappears, settings appears
/// ```
open class TabBarController: ViewController {
    @exclusivity(unchecked) private var selectedIndexStorage = 0
    /// The delegate (weak, as in UIKit), asked when the user taps a tab (``TabBarControllerDelegate``).
    public weak var delegate: TabBarControllerDelegate?

    /// Creates a tab bar controller with its tabs; the first one is selected.
    ///
    /// Controllers that cannot be children (presented, a window's root) are left out.
    public init(viewControllers: [ViewController] = [], title: String? = nil) {
        super.init(title: title)
        for vc in viewControllers where (try? validateNewChild(vc)) != nil && !children.contains(where: { $0 === vc }) {
            attach(vc)
        }
    }

    /// The tabs, in order. Setting it is ``setViewControllers(_:animated:)``; invalid values are ignored.
    public var viewControllers: [ViewController] {
        get { children }
        set { try? setViewControllers(newValue, animated: false) }
    }

    /// Replaces the tabs. As UIKit documents for `setViewControllers(_:animated:)`: when the selected
    /// controller is still a tab it stays selected (at its new index); otherwise the same index is selected
    /// when it is still valid, else the first tab.
    ///
    /// - Throws: ``ViewControllerError`` when a controller appears twice or cannot be a child; the tabs are
    ///   unchanged.
    public func setViewControllers(_ viewControllers: [ViewController], animated: Bool) throws {
        for (i, vc) in viewControllers.enumerated() {
            if viewControllers[..<i].contains(where: { $0 === vc }) {
                throw ViewControllerError(.invalidHierarchy, "A view controller can appear only once in a tab bar controller (\(vc.bracketed)).")
            }
            try validateNewChild(vc)
        }
        let line = WindowEvent("setViewControllers", "[\(viewControllers.map(\.displayName).joined(separator: ", "))] on \(displayName)")
        let previous = selectedViewController, previousIndex = selectedIndexStorage
        Window.transition(involving: [self] + viewControllers, animated: animated, log: line) {
            for vc in self.children.reversed() where !viewControllers.contains(where: { $0 === vc }) { self.detach(vc) }
            for vc in viewControllers {
                if vc.parent === self { self.children.removeAll { $0 === vc } }
                else if let p = vc.parent { p.detach(vc) }
                self.children.append(vc)
                vc.parent = self
            }
            if let previous, let i = self.children.firstIndex(where: { $0 === previous }) {
                self.selectedIndexStorage = i
            } else {
                self.selectedIndexStorage = previousIndex < self.children.count ? previousIndex : 0
            }
        }
    }

    /// The index of the selected tab (0 when there are no tabs). Setting an index out of range does
    /// nothing; changing the selection makes the old tab disappear and the new one appear (not animated).
    public var selectedIndex: Int {
        get { selectedIndexStorage }
        set {
            guard newValue != selectedIndexStorage, children.indices.contains(newValue) else { return }
            Window.transition(involving: [self], animated: false, log: WindowEvent("selectedIndex", "= \(newValue) on \(displayName)")) {
                self.selectedIndexStorage = newValue
            }
        }
    }

    /// The selected tab, or nil when there are none. Setting a controller that is not a tab does nothing.
    public var selectedViewController: ViewController? {
        get { children.indices.contains(selectedIndexStorage) ? children[selectedIndexStorage] : nil }
        set {
            guard let vc = newValue, let i = children.firstIndex(where: { $0 === vc }) else { return }
            selectedIndex = i
        }
    }

    override var appearanceChildren: [ViewController] { selectedViewController.map { [$0] } ?? [] }
    override var showsEveryChild: Bool { false }

    override func didRemoveChild(at index: Int) {
        if index < selectedIndexStorage { selectedIndexStorage -= 1 }
        if selectedIndexStorage >= children.count { selectedIndexStorage = max(0, children.count - 1) }
    }
}
