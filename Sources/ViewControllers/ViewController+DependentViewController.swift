import ObjectGraph

/// Storage for the class-wide default of ``ViewController/dvc_defaultAutoDismiss``.
nonisolated(unsafe) private var defaultAutoDismissStorage = true

/// Hook type for ``ViewController/dvc_updatedHandler``.
public typealias DependencyUpdatedHandler = (ViewController, ManagedObject, [String]) throws -> Void
/// Hook type for ``ViewController/dvc_deletedHandler``.
public typealias DependencyDeletedHandler = (ViewController, ManagedObject) throws -> Void

/// Dependent view controllers (BTDependentVC), following its documentation (docs/decisions.md, decision 2).
///
/// A controller depends on managed objects of main-queue contexts. When a dependency changes it gets
/// ``dvc_updated(_:changedKeys:)``; when one is deleted, invalidated, or its context is reset, the
/// dependency is removed, the controller gets ``dvc_deleted(_:)``, and, if ``dvc_autoDismiss`` is true,
/// the controller leaves the screen once per notification (popped, or dismissed by its presenter).
///
/// ```swift
/// final class CustomerForm: ViewController {
///     override func dvc_updated(_ object: ManagedObject, changedKeys: [String]) {
///         title = try? object.value(forKey: "name").stringValue
///     }
/// }
/// let form = CustomerForm(title: "Form")
/// try form.dvc_add(customer)
/// ```
extension ViewController {
    /// The default of ``dvc_autoDismiss`` for controllers whose dependency state is created later
    /// (on their first `dvc_` access). Defaults to true. Changing it does not affect existing state.
    public static var dvc_defaultAutoDismiss: Bool {
        get { defaultAutoDismissStorage }
        set { defaultAutoDismissStorage = newValue }
    }

    /// The controller's dependency state, created on first use with the class-wide default.
    var dependencyState: DependencyState {
        if let state = dependencyStorage { return state }
        let state = DependencyState(owner: self, autoDismiss: ViewController.dvc_defaultAutoDismiss)
        dependencyStorage = state
        return state
    }

    /// Whether losing a dependency makes the controller leave the screen. Defaults to
    /// ``dvc_defaultAutoDismiss`` as it was when the controller's dependency state was created.
    public var dvc_autoDismiss: Bool {
        get { dependencyState.autoDismiss }
        set { dependencyState.autoDismiss = newValue }
    }

    /// Whether leaving the screen is animated. Defaults to true.
    public var dvc_autoDismissAnimated: Bool {
        get { dependencyState.autoDismissAnimated }
        set { dependencyState.autoDismissAnimated = newValue }
    }

    /// The dependencies, in the order they were added.
    public var dvc_dependencies: [ManagedObject] { dependencyState.dependencies.map(\.object) }

    /// Called with each changed dependency and its changed keys (sorted), after ``dvc_updated(_:changedKeys:)``.
    /// An error it throws is rethrown to the context after the notification was fully processed.
    public var dvc_updatedHandler: DependencyUpdatedHandler? {
        get { dependencyState.updatedHandler }
        set { dependencyState.updatedHandler = newValue }
    }

    /// Called with each lost dependency, after ``dvc_deleted(_:)``. An error it throws is rethrown to the
    /// context after the notification was fully processed.
    public var dvc_deletedHandler: DependencyDeletedHandler? {
        get { dependencyState.deletedHandler }
        set { dependencyState.deletedHandler = newValue }
    }

    /// Adds an object to the dependencies and starts watching its context (one subscription per context).
    ///
    /// Adding an object twice keeps one entry; an object without a context (deleted and saved, or never
    /// inserted) is ignored.
    ///
    /// - Throws: ``ViewControllerError`` with kind ``ViewControllerError/Kind/privateQueueContext`` when
    ///   the object's context is not a main-queue context.
    public func dvc_add(_ object: ManagedObject) throws {
        try dependencyState.add(object)
    }

    /// Removes an object from the dependencies; stops watching its context when no dependency uses it.
    /// Nothing happens for an object that is not a dependency.
    public func dvc_remove(_ object: ManagedObject) {
        dependencyState.remove(object)
    }

    /// Removes every dependency and stops watching every context.
    public func dvc_removeAll() {
        let state = dependencyState
        for d in state.dependencies.reversed() { state.remove(d.object) }
    }

    /// True when the object (by identity) is a dependency.
    public func dvc_contains(_ object: ManagedObject) -> Bool {
        dependencyState.index(of: object) != nil
    }

    func dvc_notifyUpdated(_ object: ManagedObject, changedKeys: [String]) throws {
        dvc_updated(object, changedKeys: changedKeys)
        try dependencyStorage?.updatedHandler?(self, object, changedKeys)
    }

    func dvc_notifyDeleted(_ object: ManagedObject) throws {
        dvc_deleted(object)
        try dependencyStorage?.deletedHandler?(self, object)
    }

    /// Leaves the screen by BTDependentVC's rule (docs/decisions.md, decision 3).
    ///
    /// In a navigation stack at index > 0: pop to the previous controller. At index 0: the navigation
    /// controller's presenter dismisses it, or the stack is emptied when it was not presented. Not in
    /// the stack of its navigation controller (a grandchild): nothing. Not in a navigation controller:
    /// the presenter dismisses it; nothing when it is not presented (a window's root).
    func dvc_leaveScreen(animated: Bool) {
        if let nav = navigationController {
            guard let i = nav.viewControllers.firstIndex(where: { $0 === self }) else { return }
            if i == 0 {
                if let presenter = nav.presentingViewController {
                    presenter.dismiss(animated: animated)
                } else {
                    try? nav.setViewControllers([], animated: animated)
                }
            } else {
                _ = try? nav.popToViewController(nav.viewControllers[i - 1], animated: animated)
            }
        } else {
            presentingViewController?.dismiss(animated: animated)
        }
    }
}
