/// One view-lifecycle callback, as delivered to ``ViewController/lifecycleHandler`` and written to the
/// window's ``Window/eventLog``.
///
/// ```swift
/// form.lifecycleHandler = { vc, event in print(event.name, vc.displayName) }
/// ```
public enum LifecycleEvent: Equatable, Sendable, CustomStringConvertible {
    /// The view was loaded (once, before the controller first appears).
    case viewDidLoad
    /// The view is about to become visible in the window.
    case viewWillAppear(animated: Bool)
    /// The view became visible in the window.
    case viewDidAppear(animated: Bool)
    /// The view is about to leave the window (popped, covered, dismissed, deselected).
    case viewWillDisappear(animated: Bool)
    /// The view left the window.
    case viewDidDisappear(animated: Bool)

    /// The UIKit selector name without its argument: `viewWillAppear`.
    public var name: String {
        switch self {
        case .viewDidLoad: return "viewDidLoad"
        case .viewWillAppear: return "viewWillAppear"
        case .viewDidAppear: return "viewDidAppear"
        case .viewWillDisappear: return "viewWillDisappear"
        case .viewDidDisappear: return "viewDidDisappear"
        }
    }

    /// The `animated` argument (false for `viewDidLoad`).
    public var animated: Bool {
        switch self {
        case .viewDidLoad: return false
        case .viewWillAppear(let a), .viewDidAppear(let a), .viewWillDisappear(let a), .viewDidDisappear(let a):
            return a
        }
    }

    /// `viewWillAppear (animated)`, `viewDidDisappear`, `viewDidLoad`.
    public var description: String { animated ? name + " (animated)" : name }
}
