/// The delegate of a ``SplitViewController`` (`UISplitViewControllerDelegate`, iOS 14 column API). Every
/// method has a default.
public protocol SplitViewControllerDelegate: AnyObject {
    /// The column to show on top when collapsing (`splitViewController(_:topColumnForCollapsingToProposedTopColumn:)`);
    /// the proposal by default.
    func splitViewController(_ svc: SplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column) -> SplitViewController.Column
    /// Called after the split collapsed (`splitViewControllerDidCollapse(_:)`).
    func splitViewControllerDidCollapse(_ svc: SplitViewController)
    /// Called after the split expanded (`splitViewControllerDidExpand(_:)`).
    func splitViewControllerDidExpand(_ svc: SplitViewController)
}

extension SplitViewControllerDelegate {
    /// Returns the proposal.
    public func splitViewController(_ svc: SplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column) -> SplitViewController.Column {
        proposedTopColumn
    }
    /// Does nothing.
    public func splitViewControllerDidCollapse(_ svc: SplitViewController) {}
    /// Does nothing.
    public func splitViewControllerDidExpand(_ svc: SplitViewController) {}
}
