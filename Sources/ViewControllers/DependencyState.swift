import ObjectGraph

/// Whether `context` is a main-queue context (`NSMainQueueConcurrencyType`).
func isMainQueue(_ context: ManagedObjectContext) -> Bool { context.concurrencyType == .mainQueue }

/// The BTDependentVC state of one controller: its dependencies, flags and context subscriptions.
///
/// Retained by its controller only. Each subscription is retained here and holds this state weakly, and
/// the context holds the subscription weakly, so a controller that nobody references any more is freed
/// and stops receiving notifications.
final class DependencyState {
    /// A dependency and the context it belonged to when it was added.
    struct Dependency {
        let object: ManagedObject
        let context: ObjectIdentifier
    }

    weak var owner: ViewController?
    @exclusivity(unchecked) var dependencies: [Dependency] = []
    @exclusivity(unchecked) var autoDismiss: Bool
    @exclusivity(unchecked) var autoDismissAnimated = true
    @exclusivity(unchecked) var updatedHandler: DependencyUpdatedHandler?
    @exclusivity(unchecked) var deletedHandler: DependencyDeletedHandler?
    @exclusivity(unchecked) private(set) var subscriptions: [Subscription] = []

    init(owner: ViewController, autoDismiss: Bool) {
        self.owner = owner
        self.autoDismiss = autoDismiss
    }

    deinit { cancelAll() }

    func index(of object: ManagedObject) -> Int? {
        dependencies.firstIndex { $0.object === object }
    }

    func add(_ object: ManagedObject) throws {
        guard let context = object.managedObjectContext else { return }
        guard isMainQueue(context) else {
            throw ViewControllerError(
                .privateQueueContext,
                "dvc_add: \(object.displayName) belongs to a private-queue context; dependent view controllers accept only objects of main-queue contexts (NSMainQueueConcurrencyType)."
            )
        }
        guard index(of: object) == nil else { return }
        let id = ObjectIdentifier(context)
        dependencies.append(Dependency(object: object, context: id))
        if !subscriptions.contains(where: { $0.contextID == id }) {
            let subscription = Subscription(state: self, contextID: id)
            subscription.token = context.addObserver(subscription)
            subscriptions.append(subscription)
        }
    }

    func remove(_ object: ManagedObject) {
        guard let i = index(of: object) else { return }
        let id = dependencies[i].context
        dependencies.remove(at: i)
        if !dependencies.contains(where: { $0.context == id }), let s = subscriptions.firstIndex(where: { $0.contextID == id }) {
            subscriptions[s].token?.cancel()
            subscriptions.remove(at: s)
        }
    }

    func cancelAll() {
        for s in subscriptions { s.token?.cancel() }
        subscriptions.removeAll()
    }

    /// Processes one `ObjectsDidChange` notification (BTDependentVC's algorithm, by its documentation;
    /// for `invalidatedAll`, by its code: every dependency of every context is lost, each one removed,
    /// announced with `dvc_deleted` and followed by the dismissal, and the other keys are ignored).
    func process(_ note: ObjectsDidChangeNotification) throws {
        guard let vc = owner else { return }
        if note.invalidatedAll {
            var firstError: Error?
            for object in dependencies.map(\.object) {
                remove(object)
                do { try vc.dvc_notifyDeleted(object) } catch { firstError = firstError ?? error }
                if autoDismiss { vc.dvc_leaveScreen(animated: autoDismissAnimated) }
            }
            if let firstError { throw firstError }
            return
        }
        var goneIDs = Set<ObjectIdentifier>()
        for o in note.invalidated { goneIDs.insert(ObjectIdentifier(o)) }
        for o in note.deleted { goneIDs.insert(ObjectIdentifier(o)) }
        let lost = dependencies.filter { goneIDs.contains(ObjectIdentifier($0.object)) }.map(\.object)

        var firstError: Error?
        for object in lost {
            remove(object)
            do { try vc.dvc_notifyDeleted(object) } catch { firstError = firstError ?? error }
        }

        var changedIDs = Set<ObjectIdentifier>()
        for o in note.refreshed { changedIDs.insert(ObjectIdentifier(o)) }
        for o in note.updated { changedIDs.insert(ObjectIdentifier(o)) }
        for dependency in dependencies where changedIDs.contains(ObjectIdentifier(dependency.object)) {
            var keys = note.changedKeys(of: dependency.object) ?? []
            // (Keys set on a notification as a dictionary may come unsorted or repeated.)
            if !zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) { keys = Array(Set(keys)).sorted() }
            do { try vc.dvc_notifyUpdated(dependency.object, changedKeys: keys) } catch { firstError = firstError ?? error }
        }

        if !lost.isEmpty && autoDismiss { vc.dvc_leaveScreen(animated: autoDismissAnimated) }
        if let firstError { throw firstError }
    }

    /// The observer registered with one context; holds the state weakly.
    final class Subscription: ContextObserver {
        weak var state: DependencyState?
        let contextID: ObjectIdentifier
        @exclusivity(unchecked) var token: ObservationToken?

        init(state: DependencyState, contextID: ObjectIdentifier) {
            self.state = state
            self.contextID = contextID
        }

        func contextObjectsDidChange(_ notification: ObjectsDidChangeNotification) throws {
            guard ObjectIdentifier(notification.context) == contextID else { return }
            try state?.process(notification)
        }
    }
}
