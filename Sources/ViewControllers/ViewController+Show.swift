/// `show(_:sender:)` and `showDetailViewController(_:sender:)`, targeted as UIKit does.
extension ViewController {
    /// Shows `vc` in the nearest container that shows (`show(_:sender:)`): the nearest navigation controller
    /// pushes it; without one, it is presented from this controller. Animated, as UIKit's default.
    ///
    /// - Throws: as ``NavigationController/pushViewController(_:animated:)`` or ``present(_:animated:completion:)``.
    public func show(_ vc: ViewController) throws {
        if let nav = (self as? NavigationController) ?? navigationController {
            try nav.pushViewController(vc, animated: true)
        } else {
            try present(vc, animated: true)
        }
    }

    /// Shows `vc` as the detail (`showDetailViewController(_:sender:)`): the nearest split view controller shows
    /// it in its secondary column (expanded: replaces the secondary stack; collapsed: pushes it onto the primary
    /// stack); without one, it is presented from this controller (navigation controllers do not handle it).
    ///
    /// - Throws: as ``show(_:)``.
    public func showDetailViewController(_ vc: ViewController) throws {
        var current: ViewController? = self
        while let c = current {
            if let split = c as? SplitViewController {
                try split.showDetail(vc, animated: true)
                return
            }
            current = c.parent
        }
        try present(vc, animated: true)
    }
}
