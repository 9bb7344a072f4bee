import RippleTools
import Scripting
import Testing

/// The REPL tells: a typed-in scenario prints its pass/fail line, `a = 1; a` prints 1, `:help` of a
/// variable describes its value's class.
@Suite struct ReplTellsTests {
    @Test("a scenario typed at the prompt prints its pass or fail line")
    func scenarioLines() throws {
        let repl = try ReplSession()
        #expect(repl.feed("scenario('adds', function() expect(1 + 1):toBe(2) end)") == .printed(["✔ adds"]))
        #expect(repl.feed("scenario('fails', function() expect(0.1 + 0.2):toBe(0.3) end)")
                == .printed(["✘ fails", "    stdin:1: expected 0.30000000000000004 to be 0.3"]))
        #expect(repl.feed("scenario('multi',") == .needMore)
        #expect(repl.feed("  function() end)") == .printed(["✔ multi"]))
    }

    @Test("statements then an expression print the expression's value")
    func statementsThenExpression() throws {
        let repl = try ReplSession()
        #expect(repl.feed("a = 1; a") == .printed(["1"]))
        #expect(repl.feed("local t = { 1, 2 }; #t") == .printed(["2"]))
        #expect(repl.feed("a = 2;") == .printed([]))
        #expect(repl.feed("a") == .printed(["2"]))
        guard case .failed(let message) = repl.feed("a = = 1; a") else { Issue.record("no failure"); return }
        #expect(message == "stdin:1: unexpected symbol near '='")
    }

    @Test(":help of a variable names its value and describes its class")
    func helpOfValue() throws {
        let repl = try ReplSession()
        _ = repl.feed("model = ripple.model { Person = { name = 'string' } }")
        _ = repl.feed("people = ripple.container(model).viewContext")
        guard case .printed(let lines) = repl.feed(":help people") else { Issue.record("no help"); return }
        #expect(lines.first == "people = ManagedObjectContext(viewContext), a ManagedObjectContext")
        #expect(lines.dropFirst().first?.hasPrefix("ManagedObjectContext") == true)
        #expect(lines.contains { $0.contains("save") })
        _ = repl.feed("ada = people:insert('Person', { name = 'Ada' })")
        guard case .printed(let objectLines) = repl.feed(":help ada") else { Issue.record("no help"); return }
        #expect(objectLines.first?.hasSuffix(", a Person (ManagedObject)") == true, "\(objectLines.first ?? "")")
        #expect(repl.feed(":help n") == .printed(["no help for 'n' (try :help)"]))
        _ = repl.feed("n = 3")
        #expect(repl.feed(":help n") == .printed(["n = 3 (a number value; :help lists the classes)"]))
    }
}
