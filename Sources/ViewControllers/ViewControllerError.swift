/// The one error type of the ViewControllers library.
///
/// Misuse that UIKit reports with an exception (`NSInvalidArgumentException`,
/// `NSInternalInconsistencyException`) is thrown as a `ViewControllerError` whose `message` is UIKit's
/// own text, with controllers printed as `<Title>` (or `<TypeName>` when they have no title). A failed
/// operation leaves the hierarchy exactly as it was.
///
/// The `description` format is documented but not stable: do not parse it.
///
/// ```swift
/// do { try nav.pushViewController(form, animated: true) }
/// catch let error as ViewControllerError where error.kind == .invalidPush { print(error.message) }
/// ```
public struct ViewControllerError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong, in broad terms.
    public enum Kind: String, Sendable {
        /// A push or `setViewControllers` that a navigation controller refuses.
        case invalidPush
        /// A pop to a controller that is not in the stack.
        case invalidPop
        /// A presentation that UIKit refuses (already presented, active controller).
        case invalidPresentation
        /// A containment change that would corrupt the hierarchy (cycles, active controllers).
        case invalidHierarchy
        /// A dependency whose context is not a main-queue context.
        case privateQueueContext
        /// A user gesture that cannot happen on the screen as it is (Ripple's words: UIKit has no message,
        /// the gesture is impossible): a controller not on screen, no back button, no such tab, not a sheet.
        case invalidGesture
    }

    /// The broad kind of error.
    public var kind: Kind
    /// The message, in UIKit's words.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension ViewControllerError {
    static func pushSameInstance(_ vc: ViewController) -> ViewControllerError {
        ViewControllerError(
            .invalidPush, "Pushing the same view controller instance more than once is not supported (\(vc.bracketed))")
    }

    static let pushNavigationController = ViewControllerError(
        .invalidPush, "Pushing a navigation controller is not supported")

    static func alreadyPresented(_ vc: ViewController, by presenter: ViewController) -> ViewControllerError {
        ViewControllerError(
            .invalidPresentation,
            "Application tried to present modally a view controller \(vc.bracketed) that is already being presented by \(presenter.bracketed)."
        )
    }

    static func activeController(_ vc: ViewController) -> ViewControllerError {
        ViewControllerError(.invalidPresentation, "Application tried to present modally an active controller \(vc.bracketed).")
    }

    static func gesture(_ gesture: String, _ message: String) -> ViewControllerError {
        ViewControllerError(.invalidGesture, "\(gesture): \(message)")
    }

    static let popToMissing = ViewControllerError(.invalidPop, "Tried to pop to a view controller that doesn't exist.")
}
