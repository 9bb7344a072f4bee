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

/// Starts `ripple run script` with its output in `log`; returns its pid.
private func startRipple(_ script: String, log: String) throws -> pid_t {
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(rippleExecutable), strdup("run"), strdup(script), nil]
    let status = posix_spawn(&pid, rippleExecutable, &actions, nil, argv, environ)
    posix_spawn_file_actions_destroy(&actions)
    for arg in argv { free(arg) }
    try #require(status == 0, "could not start \(rippleExecutable)")
    return pid
}

/// Two processes creating one new store file at once.
@Suite struct SQLiteCreationRaceTests {
    @Test("two processes create one new store at once, 50 times: one creates it, the other opens it; both saves land")
    func creationRace() throws {
        let base = "/tmp/ripple-creation-race-\(getpid())"
        let path = base + ".sqlite"
        let model = try ManagedObjectModel(entities: [
            EntityDescription(name: "Customer", attributes: [AttributeDescription(name: "name", type: .string)]),
        ])
        var scripts: [String] = []
        for who in ["first", "second"] {
            let script = base + "-\(who).lua"
            let handle = fopen(script, "w")!
            fputs("""
                local model = ripple.model { Customer = { name = "string" } }
                local ctx = ripple.container(model, { store = "sqlite", path = "\(path)" }).viewContext
                ctx:insert("Customer", { name = "\(who)" })
                ctx:save()
                """, handle)
            fclose(handle)
            scripts.append(script)
        }
        defer { for s in scripts { unlink(s); unlink(s + ".log") }; unlink(path); unlink(path + "-journal") }
        for round in 0..<50 {
            unlink(path)
            unlink(path + "-journal")
            let pids = try scripts.map { try startRipple($0, log: $0 + ".log") }
            for (pid, script) in zip(pids, scripts) {
                var status: Int32 = 0
                waitpid(pid, &status, 0)
                let log = fileBytes(script + ".log").map { String(decoding: $0, as: UTF8.self) } ?? ""
                #expect((status >> 8) & 0xff == 0 && status & 0x7f == 0, "round \(round), \(script): \(log)")
            }
            let store = try PersistentStore(sqlitePath: path, model: model)
            let names = store.objectIDs(entityName: "Customer").compactMap { id -> String? in
                if case .string(let s)? = store.row(for: id)?.attributes[0] { return s }
                return nil
            }
            #expect(names.sorted() == ["first", "second"], "round \(round)")
            store.close()
        }
    }
}
