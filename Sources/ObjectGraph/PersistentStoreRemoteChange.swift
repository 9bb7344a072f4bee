/// A store was written (`NSPersistentStoreRemoteChange`): posted to the coordinators whose store has
/// ``PersistentStore/remoteChangeNotificationPost`` on, for every transaction committed to it — a save or a
/// batch request of any context, through this coordinator or another one on the same SQLite file. Apps use
/// it to fetch the persistent history since their last token.
///
/// ```swift
/// store.remoteChangeNotificationPost = true
/// let token = coordinator.addRemoteChangeObserver { change in print(change.historyToken as Any) }
/// ```
public struct PersistentStoreRemoteChange {
    /// The store that changed, as this coordinator holds it (`NSPersistentStoreURLKey` is its `url`).
    public let store: PersistentStore
    /// The store's history token after the transaction (`NSPersistentHistoryTokenKey`); nil when the store
    /// does not track history.
    public let historyToken: PersistentHistoryToken?
}

/// The stores that asked for remote-change notifications, so that a commit to one store reaches every
/// coordinator over the same store or file in this process.
enum RemoteChangeCenter {
    private final class WeakStore {
        weak var store: PersistentStore?
        init(_ store: PersistentStore) { self.store = store }
    }

    /// Read and written on the thread that runs the contexts (their queues are simulated on that thread).
    nonisolated(unsafe) private static var stores: [WeakStore] = []

    /// Remembers a store with the option on.
    static func register(_ store: PersistentStore) {
        stores.removeAll { $0.store == nil }
        if !stores.contains(where: { $0.store === store }) { stores.append(WeakStore(store)) }
    }

    /// A transaction was committed to `store`: each registered store on the same store or file queues a
    /// notification on its coordinator.
    static func storeDidCommit(_ store: PersistentStore) {
        guard !stores.isEmpty else { return }
        for box in stores {
            guard let other = box.store, other.remoteChangeNotificationPost, let coordinator = other.coordinator else { continue }
            let same = other === store || (other.type == .sqlite && store.type == .sqlite && other.identifier == store.identifier)
            guard same else { continue }
            let token = other.persistentHistoryTracking ? other.currentPersistentHistoryToken : nil
            coordinator.enqueueRemoteChange(PersistentStoreRemoteChange(store: other, historyToken: token))
        }
    }
}

extension PersistentStoreCoordinator {
    /// Observes `NSPersistentStoreRemoteChange` for this coordinator's stores. Notifications are queued on
    /// the coordinator's first main-queue context and posted when it runs its queued blocks (the next
    /// `ContextEventLoop.endEvent`, `ripple.tick()`): Core Data posts them asynchronously, never inside the
    /// save that caused them.
    public func addRemoteChangeObserver(_ handler: @escaping (PersistentStoreRemoteChange) throws -> Void) -> ObservationToken {
        let box = RemoteChangeObserverBox(handler)
        remoteChangeObservers.append(box)
        return ObservationToken { [weak self, weak box] in
            self?.remoteChangeObservers.removeAll { $0 === box }
        }
    }

    func enqueueRemoteChange(_ change: PersistentStoreRemoteChange) {
        guard !remoteChangeObservers.isEmpty else { return }
        let post = { [weak self] () throws -> Void in
            guard let self else { return }
            var firstError: Error?
            for box in self.remoteChangeObservers {
                do { try box.handler(change) } catch { if firstError == nil { firstError = error } }
            }
            if let firstError { throw firstError }
        }
        if let main = contexts.first(where: { $0.concurrencyType == .mainQueue }) {
            main.perform(post)
        } else if let any = contexts.first {
            any.perform(post)
        }
    }
}

/// One remote-change observer of a coordinator.
final class RemoteChangeObserverBox {
    let handler: (PersistentStoreRemoteChange) throws -> Void
    init(_ handler: @escaping (PersistentStoreRemoteChange) throws -> Void) { self.handler = handler }
}
