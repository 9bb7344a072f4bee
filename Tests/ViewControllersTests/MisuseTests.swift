import Testing
@testable import ViewControllers

@Suite struct MisuseTests {
    /// Runs `body`, expects a `ViewControllerError` with `message`, and checks the hierarchy is unchanged.
    func expectFailure(_ window: Window, _ message: String, _ body: () throws -> Void,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let before = window.describe()
        window.clearEventLog()
        #expect(throws: ViewControllerError.self, sourceLocation: sourceLocation) { try body() }
        do { try body() } catch let error as ViewControllerError {
            #expect(error.message == message, sourceLocation: sourceLocation)
            #expect(error.description == message, sourceLocation: sourceLocation)
        } catch {}
        #expect(window.describe() == before, sourceLocation: sourceLocation)
        #expect(window.eventLog.isEmpty, sourceLocation: sourceLocation)
    }

    @Test("pushing a controller already in the stack")
    func pushTwice() throws {
        let (window, nav, list) = makeNavigationWindow()
        let form = ViewController(title: "Form")
        try nav.pushViewController(form, animated: false)
        expectFailure(window, "Pushing the same view controller instance more than once is not supported (<Form>)") {
            try nav.pushViewController(form, animated: true)
        }
        expectFailure(window, "Pushing the same view controller instance more than once is not supported (<List>)") {
            try nav.pushViewController(list, animated: true)
        }
        expectFailure(window, "Pushing the same view controller instance more than once is not supported (<Form>)") {
            try nav.setViewControllers([form, list, form], animated: true)
        }
    }

    @Test("pushing a navigation controller")
    func pushNavigationController() {
        let (window, nav, _) = makeNavigationWindow()
        let inner = NavigationController(title: "Inner")
        expectFailure(window, "Pushing a navigation controller is not supported") {
            try nav.pushViewController(inner, animated: false)
        }
        expectFailure(window, "Pushing a navigation controller is not supported") {
            try nav.setViewControllers([ViewController(), inner], animated: false)
        }
    }

    @Test("presenting a controller that is already presented")
    func presentTwice() throws {
        let (window, nav, list) = makeNavigationWindow()
        let sheet = ViewController(title: "Sheet"), other = ViewController(title: "Other")
        try list.present(sheet, animated: false)
        expectFailure(window, "Application tried to present modally a view controller <Sheet> that is already being presented by <Nav>.") {
            try sheet.present(sheet, animated: false)
        }
        expectFailure(window, "Application tried to present modally a view controller <Sheet> that is already being presented by <Nav>.") {
            try other.present(sheet, animated: false)
        }
        _ = nav
    }

    @Test("presenting an active controller: in a stack, the root, an ancestor")
    func presentActive() throws {
        let (window, nav, list) = makeNavigationWindow()
        let form = ViewController(title: "Form")
        try nav.pushViewController(form, animated: false)
        expectFailure(window, "Application tried to present modally an active controller <List>.") {
            try form.present(list, animated: true)
        }
        expectFailure(window, "Application tried to present modally an active controller <Nav>.") {
            try form.present(nav, animated: true)
        }
        expectFailure(window, "Application tried to present modally an active controller <Form>.") {
            try form.present(form, animated: true)
        }
    }

    @Test("presenting from a controller that is already presenting: a warning, nothing else")
    func presentWhilePresenting() throws {
        let (window, nav, list) = makeNavigationWindow()
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        try list.present(a, animated: false)
        let before = window.describe()
        window.clearEventLog()
        var completed = false
        try list.present(b, animated: true) { completed = true }
        #expect(!completed)
        #expect(window.warnings == ["Attempt to present <B> on <Nav> which is already presenting <A>"])
        #expect(window.eventLog == ["warning: Attempt to present <B> on <Nav> which is already presenting <A>"])
        #expect(window.describe() == before)
        #expect(b.presentingViewController == nil && nav.presentedViewController === a)
    }

    @Test("pop to a controller that is not in the stack")
    func popToMissing() {
        let (window, nav, _) = makeNavigationWindow()
        expectFailure(window, "Tried to pop to a view controller that doesn't exist.") {
            _ = try nav.popToViewController(ViewController(title: "Stranger"), animated: true)
        }
    }

    @Test("containment cycles and active controllers cannot become children")
    func containment() throws {
        let (window, nav, list) = makeNavigationWindow()
        let sheet = ViewController(title: "Sheet")
        try list.present(sheet, animated: false)
        expectFailure(window, "Cannot add <Nav> as a child of itself or of one of its descendants (<List>).") {
            try list.addChild(nav)
        }
        expectFailure(window, "Cannot add <Sheet> as a child of <List>: it is being presented by <Nav>.") {
            try list.addChild(sheet)
        }
        expectFailure(window, "Cannot add <Nav> as a child of <Sheet>: it is presenting <Sheet>.") {
            try sheet.addChild(nav)
        }
        expectFailure(window, "Cannot add <Sheet> as a child of <Nav>: it is being presented by <Nav>.") {
            try nav.pushViewController(sheet, animated: false)
        }
    }
}
