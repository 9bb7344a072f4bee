import RippleTools
import Scripting
import Testing

@Suite struct ReplPrintingTests {
    @Test("printing a fault shows it as a fault and does not fire it")
    func faultsStayFaults() throws {
        let repl = try ReplSession()
        _ = repl.feed("ctx = ripple.container(ripple.model { Customer = { name = 'string' } }).viewContext")
        _ = repl.feed("ctx:insert('Customer', { name = 'Ann' }); ctx:save(); ctx:reset()")
        _ = repl.feed("ann = ctx:fetch { entity = 'Customer' }[1]")
        #expect(repl.feed("ann.isFault") == .printed(["true"]))
        #expect(repl.feed("ann") == .printed(["<Customer#1 (fault)>"]))
        #expect(repl.feed("{ ann }") == .printed(["{Customer#1}"]))
        #expect(repl.feed("ann.isFault") == .printed(["true"]))
        #expect(repl.feed("ann.name") == .printed(["Ann"]))
        #expect(repl.feed("ann") == .printed(["<Customer#1 name=\"Ann\">"]))
    }

    @Test("cyclic tables print with back-references; shared tables print in full")
    func cycles() throws {
        let repl = try ReplSession()
        _ = repl.feed("t = { name = 'root' }; t.self = t")
        #expect(repl.feed("t") == .printed(["<1>{name = \"root\", self = <table 1>}"]))
        _ = repl.feed("a = { 1 }; b = { a = a }; a[2] = b")
        #expect(repl.feed("a") == .printed(["<1>{1, {a = <table 1>}}"]))
        _ = repl.feed("shared = { 1, 2 }")
        #expect(repl.feed("{ x = shared, y = shared }") == .printed(["{x = {1, 2}, y = {1, 2}}"]))
        #expect(repl.feed("{ 'a', { b = true } }") == .printed(["{\"a\", {b = true}}"]))
        _ = repl.feed("deep = {}; cur = deep; for i = 1, 40 do cur.next = {}; cur = cur.next end")
        guard case .printed(let lines) = repl.feed("deep") else { Issue.record("not printed"); return }
        #expect(lines.first?.hasSuffix("{next = {…}}" + String(repeating: "}", count: 31)) == true)
    }

    @Test("end of input inside a chunk reports it in Lua's words and keeps it in the history")
    func endOfInputInsideAChunk() throws {
        let repl = try ReplSession()
        var saved: [String] = []
        repl.onHistory = { saved.append($0) }
        #expect(repl.feed("function f()") == .needMore)
        #expect(repl.feed("  return 1") == .needMore)
        #expect(repl.hasIncompleteChunk)
        #expect(repl.endOfInput() == .failed("stdin:2: 'end' expected (to close 'function' at line 1) near <eof> (incomplete chunk discarded)"))
        #expect(!repl.hasIncompleteChunk)
        #expect(repl.prompt == "> ")
        #expect(saved == ["function f()\n  return 1"])
        #expect(repl.endOfInput() == .done)
        #expect(repl.feed("f") == .printed(["nil"]))
    }

    @Test("each chunk reaches onHistory before it runs")
    func historyBeforeRunning() throws {
        let repl = try ReplSession()
        var saved: [String] = []
        repl.onHistory = { saved.append($0) }
        _ = repl.feed("error('boom')")
        _ = repl.feed("x = 1")
        #expect(saved == ["error('boom')", "x = 1"])
    }
}
