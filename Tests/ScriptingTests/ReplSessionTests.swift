import RippleTools
import Scripting
import Testing

@Suite struct ReplSessionTests {
    @Test("an expression prints its value; a statement prints nothing")
    func expressions() throws {
        let repl = try ReplSession()
        #expect(repl.feed("1 + 1") == .printed(["2"]))
        #expect(repl.feed("x = 'a' .. 'b'") == .printed([]))
        #expect(repl.feed("x, 3") == .printed(["ab\t3"]))
        #expect(repl.feed("=x") == .printed(["ab"]))
        #expect(repl.feed("nil") == .printed(["nil"]))
    }

    @Test("a multi-line function continues on >> and then runs")
    func multiLine() throws {
        let repl = try ReplSession()
        #expect(repl.prompt == "> ")
        #expect(repl.feed("function double(n)") == .needMore)
        #expect(repl.prompt == ">> ")
        #expect(repl.feed("  return n * 2") == .needMore)
        #expect(repl.feed("end") == .printed([]))
        #expect(repl.prompt == "> ")
        #expect(repl.feed("double(21)") == .printed(["42"]))
        #expect(repl.history == ["function double(n)\n  return n * 2\nend", "double(21)"])
    }

    @Test("errors print with a traceback and the session goes on")
    func errors() throws {
        let repl = try ReplSession()
        guard case .failed(let message) = repl.feed("error('boom')") else { Issue.record("no failure"); return }
        #expect(message.hasPrefix("stdin:1: boom\nstack traceback:"))
        guard case .failed(let syntax) = repl.feed("x = = 1") else { Issue.record("no failure"); return }
        #expect(syntax == "stdin:1: unexpected symbol near '='")
        #expect(repl.feed("2 * 3") == .printed(["6"]))
    }

    @Test("managed objects, sets and tables print readably")
    func prettyPrinting() throws {
        let repl = try ReplSession()
        _ = repl.feed("m = ripple.model { Customer = { name = 'string', orders = { toMany = 'Order', inverse = 'customer' } }, Order = { total = 'double', customer = { toOne = 'Customer', inverse = 'orders' } } }")
        _ = repl.feed("ctx = ripple.container(m).viewContext")
        _ = repl.feed("ann = ctx:insert('Customer', { name = 'Ann' })")
        _ = repl.feed("o = ctx:insert('Order', { total = 5, customer = ann })")
        #expect(repl.feed("ann") == .printed(["<Customer#1 name=\"Ann\" orders=1>"]))
        #expect(repl.feed("o") == .printed(["<Order#1 total=5.0 customer=Customer#1>"]))
        #expect(repl.feed("ann.orders") == .printed(["{Order#1}"]))
        #expect(repl.feed("{ 1, 2, 3 }") == .printed(["{1, 2, 3}"]))
        #expect(repl.feed("{ b = 1, a = 'x' }") == .printed(["{a = \"x\", b = 1}"]))
    }

    @Test("index paths, fetched-results sections and the window's hierarchy print readably")
    func prettyScreens() throws {
        let repl = try ReplSession()
        _ = repl.feed("ctx = ripple.container(ripple.model { C = { name = 'string' } }).viewContext")
        _ = repl.feed("ctx:insert('C', { name = 'Ann' }); ctx:insert('C', { name = 'Bob' })")
        _ = repl.feed("frc = ripple.fetchedResultsController { context = ctx, entity = 'C', sortDescriptors = { 'name' }, sectionNameKeyPath = 'name' }")
        #expect(repl.feed("frc") == .printed(["<FetchedResultsController C (not fetched)>"]))
        _ = repl.feed("frc:performFetch()")
        #expect(repl.feed("frc") == .printed(["<FetchedResultsController C: 2 sections, 2 objects>"]))
        #expect(repl.feed("frc.sections[2]") == .printed(["{indexTitle = \"B\", name = \"Bob\", numberOfObjects = 1, objects = {C#2}}"]))
        #expect(repl.feed("ripple.indexPath(1, 0)") == .printed(["[1, 0]"]))
        _ = repl.feed("w = ripple.window()")
        _ = repl.feed("w.rootViewController = ripple.navigationController(ripple.viewController { title = 'List' })")
        #expect(repl.feed("w") == .printed(["Window\n  NavigationController\n    [0] ViewController \"List\""]))
        #expect(repl.completions(for: "frc:perf") == ["frc:performFetch"])
        #expect(repl.completions(for: "w.root") == ["w.rootViewController"])
    }

    @Test("completion of globals, fields, attributes and methods")
    func completion() throws {
        let repl = try ReplSession()
        _ = repl.feed("m = ripple.model { Customer = { name = 'string', nickname = 'string?' } }")
        _ = repl.feed("ctx = ripple.container(m).viewContext")
        _ = repl.feed("ann = ctx:insert('Customer', { name = 'Ann' })")
        #expect(repl.completions(for: "rip") == ["ripple"])
        #expect(repl.completions(for: "ripple.ti") == ["ripple.tick"])
        #expect(repl.completions(for: "x = ann.n") == ["ann.name", "ann.nickname"])
        #expect(repl.completions(for: "ctx:sa") == ["ctx:save"])
        #expect(repl.completions(for: "ann:c") == ["ann:changedValues", "ann:changedValuesForCurrentEvent", "ann:committedValues"])
        #expect(repl.completions(for: "nothing.at") == [])
        // A class's methods and computed properties (model:class) complete too.
        _ = repl.feed("m:class('Customer', { nickOrName = function(self) end, properties = { nameLength = function(self) return #self.name end } })")
        #expect(repl.completions(for: "ann:n") == ["ann:nickOrName"])
        #expect(repl.completions(for: "ann.nam") == ["ann.name", "ann.nameLength"])
    }

    @Test("completion of fetched properties")
    func fetchedPropertyCompletion() throws {
        let repl = try ReplSession()
        _ = repl.feed("m = ripple.model { Team = { city = 'string', locals = { fetched = 'Team', predicate = 'city == $FETCH_SOURCE.city' } } }")
        _ = repl.feed("t = ripple.container(m).viewContext:insert('Team', { city = 'Oslo' })")
        #expect(repl.completions(for: "t.lo") == ["t.locals"])
    }

    @Test("commands: help, trace, load, quit")
    func commands() throws {
        let repl = try ReplSession()
        var printed: [String] = []
        repl.output = { printed.append($0) }
        #expect(repl.feed(":help ctx:save") == .printed([
            "ManagedObjectContext:save() — Processes, posts `willSave`, validates everything, writes, posts `didSave`.",
        ]))
        #expect(repl.feed(":trace on") == .printed(["trace on"]))
        _ = repl.feed("ctx = ripple.container(ripple.model { C = { n = 'integer' } }).viewContext")
        _ = repl.feed("ctx:insert('C', { n = 1 }); ctx:processPendingChanges()")
        #expect(printed == ["· [viewContext] objectsDidChange inserted: C#1"])
        #expect(repl.feed(":trace maybe") == .failed("usage: :trace on|off"))
        #expect(repl.feed(":frobnicate") == .failed("unknown command :frobnicate (try :help)"))
        #expect(repl.feed(":quit") == .done)
        // Commands are recalled from the history like chunks.
        #expect(repl.history.filter { $0.hasPrefix(":") } == [":help ctx:save", ":trace on", ":trace maybe", ":frobnicate", ":quit"])
    }
}
