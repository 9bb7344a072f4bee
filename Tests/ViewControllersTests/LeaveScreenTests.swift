import ObjectGraph
import Testing
@testable import ViewControllers

extension DependentViewControllerTests {
    /// Every branch of BTDependentVC's leave-the-screen rule (docs/decisions.md, decision 3), each with
    /// `dvc_autoDismissAnimated` on and off and `dvc_autoDismiss` on and off.
    @Suite struct LeaveScreenTests {
        /// A window whose root is the navigation controller `Nav` with `List` at index 0.
        let window: Window
        let nav: NavigationController
        let list: ViewController
        let context = makeContext()
        let journal = RecordingViewController.Journal()
        let form: RecordingViewController
        let customer: ManagedObject

        init() {
            (window, nav, list) = makeNavigationWindow()
            form = RecordingViewController("Form", journal: journal)
            customer = makeObject(customerEntity, 1, in: context)
        }

        /// Deletes the dependency and checks: `dvc_deleted` once; with autoDismiss, the transition line and
        /// the hierarchy afterwards; without it, nothing moves.
        func deleteDependency(
            animated: Bool, autoDismiss: Bool, expectedLine: String?, expectedTree: String,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            try form.dvc_add(customer)
            form.dvc_autoDismiss = autoDismiss
            form.dvc_autoDismissAnimated = animated
            let before = window.describe()
            window.clearEventLog()
            try deliver(makeNote(context, deleted: [customer]))
            #expect(journal.lines == ["Form: deleted Customer#1 (contains: false)"], sourceLocation: sourceLocation)
            let transitions = window.eventLog.filter { !$0.hasPrefix("view") }
            if autoDismiss, let expectedLine {
                let line = expectedLine + (animated ? " (animated)" : "")
                #expect(transitions == [line], sourceLocation: sourceLocation)
                #expect(window.describe() == expectedTree, sourceLocation: sourceLocation)
                let lifecycle = window.eventLog.filter { $0.hasPrefix("view") && !$0.hasPrefix("viewDidLoad") }
                #expect(lifecycle.allSatisfy { $0.hasSuffix(" (animated)") == animated }, sourceLocation: sourceLocation)
            } else {
                #expect(window.eventLog.isEmpty, sourceLocation: sourceLocation)
                #expect(window.describe() == before, sourceLocation: sourceLocation)
            }
        }

        @Test("pushed at index > 0: pops to the previous controller, with everything above", arguments: [true, false], [true, false])
        func pushedAboveRoot(animated: Bool, autoDismiss: Bool) throws {
            try nav.pushViewController(form, animated: false)
            try nav.pushViewController(ViewController(title: "Above"), animated: false)
            try deleteDependency(
                animated: animated, autoDismiss: autoDismiss, expectedLine: "popToViewController [Form, Above] on Nav",
                expectedTree: """
                    Window
                      NavigationController "Nav"
                        [0] ViewController "List"
                    """)
            if autoDismiss {
                #expect(window.eventLog == [
                    "popToViewController [Form, Above] on Nav" + (animated ? " (animated)" : ""),
                    "viewWillDisappear Above" + (animated ? " (animated)" : ""),
                    "viewWillAppear List" + (animated ? " (animated)" : ""),
                    "viewDidDisappear Above" + (animated ? " (animated)" : ""),
                    "viewDidAppear List" + (animated ? " (animated)" : ""),
                ])
            }
        }

        @Test("index 0 of a presented navigation controller: its presenter dismisses it", arguments: [true, false], [true, false])
        func rootOfPresentedStack(animated: Bool, autoDismiss: Bool) throws {
            let modal = NavigationController(rootViewController: form, title: "Modal")
            try modal.pushViewController(ViewController(title: "Next"), animated: false)
            try list.present(modal, animated: false)
            try modal.popToRootViewController(animated: false)
            try deleteDependency(
                animated: animated, autoDismiss: autoDismiss, expectedLine: "dismiss Modal from Nav",
                expectedTree: """
                    Window
                      NavigationController "Nav"
                        [0] ViewController "List"
                    """)
        }

        @Test("index 0 of the window's navigation controller: the stack is emptied", arguments: [true, false], [true, false])
        func rootOfWindowStack(animated: Bool, autoDismiss: Bool) throws {
            try nav.setViewControllers([form], animated: false)
            try deleteDependency(
                animated: animated, autoDismiss: autoDismiss, expectedLine: "setViewControllers [] on Nav",
                expectedTree: """
                    Window
                      NavigationController "Nav"
                    """)
        }

        @Test("presented without a stack: the presenter dismisses it", arguments: [true, false], [true, false])
        func presentedAlone(animated: Bool, autoDismiss: Bool) throws {
            form.modalPresentationStyle = .popover
            try list.present(form, animated: false)
            try deleteDependency(
                animated: animated, autoDismiss: autoDismiss, expectedLine: "dismiss Form from Nav",
                expectedTree: """
                    Window
                      NavigationController "Nav"
                        [0] ViewController "List"
                    """)
        }

        @Test("presented and presenting another: both go", arguments: [true, false], [true, false])
        func presentedAndPresenting(animated: Bool, autoDismiss: Bool) throws {
            form.modalPresentationStyle = .fullScreen
            try list.present(form, animated: false)
            try form.present(ViewController(title: "Other"), animated: false)
            try deleteDependency(
                animated: animated, autoDismiss: autoDismiss, expectedLine: "dismiss Form, Other from Nav",
                expectedTree: """
                    Window
                      NavigationController "Nav"
                        [0] ViewController "List"
                    """)
        }

        @Test("the window's root: nothing moves", arguments: [true, false], [true, false])
        func windowRoot(animated: Bool, autoDismiss: Bool) throws {
            window.rootViewController = form
            try deleteDependency(
                animated: animated, autoDismiss: autoDismiss, expectedLine: nil, expectedTree: "")
        }

        @Test("index 0 of a child stack inside a presented container: the whole container is dismissed",
              arguments: [true, false], [true, false])
        func childStackInPresentedContainer(animated: Bool, autoDismiss: Bool) throws {
            let container = ViewController(title: "Container")
            try container.addChild(NavigationController(rootViewController: form, title: "Stack"))
            try list.present(container, animated: false)
            #expect(form.presentingViewController === nav)
            try deleteDependency(
                animated: animated, autoDismiss: autoDismiss, expectedLine: "dismiss Container from Nav",
                expectedTree: """
                    Window
                      NavigationController "Nav"
                        [0] ViewController "List"
                    """)
        }

        @Test("index > 0 of a child stack inside a presented container: popped, the container stays",
              arguments: [true, false], [true, false])
        func pushedInChildStack(animated: Bool, autoDismiss: Bool) throws {
            let container = ViewController(title: "Container")
            let stack = NavigationController(rootViewController: ViewController(title: "S0"), title: "Stack")
            try container.addChild(stack)
            try stack.pushViewController(form, animated: false)
            try list.present(container, animated: false)
            try deleteDependency(
                animated: animated, autoDismiss: autoDismiss, expectedLine: "popToViewController [Form] on Stack",
                expectedTree: """
                    Window
                      NavigationController "Nav"
                        [0] ViewController "List"
                        presents (automatic): ViewController "Container"
                          NavigationController "Stack"
                            [0] ViewController "S0"
                    """)
        }

        @Test("a tab of a presented tab bar controller: the tab bar controller is dismissed",
              arguments: [true, false], [true, false])
        func tabInPresentedTabBar(animated: Bool, autoDismiss: Bool) throws {
            let tabs = TabBarController(viewControllers: [ViewController(title: "T0"), form], title: "Tabs")
            tabs.selectedIndex = 1
            try list.present(tabs, animated: false)
            try deleteDependency(
                animated: animated, autoDismiss: autoDismiss, expectedLine: "dismiss Tabs from Nav",
                expectedTree: """
                    Window
                      NavigationController "Nav"
                        [0] ViewController "List"
                    """)
        }

        @Test("a grandchild not found in the stack: nothing moves", arguments: [true, false], [true, false])
        func grandchild(animated: Bool, autoDismiss: Bool) throws {
            let page = ViewController(title: "Page")
            try nav.pushViewController(page, animated: false)
            try page.addChild(form)
            try deleteDependency(animated: animated, autoDismiss: autoDismiss, expectedLine: nil, expectedTree: "")
        }
    }
}
