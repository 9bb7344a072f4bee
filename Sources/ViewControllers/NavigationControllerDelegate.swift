/// The delegate of a ``NavigationController`` (`UINavigationControllerDelegate`): told when the navigation
/// controller shows a new top controller — by a push, a pop, `setViewControllers`, a tap on the back button or
/// a swipe back — and when it shows its top controller as it appears itself.
///
/// Both methods have default implementations that do nothing. `willShow` comes after the transition's line
/// and before the lifecycle callbacks of the controllers that appear; `didShow` after the last `viewDidAppear`.
/// A navigation controller that is not visible calls neither.
///
/// ```swift
/// final class Logger: NavigationControllerDelegate {
///     func navigationController(_ nav: NavigationController, didShow vc: ViewController, animated: Bool) {
///         print("now showing", vc.displayName)
///     }
/// }
/// ```
public protocol NavigationControllerDelegate: AnyObject {
    /// Called just before `viewController` becomes the shown top controller (`navigationController(_:willShow:animated:)`).
    func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool)
    /// Called after `viewController` became the shown top controller (`navigationController(_:didShow:animated:)`).
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool)
}

extension NavigationControllerDelegate {
    /// Does nothing.
    public func navigationController(_ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool) {}
    /// Does nothing.
    public func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool) {}
}
