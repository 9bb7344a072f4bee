/// The delegate of a ``TabBarController`` (`UITabBarControllerDelegate`). UIKit asks it only when the user
/// taps a tab (``TabBarController/userSelect(index:)``), never for a programmatic selection.
///
/// ```swift
/// final class Guard: TabBarControllerDelegate {
///     func tabBarController(_ tabs: TabBarController, shouldSelect vc: ViewController) throws -> Bool { vc.title != "Locked" }
/// }
/// ```
public protocol TabBarControllerDelegate: AnyObject {
    /// Whether the tapped tab may be selected (`tabBarController(_:shouldSelect:)`); true by default.
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) throws -> Bool
    /// Called after the user selected a tab, also when it was already selected (`tabBarController(_:didSelect:)`).
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) throws
}

extension TabBarControllerDelegate {
    /// Returns true.
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) throws -> Bool { true }
    /// Does nothing.
    public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) throws {}
}
