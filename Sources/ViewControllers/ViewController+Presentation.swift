/// Modal presentation, following UIKit's full-screen presentation rules (docs/decisions.md, decision 3).
extension ViewController {
    /// Presents a controller modally (`present(_:animated:completion:)`).
    ///
    /// The presentation is owned by this controller's outermost container, which becomes the presented
    /// controller's ``presentingViewController`` (as UIKit picks the presentation context). Only
    /// ``ModalPresentationStyle/fullScreen`` hides the presenter. `completion` runs after the callbacks.
    ///
    /// When the outermost container is already presenting, UIKit only logs a warning and does nothing:
    /// Ripple records `Attempt to present <X> on <Y> which is already presenting <Z>` in
    /// ``Window/warnings`` and returns without calling `completion`.
    ///
    /// ```swift
    /// detail.modalPresentationStyle = .fullScreen
    /// try form.present(detail, animated: true)
    /// detail.presentingViewController === nav   // form's outermost container
    /// ```
    ///
    /// - Throws: ``ViewControllerError`` when `viewControllerToPresent` is already presented
    ///   (`Application tried to present modally a view controller <X> that is already being presented by
    ///   <Y>.`) or is active in a hierarchy: in a container, a window's root, or an ancestor of self
    ///   (`Application tried to present modally an active controller <X>.`). The hierarchy is unchanged.
    public func present(
        _ viewControllerToPresent: ViewController, animated: Bool, completion: (() -> Void)? = nil
    ) throws {
        let vc = viewControllerToPresent
        if let presenter = vc.presenterStorage { throw ViewControllerError.alreadyPresented(vc, by: presenter) }
        let owner = outermostContainer
        if vc.parent != nil || vc.windowStorage != nil || vc === owner || vc.presentedStorage != nil {
            throw ViewControllerError.activeController(vc)
        }
        if let current = owner.presentedStorage {
            let message = "Attempt to present \(vc.bracketed) on \(owner.bracketed) which is already presenting \(current.bracketed)"
            window?.warn(message)
            return
        }
        var style = vc.modalPresentationStyle.rawValue
        if let window, vc.modalPresentationStyle == .popover, window.horizontalSizeClass == .compact { style += " adapted to fullScreen" }
        let line = WindowEvent("present", "\(vc.displayName) on \(owner.displayName) (\(style)\(animated ? ", animated" : ""))")
        Window.transition(involving: [owner], animated: animated, log: line) {
            owner.presentedStorage = vc
            vc.presenterStorage = owner
        }
        completion?()
    }

    /// Dismisses the controller presented by this one or its ancestors, and everything presented above
    /// it (`dismiss(animated:completion:)`). When nothing is presented there and this controller (or an
    /// ancestor) was presented, the call is forwarded to its presenter, which dismisses it.
    ///
    /// When there is nothing to dismiss, nothing happens and `completion` still runs.
    ///
    /// ```swift
    /// try root.present(a, animated: true); try a.present(b, animated: true)
    /// root.dismiss(animated: true)   // a and b go; root appears again if a was full-screen
    /// ```
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        let owner = outermostContainer
        let target: ViewController
        if owner.presentedStorage != nil {
            target = owner
        } else if let presenter = owner.presenterStorage {
            target = presenter
        } else {
            completion?()
            return
        }
        var chain: [ViewController] = []
        var current = target.presentedStorage
        while let vc = current {
            chain.append(vc)
            current = vc.presentedStorage
        }
        let names = chain.map(\.displayName).joined(separator: ", ")
        let line = WindowEvent("dismiss", "\(names) from \(target.displayName)\(animated ? " (animated)" : "")")
        Window.transition(involving: [target], animated: animated, log: line) {
            target.presentedStorage = nil
            for vc in chain {
                vc.presenterStorage = nil
                vc.presentedStorage = nil
            }
        }
        completion?()
    }
}
