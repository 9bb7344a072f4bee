import Testing

/// `--memory-limit` counts the host's memory made for a script too (the worker's heap beyond Lua's bytes):
/// 1 MB strings copied into objects stop at the limit with the documented message, the next scenario runs,
/// and memory the host gives back (objects deleted and saved) is not counted.
@Suite struct HostMemoryLimitTests {
    static let copies = scratchFile("host-memory-copies.lua", """
        local model = ripple.model { Note = { text = "string" } }
        local ctx = ripple.container(model).viewContext
        scenario("copies 1 MB strings into objects", function()
          local big = string.rep("x", 1 << 20)
          for i = 1, 400 do ctx:insert("Note", { text = big .. i }) end
        end)
        scenario("runs after", function() expect(#string.rep("y", 1000)):toBe(1000) end)
        """)
    static let churn = scratchFile("host-memory-churn.lua", """
        local model = ripple.model { Note = { text = "string" } }
        scenario("1 MB strings inserted and deleted 300 times", function()
          local ctx = ripple.container(model).viewContext
          local big = string.rep("x", 1 << 20)
          for i = 1, 300 do
            local n = ctx:insert("Note", { text = big .. i })
            ctx:save()
            ctx:delete(n)
            ctx:save()
          end
          expect(#ctx:fetch { entity = "Note" }):toBe(0)
        end)
        """)

    @Test("host memory past --memory-limit stops the scenario with the limit's message; the next one runs")
    func hostMemoryCounted() {
        for command in ["test", "run"] {
            let result = runRipple([command, "--memory-limit", "64", Self.copies])
            #expect(result.status == 1)
            #expect(result.output.contains("memory limit exceeded: the script holds more than 64 MB (--memory-limit MB, 0 = none)"), "\(result.output)")
            #expect(result.output.contains("✔ \(Self.copies) › runs after"))
        }
        #expect(runRipple(["test", "--memory-limit", "64", Self.churn]).status == 0)
        #expect(runRipple(["test", "--memory-limit", "0", Self.copies]).status == 0)
    }
}
