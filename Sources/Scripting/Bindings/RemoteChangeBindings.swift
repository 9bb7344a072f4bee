import LuaBridge
import ObjectGraph

/// A Lua function observing `NSPersistentStoreRemoteChange` on a coordinator
/// (`ripple.observe(coordinator, "persistentStoreRemoteChange", fn)`).
final class LuaRemoteChangeObserver: LuaObserver {
    override var observedDescription: String { "persistentStoreRemoteChange" }

    /// Calls the function with `{ store = …, storeURL = …, historyToken = … }`.
    func tell(_ change: PersistentStoreRemoteChange) throws {
        let state = engine.state
        state.push(function)
        engine.pushRemoteChange(change)
        try state.pcall(arguments: 1, results: 0)
    }
}

extension ScriptEngine {
    /// `ripple.observe(coordinator, "persistentStoreRemoteChange", fn)` → token with `:cancel()`.
    func observeCoordinator(_ state: LuaState, _ coordinator: PersistentStoreCoordinator) throws -> Int32 {
        let name = try state.string(2)
        guard name == "persistentStoreRemoteChange" else {
            throw LuaArgumentError(argument: 2, message: "unknown notification '\(name)' of a coordinator (expected persistentStoreRemoteChange)")
        }
        let observer = LuaRemoteChangeObserver(engine: self, function: try state.function(3))
        observer.token = coordinator.addRemoteChangeObserver { [unowned observer] change in try observer.tell(change) }
        luaObservers[ObjectIdentifier(observer)] = observer
        state.push(object: observer, class: classes.token)
        return 1
    }

    /// Pushes a remote-change notification as a table: `store`, `storeURL` (nil in memory), `historyToken`
    /// (nil without history tracking) — the userInfo keys `NSPersistentStoreURLKey` and `NSPersistentHistoryTokenKey`.
    func pushRemoteChange(_ change: PersistentStoreRemoteChange) {
        state.newTable()
        state.push(object: change.store, class: classes.store); state.rawSet(tableAt: -2, key: "store")
        if let url = change.store.url { state.push(url); state.rawSet(tableAt: -2, key: "storeURL") }
        push(token: change.historyToken); state.rawSet(tableAt: -2, key: "historyToken")
    }

    /// Traces the remote-change notifications of a coordinator whose store asked for them (once per
    /// coordinator): `[coordinator] persistentStoreRemoteChange SQLite store, historyToken 3`.
    func traceRemoteChanges(of coordinator: PersistentStoreCoordinator, store: PersistentStore) {
        guard store.remoteChangeNotificationPost, tracedCoordinators.insert(ObjectIdentifier(coordinator)).inserted else { return }
        _ = coordinator.addRemoteChangeObserver { [weak self] change in
            let kind = change.store.type == .sqlite ? "SQLite" : "InMemory"
            let token = change.historyToken.map { ", historyToken \($0.value)" } ?? ""
            self?.log.record(TraceNote(source: "coordinator", kind: "persistentStoreRemoteChange", "\(kind) store\(token)"))
        }
    }
}
