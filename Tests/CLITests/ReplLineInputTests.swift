import Testing

/// The REPL's piped line input (`PlainLineReader`): lines are read into Swift's own buffer, so no C buffer
/// changes hands between allocators (the AddressSanitizer `bad-free` of docs/reliability.md); the lines are
/// the ones `Swift.readLine` gave.
@Suite struct ReplLineInputTests {
    @Test("\\n and \\r\\n end a line; a last line without a newline still runs; UTF-8 comes through")
    func pipedLines() {
        let result = runRipple(["repl"], input: "x = 40\r\nx + 2\nprint('é' .. 'ÿ')\n#'\u{1}\u{2}'\nx + 1")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "42\néÿ\n2\n41\n")
    }

    @Test("an empty input and a lone newline end the session cleanly")
    func emptyInput() {
        #expect(runRipple(["repl"], input: "").output == "")
        #expect(runRipple(["repl"], input: "\n").status == 0)
    }
}
