import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `ripple explore FILE [--steps N] [--seed S] [--time SECONDS] [--explore-out DIR]` (docs/explore.md).
@Suite struct ExploreCommandTests {
    /// A screen whose delegate forgets deleteSections, explored in a scenario with the file's own settings.
    static let broken = scratchFile("explore-broken.lua", """
        local model = ripple.model { Person = { name = "string",
          initial = { derived = function(p) return (p.name or "?"):sub(1, 1) end, dependsOn = { "name" } } } }
        local function screen(ctx)
          local tv = ripple.tableView { name = "contacts" }
          local frc = ripple.fetchedResultsController { context = ctx, entity = "Person", sortDescriptors = { "name" },
                                                        sectionNameKeyPath = "initial" }
          tv.dataSource = {
            numberOfSections = function() return #frc.sections end,
            numberOfRowsInSection = function(_, s) return frc.sections[s + 1].numberOfObjects end,
            cellForRowAtIndexPath = function(_, ip) return { text = frc:objectAtIndexPath(ip).name } end,
          }
          frc.delegate = {
            controllerWillChangeContent = function() tv:beginUpdates() end,
            didChangeSection = function(_, _, index, type) if type == "insert" then tv:insertSections({ index }) end end,
            didChangeObject = function(_, _, ip, type, new)
              if type == "insert" then tv:insertRows({ new }) elseif type == "delete" then tv:deleteRows({ ip })
              elseif type == "update" then tv:reloadRows({ ip }) else tv:deleteRows({ ip }); tv:insertRows({ new }) end
            end,
            controllerDidChangeContent = function() tv:endUpdates() end,
          }
          frc:performFetch()
          tv:reloadData()
          return tv
        end
        options = { model = model, screen = screen, steps = 1, seed = 1, actions = { "insert", "delete", "update" } }
        scenario("explore the contacts", function() ripple.explore(options) end)
        """)

    @Test("ripple explore: the settings replace the file's, the shrunk scenario is written, exit 1")
    func failingExploration() throws {
        let script = Self.broken   // made first: it makes the scratch folder
        let folder = "/tmp/ripple-cli-tests-\(getpid())/explore-out"
        mkdir(folder, 0o755)
        let result = runRipple(["explore", script, "--steps", "300", "--seed", "2", "--explore-out", folder])
        #expect(result.status == 1)
        #expect(result.output.contains("; seed 2)\n    written to \(folder)/explore-seed2.lua\n"), "\(result.output)")
        #expect(result.output.contains("explore: failed after "))
        #expect(result.output.contains("hint: a change removed a section: tell the view with deleteSections"))
        guard let file = fopen(folder + "/explore-seed2.lua", "r") else { Issue.record("no scenario written"); return }
        var bytes = [UInt8](repeating: 0, count: 65536)
        let n = fread(&bytes, 1, bytes.count, file)
        fclose(file)
        let text = String(decoding: bytes[0..<n], as: UTF8.self)
        #expect(text.hasPrefix("-- Found by ripple.explore (seed 2, after "))
        #expect(text.contains("ripple.exploreStart(options)"))
        // The same seed prints the same results (the progress lines carry times; they go to stderr).
        let again = runRipple(["explore", script, "--steps", "300", "--seed", "2", "--explore-out", folder])
        let strip = { (s: String) in s.split(separator: "\n").filter { !$0.hasPrefix("explore: ") && !$0.contains(" ms)") }.joined(separator: "\n") }
        #expect(strip(again.output) == strip(result.output))
    }

    @Test("ripple explore: a passing file exits 0; the file's own settings under ripple test; bad options are usage errors")
    func passingAndUsage() {
        let passing = runRipple(["explore", Self.broken, "--steps", "0"])
        #expect(passing.status == 0, "\(passing.output)")
        let test = runRipple(["test", Self.broken])
        #expect(test.status == 0, "\(test.output)")   // one step: the mistake is not reached
        #expect(runRipple(["explore", Self.broken, "--steps", "-1"]).status == 64)
        #expect(runRipple(["explore", Self.broken, "--time", "0"]).status == 64)
        #expect(runRipple(["explore", Self.broken, "--explore-out", "/nonexistent/folder"]).status == 64)
    }
}
