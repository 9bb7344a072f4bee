/// The object that manages a presentation (`UIPresentationController`), reached through
/// ``ViewController/presentationController``; its ``delegate`` decides whether the user may swipe a sheet down.
///
/// ```swift
/// sheet.presentationController.delegate = editor   // an AdaptivePresentationControllerDelegate
/// try sheet.userSwipeDown()
/// ```
public final class PresentationController {
    /// The controller it presents (or will present).
    public private(set) weak var presentedViewController: ViewController?
    /// The delegate (weak, as in UIKit).
    public weak var delegate: AdaptivePresentationControllerDelegate?

    init(presented: ViewController) {
        presentedViewController = presented
    }

    /// The controller that presents the presented controller, nil when it is not presented.
    public var presentingViewController: ViewController? { presentedViewController?.presentingViewController }

    /// The style in use: the presented controller's ``ViewController/modalPresentationStyle`` resolved for its
    /// window's width (``ModalPresentationStyle/resolved(horizontalSizeClass:)``; a regular width outside a window).
    public var presentationStyle: ModalPresentationStyle {
        guard let vc = presentedViewController else { return .automatic }
        return vc.modalPresentationStyle.resolved(horizontalSizeClass: vc.window?.horizontalSizeClass ?? .regular)
    }
}

/// The delegate of a ``PresentationController`` (`UIAdaptivePresentationControllerDelegate`): the sheet
/// dismissal calls of ``ViewController/userSwipeDown()``. Every method has a default.
public protocol AdaptivePresentationControllerDelegate: AnyObject {
    /// Whether the user may swipe the sheet down (`presentationControllerShouldDismiss(_:)`); true by default.
    func presentationControllerShouldDismiss(_ presentationController: PresentationController) throws -> Bool
    /// Called before a swipe dismisses the sheet (`presentationControllerWillDismiss(_:)`).
    func presentationControllerWillDismiss(_ presentationController: PresentationController) throws
    /// Called after a swipe dismissed the sheet (`presentationControllerDidDismiss(_:)`).
    func presentationControllerDidDismiss(_ presentationController: PresentationController) throws
    /// Called when a swipe was refused (`presentationControllerDidAttemptToDismiss(_:)`): `isModalInPresentation`,
    /// or `presentationControllerShouldDismiss` returned false.
    func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) throws
}

extension AdaptivePresentationControllerDelegate {
    /// Returns true.
    public func presentationControllerShouldDismiss(_ presentationController: PresentationController) throws -> Bool { true }
    /// Does nothing.
    public func presentationControllerWillDismiss(_ presentationController: PresentationController) throws {}
    /// Does nothing.
    public func presentationControllerDidDismiss(_ presentationController: PresentationController) throws {}
    /// Does nothing.
    public func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) throws {}
}
