/// A split view controller in the column style of iOS 14 and later (`UISplitViewController(style:)`): a primary
/// column, an optional supplementary column and a secondary column, each a navigation controller (a controller
/// given for a column that is not one is wrapped in one, as UIKit does).
///
/// **Expanded** (the window's ``Window/horizontalSizeClass`` is regular) every column is visible. **Collapsed**
/// (compact) only the primary navigation controller is: on collapsing, the delegate is asked for the top column
/// (``SplitViewControllerDelegate/splitViewController(_:topColumnForCollapsingToProposedTopColumn:)``; the
/// proposal is the secondary column when it holds a controller, else the primary) and, when it is not the
/// primary, the controllers of the supplementary and secondary columns are moved onto the primary stack. On
/// expanding, the controllers above the primary column's own stack go back to the secondary column. A split
/// view controller collapses or expands when it is visible and its window's width differs from its state: at a
/// trait change, or when it is shown in a window. Both are logged (`collapse Split (top column secondary)`,
/// `expand Split`) and followed by the delegate's `didCollapse`/`didExpand`.
///
/// ```swift
/// let split = SplitViewController(primary: list, secondary: detail, title: "Split")
/// window.rootViewController = split
/// try list.showDetailViewController(other)   // expanded: the secondary column shows `other`
/// window.horizontalSizeClass = .compact       // collapsed: one navigation stack, `other` on top
/// ```
open class SplitViewController: ViewController {
    /// A column of the split view controller (`UISplitViewController.Column`).
    public enum Column: String, CaseIterable, Sendable {
        /// The leading column (a list).
        case primary
        /// The middle column of a triple-column split.
        case supplementary
        /// The trailing column (the detail).
        case secondary
    }

    /// The navigation controller of the primary column.
    public let primaryNavigationController: NavigationController
    /// The navigation controller of the supplementary column, nil for a double-column split.
    public let supplementaryNavigationController: NavigationController?
    /// The navigation controller of the secondary column.
    public let secondaryNavigationController: NavigationController
    /// The delegate (weak, as in UIKit).
    public weak var delegate: SplitViewControllerDelegate?
    /// True while the split view controller shows one navigation stack (horizontally compact).
    public private(set) var isCollapsed = false
    /// The size of the primary stack when the split collapsed: what goes back to the secondary column on expanding.
    private var primaryDepthAtCollapse = 0

    /// Creates a split view controller; a column given a controller that is not a navigation controller gets
    /// one wrapping it (titled after the column: `Primary`, `Supplementary`, `Secondary`).
    ///
    /// - Throws: ``ViewControllerError`` when a controller cannot be a child (presented, a window's root, in
    ///   another container is fine: it is taken from it) or is given for two columns.
    public init(primary: ViewController, supplementary: ViewController? = nil, secondary: ViewController, title: String? = nil) throws {
        let given = [primary, supplementary, secondary].compactMap { $0 }
        for (i, vc) in given.enumerated() where given[..<i].contains(where: { $0 === vc }) {
            throw ViewControllerError(.invalidHierarchy, "A view controller can be in only one column of a split view controller (\(vc.bracketed)).")
        }
        func wrap(_ vc: ViewController, _ name: String) throws -> NavigationController {
            if let nav = vc as? NavigationController { return nav }
            let nav = NavigationController(title: name)
            try nav.setViewControllers([vc], animated: false)
            return nav
        }
        primaryNavigationController = try wrap(primary, "Primary")
        supplementaryNavigationController = try supplementary.map { try wrap($0, "Supplementary") }
        secondaryNavigationController = try wrap(secondary, "Secondary")
        super.init(title: title)
        for nav in columnNavigationControllers {
            try validateNewChild(nav)
            attach(nav)
        }
    }

    /// `doubleColumn` or `tripleColumn` (`UISplitViewController.Style`), by whether a supplementary column was given.
    public var style: String { supplementaryNavigationController == nil ? "doubleColumn" : "tripleColumn" }

    /// The column navigation controllers: primary, supplementary (if any), secondary (`viewControllers`).
    public var viewControllers: [ViewController] { columnNavigationControllers }

    private var columnNavigationControllers: [NavigationController] {
        [primaryNavigationController] + (supplementaryNavigationController.map { [$0] } ?? []) + [secondaryNavigationController]
    }

    /// The navigation controller of a column (`viewController(for:)`), nil for a missing supplementary column.
    public func navigationController(for column: Column) -> NavigationController? {
        switch column {
        case .primary: return primaryNavigationController
        case .supplementary: return supplementaryNavigationController
        case .secondary: return secondaryNavigationController
        }
    }

    override var appearanceChildren: [ViewController] { isCollapsed ? [primaryNavigationController] : columnNavigationControllers }
    override var showsEveryChild: Bool { false }

    /// Shows `vc` in the secondary column (`showDetailViewController(_:sender:)` reaching the split): expanded,
    /// the secondary stack becomes `[vc]`; collapsed, `vc` is pushed onto the primary stack.
    func showDetail(_ vc: ViewController, animated: Bool) throws {
        if isCollapsed {
            try primaryNavigationController.pushViewController(vc, animated: animated)
        } else {
            try secondaryNavigationController.setViewControllers([vc], animated: false)
        }
    }

    // MARK: Collapsing and expanding

    /// Collapses or expands to match `sizeClass`, moving controllers between the column stacks without
    /// lifecycle callbacks (the window's update that follows makes them). Returns what to tell the delegate
    /// after the callbacks.
    func syncCollapse(to sizeClass: UserInterfaceSizeClass, in window: Window) -> (() -> Void)? {
        let collapse = sizeClass == .compact
        guard collapse != isCollapsed else { return nil }
        let primary = primaryNavigationController
        if collapse {
            let moving = (supplementaryNavigationController?.children ?? []) + secondaryNavigationController.children
            let proposed: Column = secondaryNavigationController.children.isEmpty ? .primary : .secondary
            let top = delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: proposed) ?? proposed
            // The delegate may have changed the window's width back (a collapse in a regular window would
            // stay collapsed): the split then stays expanded, and the log says why.
            guard window.horizontalSizeClass == sizeClass else {
                window.log("collapse", "\(displayName) abandoned: horizontalSizeClass changed to \(window.horizontalSizeClass.rawValue) in the delegate")
                return nil
            }
            window.log("collapse", "\(displayName) (top column \(top.rawValue))")
            primaryDepthAtCollapse = primary.children.count
            isCollapsed = true
            if top != .primary {
                for vc in moving {
                    vc.parent?.detach(vc)
                    primary.attach(vc)
                }
            }
            return { [weak self] in
                guard let self else { return }
                if self.delegate != nil { window.log("splitViewControllerDidCollapse", "\(self.displayName)") }
                self.delegate?.splitViewControllerDidCollapse(self)
            }
        }
        window.log("expand", "\(displayName)")
        isCollapsed = false
        let depth = max(1, primaryDepthAtCollapse)
        if primary.children.count > depth {
            let moving = Array(primary.children[depth...])
            for vc in secondaryNavigationController.children.reversed() { secondaryNavigationController.detach(vc) }
            for vc in moving {
                primary.detach(vc)
                secondaryNavigationController.attach(vc)
            }
        }
        return { [weak self] in
            guard let self else { return }
            if self.delegate != nil { window.log("splitViewControllerDidExpand", "\(self.displayName)") }
            self.delegate?.splitViewControllerDidExpand(self)
        }
    }
}

extension Window {
    /// Collapses or expands the visible split view controllers whose state differs from the window's width;
    /// returns the delegate notifications to run after the lifecycle callbacks.
    func syncSplitViews(visible: [ViewController]) -> [() -> Void] {
        var notifications: [() -> Void] = []
        for case let split as SplitViewController in visible {
            if let notify = split.syncCollapse(to: horizontalSizeClass, in: self) { notifications.append(notify) }
        }
        return notifications
    }
}
