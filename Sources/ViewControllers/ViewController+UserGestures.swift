/// What a person does on the screen: each gesture goes through the calls UIKit makes for it, in UIKit's order,
/// and writes a `user …` line to the window's ``Window/eventLog`` before them. A gesture that cannot happen on
/// the screen as it is (the controller is not on screen or is covered by a presentation, no back button, no
/// such tab, not a sheet) throws a ``ViewControllerError`` of kind ``ViewControllerError/Kind/invalidGesture``
/// and changes nothing.
///
/// ```swift
/// try nav.userTapBack()                 // pop (animated), as the back button does
/// try nav.userSwipeBack(cancelled: true) // the interactive pop is abandoned half-way
/// try tabs.userSelect(index: 1)          // asks the delegate, selects, tells the delegate
/// try sheet.userSwipeDown()              // the sheet's presentation controller delegate decides
/// ```
extension ViewController {
    /// Checks that the user can touch this controller: it is visible in a window and no presentation covers it.
    func checkTouchable(_ gesture: String) throws -> Window {
        guard isVisible, let window else { throw ViewControllerError.gesture(gesture, "\(bracketed) is not on screen") }
        if let cover = outermostContainer.presentedStorage {
            throw ViewControllerError.gesture(gesture, "\(bracketed) is covered by \(cover.bracketed), which is presented over it")
        }
        return window
    }

    /// The user swipes this presented sheet down (iOS 13 and later).
    ///
    /// The controller is the presented one or a controller inside it; it must be the topmost presentation and
    /// a page or form sheet (`automatic` is a page sheet). When it or a controller shown inside it has
    /// ``isModalInPresentation``, or its presentation controller's delegate answers false to
    /// `presentationControllerShouldDismiss`, the sheet stays and the delegate gets
    /// `presentationControllerDidAttemptToDismiss`. Otherwise: `presentationControllerWillDismiss`, the
    /// dismissal (animated, through the presenter: the sheet and whatever it presents by then),
    /// `presentationControllerDidDismiss`. An error of a delegate method stops the
    /// gesture where it is; before the dismissal, the screen is unchanged.
    ///
    /// - Throws: ``ViewControllerError`` (``ViewControllerError/Kind/invalidGesture``) when it is not presented,
    ///   presents something, is not on screen, or is not a sheet; the delegate's errors.
    public func userSwipeDown() throws {
        let gesture = "swipeDown"
        let sheet = outermostContainer
        guard sheet.presenterStorage != nil else { throw ViewControllerError.gesture(gesture, "\(bracketed) is not presented") }
        if let above = sheet.presentedStorage {
            throw ViewControllerError.gesture(gesture, "\(sheet.bracketed) is presenting \(above.bracketed); only the topmost presentation can be swiped down")
        }
        guard sheet.isVisible, let window = sheet.window else { throw ViewControllerError.gesture(gesture, "\(sheet.bracketed) is not on screen") }
        let presentation = sheet.presentationController
        let style = presentation.presentationStyle
        guard style == .pageSheet || style == .formSheet else {
            throw ViewControllerError.gesture(gesture, "\(sheet.bracketed) is presented \(style.rawValue); only page and form sheets can be swiped down")
        }
        window.log("user", "swipeDown " + sheet.displayName)
        let delegate = presentation.delegate
        var shown: [ViewController] = []
        Window.appendVisibleTree(sheet, to: &shown)
        if let modal = shown.first(where: \.isModalInPresentation) {
            window.log("isModalInPresentation", "\(modal.displayName): the sheet stays")
            if let delegate {
                window.log("presentationControllerDidAttemptToDismiss", sheet.displayName)
                try delegate.presentationControllerDidAttemptToDismiss(presentation)
            }
            return
        }
        if let delegate {
            let should = try delegate.presentationControllerShouldDismiss(presentation)
            window.log("presentationControllerShouldDismiss", "\(sheet.displayName) -> \(should)")
            if !should {
                window.log("presentationControllerDidAttemptToDismiss", sheet.displayName)
                try delegate.presentationControllerDidAttemptToDismiss(presentation)
                return
            }
            window.log("presentationControllerWillDismiss", sheet.displayName)
            try delegate.presentationControllerWillDismiss(presentation)
        }
        // Through the presenter: the sheet goes with whatever it presents now (a will-dismiss delegate that
        // presented from the sheet made `sheet.dismiss` take only that one away, leaving the sheet on screen
        // after `presentationControllerDidDismiss`). A sheet the delegate already dismissed is left alone.
        sheet.presenterStorage?.dismiss(animated: true)
        if let delegate {
            window.log("presentationControllerDidDismiss", sheet.displayName)
            try delegate.presentationControllerDidDismiss(presentation)
        }
    }
}

extension NavigationController {
    /// Checks that the back button is there: the navigation controller is touchable and its stack holds more
    /// than one controller.
    private func checkBackButton(_ gesture: String) throws -> Window {
        let window = try checkTouchable(gesture)
        guard children.count > 1 else {
            throw ViewControllerError.gesture(gesture, "\(bracketed) shows no back button: its stack holds \(children.count) view controller\(children.count == 1 ? "" : "s")")
        }
        return window
    }

    /// The user taps the back button: `popViewController(animated: true)`, as UIKit's navigation bar does.
    ///
    /// - Throws: ``ViewControllerError`` (``ViewControllerError/Kind/invalidGesture``) when the navigation
    ///   controller is not on screen, is covered by a presentation, or has one controller (no back button).
    public func userTapBack() throws {
        let window = try checkBackButton("tapBack")
        window.log("user", "tapBack " + displayName)
        popViewController(animated: true)
    }

    /// The user swipes from the left edge: an interactive pop.
    ///
    /// Completed, it is `popViewController(animated: true)`. Cancelled (the finger goes back), the stack is
    /// unchanged and the controllers get the calls UIKit makes for a cancelled interactive pop: the delegate's
    /// `willShow` for the controller below (the transition started), then `viewWillDisappear` of the top,
    /// `viewWillAppear` of the one below, `viewWillDisappear` and `viewDidDisappear` of the one below,
    /// `viewWillAppear` and `viewDidAppear` of the top — all animated. The one below gets no `viewDidAppear`,
    /// and the delegate no `didShow`.
    ///
    /// - Throws: as ``userTapBack()``.
    public func userSwipeBack(cancelled: Bool = false) throws {
        let window = try checkBackButton("swipeBack")
        guard cancelled else {
            window.log("user", "swipeBack " + displayName)
            popViewController(animated: true)
            return
        }
        window.log("user", "swipeBack \(displayName) (cancelled)")
        let top = children[children.count - 1], below = children[children.count - 2]
        var topTree: [ViewController] = [], belowTree: [ViewController] = []
        Window.appendVisibleTree(top, to: &topTree)
        Window.appendVisibleTree(below, to: &belowTree)
        notifyDelegate(willShow: below, animated: true, in: window)
        for vc in belowTree where !vc.isViewLoaded {
            vc.isViewLoaded = true
            vc.deliver(.viewDidLoad, in: window)
        }
        for vc in topTree { vc.deliver(.viewWillDisappear(animated: true), in: window) }
        for vc in belowTree { vc.deliver(.viewWillAppear(animated: true), in: window) }
        for vc in belowTree { vc.deliver(.viewWillDisappear(animated: true), in: window) }
        for vc in belowTree { vc.deliver(.viewDidDisappear(animated: true), in: window) }
        for vc in topTree { vc.deliver(.viewWillAppear(animated: true), in: window) }
        for vc in topTree { vc.deliver(.viewDidAppear(animated: true), in: window) }
    }
}

extension TabBarController {
    /// The user taps the tab at `index`.
    ///
    /// The delegate is asked `tabBarController(_:shouldSelect:)`; false leaves everything as it is. Otherwise
    /// the tab is selected (not animated) — tapping the tab already selected pops its navigation controller to
    /// its root (animated), as UIKit does — and the delegate gets `tabBarController(_:didSelect:)`, also when
    /// the tab was already selected. An error of `shouldSelect` leaves the screen unchanged.
    ///
    /// - Throws: ``ViewControllerError`` (``ViewControllerError/Kind/invalidGesture``) when the tab bar
    ///   controller is not on screen or covered, or `index` is not a tab; the delegate's errors.
    public func userSelect(index: Int) throws {
        let gesture = "selectTab"
        let window = try checkTouchable(gesture)
        guard children.indices.contains(index) else {
            throw ViewControllerError.gesture(gesture, "index \(index) is out of range for \(bracketed) (\(children.count) tab\(children.count == 1 ? "" : "s"))")
        }
        let vc = children[index]
        window.log("user", "selectTab \(index) on \(displayName)")
        if let delegate {
            let should = try delegate.tabBarController(self, shouldSelect: vc)
            window.log("tabBarController", "shouldSelect \(vc.displayName) on \(displayName) -> \(should)")
            guard should else { return }
        }
        if index == selectedIndex {
            if let nav = vc as? NavigationController { nav.popToRootViewController(animated: true) }
        } else {
            selectedIndex = index
        }
        if let delegate {
            window.log("tabBarController", "didSelect \(vc.displayName) on \(displayName)")
            try delegate.tabBarController(self, didSelect: vc)
        }
    }
}
