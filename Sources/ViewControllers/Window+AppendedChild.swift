/// `addChild` on a container that shows every child, without recomputing the whole window.
///
/// When a custom container gets a child that has no parent (the child is then in no window, presents
/// nothing and is not presented: `validateNewChild` made sure), nothing that was visible can disappear and
/// only the child's own subtree can appear, exactly when the container is visible. The window's
/// ``Window/visibleControllers`` are in depth-first window order, so the subtree goes just before the
/// controller that follows the container's subtree in that order. The callbacks are then those of
/// ``Window/updateAppearance(animated:)`` with nothing disappearing: the same lines, in the same order.
///
/// That holds while ``Window/visibleControllers`` is what ``Window/computeVisibleControllers()`` would
/// give before the change, which every transition keeps; the only change made without a transition (a
/// presented controller's ``ViewController/modalPresentationStyle``) sets
/// ``Window/needsFullAppearanceUpdate`` and the next change recomputes everything. Debug builds (hence
/// the test suite) check the result against the full computation after every such `addChild` while the
/// window shows at most ``Window/fullCheckLimit`` controllers.
extension ViewController {
    /// Validates `child` (which has no parent) as `validateNewChild` does, attaches it to self (which shows
    /// every child) and makes its subtree appear if self is visible.
    func attachAppearing(_ child: ViewController) throws {
        // The controller after self's subtree in window order: the next sibling of the nearest
        // ancestor-or-self that has one in a container showing every child — a navigation or tab bar
        // controller shows one child only — else the presentation over the outermost container; and the
        // window. Both come from shortcuts remembered by earlier calls (``ContainmentHints``), so adding
        // along a chain costs the same at every depth. `child` has no parent: it is self or an ancestor
        // of self exactly when it is self or the root of self's tree.
        var next: ViewController?
        let runTop = ContainmentHints.runTop(of: self)
        var top: ViewController
        if let p = runTop.parent {
            if let i = p.children.firstIndex(where: { $0 === runTop }), i + 1 < p.children.count { next = p.children[i + 1] }
            top = ContainmentHints.root(of: p)
        } else {
            top = runTop
        }
        let isAncestorOrSelf = self === child || top === child
        if next == nil { next = top.presentedStorage }
        while let presenter = top.presenterStorage { top = presenter.outermostContainer }
        try validateNewChild(child, isAncestorOrSelf: isAncestorOrSelf)
        let window = top.windowStorage
        attach(child)
        window?.didAttach(child, to: self, before: next)
    }
}

extension Window {
    /// Updates the window after `child`, with no parent before, was appended to `parent`, a container that
    /// shows every child; `next` is the controller that follows `parent`'s subtree in window order.
    func didAttach(_ child: ViewController, to parent: ViewController, before next: ViewController?) {
        guard usesIncrementalAppearance && !needsFullAppearanceUpdate else {
            updateAppearance(animated: false)
            return
        }
        guard let parentIndex = visibleControllers.lastIndex(where: { $0 === parent }) else {
            // The parent is not visible: neither is the child, nothing changes.
            assert(visibleControllersAreCurrent, "visible controllers out of date after addChild")
            return
        }
        var insertion = visibleControllers.endIndex
        if let next {
            guard let i = visibleControllers[(parentIndex + 1)...].firstIndex(where: { $0 === next }) else {
                assertionFailure("the controller after the container is not visible")
                updateAppearance(animated: false)
                return
            }
            insertion = i
        }
        var appearing: [ViewController] = []
        Window.appendVisibleTree(child, to: &appearing)
        if appearing.contains(where: { ($0 as? SplitViewController).map { $0.isCollapsed != (horizontalSizeClass == .compact) } ?? false }) {
            updateAppearance(animated: false)  // a split view controller collapses or expands first
            return
        }
        visibleControllers.insert(contentsOf: appearing, at: insertion)
        assert(visibleControllersAreCurrent, "visible controllers out of date after addChild")
        applyVisibilityChange(disappearing: [], appearing: appearing, animated: false)
    }

    /// Whether ``visibleControllers`` is what the hierarchy gives now (for assertions). The check costs a
    /// walk of the whole window, so debug builds make it only while the window shows at most
    /// ``Window/fullCheckLimit`` controllers (beyond, building a large hierarchy would be quadratic).
    var visibleControllersAreCurrent: Bool {
        guard visibleControllers.count <= Window.fullCheckLimit else { return true }
        return visibleControllersAreCurrentNow
    }

    /// The number of controllers up to which debug builds compare the visible controllers with a full
    /// computation after every incremental `addChild`.
    static let fullCheckLimit = 256

    private var visibleControllersAreCurrentNow: Bool {
        visibleControllers.elementsEqual(computeVisibleControllers(), by: ===)
    }
}
