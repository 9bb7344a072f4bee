import Testing
@testable import Scripting

/// ``TestSelection``: the one definition of the selection options, written for a worker and read back.
@Suite struct TestSelectionTests {
    @Test("the arguments written for a worker read back as the same selection, the shard left to the parent")
    func roundTrip() throws {
        var selection = TestSelection()
        selection.filter = "saves %(twice%)"
        selection.filterOut = "slow"
        selection.tags = TestSelection.tagList("#db, ui")
        selection.excludedTags = ["flaky"]
        selection.listsOnly = true
        selection.shuffleSeed = 42
        selection.stopsAtFirstFailure = true
        #expect(selection.arguments == ["--filter", "saves %(twice%)", "--filter-out", "slow", "--list", "--seed", "42",
                                        "--fail-fast", "--tags", "db,ui", "--exclude-tags", "flaky"])
        var words = ArraySlice(selection.arguments + ["file.lua"])
        let read = try #require(TestSelection.parse(&words))
        #expect(read == selection)
        #expect(Array(words) == ["file.lua"])
        var empty = ArraySlice<String>([])
        #expect(TestSelection.parse(&empty) == TestSelection())
    }

    @Test("a bad value leaves the line to the general parser (nil)")
    func badValues() {
        for line in [["--seed", "x"], ["--filter"], ["--shard", "4/3"], ["--shard", "0/3"]] {
            var words = ArraySlice(line)
            #expect(TestSelection.parse(&words) == nil, "\(line)")
        }
    }

    @Test("shards take every count-th file from the index-th; tags drop their #")
    func shardsAndTags() throws {
        let shard = try #require(TestSelection.Shard("2/3"))
        #expect(shard.files(["a", "b", "c", "d", "e"]) == ["b", "e"])
        #expect(TestSelection.Shard("3/2") == nil && TestSelection.Shard("x/2") == nil && TestSelection.Shard("1/0") == nil)
        #expect(TestSelection.tagList("#slow,db ui") == ["slow", "db", "ui"])
        var selection = TestSelection()
        selection.shard = shard
        selection.filter = "x"
        selection.tags = ["slow"]
        #expect(selection.filterDescriptions == ["--shard 2/3", "--filter 'x'", "--tags slow"])
    }

    @Test("the prelude selects by the engine's one selection value")
    func preludeReadsTheSelection() throws {
        let engine = try ScriptEngine()
        engine.selection.tags = ["db"]
        engine.selection.filterOut = "skip"
        try engine.run("""
            scenario("one #db", function() end)
            scenario("two", function() end)
            scenario("three #db skip", function() end)
            """)
        #expect(engine.results.map(\.name) == ["one #db"])
    }
}
