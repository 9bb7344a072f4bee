import Testing
@testable import ViewControllers

/// A delegate recording every call, answering as told.
private final class Recorder: NavigationControllerDelegate, TabBarControllerDelegate, AdaptivePresentationControllerDelegate {
    var calls: [String] = []
    var allow = true
    var failure: ViewControllerError?

    func navigationController(_ nav: NavigationController, willShow vc: ViewController, animated: Bool) { calls.append("willShow \(vc.displayName)") }
    func navigationController(_ nav: NavigationController, didShow vc: ViewController, animated: Bool) { calls.append("didShow \(vc.displayName)") }
    func tabBarController(_ tabs: TabBarController, shouldSelect vc: ViewController) throws -> Bool {
        if let failure { throw failure }
        calls.append("shouldSelect \(vc.displayName)")
        return allow
    }
    func tabBarController(_ tabs: TabBarController, didSelect vc: ViewController) throws { calls.append("didSelect \(vc.displayName)") }
    func presentationControllerShouldDismiss(_ pc: PresentationController) throws -> Bool { calls.append("should"); return allow }
    func presentationControllerWillDismiss(_ pc: PresentationController) throws {
        if let failure { throw failure }
        calls.append("will")
    }
    func presentationControllerDidDismiss(_ pc: PresentationController) throws { calls.append("did") }
    func presentationControllerDidAttemptToDismiss(_ pc: PresentationController) throws { calls.append("attempt") }
}

@Suite struct UserGestureTests {
    @Test("a cancelled swipe back: UIKit's order, the stack and visibility unchanged")
    func cancelledSwipeBack() throws {
        let (window, nav, list) = makeNavigationWindow()
        let form = ViewController(title: "Form")
        try nav.pushViewController(form, animated: false)
        let recorder = Recorder()
        nav.delegate = recorder
        window.clearEventLog()
        try nav.userSwipeBack(cancelled: true)
        #expect(window.eventLog == [
            "user swipeBack Nav (cancelled)",
            "navigationController willShow List on Nav (animated)",
            "viewWillDisappear Form (animated)", "viewWillAppear List (animated)",
            "viewWillDisappear List (animated)", "viewDidDisappear List (animated)",
            "viewWillAppear Form (animated)", "viewDidAppear Form (animated)",
        ])
        #expect(recorder.calls == ["willShow List"])
        #expect(nav.viewControllers == [list, form])
        #expect(form.isVisible && !list.isVisible)
        #expect(window.visibleViewControllers == [nav, form])
    }

    @Test("tapBack without a back button throws and logs nothing")
    func noBackButton() throws {
        let (window, nav, list) = makeNavigationWindow()
        window.clearEventLog()
        #expect(throws: ViewControllerError(.invalidGesture, "tapBack: <Nav> shows no back button: its stack holds 1 view controller")) {
            try nav.userTapBack()
        }
        #expect(window.eventLog.isEmpty)
        #expect(nav.viewControllers == [list])
    }

    @Test("tabs: replacing them keeps the selected controller, else the index, else the first")
    func tabReselection() throws {
        let a = ViewController(title: "A"), b = ViewController(title: "B"), c = ViewController(title: "C")
        let tabs = TabBarController(viewControllers: [a, b, c])
        tabs.selectedIndex = 2
        try tabs.setViewControllers([c, a], animated: false)
        #expect(tabs.selectedViewController === c && tabs.selectedIndex == 0)
        tabs.selectedIndex = 1
        try tabs.setViewControllers([b, c], animated: false)
        #expect(tabs.selectedIndex == 1 && tabs.selectedViewController === c)
        try tabs.setViewControllers([a], animated: false)
        #expect(tabs.selectedIndex == 0)
    }

    @Test("a delegate that throws in shouldSelect leaves the selection")
    func shouldSelectThrows() throws {
        let window = Window()
        let a = ViewController(title: "A"), b = ViewController(title: "B")
        let tabs = TabBarController(viewControllers: [a, b], title: "Tabs")
        window.rootViewController = tabs
        let recorder = Recorder()
        recorder.failure = ViewControllerError(.invalidGesture, "boom")
        tabs.delegate = recorder
        #expect(throws: ViewControllerError(.invalidGesture, "boom")) { try tabs.userSelect(index: 1) }
        #expect(tabs.selectedIndex == 0 && a.isVisible && !b.isVisible)
        recorder.failure = nil
        try tabs.userSelect(index: 1)
        #expect(recorder.calls == ["shouldSelect B", "didSelect B"])
        #expect(b.isVisible)
    }

    @Test("swipeDown: refused by the delegate, by isModalInPresentation, then dismissed")
    func swipeDown() throws {
        let window = Window()
        let root = ViewController(title: "Root")
        window.rootViewController = root
        let sheet = ViewController(title: "Sheet")
        let recorder = Recorder()
        sheet.presentationController.delegate = recorder
        try root.present(sheet, animated: false)
        recorder.allow = false
        try sheet.userSwipeDown()
        #expect(root.presentedViewController === sheet)
        sheet.isModalInPresentation = true
        try sheet.userSwipeDown()
        #expect(recorder.calls == ["should", "attempt", "attempt"])
        sheet.isModalInPresentation = false
        recorder.allow = true
        recorder.failure = ViewControllerError(.invalidGesture, "not now")
        #expect(throws: ViewControllerError(.invalidGesture, "not now")) { try sheet.userSwipeDown() }
        #expect(root.presentedViewController === sheet)
        recorder.failure = nil
        recorder.calls = []
        try sheet.userSwipeDown()
        #expect(recorder.calls == ["should", "will", "did"])
        #expect(root.presentedViewController == nil)
    }

    @Test("popovers adapt to full screen in a compact width; over full screen keeps the presenter")
    func adaptation() throws {
        let window = Window()
        let root = ViewController(title: "Root")
        window.rootViewController = root
        let popover = ViewController(title: "Popover")
        popover.modalPresentationStyle = .popover
        window.horizontalSizeClass = .compact
        window.clearEventLog()
        try root.present(popover, animated: false)
        #expect(window.eventLog.first == "present Popover on Root (popover adapted to fullScreen)")
        #expect(!root.isVisible)
        window.horizontalSizeClass = .regular
        #expect(root.isVisible)
        root.dismiss(animated: false)
        let over = ViewController(title: "Over")
        over.modalPresentationStyle = .overFullScreen
        try root.present(over, animated: false)
        #expect(root.isVisible)
        #expect(over.presentationController.presentationStyle == .overFullScreen)
    }
}

/// Records the texts it was told.
private final class Updater: SearchResultsUpdating {
    var texts: [String] = []
    func updateSearchResults(for searchController: SearchController) throws {
        texts.append(searchController.searchBar.text + (searchController.isActive ? "" : " (inactive)"))
    }
}

@Suite struct SearchControllerTests {
    @Test("search: activation then the text; cancel; a search bar outside a navigation controller is refused")
    func search() throws {
        let (window, nav, list) = makeNavigationWindow()
        let search = SearchController(name: "Search")
        let updater = Updater()
        search.searchResultsUpdater = updater
        list.navigationItem.searchController = search
        try search.userSearch("An")
        try search.userSearch("Ann")
        try search.userCancelSearch()
        #expect(updater.texts == ["", "An", "Ann", " (inactive)"])
        #expect(window.eventLog.first == "user search \"An\" in Search")
        let other = ViewController(title: "Other")
        other.navigationItem.searchController = search
        #expect(list.navigationItem.searchController == nil)
        try nav.pushViewController(ViewController(title: "Top"), animated: false)
        #expect(throws: ViewControllerError(.invalidGesture, "search: <Search> is not on screen: <Other> is not in a navigation controller, so its navigation bar shows no search bar")) {
            try search.userSearch("x")
        }
        #expect(search.searchBar.text == "" && !search.isActive)
    }
}
