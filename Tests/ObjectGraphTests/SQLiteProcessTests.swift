@testable import ObjectGraph
import CSQLite
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs `ripple run script` to completion; returns its exit status.
private func runRipple(_ script: String) throws -> Int32 {
    var pid: pid_t = 0
    let devNull = open("/dev/null", O_WRONLY)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, devNull, 1)
    posix_spawn_file_actions_adddup2(&actions, devNull, 2)
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(rippleExecutable), strdup("run"), strdup(script), nil]
    let status = posix_spawn(&pid, rippleExecutable, &actions, nil, argv, environ)
    posix_spawn_file_actions_destroy(&actions)
    close(devNull)
    for arg in argv { free(arg) }
    try #require(status == 0, "could not start \(rippleExecutable)")
    var exitStatus: Int32 = 0
    waitpid(pid, &exitStatus, 0)
    return (exitStatus >> 8) & 0xff
}

/// Two processes, and a raw SQLite connection, on one store file.
@Suite struct SQLiteProcessTests {
    @Test("another process saves object 1 first: this process's save takes number 2, nothing is replaced")
    func twoProcesses() throws {
        let base = "/tmp/ripple-two-processes-\(getpid())"
        let path = base + ".sqlite", script = base + ".lua"
        unlink(path)
        defer { unlink(path); unlink(script) }
        let model = try ManagedObjectModel(entities: [
            EntityDescription(name: "Customer", attributes: [AttributeDescription(name: "name", type: .string)]),
        ])
        let coordinator = PersistentStoreCoordinator(managedObjectModel: model)
        coordinator.addPersistentStore(try PersistentStore(sqlitePath: path, model: model))
        let view = ManagedObjectContext(coordinator: coordinator, name: "viewContext")
        let mine = try view.insertObject(entityName: "Customer", values: ["name": .string("parent")])
        #expect(mine.objectID.number == 1)
        let handle = fopen(script, "w")!
        fputs("""
            local model = ripple.model { Customer = { name = "string" } }
            local ctx = ripple.container(model, { store = "sqlite", path = "\(path)" }).viewContext
            ctx:insert("Customer", { name = "child" })
            ctx:save()
            """, handle)
        fclose(handle)
        #expect(try runRipple(script) == 0)
        try view.save()
        #expect(mine.objectID.number == 2)
        let store = try PersistentStore(sqlitePath: path, model: model)
        #expect(store.objectIDs(entityName: "Customer").map(\.number) == [1, 2])
        #expect(store.row(for: ManagedObjectID(entityName: "Customer", number: 1, isTemporaryID: false))?.attributes[0] == .string("child"))
        #expect(store.row(for: mine.objectID)?.attributes[0] == .string("parent"))
    }

    @Test("an exclusive lock held by another connection at open is a timeout (134090), not a corrupt store")
    func exclusiveLockAtOpen() throws {
        let path = "/tmp/ripple-exclusive-\(getpid()).sqlite"
        unlink(path)
        defer { unlink(path) }
        let model = try makeModel()
        _ = try PersistentStore(sqlitePath: path, model: model)
        var raw: OpaquePointer?
        #expect(sqlite3_open(path, &raw) == SQLITE_OK)
        defer { sqlite3_close(raw) }
        #expect(sqlite3_exec(raw, "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK)
        var failure: ObjectGraphError?
        do { _ = try PersistentStore(sqlitePath: path, model: model, busyTimeout: 20) } catch let e as ObjectGraphError { failure = e }
        #expect(failure?.code == 134090)
        #expect(failure?.message.contains("reason=database is locked") == true)
        sqlite3_exec(raw, "ROLLBACK", nil, nil, nil)
        #expect(try PersistentStore(sqlitePath: path, model: model).count(entityName: "Customer") == 0)
    }
}
