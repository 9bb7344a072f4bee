@testable import ObjectGraph
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs `ripple run script` with `RIPPLE_MIGRATION_CRASH_POINT` set (or not); returns the raw wait status.
private func runRipple(_ script: String, crashPoint: String?) throws -> Int32 {
    var pid: pid_t = 0
    let devNull = open("/dev/null", O_WRONLY)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, devNull, 1)
    posix_spawn_file_actions_adddup2(&actions, devNull, 2)
    var environment: [UnsafeMutablePointer<CChar>?] = []
    var e = environ
    while let entry = e.pointee {
        if !String(cString: entry).hasPrefix("RIPPLE_MIGRATION_CRASH_POINT=") { environment.append(strdup(entry)) }
        e += 1
    }
    if let crashPoint { environment.append(strdup("RIPPLE_MIGRATION_CRASH_POINT=" + crashPoint)) }
    environment.append(nil)
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(rippleExecutable), strdup("run"), strdup(script), nil]
    let status = posix_spawn(&pid, rippleExecutable, &actions, nil, argv, environment)
    posix_spawn_file_actions_destroy(&actions)
    close(devNull)
    for arg in argv { free(arg) }
    for entry in environment { free(entry) }
    try #require(status == 0, "could not start \(rippleExecutable)")
    var waitStatus: Int32 = 0
    waitpid(pid, &waitStatus, 0)
    return waitStatus
}

private func writeFile(_ path: String, _ bytes: [UInt8]) {
    let handle = fopen(path, "wb")!
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
    fclose(handle)
}

@Suite struct MigrationCrashTests {
    /// A `ripple` process migrates a store of 500 objects and is killed with SIGKILL at a fixed point of
    /// the migration (inside the new file's transaction, or with the new file complete but not yet renamed
    /// over the old one) — 10 times at each point. Every time the old file is byte for byte as it was; a
    /// last run without the crash point migrates it, keeping every object.
    @Test("kill -9 during a migration leaves the old store byte for byte; a later open migrates it")
    func killDuringMigration() throws {
        let base = "/tmp/ripple-migration-crash-\(getpid())"
        let path = base + ".sqlite", fill = base + "-fill.lua", migrate = base + "-migrate.lua"
        for p in [path, path + "-journal", path + "-migration", path + "-migration-journal"] { unlink(p) }
        defer { for p in [path, path + "-journal", path + "-migration", path + "-migration-journal", fill, migrate] { unlink(p) } }
        let models = """
            local v1 = ripple.model { Item = { label = "string" } }
            local v2 = ripple.model { Item = { label = "string", note = "string?" } }
            """
        writeFile(fill, Array((models + """
            scenario("fill", function()
              local ctx = ripple.container(v1, { store = "sqlite", path = "\(path)" }).viewContext
              for i = 1, 500 do ctx:insert("Item", { label = "item " .. i }) end
              ctx:save()
            end)
            """).utf8))
        writeFile(migrate, Array((models + """
            scenario("migrate", function()
              local ctx = ripple.container(v2, { store = "sqlite", path = "\(path)" }).viewContext
              local items = ctx:fetch { entity = "Item", sortDescriptors = { "label" } }
              expect(#items):toBe(500)
              expect(items[1].label):toBe("item 1")
              expect(items[1].note):toBe(nil)
            end)
            """).utf8))
        let filled = try runRipple(fill, crashPoint: nil)
        try #require(filled == 0, "the fill script failed")
        let original = try #require(fileBytes(path))
        for point in ["mid-transaction", "before-rename"] {
            for run in 1...10 {
                let status = try runRipple(migrate, crashPoint: point)
                #expect(status & 0x7f == SIGKILL, "run \(run) at \(point) was not killed (status \(status))")
                #expect(fileBytes(path) == original, "run \(run) at \(point) changed the old store")
                #expect(access(path + "-journal", F_OK) != 0)
            }
        }
        // A leftover new file of a killed run is replaced by the next migration, which completes.
        #expect(try runRipple(migrate, crashPoint: nil) == 0)
        #expect(fileBytes(path) != original)
        #expect(access(path + "-migration", F_OK) != 0)
        #expect(try runRipple(migrate, crashPoint: nil) == 0)
    }
}
