import ObjectGraph
import Testing
@testable import ViewControllers

/// Every test that touches dependencies lives under this suite: it is serialized because
/// `dvc_defaultAutoDismiss` and the observation hooks are process-wide.
@Suite(.serialized) struct DependentViewControllerTests {
    @Test("add, contains, dependencies in insertion order, remove, removeAll")
    func dependencyList() throws {
        let context = makeContext()
        let journal = RecordingViewController.Journal()
        let form = RecordingViewController("Form", journal: journal)
        let c1 = makeObject(customerEntity, 1, in: context), o1 = makeObject(orderEntity, 1, in: context)
        let c2 = makeObject(customerEntity, 2, in: context)
        try form.dvc_add(o1)
        try form.dvc_add(c1)
        try form.dvc_add(o1)
        try form.dvc_add(c2)
        #expect(form.dvc_dependencies.map(\.displayName) == ["Order#1", "Customer#1", "Customer#2"])
        #expect(form.dvc_contains(c1) && !form.dvc_contains(makeObject(customerEntity, 9, in: context)))
        form.dvc_remove(c1)
        form.dvc_remove(c1)
        #expect(form.dvc_dependencies.map(\.displayName) == ["Order#1", "Customer#2"])
        form.dvc_removeAll()
        #expect(form.dvc_dependencies.isEmpty)
    }

    @Test("an object without a context is ignored")
    func detachedObjectIgnored() throws {
        let form = ViewController(title: "Form")
        try form.dvc_add(makeDetachedObject(customerEntity, 1))
        #expect(form.dvc_dependencies.isEmpty)
    }

    @Test("one observer per context, cancelled when no dependency uses the context")
    func oneObserverPerContext() throws {
        let a = makeContext(), b = makeContext()
        let form = ViewController(title: "Form")
        let a1 = makeObject(customerEntity, 1, in: a), a2 = makeObject(orderEntity, 1, in: a)
        let b1 = makeObject(customerEntity, 1, in: b)
        try form.dvc_add(a1)
        try form.dvc_add(a2)
        try form.dvc_add(b1)
        #expect(observerCount(a) == 1 && observerCount(b) == 1)
        form.dvc_remove(a1)
        #expect(observerCount(a) == 1)
        form.dvc_remove(a2)
        #expect(observerCount(a) == 0 && observerCount(b) == 1)
        form.dvc_removeAll()
        #expect(observerCount(b) == 0)
    }

    @Test("objects of a private-queue context are refused")
    func privateQueueRefused() throws {
        let context = makeContext(concurrencyType: .privateQueue)
        let form = ViewController(title: "Form")
        #expect(throws: ViewControllerError(
            .privateQueueContext,
            "dvc_add: Customer#1 belongs to a private-queue context; dependent view controllers accept only objects of main-queue contexts (NSMainQueueConcurrencyType)."
        )) { try form.dvc_add(makeObject(customerEntity, 1, in: context)) }
        #expect(form.dvc_dependencies.isEmpty && observerCount(context) == 0)
    }

    @Test("defaults: autoDismiss copies the class default when the state is created; animated is true")
    func defaults() {
        #expect(ViewController.dvc_defaultAutoDismiss)
        let early = ViewController()
        #expect(early.dvc_autoDismiss && early.dvc_autoDismissAnimated)
        let late = ViewController()
        ViewController.dvc_defaultAutoDismiss = false
        defer { ViewController.dvc_defaultAutoDismiss = true }
        #expect(!late.dvc_autoDismiss)
        #expect(early.dvc_autoDismiss)
    }

    @Test("updated and refreshed: one dvc_updated per object with its keys, sorted and merged")
    func updates() throws {
        let context = makeContext()
        let journal = RecordingViewController.Journal()
        let form = RecordingViewController("Form", journal: journal)
        let c1 = makeObject(customerEntity, 1, in: context), o1 = makeObject(orderEntity, 1, in: context)
        let stranger = makeObject(customerEntity, 2, in: context)
        try form.dvc_add(c1)
        try form.dvc_add(o1)
        try deliver(makeNote(
            context, updated: [c1, stranger], refreshed: [o1, c1], inserted: [makeObject(orderEntity, 5, in: context)],
            changedKeys: [c1: ["since", "name", "name"], o1: ["total"]]))
        #expect(journal.lines == ["Form: updated Customer#1 [name, since]", "Form: updated Order#1 [total]"])
        journal.lines.removeAll()
        try deliver(makeNote(context, inserted: [c1]))
        #expect(journal.lines.isEmpty)
    }

    @Test("deleted and invalidated: removed first, one dvc_deleted each, updates after, leave once")
    func deletions() throws {
        let context = makeContext()
        let (window, nav, _) = makeNavigationWindow()
        let journal = RecordingViewController.Journal()
        let form = RecordingViewController("Form", journal: journal)
        try nav.pushViewController(form, animated: false)
        window.clearEventLog()
        let c1 = makeObject(customerEntity, 1, in: context), o1 = makeObject(orderEntity, 1, in: context)
        let c2 = makeObject(customerEntity, 2, in: context)
        for object in [c1, o1, c2] { try form.dvc_add(object) }
        try deliver(makeNote(context, updated: [c2], deleted: [o1], invalidated: [c1], changedKeys: [c2: ["name"]]))
        #expect(journal.lines == [
            "Form: deleted Customer#1 (contains: false)", "Form: deleted Order#1 (contains: false)",
            "Form: updated Customer#2 [name]",
        ])
        #expect(window.eventLog.filter { !$0.hasPrefix("view") } == ["popToViewController [Form] on Nav (animated)"])
        #expect(form.dvc_dependencies == [c2])
    }

    @Test("invalidatedAll loses every dependency of every context, as BTDependentVC's code does")
    func resetAffectsEveryContext() throws {
        let a = makeContext(), b = makeContext()
        let journal = RecordingViewController.Journal()
        let form = RecordingViewController("Form", journal: journal)
        let a1 = makeObject(customerEntity, 1, in: a), b1 = makeObject(customerEntity, 1, in: b)
        let a2 = makeObject(orderEntity, 1, in: a)
        for object in [a1, b1, a2] { try form.dvc_add(object) }
        try deliver(makeNote(a, invalidatedAll: true))
        #expect(journal.lines == ["Form: deleted Customer#1 (contains: false)", "Form: deleted Customer#1 (contains: false)",
                                  "Form: deleted Order#1 (contains: false)"])
        #expect(form.dvc_dependencies == [])
        #expect(observerCount(a) == 0 && observerCount(b) == 0)
    }

    @Test("hooks run after the methods; an error thrown by a hook is rethrown after processing")
    func hooks() throws {
        struct HookError: Error {}
        let context = makeContext()
        let (window, nav, _) = makeNavigationWindow()
        let journal = RecordingViewController.Journal()
        let form = RecordingViewController("Form", journal: journal)
        try nav.pushViewController(form, animated: false)
        let c1 = makeObject(customerEntity, 1, in: context), c2 = makeObject(customerEntity, 2, in: context)
        try form.dvc_add(c1)
        try form.dvc_add(c2)
        form.dvc_updatedHandler = { vc, object, keys in
            journal.lines.append("hook: updated \(object.displayName) \(keys) on \(vc.displayName)")
        }
        form.dvc_deletedHandler = { _, object in
            journal.lines.append("hook: deleted \(object.displayName)")
            throw HookError()
        }
        #expect(throws: HookError.self) {
            try deliver(makeNote(context, updated: [c2], deleted: [c1], changedKeys: [c2: ["name"]]))
        }
        #expect(journal.lines == [
            "Form: deleted Customer#1 (contains: false)", "hook: deleted Customer#1",
            "Form: updated Customer#2 [name]", "hook: updated Customer#2 [\"name\"] on Form",
        ])
        #expect(nav.viewControllers.count == 1)
        withExtendedLifetime(window) {}
    }

    @Test("a controller nobody references any more stops receiving; its observer is freed")
    func weaklyHeld() throws {
        let context = makeContext()
        let journal = RecordingViewController.Journal()
        let c1 = makeObject(customerEntity, 1, in: context)
        weak var weakForm: RecordingViewController?
        do {
            let (window, nav, _) = makeNavigationWindow()
            let form = RecordingViewController("Form", journal: journal)
            weakForm = form
            try form.dvc_add(c1)
            try nav.pushViewController(form, animated: false)
            try deliver(makeNote(context, updated: [c1], changedKeys: [c1: ["name"]]))
            nav.popViewController(animated: false)
            withExtendedLifetime(window) {}
        }
        #expect(weakForm == nil)
        #expect(observerCount(context) == 0)
        try deliver(makeNote(context, updated: [c1], deleted: [c1]))
        #expect(journal.lines == ["Form: updated Customer#1 [name]"])
    }

    @Test("every kind of controller is a dependent view controller")
    func containersAreDependent() throws {
        let context = makeContext()
        let (window, nav, _) = makeNavigationWindow()
        let tabs = TabBarController(viewControllers: [ViewController(title: "T0")], title: "Tabs")
        tabs.modalPresentationStyle = .fullScreen
        try nav.present(tabs, animated: false)
        let c1 = makeObject(customerEntity, 1, in: context)
        try tabs.dvc_add(c1)
        try tabs.viewControllers[0].dvc_add(c1)
        window.clearEventLog()
        try deliver(makeNote(context, deleted: [c1]))
        #expect(window.eventLog.filter { !$0.hasPrefix("view") } == ["dismiss Tabs from Nav (animated)"])
        #expect(nav.presentedViewController == nil)
    }
}
