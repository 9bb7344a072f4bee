@testable import ObjectGraph
import Testing

#if canImport(Glibc)
import Glibc
#endif

private func writeText(_ path: String, _ text: String) {
    let handle = fopen(path, "w")!
    fputs(text, handle)
    fclose(handle)
}

private func sleepMilliseconds(_ ms: Int) {
    var ts = timespec(tv_sec: ms / 1000, tv_nsec: (ms % 1000) * 1_000_000)
    nanosleep(&ts, nil)
}

@Suite struct CrashSafetyTests {
    /// A `ripple` process saves 1,000 objects (committed), then starts saving 300,000 more in one
    /// transaction; the test kills it with SIGKILL while SQLite's journal exists (the transaction is
    /// open) and reopens the file: exactly the committed state is there, nothing partial.
    @Test("kill -9 in the middle of a large save leaves the last committed state")
    func killDuringLargeSave() throws {
        let base = "/tmp/ripple-crash-\(getpid())"
        let path = base + ".sqlite"
        unlink(path)
        unlink(path + "-journal")
        let script = base + ".lua"
        writeText(script, """
            local model = ripple.model { Item = { label = "string", n = "integer" } }
            local ctx = ripple.container(model, { store = "sqlite", path = "\(path)" }).viewContext
            for i = 1, 1000 do ctx:insert("Item", { label = "committed " .. i, n = i }) end
            ctx:save()
            for i = 1001, 301000 do ctx:insert("Item", { label = "doomed " .. i, n = i }) end
            ctx:save()
            """)
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

        // Wait for the second save's transaction: the first save's journal comes and goes quickly, so
        // wait until the committed rows are there, then for a journal to appear.
        var killedDuringSave = false
        var sawCommit = false
        for _ in 0..<12_000 {
            if !sawCommit, let store = try? PersistentStore(sqlitePath: path, model: try itemModel()),
               store.count(entityName: "Item") == 1000 {
                sawCommit = true
            }
            if sawCommit && access(path + "-journal", F_OK) == 0 {
                kill(pid, SIGKILL)
                killedDuringSave = true
                break
            }
            var exitStatus: Int32 = 0
            if waitpid(pid, &exitStatus, WNOHANG) == pid { pid = 0; break }
            sleepMilliseconds(5)
        }
        if pid != 0 {
            if !killedDuringSave { kill(pid, SIGKILL) }
            var exitStatus: Int32 = 0
            waitpid(pid, &exitStatus, 0)
        }
        #expect(killedDuringSave, "the process ended before the large save could be interrupted")
        #expect(access(path + "-journal", F_OK) == 0, "a hot journal is left behind by the killed save")

        // Reopening rolls the hot journal back: the 1,000 committed objects, intact, and nothing else.
        let store = try PersistentStore(sqlitePath: path, model: try itemModel())
        let ids = store.objectIDs(entityName: "Item")
        #expect(ids.count == 1000)
        #expect(ids.first?.number == 1 && ids.last?.number == 1000)
        for id in ids {
            let row = store.row(for: id)!
            if row.attributes != [.string("committed \(id.number)"), .integer(Int64(id.number))] {
                Issue.record("\(id.displayName): \(row.attributes)")
                break
            }
        }
        // And the rolled-back state is what a second opening sees too.
        #expect(try PersistentStore(sqlitePath: path, model: try itemModel()).count(entityName: "Item") == 1000)
        unlink(script)
    }
}

/// The model of the crash script (Lua sorts keys: label, n).
private func itemModel() throws -> ManagedObjectModel {
    try ManagedObjectModel(entities: [EntityDescription(name: "Item", attributes: [
        AttributeDescription(name: "label", type: .string),
        AttributeDescription(name: "n", type: .integer),
    ])])
}
