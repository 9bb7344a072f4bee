import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A run in which no test ran is not a pass; `ripple run` of scenarios ends with the test summary;
/// failure diffs are coloured only on a terminal.
@Suite struct NoFalseGreensTests {
    static let empty = scratchFile("no-tests-empty.lua", "")
    static let twoTests = scratchFile("no-tests-two.lua", """
        scenario("adds", function() expect(1 + 1):toBe(2) end)
        scenario("lines", function() expect("a\\nb\\nc"):toBe("a\\nB\\nc") end)
        """)

    @Test("ripple test on an empty file fails with 'no tests found' and what it searched")
    func emptyFile() {
        let result = runRipple(["test", Self.empty], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(withoutTimes(result.output) == """
            0 passed, 0 failed, 0 errors
            no tests found: 1 file searched ('\(Self.empty)'); no test declared (scenario, it or pending) (--pass-with-no-tests to exit 0)

            """)
    }

    @Test("a filter that matches nothing fails; --pass-with-no-tests opts out")
    func filterMatchingNothing() {
        let result = runRipple(["test", "--filter", "nothing", "--tags", "slow", Self.twoTests], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.output.hasSuffix("""
            no tests found: 1 file searched ('\(Self.twoTests)'); no test declared or selected by --filter 'nothing', --tags slow (--pass-with-no-tests to exit 0)

            """))
        let optedOut = runRipple(["test", "--pass-with-no-tests", "--filter", "nothing", Self.twoTests], environment: ["NO_COLOR": "1"])
        #expect(optedOut.status == 0)
        #expect(withoutTimes(optedOut.output) == "0 passed, 0 failed, 0 errors\n")
        #expect(runRipple(["test", "--help"]).output.contains("--pass-with-no-tests"))
    }

    @Test("a directory without test files, and /dev/stdin (the workers do not read the terminal), find no tests")
    func directoryAndStandardInput() {
        _ = scratchFile("no-tests-dir-marker", "")
        let dir = "/tmp/ripple-cli-tests-\(getpid())/no-tests-dir"
        mkdir(dir, 0o755)
        let result = runRipple(["test", dir], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.output.contains("no tests found: 0 files searched ('\(dir)', directories for files matching '%.lua$'); no file to run"))
        let stdin = runRipple(["test", "/dev/stdin"], input: "scenario('x', function() end)\n", environment: ["NO_COLOR": "1"])
        #expect(stdin.status == 1)
        #expect(stdin.output.contains("no tests found"))
    }

    @Test("ripple run of a file with scenarios ends with the summary ripple test prints")
    func runSummary() {
        let passing = scratchFile("run-summary.lua", "scenario('one', function() end)\nscenario('two', function() end)\n")
        let result = runRipple(["run", passing], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        #expect(withoutTimes(result.output) == """
            ✔ \(passing) › one
            ✔ \(passing) › two
            2 passed, 0 failed, 0 errors

            """)
        let script = scratchFile("run-no-scenario.lua", "print('hello')\n")
        #expect(runRipple(["run", script]).output == "hello\n")
    }

    @Test("a line diff is coloured on a terminal (FORCE_COLOR here) and plain in a pipe and under NO_COLOR")
    func diffColour() {
        let plain = """
                \(Self.twoTests):2: expected a string of 3 lines to be a string of 3 lines
                --- expected
                +++ actual
                  a
                - B
                + b
                  c
            """
        for environment in [["NO_COLOR": "1", "FORCE_COLOR": "1"], [:]] {
            let result = runRipple(["test", Self.twoTests], environment: environment)
            #expect(result.output.contains(plain), "\(environment)")
        }
        let coloured = runRipple(["test", Self.twoTests], environment: ["FORCE_COLOR": "1", "NO_COLOR": ""])
        #expect(coloured.output.contains("    \u{1B}[31m- B\u{1B}[0m\n    \u{1B}[32m+ b\u{1B}[0m\n      c"))
    }

    static let brokenThenPassing = scratchFile("broken-batch-then-passing.lua", #"""
        local model = ripple.model { Person = { firstName = "string", lastName = "string", group = "string" } }
        local ctx = ripple.container(model).viewContext
        for _, n in ipairs { { "Richard", "Branson" }, { "Steve", "Jobs" } } do
          ctx:insert("Person", { firstName = n[1], lastName = n[2], group = "A" })
        end
        ctx:save()
        local contacts = ripple.viewController { title = "Contacts" }
        contacts.tableView = ripple.tableView { name = "contacts" }
        contacts.tableView:register("PersonCell")
        contacts.frc = ripple.fetchedResultsController { context = ctx, entity = "Person", sectionNameKeyPath = "group",
                                                         sortDescriptors = { "group", "lastName", "firstName" } }
        function contacts:numberOfSections(tableView) return #self.frc.sections end
        function contacts:numberOfRowsInSection(tableView, section) return self.frc.sections[section + 1].numberOfObjects end
        function contacts:cellForRowAtIndexPath(tableView, indexPath)
          local cell = tableView:dequeueReusableCell("PersonCell", indexPath)
          local person = self.frc:objectAtIndexPath(indexPath)
          cell.text = person.firstName .. " " .. person.lastName
          return cell
        end
        function contacts:controllerWillChangeContent(controller) self.tableView:beginUpdates() end
        function contacts:didChangeObject(controller, person, indexPath, type, newIndexPath)
          local tv = self.tableView
          if type == "insert" then tv:insertRows({ newIndexPath })
          elseif type == "delete" then tv:deleteRows({ indexPath })
          elseif type == "update" then tv:reloadRows({ newIndexPath })
          else tv:deleteRows({ indexPath }); tv:insertRows({ newIndexPath }) end
        end
        function contacts:controllerDidChangeContent(controller) self.tableView:endUpdates() end
        contacts.frc.delegate = contacts
        contacts.frc:performFetch()
        contacts.tableView.dataSource = contacts
        contacts.tableView:reloadData()

        scenario("a new section without insertSections", function()
          ctx:insert("Person", { firstName = "Ada", lastName = "Lovelace", group = "B" })
          ctx:save()
        end)
        scenario("a later scenario passes", function()
          ctx:insert("Person", { firstName = "Alan", lastName = "Turing", group = "A" })
          ctx:save()
          expect(contacts.tableView:describe()):toEqual({
            '0: {text = "Richard Branson"}, {text = "Steve Jobs"}, {text = "Alan Turing"}', '1: {text = "Ada Lovelace"}' })
        end)
        """#)

    @Test("a file whose first scenario breaks a batch and whose second passes reports exactly one failure, naming the batch's line and the cause")
    func brokenBatchThenPassing() {
        let result = runRipple(["test", Self.brokenThenPassing], environment: ["NO_COLOR": "1"])
        let file = Self.brokenThenPassing
        #expect(result.status == 1)
        #expect(withoutTimes(result.output) == """
            ✘ \(file) › a new section without insertSections
                \(file):36: CoreData: error: Serious application error.  An exception was caught from the delegate of NSFetchedResultsController during a call to -controllerDidChangeContent:.  \(file):28: Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with row counts: [2] } Data source after updates = { 2 sections with row counts: [2, 1] } Updates = [ Insert row (1 - 0) ] with userInfo (null)
                the batch: insertRows [1, 0] at \(file):23
                hint: a change made a new section: tell the view with insertSections (the delegate's didChangeSection, type "insert")
            ✔ \(file) › a later scenario passes
            1 passed, 0 failed, 1 error

            """)
    }
}
