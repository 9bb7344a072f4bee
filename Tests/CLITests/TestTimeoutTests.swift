import Testing

/// `ripple test --timeout SECONDS`: a file that runs past it (here a catastrophic pattern with the
/// instruction limit off, so that nothing but the timeout stops it) has its worker killed and fails, naming
/// the scenario it was running; the other files run.
@Suite struct TestTimeoutTests {
    static let hang = scratchFile("timeout-hang.lua", """
        scenario("first", function() expect(1):toBe(1) end)
        scenario("spins in C", function() string.find(("a"):rep(30), ("a?"):rep(30) .. ("a"):rep(30)) end)
        scenario("never reached", function() end)
        """)
    static let fine = scratchFile("timeout-fine.lua", """
        scenario("runs after", function() print("after") end)
        """)

    @Test("a file past --timeout fails with the scenario it was running; the next file runs")
    func timeout() {
        let result = runRipple(["test", "-j", "1", "--instruction-limit", "0", "--timeout", "1", Self.hang, Self.fine])
        #expect(result.status == 1)
        #expect(result.output.contains("✔ \(Self.hang) › first"))
        #expect(result.output.contains("the file ran past the --timeout of 1 s while running 'spins in C': its worker was stopped"))
        #expect(!result.output.contains("never reached"))
        #expect(result.output.contains("after\n"))
        #expect(result.output.contains("✔ \(Self.fine) › runs after"))
        #expect(result.output.contains("2 passed, 0 failed, 1 error"))
    }

    @Test("--timeout must be seconds from 0 to 1000000")
    func validation() {
        let result = runRipple(["test", "--timeout=-1", Self.fine])
        #expect(result.status != 0)
        #expect(result.output.contains("--timeout takes seconds from 0 (no limit) to 1000000"))
        #expect(runRipple(["test", "--timeout", "0", Self.fine]).status == 0)
    }
}
