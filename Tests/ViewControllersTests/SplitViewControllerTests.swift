import Testing
@testable import ViewControllers

/// Answers the top column it was given and records the calls.
private final class SplitRecorder: SplitViewControllerDelegate {
    var top: SplitViewController.Column?
    var calls: [String] = []
    func splitViewController(_ svc: SplitViewController, topColumnForCollapsingToProposedTopColumn proposed: SplitViewController.Column) -> SplitViewController.Column {
        calls.append("proposed \(proposed.rawValue)")
        return top ?? proposed
    }
    func splitViewControllerDidCollapse(_ svc: SplitViewController) { calls.append("collapsed") }
    func splitViewControllerDidExpand(_ svc: SplitViewController) { calls.append("expanded") }
}

@Suite struct SplitViewControllerTests {
    @Test("columns are wrapped in navigation controllers; showDetail replaces the secondary stack when expanded")
    func expanded() throws {
        let window = Window()
        let list = ViewController(title: "List"), empty = ViewController(title: "Empty")
        let split = try SplitViewController(primary: list, secondary: empty, title: "Split")
        window.rootViewController = split
        #expect(split.style == "doubleColumn" && !split.isCollapsed)
        #expect(list.navigationController === split.primaryNavigationController)
        let detail = ViewController(title: "Detail")
        try list.showDetailViewController(detail)
        #expect(split.secondaryNavigationController.viewControllers == [detail])
        #expect(detail.isVisible && !empty.isVisible && list.isVisible)
        let pushed = ViewController(title: "Pushed")
        try list.show(pushed)
        #expect(split.primaryNavigationController.topViewController === pushed)
    }

    @Test("collapse moves the secondary stack onto the primary one; expand gives back what was pushed since")
    func collapseAndExpand() throws {
        let window = Window()
        let list = ViewController(title: "List"), detail = ViewController(title: "Detail")
        let split = try SplitViewController(primary: list, secondary: detail, title: "Split")
        let recorder = SplitRecorder()
        split.delegate = recorder
        window.rootViewController = split
        window.horizontalSizeClass = .compact
        #expect(split.isCollapsed)
        #expect(split.primaryNavigationController.viewControllers == [list, detail])
        #expect(window.visibleViewControllers == [split, split.primaryNavigationController, detail])
        window.horizontalSizeClass = .regular
        #expect(split.secondaryNavigationController.viewControllers == [detail])
        #expect(split.primaryNavigationController.viewControllers == [list])
        #expect(recorder.calls == ["proposed secondary", "collapsed", "expanded"])
        recorder.top = .primary
        window.horizontalSizeClass = .compact
        #expect(split.primaryNavigationController.viewControllers == [list])
        #expect(!detail.isVisible && list.isVisible)
    }

    @Test("without a split, showDetail presents; a controller in two columns is refused")
    func outsideSplit() throws {
        let window = Window()
        let root = ViewController(title: "Root")
        window.rootViewController = root
        let other = ViewController(title: "Other")
        try root.showDetailViewController(other)
        #expect(root.presentedViewController === other)
        let twice = ViewController(title: "Twice")
        #expect(throws: ViewControllerError(.invalidHierarchy, "A view controller can be in only one column of a split view controller (<Twice>).")) {
            _ = try SplitViewController(primary: twice, secondary: twice)
        }
        #expect(twice.parent == nil)
    }
}
