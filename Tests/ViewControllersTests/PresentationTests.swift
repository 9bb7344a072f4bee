import Testing
@testable import ViewControllers

@Suite struct PresentationTests {
    @Test("full-screen present hides the presenter's hierarchy; dismiss shows it again")
    func fullScreen() throws {
        let (window, nav, list) = makeNavigationWindow()
        let detail = ViewController(title: "Detail")
        detail.modalPresentationStyle = .fullScreen
        var completed = 0
        try list.present(detail, animated: true) { completed += 1 }
        #expect(completed == 1)
        #expect(window.eventLog == [
            "present Detail on Nav (fullScreen, animated)",
            "viewDidLoad Detail",
            "viewWillDisappear Nav (animated)", "viewWillDisappear List (animated)",
            "viewWillAppear Detail (animated)",
            "viewDidDisappear Nav (animated)", "viewDidDisappear List (animated)",
            "viewDidAppear Detail (animated)",
        ])
        #expect(detail.presentingViewController === nav)
        #expect(list.presentedViewController === detail && nav.presentedViewController === detail)
        #expect(nav.visibleViewController === detail)
        window.clearEventLog()
        detail.dismiss(animated: false) { completed += 1 }
        #expect(completed == 2)
        #expect(window.eventLog == [
            "dismiss Detail from Nav",
            "viewWillDisappear Detail", "viewWillAppear Nav", "viewWillAppear List",
            "viewDidDisappear Detail", "viewDidAppear Nav", "viewDidAppear List",
        ])
        #expect(detail.presentingViewController == nil && nav.presentedViewController == nil)
    }

    @Test("sheets, popovers and over-current-context keep the presenter visible", arguments: [
        ModalPresentationStyle.automatic, .pageSheet, .formSheet, .popover, .overCurrentContext,
    ])
    func nonCoveringStyles(style: ModalPresentationStyle) throws {
        let (window, _, list) = makeNavigationWindow()
        let sheet = ViewController(title: "Sheet")
        sheet.modalPresentationStyle = style
        try list.present(sheet, animated: true)
        #expect(window.eventLog == [
            "present Sheet on Nav (\(style.rawValue), animated)",
            "viewDidLoad Sheet", "viewWillAppear Sheet (animated)", "viewDidAppear Sheet (animated)",
        ])
        window.clearEventLog()
        list.dismiss(animated: true)
        #expect(window.eventLog == [
            "dismiss Sheet from Nav (animated)", "viewWillDisappear Sheet (animated)", "viewDidDisappear Sheet (animated)",
        ])
    }

    @Test("dismissing from below removes every presentation above; called on the top it forwards")
    func dismissStack() throws {
        let (window, nav, _) = makeNavigationWindow()
        let a = ViewController(title: "A"), b = NavigationController(rootViewController: ViewController(title: "B0"), title: "B")
        let c = ViewController(title: "C")
        a.modalPresentationStyle = .fullScreen
        b.modalPresentationStyle = .fullScreen
        try nav.present(a, animated: false)
        try a.present(b, animated: false)
        try b.viewControllers[0].present(c, animated: false)
        #expect(c.presentingViewController === b && b.presentingViewController === a)
        #expect(b.viewControllers[0].presentingViewController === a)
        window.clearEventLog()
        nav.dismiss(animated: true)
        #expect(window.eventLog == [
            "dismiss A, B, C from Nav (animated)",
            "viewWillDisappear B (animated)", "viewWillDisappear B0 (animated)", "viewWillDisappear C (animated)",
            "viewWillAppear Nav (animated)", "viewWillAppear List (animated)",
            "viewDidDisappear B (animated)", "viewDidDisappear B0 (animated)", "viewDidDisappear C (animated)",
            "viewDidAppear Nav (animated)", "viewDidAppear List (animated)",
        ])
        #expect(a.presentedViewController == nil && b.presentingViewController == nil)

        try nav.present(a, animated: false)
        try a.present(b, animated: false)
        window.clearEventLog()
        b.viewControllers[0].dismiss(animated: false)   // nothing presented above B: B is dismissed by A
        #expect(window.eventLog.first == "dismiss B from A")
        #expect(a.presentedViewController == nil && nav.presentedViewController === a)
    }

    @Test("dismiss with nothing presented and not presented does nothing but completes")
    func dismissNothing() {
        let (window, _, list) = makeNavigationWindow()
        var completed = false
        list.dismiss(animated: true) { completed = true }
        #expect(completed && window.eventLog.isEmpty)
    }

    @Test("popping a controller does not dismiss the presentation owned by its container")
    func popKeepsPresentation() throws {
        let (window, nav, _) = makeNavigationWindow()
        let form = ViewController(title: "Form"), sheet = ViewController(title: "Sheet")
        try nav.pushViewController(form, animated: false)
        try form.present(sheet, animated: false)
        nav.popViewController(animated: false)
        #expect(nav.presentedViewController === sheet && sheet.presentingViewController === nav)
        #expect(form.presentedViewController == nil)
        #expect(window.describe() == """
            Window
              NavigationController "Nav"
                [0] ViewController "List"
                presents (automatic): ViewController "Sheet"
            """)
    }

    @Test("presenting from a controller outside any window works without events")
    func detachedPresentation() throws {
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        try a.present(b, animated: true)
        #expect(b.presentingViewController === a && !b.isViewLoaded)
        let window = Window()
        window.rootViewController = a
        #expect(b.isViewLoaded && b.window === window)
    }
}

extension PresentationTests {
    @Test("visibleViewControllers and isVisible follow the window; the log handler sees every line")
    func visibility() throws {
        let (window, nav, list) = makeNavigationWindow()
        var forwarded: [String] = []
        window.logHandler = { forwarded.append($0.description) }
        let sheet = ViewController(title: "Sheet"), cover = ViewController(title: "Cover")
        cover.modalPresentationStyle = .fullScreen
        try list.present(sheet, animated: false)
        #expect(window.visibleViewControllers == [nav, list, sheet])
        try sheet.present(cover, animated: false)
        #expect(window.visibleViewControllers == [cover])
        #expect(!list.isVisible && !sheet.isVisible && cover.isVisible)
        #expect(forwarded == window.eventLog)
    }
}
